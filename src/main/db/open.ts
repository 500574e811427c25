import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { LATEST_VERSION, migrate } from './migrate'

/**
 * A connection that may only be read (Signal Desktop's read/write split): queries take
 * `ReadableDB`, writers take `WritableDB`, so the type checker keeps writes off read connections.
 * Both are ordinary better-sqlite3 connections underneath.
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
    readonly known: number
  ) {
    super(
      found === 0
        ? `${file} is not a Kanslia database (no schema version); nothing was changed`
        : `${file} has the older schema ${found} (this version uses ${known}); run \`kanslia sync\` once to upgrade it`
    )
    this.name = 'SchemaTooOldError'
  }
}

/**
 * Opens (creating it and its folder when missing) the database for writing: checks the schema
 * version first, then sets WAL (checkpointed every 64 MiB), synchronous=NORMAL, busy_timeout and
 * runs pending migrations
 * (DESIGN §1, §3a).
 * @throws SchemaTooNewError before any change when a newer Kanslia wrote the file.
 * @throws Error (SQLITE_NOTADB) when the file is not an SQLite database.
 */
export function openDatabase(file: string): WritableDB {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file) as WritableDB
  try {
    // Read the version before anything that writes: setting WAL alone rewrites the file header.
    refuseNewer(db, file)
    // Takes effect only on a new file: rows of user licences (~0.6 KB) fill 8 KiB pages better.
    db.pragma('page_size = 8192')
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('busy_timeout = 5000')
    db.pragma('foreign_keys = ON')
    db.pragma('temp_store = MEMORY')
    db.pragma('cache_size = -32000')
    // A page of 5,000 user licences writes tens of MB of WAL: checkpointing after every commit (the
    // default, 1,000 pages) copied hot index pages over and over; every 64 MiB measured ~10 % faster
    // for a first sync. The limit truncates the file again after a checkpoint.
    db.pragma('wal_autocheckpoint = 8192')
    db.pragma('journal_size_limit = 67108864')
    migrate(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/**
 * Opens an existing database read-only, for queries while a writer may be syncing (WAL readers do
 * not block it). Runs no migrations.
 * @throws SchemaTooNewError when a newer Kanslia wrote it; SchemaTooOldError when it needs an upgrade;
 *   better-sqlite3's error when the file does not exist.
 */
export function openDatabaseReadonly(file: string): ReadableDB {
  const db = new Database(file, { readonly: true, fileMustExist: true }) as ReadableDB
  try {
    refuseNewer(db, file)
    const version = db.pragma('user_version', { simple: true }) as number
    if (version < LATEST_VERSION) throw new SchemaTooOldError(file, version, LATEST_VERSION)
    db.pragma('busy_timeout = 5000')
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

function refuseNewer(db: ReadableDB, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number
  if (version > LATEST_VERSION) throw new SchemaTooNewError(file, version, LATEST_VERSION)
}
