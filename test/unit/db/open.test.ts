import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { LATEST_VERSION, migrate } from '../../../src/main/db/migrate'
import { openDatabase, openDatabaseReadonly, PAGE_SIZE, READER_CACHE_KIB, SchemaTooNewError, SchemaTooOldError, UnencryptedDatabaseError, type WritableDB } from '../../../src/main/db/open'
import { DATABASE_KEY_ENV, DatabaseKeyError } from '../../../src/main/secrets/databaseKey'
import { writeSqlCipherDatabase } from '../../support/earlierSchema'

const dir = () => mkdtempSync(join(tmpdir(), 'kanslia-db-'))

describe('openDatabase', () => {
  it('creates the folder with 16 KiB pages, sets WAL and NORMAL sync, and migrates to the latest schema', () => {
    const file = join(dir(), 'nested', 'folder', 'k.db')
    const db = openDatabase(file)
    expect(db.pragma('page_size', { simple: true })).toBe(PAGE_SIZE)
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

  it('a read-only connection keeps a page cache large enough for the member search (not SQLite\'s 2 MB default)', () => {
    const file = join(dir(), 'k.db')
    openDatabase(file).close()
    const db = openDatabaseReadonly(file)
    expect(db.pragma('cache_size', { simple: true })).toBe(-READER_CACHE_KIB)
    expect(READER_CACHE_KIB).toBeGreaterThanOrEqual(32_768)
    db.close()
  })

  it('no connection spills sorts or temporary tables to a file (the cipher leaves those unencrypted)', () => {
    const file = join(dir(), 'k.db')
    const writer = openDatabase(file)
    const reader = openDatabaseReadonly(file)
    // 2: MEMORY.
    expect([writer, reader].map((db) => db.pragma('temp_store', { simple: true }))).toEqual([2, 2])
    reader.close()
    writer.close()
  })

  it('a file that is not SQLite fails with an error and is left as it was', () => {
    const file = join(dir(), 'notes.db')
    writeFileSync(file, 'these are my notes, not a database'.repeat(10))
    const before = readFileSync(file)
    expect(() => openDatabase(file)).toThrow(/cannot be decrypted .* or is not a Kanslia database; nothing was changed/)
    expect(() => openDatabaseReadonly(file)).toThrow(DatabaseKeyError)
    expect(readFileSync(file).equals(before)).toBe(true)
  })
})

/** The code of the DatabaseKeyError that `open` throws. */
function keyErrorCode(open: () => unknown): string {
  try {
    open()
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseKeyError)
    return (error as DatabaseKeyError).code
  }
  throw new Error('the database opened')
}

const PLAIN_HEADER = Buffer.from('SQLite format 3\0', 'latin1')
/** The `error` of each stored sync run, read through a read-only open (the way the app reads). */
function storedErrors(file: string): Array<string | null> {
  const reader = openDatabaseReadonly(file)
  try {
    return reader.prepare('SELECT error FROM sync_run ORDER BY id').pluck().all() as Array<string | null>
  } finally {
    reader.close()
  }
}

/** Whether `file` reads with the test key in `cipher` (SQLite3 Multiple Ciphers' name). */
function readsWith(file: string, cipher: string): boolean {
  const db = new Database(file, { readonly: true })
  try {
    db.pragma(`cipher = '${cipher}'`)
    db.pragma(`key = "x'${process.env[DATABASE_KEY_ENV]}'"`)
    db.prepare('SELECT count(*) FROM sqlite_master').get()
    return true
  } catch (error) {
    expect((error as { code?: string }).code).toBe('SQLITE_NOTADB')
    return false
  } finally {
    db.close()
  }
}

const otherKey = () => ({ [DATABASE_KEY_ENV]: randomBytes(32).toString('hex') })

describe('encryption at rest (issue 6)', () => {
  it.skipIf(process.platform === 'win32')('makes a new database, its WAL and the folders made for it readable by their owner only', () => {
    const file = join(dir(), 'new', 'folder', 'k.db')
    const db = openDatabase(file)
    db.prepare("INSERT INTO sync_run (started_at, full) VALUES ('2026-01-01T00:00:00Z', 0)").run()
    const mode = (path: string) => statSync(path).mode & 0o777
    expect([mode(file), mode(`${file}-wal`), mode(`${file}-shm`)]).toEqual([0o600, 0o600, 0o600])
    expect([mode(join(file, '..')), mode(join(file, '..', '..'))]).toEqual([0o700, 0o700])
    db.close()
  })

  it('writes a file that does not begin with the SQLite header and holds no stored text in the clear', () => {
    const file = join(dir(), 'k.db')
    const db = openDatabase(file)
    db.prepare("INSERT INTO sync_run (started_at, full, error) VALUES ('2026-01-01T00:00:00Z', 0, 'Hämäläinen-Marker')").run()
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
    const bytes = readFileSync(file)
    expect(bytes.subarray(0, 16).equals(PLAIN_HEADER)).toBe(false)
    expect(bytes.includes('Hämäläinen-Marker')).toBe(false)
    expect(bytes.includes('sync_run')).toBe(false)
    expect(storedErrors(file)).toEqual(['Hämäläinen-Marker'])
  })

  it('refuses another key, writable and read-only, without changing a byte', () => {
    const file = join(dir(), 'k.db')
    openDatabase(file).close()
    const before = readFileSync(file)
    expect(keyErrorCode(() => openDatabase(file, { env: otherKey() }))).toBe('database-key-wrong')
    expect(keyErrorCode(() => openDatabaseReadonly(file, { env: otherKey() }))).toBe('database-key-wrong')
    expect(() => openDatabase(file, { env: otherKey() })).toThrow(`${file} cannot be decrypted with the key from KANSLIA_DATABASE_KEY`)
    expect(readFileSync(file).equals(before)).toBe(true)
    expect(existsSync(`${file}-wal`)).toBe(false)
  })

  it('refuses an encrypted file whose key is nowhere, without changing a byte', () => {
    const file = join(dir(), 'k.db')
    openDatabase(file).close()
    const before = readFileSync(file)
    // No variable: the keychain decides; the test machine has no Secret Service (a developer's may have one, without this file's key).
    expect(['keychain-unavailable', 'database-key-missing']).toContain(keyErrorCode(() => openDatabase(file, { env: {} })))
    expect(['keychain-unavailable', 'database-key-missing']).toContain(keyErrorCode(() => openDatabaseReadonly(file, { env: {} })))
    expect(() => openDatabase(file, { env: {} })).toThrow(/KANSLIA_DATABASE_KEY/)
    expect(readFileSync(file).equals(before)).toBe(true)
  })

  it('refuses a malformed KANSLIA_DATABASE_KEY before creating anything', () => {
    const file = join(dir(), 'k.db')
    expect(keyErrorCode(() => openDatabase(file, { env: { [DATABASE_KEY_ENV]: 'secret' } }))).toBe('database-key-invalid')
    expect(existsSync(file)).toBe(false)
  })

  it("encrypts an earlier Kanslia's unencrypted database in place on the first writing open, keeping its rows", () => {
    const file = join(dir(), 'old.db')
    const plain = new Database(file) as WritableDB
    plain.pragma('journal_mode = WAL')
    migrate(plain)
    plain.prepare("INSERT INTO sync_run (started_at, full, error) VALUES ('2025-01-01T00:00:00Z', 1, 'Korhonen-Legacy')").run()
    plain.close()
    const before = readFileSync(file)
    expect(before.includes('Korhonen-Legacy')).toBe(true)

    // Reading never changes a file: the read-only open says what to do.
    expect(() => openDatabaseReadonly(file)).toThrow(UnencryptedDatabaseError)
    expect(() => openDatabaseReadonly(file)).toThrow(/not encrypted yet; run `kanslia sync`/)
    expect(readFileSync(file).equals(before)).toBe(true)

    openDatabase(file).close()
    const after = readFileSync(file)
    expect(after.subarray(0, 16).equals(PLAIN_HEADER)).toBe(false)
    expect(after.includes('Korhonen-Legacy')).toBe(false)
    const reader = openDatabaseReadonly(file)
    expect(reader.prepare('SELECT error FROM sync_run').pluck().all()).toEqual(['Korhonen-Legacy'])
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal')
    reader.close()
  })

  it('in-place encryption leaves no deleted row in the clear: free pages and freed space are rewritten too', () => {
    const file = join(dir(), 'old.db')
    const plain = new Database(file) as WritableDB
    plain.pragma('journal_mode = WAL')
    migrate(plain)
    const insert = plain.prepare("INSERT INTO sync_run (started_at, full, error) VALUES ('2025-01-01T00:00:00Z', 1, ?)")
    // Enough rows to fill whole pages, which the delete puts on the free list; one row stays beside freed space.
    plain.transaction(() => {
      for (let i = 0; i < 200; i++) insert.run(`Virtanen-Deleted-${i} ${'x'.repeat(500)}`)
      insert.run('Kept-Row')
    })()
    plain.prepare("DELETE FROM sync_run WHERE error LIKE 'Virtanen-Deleted-%'").run()
    plain.close()
    const before = readFileSync(file)
    expect(before.includes('Virtanen-Deleted-')).toBe(true)
    const check = new Database(file, { readonly: true })
    expect(check.pragma('freelist_count', { simple: true })).toBeGreaterThan(0)
    check.close()

    openDatabase(file).close()
    const after = readFileSync(file)
    expect(after.includes('Virtanen-Deleted-')).toBe(false)
    expect(after.includes('Kept-Row')).toBe(false)
    expect(storedErrors(file)).toEqual(['Kept-Row'])
  })

  it('writes new databases with the AEGIS-256 page cipher, which SQLCipher cannot read', () => {
    const file = join(dir(), 'k.db')
    openDatabase(file).close()
    expect(readsWith(file, 'aegis')).toBe(true)
    expect(readsWith(file, 'sqlcipher')).toBe(false)
  })

  it("converts an earlier Kanslia's SQLCipher database to AEGIS on the first writing open, keeping its rows; readers read it before and after", () => {
    const file = join(dir(), 'sqlcipher.db')
    const legacy = writeSqlCipherDatabase(file)
    legacy.prepare("INSERT INTO sync_run (started_at, full, error) VALUES ('2026-01-01T00:00:00Z', 1, 'Nieminen-SQLCipher')").run()
    legacy.close()
    const before = readFileSync(file)

    expect(storedErrors(file)).toEqual(['Nieminen-SQLCipher'])
    expect(readFileSync(file).equals(before)).toBe(true)

    const writer = openDatabase(file)
    expect(writer.pragma('journal_mode', { simple: true })).toBe('wal')
    writer.close()
    expect(readsWith(file, 'aegis')).toBe(true)
    expect(readsWith(file, 'sqlcipher')).toBe(false)
    expect(readFileSync(file).includes('Nieminen-SQLCipher')).toBe(false)
    expect(storedErrors(file)).toEqual(['Nieminen-SQLCipher'])
  })

  it('keeps a SQLCipher database as it is while another Kanslia has it open, and converts it at a later writing open', () => {
    const file = join(dir(), 'sqlcipher.db')
    writeSqlCipherDatabase(file).close()
    const reader = openDatabaseReadonly(file)
    const writer = openDatabase(file)
    writer.prepare("INSERT INTO sync_run (started_at, full) VALUES ('2026-01-02T00:00:00Z', 0)").run()
    expect(reader.prepare('SELECT count(*) FROM sync_run').pluck().get()).toBe(1)
    writer.close()
    reader.close()
    expect(readsWith(file, 'sqlcipher')).toBe(true)

    openDatabase(file).close()
    expect(readsWith(file, 'aegis')).toBe(true)
    expect(storedErrors(file)).toEqual([null])
  })

  it('a conversion killed midway leaves the SQLCipher database as it was, and the next writing open converts it', async () => {
    const file = join(dir(), 'sqlcipher.db')
    const legacy = writeSqlCipherDatabase(file)
    const insert = legacy.prepare("INSERT INTO sync_run (started_at, full, error) VALUES ('2026-01-01T00:00:00Z', 1, ?)")
    legacy.transaction(() => {
      for (let i = 0; i < 30_000; i++) insert.run(`Lahtinen-${i} ${'x'.repeat(400)}`)
    })()
    legacy.pragma('journal_mode = DELETE')
    legacy.close()
    // The conversion's own steps in another process, killed while its transaction's journal exists.
    const driver = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers')
    const key = process.env[DATABASE_KEY_ENV]
    const steps = ["cipher = 'sqlcipher'", `key = "x'${key}'"`, "cipher = 'aegis'", `rekey = "x'${key}'"`]
    const script = `const db = new (require(${JSON.stringify(driver)}))(${JSON.stringify(file)}); ${steps.map((step) => `db.pragma(${JSON.stringify(step)});`).join(' ')}`
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    await expect.poll(() => existsSync(`${file}-journal`), { timeout: 10_000, interval: 1 }).toBe(true)
    child.kill('SIGKILL')
    await exited
    expect(existsSync(`${file}-journal`)).toBe(true)

    const db = openDatabase(file)
    expect(db.prepare('SELECT count(*) FROM sync_run').pluck().get()).toBe(30_000)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    db.close()
    expect(readsWith(file, 'aegis')).toBe(true)
  })

  it('leaves unencrypted SQLite files alone that are not Kanslia databases or come from a newer Kanslia', () => {
    const foreign = join(dir(), 'other.db')
    const other = new Database(foreign)
    other.exec('CREATE TABLE t (x)')
    other.close()
    const newer = join(dir(), 'newer.db')
    const future = new Database(newer)
    future.pragma('user_version = 99')
    future.exec('CREATE TABLE t (x)')
    future.close()
    // Another program's database with its own schema version, within the range Kanslia's take.
    const versioned = join(dir(), 'notes.db')
    const notes = new Database(versioned)
    notes.pragma('user_version = 5')
    notes.exec('CREATE TABLE notes (x)')
    notes.close()
    const before = [readFileSync(foreign), readFileSync(newer), readFileSync(versioned)]
    expect(() => openDatabase(foreign)).toThrow(/other\.db is not a Kanslia database; nothing was changed/)
    expect(() => openDatabase(newer)).toThrow(SchemaTooNewError)
    expect(() => openDatabase(versioned)).toThrow(/notes\.db is not a Kanslia database; nothing was changed/)
    expect(() => openDatabaseReadonly(versioned)).toThrow(/notes\.db is not a Kanslia database; nothing was changed/)
    expect(readFileSync(foreign).equals(before[0])).toBe(true)
    expect(readFileSync(newer).equals(before[1])).toBe(true)
    expect(readFileSync(versioned).equals(before[2])).toBe(true)
  })
})
