import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { Sandbox } from '../../src/sandbox/index'

/** Repository root, for spawning `bin/kanslia.mjs` as `npx kanslia` would. */
export const ROOT = join(import.meta.dirname, '..', '..')

export interface CliResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Options of a CLI run: extra environment, standard input, and the command that runs `kanslia`. */
export interface CliOptions {
  env?: NodeJS.ProcessEnv
  input?: string
  /** Default: this Node running bin/kanslia.mjs; the keychain test wraps it in a D-Bus session. */
  command?: string[]
}

/**
 * Starts `kanslia ARGS` in a child process (the real CLI, as scripts use it) and returns the child
 * with a promise of its outcome. `env` is added to a copy of this process's environment from which
 * `KANSLIA_CLIENT_SECRET` is removed unless given.
 */
export function spawnCli(args: string[], options: CliOptions = {}): { child: ChildProcess; done: Promise<CliResult> } {
  const env = { ...process.env }
  delete env.KANSLIA_CLIENT_SECRET
  const command = options.command ?? [process.execPath, join(ROOT, 'bin', 'kanslia.mjs')]
  const child = spawn(command[0], [...command.slice(1), ...args], { cwd: ROOT, env: { ...env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  // Decoded as one stream: a character split across two chunks would otherwise come out as two U+FFFD.
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  child.stdin!.end(options.input ?? '')
  const done = new Promise<CliResult>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
  return { child, done }
}

/** Runs `kanslia ARGS` to completion; see `spawnCli`. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return spawnCli(args, options).done
}

/** Runs `kanslia sync` of `sandbox` into `db` to completion, the client secret from the environment (`env` added). */
export function syncByCli(sandbox: Sandbox, db: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCli(['sync', '--db', db, '--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId], {
    env: { ...env, KANSLIA_CLIENT_SECRET: sandbox.clientSecret }
  })
}

