import type { CodedError } from '../../shared/errorCodes'

/**
 * Failures of the disk under the database rather than of the data (issue 6 "a full disk or a
 * read-only data folder during sync"; a read-only database file in a writable folder is one too):
 * a sync meeting one stops at once instead of failing every remaining resource the same way. Each
 * committed page is whole (SQLite transactions), so what was stored before stays consistent.
 */

/** The extended result code name better-sqlite3's SqliteError carries, e.g. `SQLITE_READONLY_DBMOVED`; null for any other error. */
export function sqliteCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null
}

const INTACT = 'what was stored before is intact'

/**
 * What `error` says when the disk cannot take the database's writes: its code (`storage-<kind>`,
 * which the window heads and explains in its language) and one line of English words for the CLI
 * and the sync log, e.g. "the disk is full: free some space and try again (what was stored before
 * is intact)"; null for any other error.
 */
export function storageFailure(error: unknown): CodedError | null {
  const code = sqliteCode(error)
  if (code === null) return null
  if (code === 'SQLITE_FULL') return { code: 'storage-full', message: `the disk is full: free some space and try again (${INTACT})` }
  if (code.startsWith('SQLITE_READONLY')) return { code: 'storage-read-only', message: `the database file or its folder is read-only: make them writable and try again (${INTACT})` }
  if (code.startsWith('SQLITE_IOERR')) return { code: 'storage-io-error', message: `the disk could not be written (${code}): check it and try again (${INTACT})` }
  if (code === 'SQLITE_CANTOPEN') return { code: 'storage-cannot-open', message: `the database file cannot be opened for writing: check the data folder and try again (${INTACT})` }
  if (code.startsWith('SQLITE_CORRUPT')) {
    return { code: 'storage-corrupt', message: 'the database file is damaged: remove the local data (`kanslia disconnect`, or Settings in the app) and sync again, which reads the registry anew; changes still queued in it are lost' }
  }
  if (code.startsWith('SQLITE_BUSY')) return { code: 'storage-busy', message: `another Kanslia (a sync, the desktop app) is writing to the database file: try again when it has finished (${INTACT})` }
  return null
}
