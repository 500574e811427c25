import { localDate } from '../../shared/localDate'
import type { RenewalList, RenewalListKind } from '../../shared/renewalLists'
import { readRenewalList } from '../db/renewalLists'
import { withDatabase } from './database'

/**
 * A whole renewal list (issue 7 "Expiry and renewal lists") on `today` (ISO date, local; default
 * today), every row: the one implementation behind `kanslia renewals`; see `readRenewalList`.
 * Evaluate the day's licence verdicts first (`evaluateVerdicts`).
 * @param days how far ahead the endings are looked for (licence-ending, insurance-ending).
 * @throws UserFacingError `no-database`.
 */
export function renewalList(dbFile: string, kind: RenewalListKind, days: number, today: string = localDate()): RenewalList {
  return withDatabase(dbFile, (db) => readRenewalList(db, kind, today, days))
}
