import { spawn } from 'node:child_process'
import { join } from 'node:path'

/** Repository root, for spawning `bin/kanslia.mjs` as `npx kanslia` would. */
export const ROOT = join(import.meta.dirname, '..', '..')

export interface CliResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/**
 * Runs `kanslia ARGS` in a child process (the real CLI, as scripts use it). `env` is added to a
 * copy of this process's environment with `KANSLIA_CLIENT_SECRET` removed unless given.
 */
export function runCli(args: string[], options: { env?: NodeJS.ProcessEnv; input?: string; command?: string[] } = {}): Promise<CliResult> {
  const env = { ...process.env }
  delete env.KANSLIA_CLIENT_SECRET
  const command = options.command ?? [process.execPath, join(ROOT, 'bin', 'kanslia.mjs')]
  const child = spawn(command[0], [...command.slice(1), ...args], { cwd: ROOT, env: { ...env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  child.stdin.end(options.input ?? '')
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
}
