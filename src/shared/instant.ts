/**
 * Instants of the API (`modificationTime`, `ts`): ISO 8601 date-times that may carry an offset
 * (`Z`, `+02:00`, `+0200`) and 0–9 fractional digits (spec v2 §2 "datetime"). String comparison of
 * such values is wrong (DESIGN §3 rule 1), so the engine compares integer microseconds since the
 * Unix epoch (UTC). Microseconds up to year 2255 fit a double exactly (< 2^53).
 */

/** Integer microseconds since 1970-01-01T00:00:00Z. */
export type InstantMicros = number

const INSTANT_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/

/** Thrown when a value is not an ISO 8601 date-time. `value` is the offending input. */
export class InvalidInstantError extends Error {
  constructor(readonly value: unknown) {
    super(`not an ISO 8601 date-time: ${JSON.stringify(value)?.slice(0, 80)}`)
    this.name = 'InvalidInstantError'
  }
}

/**
 * Parses an API date-time into microseconds since the epoch.
 * A value without an offset is read as UTC: the spec does not say which zone such a value uses
 * (this is the one place the choice is made). Digits beyond microseconds are truncated.
 * @throws InvalidInstantError when `value` is not an ISO 8601 date-time.
 */
export function parseInstant(value: string): InstantMicros {
  const m = typeof value === 'string' ? INSTANT_RE.exec(value.trim()) : null
  if (!m) throw new InvalidInstantError(value)
  const [, y, mo, d, h, mi, s = '0', frac = '', zone] = m
  const month = Number(mo)
  const day = Number(d)
  const hour = Number(h)
  const minute = Number(mi)
  const second = Number(s)
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    throw new InvalidInstantError(value)
  }
  const ms = Date.UTC(Number(y), month - 1, day, hour, minute, second)
  if (Number.isNaN(ms) || new Date(ms).getUTCDate() !== day) throw new InvalidInstantError(value)
  let offsetMinutes = 0
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'))
  }
  const micros = Number((frac + '000000').slice(0, 6))
  return (ms - offsetMinutes * 60_000) * 1000 + micros
}

/** Formats microseconds since the epoch as `yyyy-mm-ddTHH:MM:SS.ffffffZ` (UTC, 6 digits). */
export function formatInstant(micros: InstantMicros): string {
  const ms = Math.floor(micros / 1000)
  const rest = micros - ms * 1000
  const iso = new Date(ms).toISOString()
  return `${iso.slice(0, 23)}${String(rest).padStart(3, '0')}Z`
}
