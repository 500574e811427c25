import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { storageFailure } from '../../../src/main/db/storageFailure'
import { runSync } from '../../../src/main/sync/engine'
import { startSyncFixture } from './fixture'
import { expectMirror, stored } from './mirror'

/**
 * Issue 6: a full disk or a read-only data folder during sync stops the run with a clear message,
 * leaves the database consistent, and the next run once the disk is fine mirrors the sandbox.
 * SQLite's `max_page_count` stands in for a full disk and `query_only` for a folder turned
 * read-only: both fail writes with the codes a real disk gives (SQLITE_FULL, SQLITE_READONLY).
 */

function setup() {
  return startSyncFixture({ sandbox: { athletes: 300, seed: 19 }, client: { backoffBaseMs: 5, maxAttempts: 3 } })
}

describe('storageFailure', () => {
  it('names a full disk, a read-only database, an I/O error, a file that cannot be opened, one another process is writing and a damaged file by code and words, and nothing else', () => {
    const db = new Database(':memory:')
    db.exec('CREATE TABLE t (x TEXT UNIQUE)')
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`)
    const fail = (write: () => unknown): unknown => {
      try {
        write()
      } catch (error) {
        return error
      }
      throw new Error('the write did not fail')
    }
    expect(storageFailure(fail(() => db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000))))).toEqual({
      code: 'storage-full',
      message: 'the disk is full: free some space and try again (what was stored before is intact)'
    })
    db.pragma('max_page_count = 1000000')
    db.prepare('INSERT INTO t VALUES (?)').run('a')
    expect(storageFailure(fail(() => db.prepare('INSERT INTO t VALUES (?)').run('a')))).toBeNull()
    db.pragma('query_only = ON')
    expect(storageFailure(fail(() => db.prepare('INSERT INTO t VALUES (?)').run('b')))).toMatchObject({ code: 'storage-read-only', message: expect.stringMatching(/^the database file or its folder is read-only/) })
    expect(storageFailure({ code: 'SQLITE_IOERR_WRITE' })).toMatchObject({ code: 'storage-io-error', message: expect.stringMatching(/^the disk could not be written \(SQLITE_IOERR_WRITE\)/) })
    expect(storageFailure({ code: 'SQLITE_CANTOPEN' })).toMatchObject({ code: 'storage-cannot-open' })
    expect(storageFailure({ code: 'SQLITE_CORRUPT' })).toMatchObject({ code: 'storage-corrupt', message: expect.stringMatching(/^the database file is damaged: /) })
    expect(storageFailure({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBeNull()
    // Another connection writing: a second writer that will not wait is told so.
    const file = join(mkdtempSync(join(tmpdir(), 'kanslia-busy-')), 'busy.db')
    const writer = new Database(file)
    const other = new Database(file, { timeout: 0 })
    try {
      writer.exec('CREATE TABLE t (x TEXT); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)')
      expect(storageFailure(fail(() => other.prepare('INSERT INTO t VALUES (2)').run()))).toEqual({
        code: 'storage-busy',
        message: 'another Kanslia (a sync, the desktop app) is writing to the database file: try again when it has finished (what was stored before is intact)'
      })
    } finally {
      writer.close()
      other.close()
    }
    expect(storageFailure(new Error('anything else'))).toBeNull()
  })
})

describe('a disk failing during sync (issue 6)', () => {
  it('a full disk stops the first sync at once with a clear message; the database stays consistent and the next run completes it', async () => {
    const { sandbox, db, client } = await setup()
    // Room for the small lists, not for the user licences and insurances.
    db.pragma(`max_page_count = ${(db.pragma('page_count', { simple: true }) as number) + 60}`)
    const result = await runSync(db, client)
    expect(result.ok).toBe(false)
    expect(result.stoppedBy).toEqual({ code: 'storage-full', message: 'the disk is full: free some space and try again (what was stored before is intact)' })
    // Stopped, not ground through: from the first failure on, every resource reported failed on the disk or was cancelled.
    const first = result.resources.findIndex((r) => r.error)
    expect(first).toBeGreaterThanOrEqual(0)
    expect(result.resources.slice(first).every((r) => /disk is full|sync cancelled/.test(r.error ?? ''))).toBe(true)
    expect(result.resources[first].errorCode).toBe('storage-full')
    expect(result.resources.slice(first).every((r) => (/disk is full/.test(r.error ?? '') ? r.errorCode === 'storage-full' : r.errorCode === 'sync-stopped'))).toBe(true)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')

    db.pragma('max_page_count = 1073741823')
    const next = await runSync(db, client)
    expect(next.ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('a data folder turned read-only stops a sync before it reads anything; nothing stored changes, and the next run catches up', async () => {
    const { sandbox, db, client } = await setup()
    expect((await runSync(db, client)).ok).toBe(true)
    sandbox.store.touchUserLicences(sandbox.store.userLicenceIds().slice(0, 5))
    const before = stored(db, 'user-licences')
    db.pragma('query_only = ON')
    await expect(runSync(db, client)).rejects.toThrow(/^sync stopped: the database file or its folder is read-only: make them writable and try again \(what was stored before is intact\)$/)
    db.pragma('query_only = OFF')
    expect(stored(db, 'user-licences')).toEqual(before)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect((await runSync(db, client)).ok).toBe(true)
    await expectMirror(db, sandbox)
  })
})
