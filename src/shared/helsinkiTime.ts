/**
 * Europe/Helsinki local time, the time of the registry's events and of the times it writes without
 * an offset (spec "datetime-only"). The EU summer-time rule is computed directly (last Sunday of
 * March 01:00 UTC to last Sunday of October 01:00 UTC) because Intl is far too slow for 150,000
 * values per page (the sandbox renders them).
 */
const summerStartCache = new Map<number, number>()
const summerEndCache = new Map<number, number>()

function lastSundayAt0100Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0))
  const day = lastDay.getUTCDate() - lastDay.getUTCDay()
  return Date.UTC(year, month, day, 1)
}

/** Offset of Europe/Helsinki from UTC in minutes (120 or 180) at `ms` milliseconds since epoch. */
export function helsinkiOffsetMinutes(ms: number): number {
  const year = new Date(ms).getUTCFullYear()
  let start = summerStartCache.get(year)
  if (start === undefined) summerStartCache.set(year, (start = lastSundayAt0100Utc(year, 2)))
  let end = summerEndCache.get(year)
  if (end === undefined) summerEndCache.set(year, (end = lastSundayAt0100Utc(year, 9)))
  return ms >= start && ms < end ? 180 : 120
}

/** Milliseconds since the epoch as Helsinki local time `yyyy-mm-ddTHH:MM:SS` (spec "datetime-only"). */
export function helsinkiLocalDateTime(ms: number): string {
  return new Date(ms + helsinkiOffsetMinutes(ms) * 60_000).toISOString().slice(0, 19)
}
