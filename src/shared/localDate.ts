/**
 * The calendar date of `now` in the computer's local time zone, as an ISO date (YYYY-MM-DD): the
 * day on which licence and insurance status is evaluated (DESIGN §3b). A date, not an instant.
 */
export function localDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** True when `value` is an ISO date (YYYY-MM-DD) that exists in the calendar: not 2026-02-30. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}
