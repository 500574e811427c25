import { EXPIRING_WITHIN_DAYS } from '../../src/shared/licenceValidity'
import { addDays, localDate } from '../../src/shared/localDate'

/**
 * A day (ISO date) on which the sandbox's data hold licences judged `valid` (DESIGN §3b): today,
 * except in the last EXPIRING_WITHIN_DAYS days of the year. The sandbox's licence periods are
 * calendar years and its data those of the current UTC month (src/sandbox/README.md), so in
 * December every licence held ends within those days and is `expiring`; the day is then the last
 * one before that. Tests that need members of each verdict judge on it.
 */
export function dayWithValidLicences(now: Date = new Date()): string {
  const today = localDate(now)
  const lastValid = addDays(`${now.getUTCFullYear()}-12-31`, -EXPIRING_WITHIN_DAYS - 1)!
  return today < lastValid ? today : lastValid
}
