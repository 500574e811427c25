import { existsSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveConnectionProfile } from '../../../src/main/config/connection'
import { connectionProfileFile } from '../../../src/main/config/paths'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { lastSyncStartedAt } from '../../../src/main/db/runs'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { createTestSession } from '../../support/desktop'

/** The background sync's interval here; the session looks whether one is due as often. */
const INTERVAL_MS = 300
/** Long enough for several looks. */
const settle = () => sleep(4 * INTERVAL_MS)

/**
 * The desktop app keeps its mirror fresh by itself (`DesktopSessionOptions.autoSyncIntervalMs`):
 * once a database exists, a sync begins when the last one began an interval ago on the session's
 * clock, whatever that one's outcome, and reports as any sync does.
 */
describe('the desktop app syncs by itself in the background', () => {
  let sandbox: Sandbox
  let test: ReturnType<typeof createTestSession>
  let at: () => Date = () => new Date()
  /** The outcome of each sync the session reported, in order. */
  const outcomes: Array<'ok' | 'failed'> = []
  const saveProfile = (clientId: string) => {
    const { baseUrl, authUrl } = sandbox.credentials()
    saveConnectionProfile(connectionProfileFile({ KANSLIA_HOME: test.home }), { baseUrl, authUrl, clientId })
  }
  beforeAll(async () => {
    sandbox = await startSandbox({ athletes: 60, seed: 9 })
    test = createTestSession({ now: () => at(), autoSyncIntervalMs: INTERVAL_MS, env: { KANSLIA_CLIENT_SECRET: sandbox.clientSecret } })
    saveProfile(sandbox.clientId)
    test.session.events.on('event', (event) => {
      if (event.type === 'sync-finished') outcomes.push(event.summary.ok ? 'ok' : 'failed')
      if (event.type === 'sync-failed') outcomes.push('failed')
    })
  })
  afterAll(async () => {
    await test.dispose()
    await sandbox.close()
  })

  const read = <T>(query: (db: ReturnType<typeof openDatabaseReadonly>) => T): T => {
    const db = openDatabaseReadonly(test.session.dbFile)
    try {
      return query(db)
    } finally {
      db.close()
    }
  }
  const lastStart = () => Date.parse(read(lastSyncStartedAt)!)

  it('leaves the first sync to the person', async () => {
    await settle()
    expect(outcomes).toEqual([])
    expect(existsSync(test.session.dbFile)).toBe(false)
  })

  it("syncs once the interval has passed since the last sync began, bringing the registry's changes", async () => {
    expect(await test.session.sync()).toMatchObject({ ok: true })
    outcomes.length = 0
    const started = lastStart()
    const person = sandbox.store.personIds()[0]
    sandbox.store.updatePerson(person, { lastName: 'Taustalta' })

    at = () => new Date(started + INTERVAL_MS - 1)
    await settle()
    expect(outcomes).toEqual([])

    at = () => new Date(started + INTERVAL_MS)
    await expect.poll(() => outcomes, { timeout: 20_000 }).toEqual(['ok'])
    expect(read((db) => db.prepare('SELECT last_name FROM person WHERE id = ?').pluck().get(person))).toBe('Taustalta')
    // The clock stands still: the sync just begun is not an interval old.
    await settle()
    expect(outcomes).toEqual(['ok'])
  })

  it('tries again after a failed sync only once the interval has passed since that one began', async () => {
    saveProfile('not-a-client-of-the-registry')
    const before = lastStart()
    at = () => new Date(before + INTERVAL_MS)
    await expect.poll(() => outcomes.at(-1), { timeout: 20_000 }).toBe('failed')
    const failed = lastStart()
    expect(failed).toBeGreaterThan(before)
    const reported = outcomes.length

    saveProfile(sandbox.clientId)
    at = () => new Date(failed + INTERVAL_MS - 1)
    await settle()
    expect(outcomes.length).toBe(reported)

    at = () => new Date(failed + INTERVAL_MS)
    await expect.poll(() => outcomes.at(-1), { timeout: 20_000 }).toBe('ok')
    expect(outcomes.length).toBe(reported + 1)
  })

  it('syncs by itself no more once turned off, and again once turned on; "Sync now" works either way', async () => {
    expect(test.session.syncStatus().autoSync).toBe(true)
    expect(await test.session.setAutoSync(false)).toEqual({ enabled: false })
    expect(test.session.syncStatus().autoSync).toBe(false)
    const reported = outcomes.length
    const before = lastStart()
    at = () => new Date(before + 10 * INTERVAL_MS)
    await settle()
    expect(outcomes.length).toBe(reported)
    expect(lastStart()).toBe(before)

    expect(await test.session.sync()).toMatchObject({ ok: true })
    expect(outcomes.length).toBe(reported + 1)

    await test.session.setAutoSync(true)
    const manual = lastStart()
    at = () => new Date(manual + INTERVAL_MS)
    await expect.poll(() => outcomes.length, { timeout: 20_000 }).toBe(reported + 2)
    expect(outcomes.at(-1)).toBe('ok')
  })
})

describe('a sync that cannot find its connection', () => {
  it('says why, as any failed sync does: an event for the window and the reason kept in the sync status', async () => {
    // A profile, but the client secret is in neither the environment nor a reachable keychain.
    const test = createTestSession({ env: { KANSLIA_CLIENT_SECRET: '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } })
    saveConnectionProfile(connectionProfileFile({ KANSLIA_HOME: test.home }), { baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'kanslia-client' })
    const failures: string[] = []
    test.session.events.on('event', (event) => {
      if (event.type === 'sync-failed') failures.push(event.error.code)
    })
    const error = (await test.session.sync().catch((caught: unknown) => caught)) as { code: string; message: string }
    expect(failures).toEqual([error.code])
    expect(test.session.syncStatus().lastError).toBe(error.message)
    await test.dispose()
  })
})
