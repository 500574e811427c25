import { localDate } from '../../shared/localDate'
import type { Reports } from '../../shared/reports'
import { readReports } from '../db/reports'
import { withDatabase } from './database'
import { UserFacingError } from './errors'

/**
 * The reports of issue 7 (see `readReports`) for licence period `licencePeriodId`, or the one
 * `today` (ISO date, local; default today) is in: the one implementation behind `kanslia reports`.
 * @throws UserFacingError `no-database`; `bad-input` for a licence period the database does not
 *   hold, rather than reports that read as empty.
 */
export function reportsOf(dbFile: string, licencePeriodId?: number, today: string = localDate()): Reports {
  const reports = withDatabase(dbFile, (db) => readReports(db, today, licencePeriodId))
  if (licencePeriodId !== undefined && reports.licencePeriod === null) {
    throw new UserFacingError('bad-input', `licence period ${licencePeriodId} is not in the database; \`kanslia export licence-periods\` lists the periods synced`)
  }
  return reports
}
