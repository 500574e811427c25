/**
 * Failures of the disk under the database rather than of the data (issue 6 "a full disk or a
 * read-only data folder during sync"): a sync meeting one stops at once instead of failing every
 * remaining resource the same way. Each committed page is whole (SQLite transactions), so what was
 * stored before stays consistent.
 */

/** better-sqlite3's SqliteError carries SQLite's extended result code name, e.g. `SQLITE_READONLY_DBMOVED`. */
function sqliteCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null
}

/**
 * The person-readable reason when `error` says the disk cannot take the database's writes; null
 * for any other error.
 */
export function storageFailure(error: unknown): string | null {
  const code = sqliteCode(error)
  if (code === null) return null
  const intact = 'what was stored before is intact'
  if (code === 'SQLITE_FULL') return `the disk is full: free some space and sync again (${intact})`
  if (code.startsWith('SQLITE_READONLY')) return `the data folder is read-only: make it writable and sync again (${intact})`
  if (code.startsWith('SQLITE_IOERR')) return `the disk could not be written (${code}): check it and sync again (${intact})`
  if (code === 'SQLITE_CANTOPEN') return `the database file cannot be opened for writing: check the data folder and sync again (${intact})`
  return null
}
