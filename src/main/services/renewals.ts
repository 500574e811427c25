import { localDate } from '../../shared/localDate'
import type { RenewalList, RenewalListKind } from '../../shared/renewalLists'
import { readRenewalEmails, readRenewalList } from '../db/renewalLists'
import { withDatabase } from './database'

/**
 * A whole renewal list (issue 7 "Expiry and renewal lists") on `today` (ISO date, local; default
 * today), every row: the one implementation behind `kanslia renewals`; see `readRenewalList`.
 * @param days how far ahead the endings are looked for (licence-ending, insurance-ending).
 * @throws UserFacingError `no-database`.
 */
export function renewalList(dbFile: string, kind: RenewalListKind, days: number, today: string = localDate()): RenewalList {
  return withDatabase(dbFile, (db) => readRenewalList(db, kind, today, days))
}

/**
 * The addresses to write to about a whole renewal list (each adult's own, each minor's guardians'
 * and own, once each, in the list's order); see `readRenewalEmails`.
 * @throws UserFacingError `no-database`.
 */
export function renewalListEmails(dbFile: string, kind: RenewalListKind, days: number, today: string = localDate()): string[] {
  return withDatabase(dbFile, (db) => readRenewalEmails(db, kind, today, days))
}
