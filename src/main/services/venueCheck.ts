import { isCalendarDate, localDate } from '../../shared/localDate'
import type { VenueCheckResult } from '../../shared/venueCheck'
import { checkAtVenue } from '../db/venueCheck'
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
  if (!isCalendarDate(date)) {
    throw new UserFacingError('bad-input', `the date must be a day of the calendar, YYYY-MM-DD, got "${date}"`)
  }
  return withDatabase(dbFile, (db) => checkAtVenue(db, text, date))
}
