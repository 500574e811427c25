/**
 * Renders instants the way the registry does: Europe/Helsinki local time with its offset
 * (`+02:00` in winter, `+03:00` in summer) and 6 fractional digits, e.g.
 * `2026-01-15T09:31:02.123456+02:00`. Clients must parse these as instants (spec v2 §2
 * "datetime"), not compare them as strings. The rule of Helsinki time is `shared/helsinkiTime.ts`.
 */
import type { InstantMicros } from '../shared/instant'
import { helsinkiLocalDateTime, helsinkiOffsetMinutes } from '../shared/helsinkiTime'
import { flatString } from './flatString'

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
  return flatString(helsinkiLocalDateTime(ms))
}

/** The Helsinki calendar date (`yyyy-mm-dd`, spec "date-only") at milliseconds since the epoch: the registry's "today". */
export function formatHelsinkiDate(ms: number): string {
  return formatHelsinkiLocalDateTime(ms).slice(0, 10)
}
