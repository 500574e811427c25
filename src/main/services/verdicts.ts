import { refreshMemberSummary, verdictsCurrent } from '../db/memberSummary'
import { UserFacingError } from './errors'
import { openDatabase, type ReadableDB } from '../db/open'
import { withDatabase } from './database'

/**
 * Evaluates the licence verdicts of `today` (ISO date, local) in the member summary of `dbFile`
 * when `reader`, a connection to it, finds them of another day, never evaluated (a database of an
 * earlier version) or some due (a sync stopped before its end left persons marked;
 * `refreshMemberSummary` then judges only the persons whose verdict could have changed). A sync
 * does it when it ends; this is for reading on a later day, or after a stopped sync, without one.
 * `waitForWriter` false: fail with SQLITE_BUSY at once when another connection is writing.
 * @returns whether it evaluated. @throws SchemaTooNewError, DatabaseKeyError, SQLite's errors.
 */
export function ensureVerdicts(dbFile: string, reader: ReadableDB, today: string, options: { waitForWriter?: boolean } = {}): boolean {
  if (verdictsCurrent(reader, today)) return false
  const db = openDatabase(dbFile)
  try {
    // Busy at once rather than after the usual wait, when another writer (a sync) holds the database.
    if (options.waitForWriter === false) db.pragma('busy_timeout = 0')
    refreshMemberSummary(db, today, [])
  } finally {
    db.close()
  }
  return true
}

/**
 * `ensureVerdicts` on a connection of its own: for the CLI, before it reads a list of verdicts
 * (members, renewal lists) on the day. The app does it itself, never while its sync runs.
 * @throws UserFacingError `no-database`; as `ensureVerdicts`.
 */
export function evaluateVerdicts(dbFile: string, today: string): void {
  withDatabase(dbFile, (db) => ensureVerdicts(dbFile, db, today))
}

/**
 * Runs `read` on `db` in one read transaction (one snapshot) once it finds every licence verdict
 * of `today` (ISO date, local) evaluated (`verdictsCurrent`): for a list, export or addresses that
 * show or filter by verdicts, which would otherwise leave out the members a running sync has
 * marked due (DESIGN §3b), or show blank statuses on a day not evaluated yet.
 * @throws UserFacingError `verdicts-pending` otherwise (nothing is read).
 */
export function withCurrentVerdicts<T>(db: ReadableDB, today: string, read: () => T): T {
  return db.transaction(() => {
    if (!verdictsCurrent(db, today)) {
      throw new UserFacingError('verdicts-pending', "some of today's licence statuses are evaluated when the running sync ends: try again then")
    }
    return read()
  }).immediate()
}
