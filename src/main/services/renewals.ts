import { localDate } from '../../shared/localDate'
import type { RenewalList, RenewalQuery } from '../../shared/renewalLists'
import { readRenewalList, readsVerdicts } from '../db/renewalLists'
import { withDatabase } from './database'
import { withCurrentVerdicts } from './verdicts'

/**
 * A whole renewal list (issue 7 "Expiry and renewal lists") on `today` (ISO date, local; default
 * today), every row: the one implementation behind `kanslia renewals`; see `readRenewalList`.
 * Evaluate the day's licence verdicts first (`evaluateVerdicts`).
 * @param query the list's kind, how many days ahead endings are looked for (licence-ending,
 *   insurance-ending), and the club whose members alone it lists, when given.
 * @throws UserFacingError `no-database`; `verdicts-pending` for a list of verdicts while some are
 *   (`withCurrentVerdicts`: a sync marked members after they were evaluated).
 */
export function renewalList(dbFile: string, { kind, days, clubId, areaId }: RenewalQuery, today: string = localDate()): RenewalList {
  return withDatabase(dbFile, (db) => {
    const read = () => readRenewalList(db, kind, today, days, { clubId, areaId })
    return readsVerdicts(kind) ? withCurrentVerdicts(db, today, read) : read()
  })
}
