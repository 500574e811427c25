import { existsSync, statSync } from 'node:fs'
import { openDatabase, openDatabaseReadonly, type ReadableDB, type WritableDB } from '../db/open'
import { UserFacingError } from './errors'

/**
 * Opens an existing database for reading, for the read-only services (status, export, members).
 * @throws UserFacingError `no-database` when the file does not exist: reading must never create one.
 * @throws SchemaTooNewError when a newer Kanslia wrote it.
 */
export function openExistingDatabase(dbFile: string): ReadableDB {
  requireDatabaseFile(dbFile)
  return openDatabaseReadonly(dbFile)
}

function requireDatabaseFile(dbFile: string): void {
  if (!existsSync(dbFile)) {
    throw new UserFacingError(
      'no-database',
      `there is no Kanslia database at ${dbFile}; run \`kanslia sync\` (or \`kanslia demo\`) first`
    )
  }
  requireFilePath(dbFile)
}

/**
 * Refuses a database path that cannot name a file: empty, or an existing folder.
 * @throws UserFacingError `no-database` saying how to name the file.
 */
export function requireFilePath(dbFile: string): void {
  if (dbFile.trim() === '') throw new UserFacingError('no-database', 'the database file is named by an empty path; name the file, e.g. --db kanslia.db')
  if (existsSync(dbFile) && statSync(dbFile).isDirectory()) {
    throw new UserFacingError('no-database', `${dbFile} is a folder, not a Kanslia database file; name the file, e.g. ${dbFile.replace(/[/\\]+$/, '')}/kanslia.db`)
  }
}

/**
 * Runs `use` on a writing connection to an existing database (migrated to this version's schema
 * first) and closes it afterwards, also on errors; for services that change local data without a
 * sync, such as queuing an outbox item. Never creates a database.
 * @throws UserFacingError `no-database` when the file does not exist; SchemaTooNewError.
 */
export async function withWritableDatabase<T>(dbFile: string, use: (db: WritableDB) => T | Promise<T>): Promise<T> {
  requireDatabaseFile(dbFile)
  const db = openDatabase(dbFile)
  try {
    return await use(db)
  } finally {
    db.close()
  }
}

/** Runs `use` on a read-only connection to `dbFile` and closes it afterwards, also on errors. */
export function withDatabase<T>(dbFile: string, use: (db: ReadableDB) => T): T {
  const db = openExistingDatabase(dbFile)
  try {
    return use(db)
  } finally {
    db.close()
  }
}
