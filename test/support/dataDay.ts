import { EXPIRING_WITHIN_DAYS } from '../../src/shared/licenceValidity'
import { helsinkiLocalDateTime } from '../../src/shared/helsinkiTime'
import { addDays } from '../../src/shared/localDate'

/**
 * A day (ISO date) on which the sandbox's data hold licences judged `valid` (DESIGN §3b): today in
 * Helsinki, the registry's calendar, except in the last EXPIRING_WITHIN_DAYS days of the year. The
 * sandbox's licence periods are calendar years and its data those of the current month in Helsinki
 * (src/sandbox/README.md), so in December every licence held ends within those days and is
 * `expiring`; the day is then the last one before that. Today in Helsinki, not on this machine's
 * clock: after midnight of New Year's Eve in Helsinki the data are January's, while a machine on UTC
 * is still in December. Tests that need members of each verdict judge on it.
 */
export function dayWithValidLicences(now: Date = new Date()): string {
  const today = helsinkiLocalDateTime(now.getTime()).slice(0, 10)
  const lastValid = addDays(`${today.slice(0, 4)}-12-31`, -EXPIRING_WITHIN_DAYS - 1)!
  return today < lastValid ? today : lastValid
}
