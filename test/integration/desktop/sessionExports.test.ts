import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { demoDatabaseFile } from '../../../src/main/config/paths'
import { openDatabase } from '../../../src/main/db/open'
import { DesktopSession } from '../../../src/main/services/desktop/session'
import type { ListExportJob } from '../../../src/main/services/listExport'

/**
 * A list export reads the database on a connection of its own (in the app, in a worker thread):
 * removing the local data and closing the session wait for it, so no file is deleted under it.
 */
describe('a desktop session with a list export under way', () => {
  const home = mkdtempSync(join(tmpdir(), 'kanslia-session-exports-'))
  const env = { KANSLIA_HOME: home }
  afterAll(() => rmSync(home, { recursive: true, force: true }))

  it('removes the local data only after the export has ended, and the export is logged before', async () => {
    openDatabase(demoDatabaseFile(env)).close()
    let release: (rows: number) => void = () => undefined
    const asked: ListExportJob[] = []
    let syncs = 0
    const session = new DesktopSession({
      env,
      autoPushIntervalMs: 0,
      autoSyncIntervalMs: 0,
      runSync: () => {
        syncs++
        return Promise.reject(new Error('no sync in this test'))
      },
      // Stands in for the export worker: ends when the test says so.
      exportList: (job) => {
        asked.push(job)
        return new Promise<number>((resolve) => (release = resolve))
      }
    })
    const events: string[] = []
    const request = { text: '', status: 'all' as const, sort: 'name' as const, direction: 'asc' as const, format: 'csv' as const, columns: [{ key: 'name' as const, label: 'Nimi' }], values: { valid: 'v', expiring: 'e', expired: 'x', missing: 'm', 'insurance-missing': 'im', 'outside-birth-range': 'ob', insured: 'i', uninsured: 'u' } }
    const exported = session.exports.members(request, join(home, 'members.csv')).then((rows) => events.push(`exported ${rows}`))
    const removed = session.removeConnection().then(() => events.push('removed'))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(asked).toEqual([expect.objectContaining({ list: 'members', dbFile: demoDatabaseFile(env) })])
    expect(events).toEqual([])
    expect(existsSync(demoDatabaseFile(env))).toBe(true)
    // Meanwhile no sync or push starts: a sync would make the database again, a push send what is being discarded.
    await expect(session.sync()).rejects.toMatchObject({ code: 'not-connected' })
    await expect(session.push()).rejects.toMatchObject({ code: 'not-connected' })
    expect(syncs).toBe(0)
    release(12)
    await Promise.all([exported, removed])
    expect(events).toEqual(['exported 12', 'removed'])
    expect(existsSync(demoDatabaseFile(env))).toBe(false)
    await session.close()
  })
})
