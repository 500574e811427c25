import { localDate } from '../../shared/localDate'
import type { RenewalList, RenewalListKind } from '../../shared/renewalLists'
import { readRenewalList } from '../db/renewalLists'
import { withVerdicts } from './verdicts'

/**
 * A whole renewal list (issue 7 "Expiry and renewal lists") on `today` (ISO date, local; default
 * today), every row: the one implementation behind `kanslia renewals`; see `readRenewalList`.
 * Evaluates the day's licence verdicts first (`withVerdicts`).
 * @param days how far ahead the endings are looked for (licence-ending, insurance-ending).
 * @throws UserFacingError `no-database`.
 */
export function renewalList(dbFile: string, kind: RenewalListKind, days: number, today: string = localDate()): RenewalList {
  return withVerdicts(dbFile, today, (db) => readRenewalList(db, kind, today, days))
}
