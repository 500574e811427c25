import { closeSync, existsSync, mkdirSync, openSync, readSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../config/fileModes'
import { existingDatabaseKey, newDatabaseKey, wrongKeyError, type DatabaseKey } from '../secrets/databaseKey'
import { withCreationLock } from './creationLock'
import { LATEST_VERSION, migrate } from './migrate'
import { rememberOpened } from './openedFiles'

/**
 * A connection that may only be read (Signal Desktop's read/write split): queries take
 * `ReadableDB`, writers take `WritableDB`, so the type checker keeps writes off read connections.
 * Both are ordinary better-sqlite3(-multiple-ciphers) connections underneath.
 */
export type ReadableDB = Database.Database & { readonly __readableDb: unique symbol }
/** A connection that may also write; usable wherever a `ReadableDB` is expected. */
export type WritableDB = ReadableDB & { readonly __writableDb: unique symbol }

/**
 * Thrown when the database was written by a newer Kanslia: this version does not know its schema,
 * so it refuses to touch it (the file is left byte for byte as it was).
 */
export class SchemaTooNewError extends Error {
  constructor(
    readonly file: string,
    readonly found: number,
    readonly known: number
  ) {
    super(`${file} was written by a newer Kanslia (schema ${found}, this version knows ${known}); nothing was changed`)
    this.name = 'SchemaTooNewError'
  }
}

/**
 * Thrown by `openDatabaseReadonly` when the database has an older schema that only a writing open
 * (e.g. `kanslia sync`) may upgrade, or is not a Kanslia database at all (schema 0).
 */
export class SchemaTooOldError extends Error {
  constructor(
    readonly file: string,
    readonly found: number,
    readonly known: number,
    /** True for a SQLite file of another program (`isForeign`), whatever its schema version. */
    readonly foreign = found === 0
  ) {
    super(
      foreign
        ? `${file} is not a Kanslia database; nothing was changed`
        : `${file} has the older schema ${found} (this version uses ${known}); run \`kanslia sync\` once to upgrade it`
    )
    this.name = 'SchemaTooOldError'
  }
}

/**
 * Thrown by `openDatabaseReadonly` for a database an earlier Kanslia wrote before databases were
 * encrypted: only a writing open (e.g. `kanslia sync`) may encrypt it.
 */
export class UnencryptedDatabaseError extends Error {
  constructor(readonly file: string) {
    super(`${file} is from an earlier Kanslia and not encrypted yet; run \`kanslia sync\` (or Sync now in the app) once to encrypt it; nothing was changed`)
    this.name = 'UnencryptedDatabaseError'
  }
}

/** Where a database's key comes from; tests and tools pass their own environment. */
export interface OpenOptions {
  /** Decides the key source (`KANSLIA_DATABASE_KEY`, else the OS keychain); default `process.env`. */
  env?: NodeJS.ProcessEnv
}

/** The first 16 bytes of every unencrypted SQLite file; an encrypted one begins with random salt. */
const PLAIN_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

/** What is at `file`: nothing yet (absent or empty), an unencrypted SQLite database, or anything else. */
function fileKind(file: string): 'new' | 'plain' | 'other' {
  if (!existsSync(file)) return 'new'
  const head = Buffer.alloc(PLAIN_HEADER.length)
  const fd = openSync(file, 'r')
  try {
    const read = readSync(fd, head, 0, head.length, 0)
    if (read === 0) return 'new'
    return read === head.length && head.equals(PLAIN_HEADER) ? 'plain' : 'other'
  } finally {
    closeSync(fd)
  }
}

/**
 * The page ciphers of SQLite3 Multiple Ciphers that Kanslia databases use, the one every database
 * is written with first. AEGIS-256 is authenticated (a wrong key or a changed page fails to read)
 * and runs on the CPU's AES instructions; SQLCipher's AES-256-CBC with HMAC-SHA512, what Kanslia
 * encrypted with before, cost three times the CPU per page: a first sync at 150,000 athletes
 * measured 22,700 elements/s with AEGIS against 15,900 with SQLCipher. A writing open converts a
 * SQLCipher database (`convertToCurrentCipher`).
 */
export const CIPHERS = ['aegis', 'sqlcipher'] as const
/** A page cipher of `CIPHERS`. */
export type Cipher = (typeof CIPHERS)[number]

/** How an open connection is encrypted: its key and the page cipher of its file. */
export interface Encryption {
  key: DatabaseKey
  cipher: Cipher
}

/** The encryption each open connection was opened with, for a second connection of this process (`encryptionOf`). */
const encryptions = new WeakMap<ReadableDB, Encryption>()

/**
 * Sets the page cipher and the raw 256-bit key (no passphrase derivation: the key is random):
 * `key` to read the file with it, `rekey` to rewrite every page with it (SQLite3 Multiple Ciphers;
 * a rekey needs rollback-journal mode).
 */
function applyKey(db: ReadableDB, encryption: Encryption, pragma: 'key' | 'rekey' = 'key'): void {
  db.pragma(`cipher = '${encryption.cipher}'`)
  db.pragma(`${pragma} = "x'${encryption.key.hex}'"`)
  encryptions.set(db, encryption)
}

/**
 * The key and cipher `db` was opened with, so a worker thread of this process can open the same
 * file (`db/checkpointer.ts`); null for an unencrypted connection. Never log or send the key elsewhere.
 */
export function encryptionOf(db: ReadableDB): Encryption | null {
  return encryptions.get(db) ?? null
}

/** False for a connection to a file an earlier Kanslia encrypted with SQLCipher, which a writing open converts (`CIPHERS`). */
export function usesCurrentCipher(db: ReadableDB): boolean {
  return (encryptionOf(db)?.cipher ?? CIPHERS[0]) === CIPHERS[0]
}

/**
 * Bytes of a database page in a new file. Rows of user licences and persons (~0.6–1 KB) once
 * filled 8 KiB pages better than the default 4 KiB; 16 KiB halves again the pages a first sync
 * encrypts, logs and checkpoints: at 150,000 athletes 2–5 % more elements/s, the deferred indexes
 * and the member search built ~10 % faster (alternated runs; 32 and 64 KiB were slower). A file
 * keeps the page size it was created with.
 */
export const PAGE_SIZE = 16_384

/**
 * WAL pages after which a writing connection checkpoints (64 MiB of PAGE_SIZE pages). A page of 5,000
 * user licences writes tens of MB of WAL: checkpointing after every commit (SQLite's default,
 * 1,000 pages) copied hot index pages over and over; every 64 MiB measured ~10 % faster for a
 * first sync. A file created with 8 KiB pages checkpoints at half those bytes.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 4096

/**
 * Opens the encrypted `file` with `key` in the cipher it was written with (the first of `CIPHERS`
 * that reads it; an empty file takes the first) and reads its schema version, the first read: it
 * fails there when the key does not fit.
 * @throws DatabaseKeyError `database-key-wrong` when no cipher reads the file with `key`.
 */
function openEncrypted(file: string, key: DatabaseKey, options: Database.Options): { db: WritableDB; version: number } {
  for (const cipher of CIPHERS) {
    const db = new Database(file, options) as WritableDB
    try {
      applyKey(db, { key, cipher })
      const version = userVersion(db)
      rememberOpened(file)
      return { db, version }
    } catch (error) {
      db.close()
      if ((error as { code?: string }).code !== 'SQLITE_NOTADB') throw error
    }
  }
  throw wrongKeyError(file, key)
}

/**
 * Re-encrypts a database an earlier Kanslia wrote with SQLCipher in the current cipher (`CIPHERS`),
 * in place and in one transaction, with the same key. Like `encryptPlainDatabase` it needs
 * rollback-journal mode, which only the file's one open connection may set: while another
 * Kanslia has the file open, the database stays as it is (it reads and writes as before) and a
 * later writing open converts it.
 */
function convertToCurrentCipher(db: WritableDB): void {
  const encryption = encryptionOf(db)
  if (!encryption || usesCurrentCipher(db)) return
  try {
    db.pragma('journal_mode = DELETE')
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return
    throw error
  }
  applyKey(db, { key: encryption.key, cipher: CIPHERS[0] }, 'rekey')
}

/**
 * Encrypts, in place, a database an earlier Kanslia wrote unencrypted (issue 6): checks its schema
 * first (a newer or a foreign database is refused untouched), then leaves WAL (SQLite3 Multiple
 * Ciphers rekeys only rollback-journal databases) and rekeys it with a new key in one transaction.
 * No deleted row stays in the clear: the rekey first VACUUMs (the cipher reserves bytes per page),
 * which drops free pages and freed space, then rewrites every page.
 */
function encryptPlainDatabase(file: string, env: NodeJS.ProcessEnv): void {
  const { db, version } = openPlain(file, { fileMustExist: true })
  try {
    refuseNewer(file, version)
    if (isForeign(db, version)) throw new SchemaTooOldError(file, version, LATEST_VERSION, true)
    const key = newDatabaseKey(file, env)
    if (db.pragma('journal_mode = DELETE', { simple: true }) !== 'delete') {
      throw new Error(`${file} is open in another Kanslia; close it and try again to encrypt the database`)
    }
    applyKey(db, { key, cipher: CIPHERS[0] }, 'rekey')
  } finally {
    db.close()
  }
}

/**
 * Opens (creating it and its folder when missing) the encrypted database for writing (issue 6
 * "Data at rest", DESIGN §1): finds its key (`KANSLIA_DATABASE_KEY`, else the OS keychain entry
 * of the file's absolute path; a new file gets a new random key there), checks the schema version,
 * then sets WAL (checkpointed every 64 MiB), synchronous=NORMAL, busy_timeout and runs pending
 * migrations (DESIGN §3a). An unencrypted database of an earlier Kanslia is encrypted in place
 * first. A new file and the folders made for it are their owner's only (config/fileModes.ts). A new or unencrypted file is created or encrypted under `withCreationLock`, so two
 * processes doing it at once agree on its key. `':memory:'` stays unencrypted: nothing of it is at rest.
 * @throws DatabaseKeyError before any change: `database-key-missing` (the keychain has no key for
 *   an existing file), `database-key-wrong` (the key does not decrypt it, or it is not a Kanslia
 *   database), `keychain-unavailable` (no keychain and no KANSLIA_DATABASE_KEY), `database-key-invalid`.
 * @throws SchemaTooNewError before any change when a newer Kanslia wrote the file; SchemaTooOldError
 *   (schema 0) for an unencrypted SQLite file that is not a Kanslia database; Error when another
 *   process is still creating the file after `CREATION_WAIT_MS`.
 */
export function openDatabase(file: string, options: OpenOptions = {}): WritableDB {
  const env = options.env ?? process.env
  if (file === ':memory:') return openWriter(file, null)
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE })
  if (fileKind(file) === 'other') return openWriter(file, existingDatabaseKey(file, env))
  // Making a key and the file it encrypts is one step across processes (db/creationLock.ts).
  return withCreationLock(file, () => {
    const kind = fileKind(file)
    if (kind === 'plain') encryptPlainDatabase(file, env)
    // Found (or made) before SQLite creates the file: a file never exists without its key.
    const key = kind === 'new' ? newDatabaseKey(file, env) : existingDatabaseKey(file, env)
    // SQLite gives the WAL and shared-memory files the database file's mode.
    if (kind === 'new') closeSync(openSync(file, 'a', PRIVATE_FILE_MODE))
    return openWriter(file, key)
  })
}

/**
 * Opens `file` with `key` (none: unencrypted), refuses a newer schema, converts a SQLCipher file to
 * the current cipher, sets the writer's pragmas and migrates.
 */
function openWriter(file: string, key: DatabaseKey | null): WritableDB {
  // Read the version before anything that writes: setting WAL alone rewrites the file header.
  const { db, version } = key ? openEncrypted(file, key, {}) : openPlain(file, {})
  try {
    refuseNewer(file, version)
    convertToCurrentCipher(db)
    // Takes effect only on a new file.
    db.pragma(`page_size = ${PAGE_SIZE}`)
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('busy_timeout = 5000')
    db.pragma('foreign_keys = ON')
    db.pragma('temp_store = MEMORY')
    db.pragma('cache_size = -32000')
    // The limit truncates the WAL file again after a checkpoint.
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`)
    db.pragma('journal_size_limit = 67108864')
    migrate(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/** The page cache of a read-only connection, KiB: holds the member search's indexes at 150,000 athletes. */
export const READER_CACHE_KIB = 65_536

/**
 * Opens an existing encrypted database read-only, for queries while a writer may be syncing (WAL
 * readers do not block it). Runs no migrations and never creates a key.
 * @throws DatabaseKeyError as `openDatabase` (missing, wrong, invalid key; no keychain).
 * @throws SchemaTooNewError when a newer Kanslia wrote it; SchemaTooOldError when it needs an
 *   upgrade or is an unencrypted SQLite file that is not Kanslia's; UnencryptedDatabaseError for
 *   an earlier Kanslia's unencrypted database; better-sqlite3's error when the file does not exist.
 */
export function openDatabaseReadonly(file: string, options: OpenOptions = {}): ReadableDB {
  const env = options.env ?? process.env
  const kind = fileKind(file)
  // A missing file is left to SQLite's own error; an empty one to the schema check.
  const key = kind === 'other' ? existingDatabaseKey(file, env) : null
  const readOnly = { readonly: true, fileMustExist: true }
  const { db, version } = key ? openEncrypted(file, key, readOnly) : openPlain(file, readOnly)
  try {
    refuseNewer(file, version)
    if (kind === 'plain' && isForeign(db, version)) throw new SchemaTooOldError(file, version, LATEST_VERSION, true)
    if (version < LATEST_VERSION) throw new SchemaTooOldError(file, version, LATEST_VERSION)
    if (kind === 'plain') throw new UnencryptedDatabaseError(file)
    db.pragma('busy_timeout = 5000')
    // Each page read from disk is decrypted; with SQLite's default 2 MB cache a search keystroke
    // re-read and re-decrypted the text and name indexes it had just used (DESIGN §7: keystroke
    // to rows < 50 ms). The reader is one connection per process, filled only by what it reads.
    db.pragma(`cache_size = -${READER_CACHE_KIB}`)
    // A sort or temporary table too large for the cache would spill to a temporary file, which the
    // cipher does not encrypt: the member list's names would lie on disk in the clear.
    db.pragma('temp_store = MEMORY')
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/** @throws SchemaTooNewError when `version`, the schema version read from `file`, is newer than this Kanslia's. */
function refuseNewer(file: string, version: number): void {
  if (version > LATEST_VERSION) throw new SchemaTooNewError(file, version, LATEST_VERSION)
}

/** Opens the unencrypted `file` and reads its schema version; closes it again when that fails (not a database). */
function openPlain(file: string, options: Database.Options): { db: WritableDB; version: number } {
  const db = new Database(file, options) as WritableDB
  try {
    const version = userVersion(db)
    if (file !== ':memory:') rememberOpened(file)
    return { db, version }
  } catch (error) {
    db.close()
    throw error
  }
}

/**
 * True for an unencrypted SQLite file that is not a Kanslia database: one with objects but no
 * schema version, or one with a version (another program's `user_version`) but without the
 * `sync_run` table every Kanslia schema has had since 0001-initial.
 */
function isForeign(db: ReadableDB, version: number): boolean {
  if (version === 0) return (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n > 0
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sync_run'").get() === undefined
}

function userVersion(db: ReadableDB): number {
  return db.pragma('user_version', { simple: true }) as number
}
