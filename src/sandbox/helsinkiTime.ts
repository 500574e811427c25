/**
 * Renders instants the way the registry does: Europe/Helsinki local time with its offset
 * (`+02:00` in winter, `+03:00` in summer) and 6 fractional digits, e.g.
 * `2026-01-15T09:31:02.123456+02:00`. Clients must parse these as instants (spec v2 §2
 * "datetime"), not compare them as strings. The EU summer-time rule is computed directly
 * (last Sunday of March 01:00 UTC to last Sunday of October 01:00 UTC) because Intl is far too
 * slow for 150,000 values per page.
 */
import type { InstantMicros } from '../shared/instant'
import { flatString } from './flatString'

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

/** Formats microseconds since the epoch as Helsinki local time with offset and 6 fraction digits, flat for keeping. */
export function formatHelsinkiInstant(micros: InstantMicros): string {
  return flatString(helsinkiInstantText(micros))
}

/**
 * `formatHelsinkiInstant` for a text rendered into one answer and dropped: flattening it would
 * cost more than it saves (a third of rendering a page of user licences with sport parameters).
 */
export function helsinkiInstantText(micros: InstantMicros): string {
  const ms = Math.floor(micros / 1000)
  const offset = helsinkiOffsetMinutes(ms)
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19)
  const fraction = String(micros - Math.floor(micros / 1_000_000) * 1_000_000).padStart(6, '0')
  return `${local}.${fraction}+0${offset / 60}:00`
}

/** Formats milliseconds since the epoch as a Helsinki `yyyy-mm-ddTHH:MM:SS` (spec "datetime-only"). */
export function formatHelsinkiLocalDateTime(ms: number): string {
  return flatString(new Date(ms + helsinkiOffsetMinutes(ms) * 60_000).toISOString().slice(0, 19))
}

/** The Helsinki calendar date (`yyyy-mm-dd`, spec "date-only") at milliseconds since the epoch: the registry's "today". */
export function formatHelsinkiDate(ms: number): string {
  return formatHelsinkiLocalDateTime(ms).slice(0, 10)
}
