import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { runCli } from '../../support/cli'

let sandbox: Sandbox
let home: string
let env: NodeJS.ProcessEnv
let connection: string[]

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 100, seed: 5 })
  home = mkdtempSync(join(tmpdir(), 'kanslia-headless-'))
  // No keychain: a D-Bus session bus that is not there, as on a server or in a container.
  env = { KANSLIA_HOME: home, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(home, 'no-bus')}` }
  connection = ['--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId]
})

afterAll(async () => {
  await sandbox?.close()
})

describe('headless runs: no keychain, the client secret in KANSLIA_CLIENT_SECRET', () => {
  it('connect checks the secret of the environment and saves the profile; a wrong one saves nothing', async () => {
    const wrong = await runCli(['connect', ...connection], { env: { ...env, KANSLIA_CLIENT_SECRET: 'not the secret' } })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1)
    expect(existsSync(join(home, 'connection.json'))).toBe(false)

    const connected = await runCli(['connect', ...connection], { env: { ...env, KANSLIA_CLIENT_SECRET: sandbox.clientSecret } })
    expect(connected.stderr).toBe('')
    expect(connected.code).toBe(0)
    expect(connected.stdout).toMatch(/^connected as \S+ \(client secret from KANSLIA_CLIENT_SECRET, not stored: set it for every run\); readable roots: .+\n$/)
    const profile = JSON.parse(readFileSync(join(home, 'connection.json'), 'utf8')) as Record<string, string>
    expect(profile).toEqual({ baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, clientId: sandbox.clientId })
  })

  it('sync then needs no flags; its first run says it is the first, the next that it is incremental', async () => {
    const first = await runCli(['sync'], { env: { ...env, KANSLIA_CLIENT_SECRET: sandbox.clientSecret } })
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^first \(full\) sync done: /)
    const next = await runCli(['sync'], { env: { ...env, KANSLIA_CLIENT_SECRET: sandbox.clientSecret } })
    expect(next.code).toBe(0)
    expect(next.stdout).toMatch(/^incremental sync done: /)
  })
})
