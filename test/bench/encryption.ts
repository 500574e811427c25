/**
 * The cost of encrypting the database (issue 6 "Data at rest"): the same work on the real schema,
 * once through `openDatabase` (AEGIS-256, raw 256-bit key) and once on an unencrypted file with the
 * same pragmas. Writes person rows of sync-like size in 5,000-row transactions (a sync page), then
 * reopens both files and times indexed name lookups and a scan of every row (pages read from disk
 * and, when encrypted, decrypted).
 */
import { randomBytes } from 'node:crypto'
import { copyFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { migrate } from '../../src/main/db/migrate'
import { encryptionOf, openDatabase, openDatabaseReadonly, PAGE_SIZE, usesCurrentCipher, WAL_AUTOCHECKPOINT_PAGES, type ReadableDB, type WritableDB } from '../../src/main/db/open'
import { DATABASE_KEY_ENV } from '../../src/main/secrets/databaseKey'

/** Figures of one variant, encrypted or not. */
export interface EncryptionFigures {
  openMs: number
  insertRowsPerSecond: number
  lookupP50Ms: number
  lookupP95Ms: number
  scanMs: number
  fileMiB: number
}

const LAST_NAMES = ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Hämäläinen', 'Laine', 'Heikkinen', 'Koskinen', 'Järvinen', 'Lindqvist', 'Lindholm', 'Nyström']

/** An unencrypted database with the pragmas and schema `openDatabase` gives, for comparison only. */
export function openPlain(file: string): WritableDB {
  const db = new Database(file) as WritableDB
  for (const pragma of [`page_size = ${PAGE_SIZE}`, 'journal_mode = WAL', 'synchronous = NORMAL', 'busy_timeout = 5000', 'foreign_keys = ON', 'temp_store = MEMORY', 'cache_size = -32000', `wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`, 'journal_size_limit = 67108864']) {
    db.pragma(pragma)
  }
  migrate(db)
  return db
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

type PersonRow = [number, number, string, string, string, string, string, number, string]

/** Person rows shaped like synced ones (raw JSON ~0.6 KB), made before any timing starts. */
function personRows(rows: number): PersonRow[] {
  return Array.from({ length: rows }, (_, i) => {
    const id = i + 1
    const firstName = `Etunimi${id % 311}`
    const lastName = `${LAST_NAMES[id % LAST_NAMES.length]}${id % 97}`
    const email = `person${id}@example.fi`
    const raw = JSON.stringify({ id, sportId: 10_000_000 + id, firstName, lastName, birthDate: '2008-05-17', email, address: { street: `Katu ${id % 200}`, postalCode: '00100', city: 'Helsinki' }, guardians: [{ name: 'Huoltaja', phone: '+358401234567' }], modificationTime: '2026-01-01T00:00:00.123456+02:00', notes: randomBytes(150).toString('base64') })
    return [id, 10_000_000 + id, firstName, lastName, '2008-05-17', email, 'Helsinki', id, raw]
  })
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
}

function measure(file: string, rows: PersonRow[], lookups: number, open: () => WritableDB, openReader: () => ReadableDB): EncryptionFigures {
  const db = open()
  const insert = db.prepare('INSERT INTO person (id, sport_id, first_name, last_name, birth_date, email, city, modification_us, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
  const page = db.transaction((batch: PersonRow[]) => {
    for (const row of batch) insert.run(...row)
  })
  const t0 = performance.now()
  for (let from = 0; from < rows.length; from += 5000) page(rows.slice(from, from + 5000))
  const insertMs = performance.now() - t0
  db.close()

  const o0 = performance.now()
  const reader = openReader()
  const openMs = performance.now() - o0
  try {
    const lookup = reader.prepare('SELECT id, first_name, last_name FROM person WHERE last_name >= ? AND last_name < ? ORDER BY last_name, first_name, id LIMIT 100')
    const times: number[] = []
    for (let i = 0; i < lookups; i++) {
      const prefix = `${LAST_NAMES[i % LAST_NAMES.length]}${(i * 7) % 97}`
      const l0 = performance.now()
      lookup.all(prefix, `${prefix}\uffff`)
      times.push(performance.now() - l0)
    }
    times.sort((a, b) => a - b)
    const scan = reader.prepare("SELECT count(*) FROM person WHERE raw LIKE '%Katu 7%'").pluck()
    const scans = Array.from({ length: 3 }, () => {
      const s0 = performance.now()
      scan.get()
      return performance.now() - s0
    })
    return { openMs, insertRowsPerSecond: rows.length / (insertMs / 1000), lookupP50Ms: percentile(times, 50), lookupP95Ms: percentile(times, 95), scanMs: median(scans), fileMiB: statSync(file).size / 1024 / 1024 }
  } finally {
    reader.close()
  }
}

/**
 * Runs the comparison in `dir` with `rows` persons and `lookups` name lookups, each variant twice,
 * alternating, keeping the faster round (the machine may be shared). The encrypted variant takes
 * its key as the app does (KANSLIA_DATABASE_KEY, else the OS keychain).
 */
export function measureEncryption(dir: string, rows: number, lookups: number): { plain: EncryptionFigures; encrypted: EncryptionFigures } {
  const data = personRows(rows)
  const rounds = [0, 1].map((round) => {
    const plainFile = join(dir, `plain-${round}.db`)
    const encryptedFile = join(dir, `encrypted-${round}.db`)
    const plain = measure(plainFile, data, lookups, () => openPlain(plainFile), () => {
      const db = new Database(plainFile, { readonly: true }) as ReadableDB
      db.pragma('cache_size = -32000')
      return db
    })
    const encrypted = measure(encryptedFile, data, lookups, () => openDatabase(encryptedFile), () => {
      const db = openDatabaseReadonly(encryptedFile)
      db.pragma('cache_size = -32000')
      return db
    })
    return { plain, encrypted }
  })
  return { plain: best(rounds.map((r) => r.plain)), encrypted: best(rounds.map((r) => r.encrypted)) }
}

/** Of rounds of one variant, the best figure of each kind. */
function best(rounds: EncryptionFigures[]): EncryptionFigures {
  const min = (pick: (f: EncryptionFigures) => number) => Math.min(...rounds.map(pick))
  return {
    openMs: min((f) => f.openMs),
    insertRowsPerSecond: Math.max(...rounds.map((f) => f.insertRowsPerSecond)),
    lookupP50Ms: min((f) => f.lookupP50Ms),
    lookupP95Ms: min((f) => f.lookupP95Ms),
    scanMs: min((f) => f.scanMs),
    fileMiB: rounds[0].fileMiB
  }
}

/** How long the first writing open of a database an earlier Kanslia wrote takes, ms: see `measureUpgrades`. */
export interface UpgradeFigures {
  encryptMs: number
  convertMs: number
  fileMiB: number
}

/**
 * Times `openDatabase` on the two kinds of database an earlier Kanslia left, each a copy of
 * `plainFile` (an unencrypted Kanslia database, closed) made in `dir`: unencrypted, which the open
 * encrypts in place (issue 6), and SQLCipher-encrypted with KANSLIA_DATABASE_KEY, which it
 * converts to AEGIS. Either holds the backend until done, once per database.
 * @throws Error when the converted copy is not in the current cipher.
 */
export function measureUpgrades(plainFile: string, dir: string): UpgradeFigures {
  const timedOpen = (file: string) => {
    const started = performance.now()
    const db = openDatabase(file)
    const ms = performance.now() - started
    const current = encryptionOf(db) !== null && usesCurrentCipher(db)
    db.close()
    if (!current) throw new Error(`${file} was not converted to the current cipher`)
    return ms
  }
  const unencrypted = join(dir, 'upgrade-unencrypted.db')
  copyFileSync(plainFile, unencrypted)
  const encryptMs = timedOpen(unencrypted)
  const sqlCipher = join(dir, 'upgrade-sqlcipher.db')
  copyFileSync(plainFile, sqlCipher)
  const earlier = new Database(sqlCipher)
  earlier.pragma('journal_mode = DELETE')
  earlier.pragma("cipher = 'sqlcipher'")
  earlier.pragma(`rekey = "x'${process.env[DATABASE_KEY_ENV]}'"`)
  earlier.close()
  const convertMs = timedOpen(sqlCipher)
  return { encryptMs, convertMs, fileMiB: statSync(plainFile).size / 1024 / 1024 }
}
