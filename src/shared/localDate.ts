/**
 * The calendar date of `now` in the computer's local time zone, as an ISO date (YYYY-MM-DD): the
 * day on which licence and insurance status is evaluated (DESIGN §3b). A date, not an instant.
 */
export function localDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}
