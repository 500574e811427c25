import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveConnectionProfile } from '../../../src/main/config/connection'
import { connectionProfileFile } from '../../../src/main/config/paths'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { FULL_SYNC_INTERVAL_DAYS } from '../../../src/main/services/desktop/session'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { createTestSession } from '../../support/desktop'

const DAY_MS = 86_400_000

/**
 * DESIGN §3 rule 5 in the desktop app: what the registry stops listing (a club turned PASSIVE) is
 * removed only by a full run, so "Sync now" runs one by itself once the last is
 * FULL_SYNC_INTERVAL_DAYS old on the session's clock, and on request.
 */
describe('the desktop app reconciles by itself', () => {
  let sandbox: Sandbox
  let clock = new Date()
  let test: ReturnType<typeof createTestSession>
  beforeAll(async () => {
    sandbox = await startSandbox({ athletes: 60, seed: 8 })
    test = createTestSession({ now: () => clock, env: { KANSLIA_CLIENT_SECRET: sandbox.clientSecret } })
    const credentials = sandbox.credentials()
    saveConnectionProfile(connectionProfileFile({ KANSLIA_HOME: test.home }), { baseUrl: credentials.baseUrl, authUrl: credentials.authUrl, clientId: credentials.clientId })
  })
  afterAll(async () => {
    await test.dispose()
    await sandbox.close()
  })

  const stored = (id: number) => {
    const db = openDatabaseReadonly(test.session.dbFile)
    try {
      return db.prepare('SELECT count(*) FROM organization WHERE id = ?').pluck().get(id) === 1
    } finally {
      db.close()
    }
  }

  it('runs a full sync first, incremental ones within the interval, and a full one again once it has passed, removing what is no longer listed', async () => {
    expect(test.session.syncStatus().lastFullSyncAt).toBeNull()
    const first = await test.session.sync()
    expect(first).toMatchObject({ ok: true, full: true, removed: 0 })
    const firstFull = test.session.syncStatus().lastFullSyncAt!
    expect(test.session.syncStatus()).toMatchObject({ fullSyncIntervalDays: FULL_SYNC_INTERVAL_DAYS })

    const club = sandbox.store.clubIds()[0]
    sandbox.store.setOrganizationStatus(club, 'PASSIVE')
    clock = new Date(Date.parse(firstFull) + FULL_SYNC_INTERVAL_DAYS * DAY_MS - 60_000)
    expect(await test.session.sync()).toMatchObject({ ok: true, full: false, removed: 0 })
    expect(stored(club)).toBe(true)
    expect(test.session.syncStatus().lastFullSyncAt).toBe(firstFull)

    clock = new Date(Date.parse(firstFull) + FULL_SYNC_INTERVAL_DAYS * DAY_MS)
    const weekly = await test.session.sync()
    expect(weekly).toMatchObject({ ok: true, full: true })
    expect(weekly.removed).toBeGreaterThanOrEqual(1)
    expect(stored(club)).toBe(false)
    const secondFull = test.session.syncStatus().lastFullSyncAt!
    expect(Date.parse(secondFull)).toBeGreaterThan(Date.parse(firstFull))

    expect(await test.session.sync()).toMatchObject({ ok: true, full: false })
  })

  it('runs a full sync on request, within the interval', async () => {
    const before = test.session.syncStatus().lastFullSyncAt!
    expect(await test.session.sync(true)).toMatchObject({ ok: true, full: true, removed: 0 })
    expect(Date.parse(test.session.syncStatus().lastFullSyncAt!)).toBeGreaterThan(Date.parse(before))
  })
})
