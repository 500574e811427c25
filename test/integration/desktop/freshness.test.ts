import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveConnectionProfile } from '../../../src/main/config/connection'
import { connectionProfileFile, defaultDatabaseFile } from '../../../src/main/config/paths'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { createHandlers, dispatch } from '../../../src/main/ipc/handlers'
import { syncDatabase } from '../../../src/main/services/sync'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { createTestSession } from '../../support/desktop'

/**
 * Issue 7 "Quality": a banner tells when the data is older than a day. The session judges the age
 * of the last successful sync on its own clock, here set by the test.
 */
describe('how old the data is', () => {
  let sandbox: Sandbox
  let clock = new Date()
  const test = createTestSession({ now: () => clock })
  let finishedAt: string
  beforeAll(async () => {
    sandbox = await startSandbox({ athletes: 50, seed: 4 })
    const env = { KANSLIA_HOME: test.home }
    const credentials = sandbox.credentials()
    saveConnectionProfile(connectionProfileFile(env), { baseUrl: credentials.baseUrl, authUrl: credentials.authUrl, clientId: credentials.clientId })
    expect((await syncDatabase({ dbFile: defaultDatabaseFile(env), connection: credentials })).ok).toBe(true)
    const db = openDatabaseReadonly(defaultDatabaseFile(env))
    finishedAt = db.prepare('SELECT finished_at FROM sync_run WHERE ok = 1').pluck().get() as string
    db.close()
  })
  afterAll(async () => {
    await test.dispose()
    await sandbox.close()
  })

  it('is fresh up to 24 hours after the last successful sync finished, and stale after', () => {
    const at = (ms: number) => new Date(Date.parse(finishedAt) + ms)
    clock = at(24 * 3_600_000)
    expect(test.session.dataFreshness()).toEqual({ dataAsOf: finishedAt, stale: false })
    clock = at(24 * 3_600_000 + 1)
    expect(test.session.dataFreshness()).toEqual({ dataAsOf: finishedAt, stale: true })
  })

  it('answers the same over IPC', async () => {
    const handlers = createHandlers({ session: test.session, openExternal: async () => undefined, chooseSaveFile: async () => null, openFile: async () => undefined, chooseOpenFile: async () => null })
    clock = new Date(Date.parse(finishedAt) + 60_000)
    expect(await dispatch(handlers, 'getDataFreshness', undefined)).toEqual({ ok: true, value: { dataAsOf: finishedAt, stale: false } })
  })
})
