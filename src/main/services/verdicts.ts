import { memberSummaryDate, refreshMemberSummary } from '../db/memberSummary'
import { openDatabase, type ReadableDB } from '../db/open'
import { withDatabase } from './database'

/**
 * Evaluates the licence verdicts of `today` (ISO date, local) in the member summary of `dbFile`
 * when `reader`, a connection to it, finds them of another day or never evaluated (a database of
 * an earlier version; `refreshMemberSummary`: on a new day only the persons whose verdict could
 * have changed). A sync does it when it ends; this is for reading on a later day without one.
 * @returns whether it evaluated. @throws SchemaTooNewError, DatabaseKeyError, SQLite's errors.
 */
export function ensureVerdicts(dbFile: string, reader: ReadableDB, today: string): boolean {
  if (memberSummaryDate(reader) === today) return false
  const db = openDatabase(dbFile)
  try {
    refreshMemberSummary(db, today, [])
  } finally {
    db.close()
  }
  return true
}

/**
 * `withDatabase` for reads of lists that show or filter by licence verdicts (members, renewal
 * lists): evaluates those of `today` first (`ensureVerdicts`). @throws as both.
 */
export function withVerdicts<T>(dbFile: string, today: string, use: (db: ReadableDB) => T): T {
  return withDatabase(dbFile, (db) => {
    ensureVerdicts(dbFile, db, today)
    return use(db)
  })
}
