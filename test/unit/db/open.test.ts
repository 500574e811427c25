import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { LATEST_VERSION } from '../../../src/main/db/migrate'
import { openDatabase, openDatabaseReadonly, SchemaTooNewError, SchemaTooOldError } from '../../../src/main/db/open'

const dir = () => mkdtempSync(join(tmpdir(), 'kanslia-db-'))

describe('openDatabase', () => {
  it('creates the folder, sets WAL and NORMAL sync, and migrates to the latest schema', () => {
    const file = join(dir(), 'nested', 'folder', 'k.db')
    const db = openDatabase(file)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(1)
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000)
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    db.close()
  })

  it('opening twice migrates nothing the second time and keeps the data', () => {
    const file = join(dir(), 'k.db')
    const first = openDatabase(file)
    first.prepare("INSERT INTO sync_run (started_at, full) VALUES ('2026-01-01T00:00:00Z', 0)").run()
    first.close()
    const second = openDatabase(file)
    expect((second.prepare('SELECT count(*) AS n FROM sync_run').get() as { n: number }).n).toBe(1)
    second.close()
  })

  it('refuses a database from a newer Kanslia without changing a byte (writable and read-only)', () => {
    const file = join(dir(), 'future.db')
    const seed = openDatabase(file)
    seed.pragma('journal_mode = DELETE')
    seed.pragma('user_version = 99')
    seed.close()
    const before = readFileSync(file)
    expect(() => openDatabase(file)).toThrow(SchemaTooNewError)
    expect(() => openDatabase(file)).toThrow(/newer Kanslia \(schema 99, this version knows \d+\); nothing was changed/)
    expect(() => openDatabaseReadonly(file)).toThrow(SchemaTooNewError)
    expect(readFileSync(file).equals(before)).toBe(true)
  })

  it('refuses a plain SQLite file that is not a Kanslia database when opened read-only', () => {
    const file = join(dir(), 'other.db')
    const other = new Database(file)
    other.exec('CREATE TABLE t (x)')
    other.close()
    expect(() => openDatabaseReadonly(file)).toThrow(SchemaTooOldError)
  })

  it('read-only connections cannot write', () => {
    const file = join(dir(), 'k.db')
    openDatabase(file).close()
    const db = openDatabaseReadonly(file)
    expect(() => db.prepare("INSERT INTO sync_run (started_at, full) VALUES ('x', 0)").run()).toThrow(/readonly/)
    db.close()
  })

  it('a file that is not SQLite fails with an error and is left as it was', () => {
    const file = join(dir(), 'notes.db')
    writeFileSync(file, 'these are my notes, not a database'.repeat(10))
    const before = readFileSync(file)
    expect(() => openDatabase(file)).toThrow(/not a database/)
    expect(readFileSync(file).equals(before)).toBe(true)
  })
})
