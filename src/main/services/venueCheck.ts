import { isCalendarDate, localDate } from '../../shared/localDate'
import type { StartListResult, VenueCheckResult } from '../../shared/venueCheck'
import { checkAtVenue, checkStartList, type StartListProgress } from '../db/venueCheck'
import { withDatabase } from './database'
import { UserFacingError } from './errors'

/**
 * The venue check (issue 7): whether the member `text` names (Sport-ID, or a name to search)
 * holds a licence valid on `date` (ISO date; default today, local), by DESIGN §3b, from the local
 * data only. The one implementation behind `kanslia check` and the desktop app.
 * @throws UserFacingError `bad-input` for a date that is not YYYY-MM-DD or not in the calendar; `no-database` when the
 *   database does not exist.
 */
export function venueCheck(dbFile: string, text: string, date: string = localDate()): VenueCheckResult {
  requireCalendarDate(date)
  return withDatabase(dbFile, (db) => checkAtVenue(db, text, date))
}

/**
 * The venue check of a whole start list (issue 7 list mode) from `dbFile`, for `kanslia
 * start-list`: `checkStartList`, what the desktop app's list mode shows, each non-empty line
 * naming one member by a Sport-ID or by words, judged on `date` (ISO date; default today, local);
 * `onProgress` is told how far it is (see `checkStartList`).
 * @throws UserFacingError `bad-input` for a date that is not YYYY-MM-DD or not in the calendar;
 *   `no-database` when the database does not exist.
 */
export function startListCheck(dbFile: string, lines: readonly string[], date: string = localDate(), onProgress?: StartListProgress): StartListResult {
  requireCalendarDate(date)
  return withDatabase(dbFile, (db) => checkStartList(db, lines, date, onProgress))
}

function requireCalendarDate(date: string): void {
  if (!isCalendarDate(date)) throw new UserFacingError('bad-input', `the date must be a day of the calendar, YYYY-MM-DD, got "${date}"`)
}
