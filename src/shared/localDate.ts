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

/**
 * The calendar date `days` days after (before, when negative) the ISO date `isoDate`, in UTC
 * arithmetic (no time zone shifts a date); null when `isoDate` is no calendar date or the result
 * lies outside the dates `Date` can hold.
 */
export function addDays(isoDate: string, days: number): string | null {
  const ms = isCalendarDate(isoDate) && Number.isSafeInteger(days) ? Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000 : NaN
  // Date's range ends in the year 275760; beyond it toISOString throws.
  if (!(Math.abs(ms) <= 8.64e15)) return null
  const shifted = new Date(ms).toISOString().slice(0, 10)
  return isCalendarDate(shifted) ? shifted : null
}

/** Days from the ISO date `from` to the ISO date `to` (negative when `to` is earlier), in UTC arithmetic as `addDays`. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}
