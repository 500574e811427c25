import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionProfileFile } from '../../../src/main/config/paths'
import { DesktopSession } from '../../../src/main/services/desktop/session'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'

/**
 * The first run's "Connect and sync" (issue 3) against the real sandbox over loopback: the
 * credentials are checked before anything is stored, so a wrong secret or an unreachable registry
 * leaves the app in its first run with no profile and no secret to remove. (Storing the secret
 * takes a keychain: the CLI's keychain test covers it under a Secret Service.)
 */
describe('connecting the desktop app', () => {
  let sandbox: Sandbox
  const home = mkdtempSync(join(tmpdir(), 'kanslia-connect-'))
  // No Secret Service here: a secret that reached the keychain step would fail there, not at the check.
  const env = { KANSLIA_HOME: home, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' }
  let session: DesktopSession
  beforeAll(async () => {
    sandbox = await startSandbox({ athletes: 20, seed: 2 })
    session = new DesktopSession({ env, autoPushIntervalMs: 0, autoSyncIntervalMs: 0, runSync: () => Promise.reject(new Error('no sync in this test')) })
  })
  afterAll(async () => {
    await session?.close()
    await sandbox?.close()
    rmSync(home, { recursive: true, force: true })
  })

  it('refuses a wrong client secret with the registry’s answer and stores nothing', async () => {
    const profile = { baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, clientId: sandbox.clientId }
    await expect(session.connect({ ...profile, clientSecret: 'not the secret' })).rejects.toMatchObject({ name: 'ApiError', kind: 'unauthorized' })
    expect(existsSync(connectionProfileFile(env))).toBe(false)
    expect(session.state().mode).toBe('first-run')
  })

  it('says an unreachable registry and stores nothing', async () => {
    const closed = 'http://127.0.0.1:9'
    await expect(session.connect({ baseUrl: closed, authUrl: closed, clientId: 'seura', clientSecret: 'salainen' })).rejects.toMatchObject({ name: 'ApiError' })
    expect(existsSync(connectionProfileFile(env))).toBe(false)
    expect(session.state().mode).toBe('first-run')
  })

  it('goes on to the keychain only with credentials the registry takes', async () => {
    const profile = { baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, clientId: sandbox.clientId }
    await expect(session.connect({ ...profile, clientSecret: sandbox.clientSecret })).rejects.toMatchObject({ name: 'KeychainUnavailableError' })
    expect(existsSync(connectionProfileFile(env))).toBe(false)
  })
})
