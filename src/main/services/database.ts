import { existsSync } from 'node:fs'
import { openDatabaseReadonly, type ReadableDB } from '../db/open'
import { UserFacingError } from './errors'

/**
 * Opens an existing database for reading, for the read-only services (status, export, members).
 * @throws UserFacingError `no-database` when the file does not exist: reading must never create one.
 * @throws SchemaTooNewError when a newer Kanslia wrote it.
 */
export function openExistingDatabase(dbFile: string): ReadableDB {
  if (!existsSync(dbFile)) {
    throw new UserFacingError(
      'no-database',
      `there is no Kanslia database at ${dbFile}; run \`kanslia sync\` (or \`kanslia demo\`) first`
    )
  }
  return openDatabaseReadonly(dbFile)
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
