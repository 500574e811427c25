import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { demoDatabaseFile } from '../../../src/main/config/paths'
import { openDatabase } from '../../../src/main/db/open'
import { countWaiting, getItem, updateItem } from '../../../src/main/db/outbox'
import { ShownDatabaseReader } from '../../../src/main/services/desktop/reader'
import { DesktopSession } from '../../../src/main/services/desktop/session'
import type { KansliaEvent } from '../../../src/shared/ipc/contract'

/**
 * After a change is queued, edited, retried or discarded, the session tells the window how many
 * items wait. Counting them reads the shown database, which may fail (busy, a disk error): that
 * must not turn the change, made already, into an error that has the person make it again.
 */
describe('a desktop session whose outbox count fails after a change', () => {
  const home = mkdtempSync(join(tmpdir(), 'kanslia-outbox-changed-'))
  const env = { KANSLIA_HOME: home }
  afterAll(() => rmSync(home, { recursive: true, force: true }))

  it("answers each outbox action with its result and tells the window the count is unknown; the next count that succeeds is sent", async () => {
    openDatabase(demoDatabaseFile(env)).close()
    const session = new DesktopSession({ env, autoPushIntervalMs: 0, autoSyncIntervalMs: 0, runSync: () => Promise.reject(new Error('no sync in this test')) })
    const events: KansliaEvent[] = []
    session.events.on('event', (event: KansliaEvent) => events.push(event))
    // A fault injected into Kanslia's read of the count, as SQLite may answer it; every other read and every write is real.
    const read = ShownDatabaseReader.prototype.read
    const failing = vi.spyOn(ShownDatabaseReader.prototype, 'read').mockImplementation(function (this: ShownDatabaseReader, use) {
      if (use === countWaiting) throw new Database.SqliteError('database is locked', 'SQLITE_BUSY')
      return read.call(this, use)
    })
    try {
      const queued = await session.outbox.queueChange('client-data-put', { content: 'ensimmäinen' })
      expect(queued).toMatchObject({ kind: 'client-data-put', state: 'queued', payload: { content: 'ensimmäinen' } })
      const edited = await session.outbox.editChange(queued.id, { content: 'toinen' })
      expect(edited).toMatchObject({ id: queued.id, state: 'queued', payload: { content: 'toinen' } })
      const db = openDatabase(session.dbFile)
      updateItem(db, queued.id, { state: 'rejected', at: new Date().toISOString(), lastStatus: 400, lastAnswer: 'refused' })
      db.close()
      expect(await session.outbox.retry(queued.id)).toMatchObject({ id: queued.id, state: 'queued' })
      const stored = openDatabase(session.dbFile)
      expect(getItem(stored, queued.id)).toMatchObject({ state: 'queued', payload: { content: 'toinen' } })
      stored.close()
      expect(await session.outbox.discard(queued.id)).toEqual({ removed: [queued.id] })
      expect(events).toEqual(Array(4).fill({ type: 'outbox-changed', waiting: null }))
    } finally {
      failing.mockRestore()
    }
    await session.outbox.queueChange('client-data-put', { content: 'kolmas' })
    expect(events.at(-1)).toEqual({ type: 'outbox-changed', waiting: 1 })
    await session.close()
  })
})
