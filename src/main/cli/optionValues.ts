import { InvalidArgumentError } from 'commander'
import { clientId as clientIdSchema, httpUrl as httpUrlSchema } from '../config/connection'
import { defaultDatabaseFile, isDemoDatabase } from '../config/paths'
import type { OrderRef } from '../services/outbox'
import type { EventDateTime } from '../../shared/api/v3'
import { isCalendarDate } from '../../shared/localDate'

/*
 * Parsers of the CLI's option and argument values. Each throws commander's InvalidArgumentError,
 * so every bad value takes one path: commander names the option and the value, the program's
 * outputError says it in one line with the `--help` to read, and `main` exits 2 (README, "The
 * command line").
 */

/**
 * A whole number `min`…`max` written in plain decimal digits (`2000`, not `2e3` or `0x7D0`, which
 * `Number` would take), `unit` naming what it counts (e.g. `days`).
 * @returns a parser of one option value to the number.
 * @throws InvalidArgumentError (from the parser) for anything else, the range in its words.
 */
export function integerIn(min: number, max: number = Number.MAX_SAFE_INTEGER, unit?: string): (value: string) => number {
  const what = unit ? `a whole number of ${unit}` : 'a whole number'
  const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max.toLocaleString('en')}`
  return (value) => {
    const n = /^\d+$/.test(value) ? Number(value) : NaN
    if (!(n >= min && n <= max)) throw new InvalidArgumentError(`must be ${what} ${range}, in decimal digits`)
    return n
  }
}

/**
 * A day of the calendar as YYYY-MM-DD (not 2026-02-30).
 * @throws InvalidArgumentError for anything else.
 */
export function calendarDate(value: string): string {
  if (!isCalendarDate(value)) throw new InvalidArgumentError('must be a day of the calendar, YYYY-MM-DD')
  return value
}

/**
 * An http(s) URL of the connection, normalised as the saved profile is (`httpUrl` of the config).
 * @throws InvalidArgumentError for anything else.
 */
export function httpUrl(value: string): string {
  const parsed = httpUrlSchema.safeParse(value)
  if (!parsed.success) throw new InvalidArgumentError('must be an http(s) URL, e.g. https://registry.example.fi')
  return parsed.data
}

/**
 * A client id of the connection (spec v2 §5), trimmed as a saved profile keeps it.
 * @throws InvalidArgumentError for an empty one.
 */
export function clientId(value: string): string {
  const parsed = clientIdSchema.safeParse(value)
  if (!parsed.success) throw new InvalidArgumentError('must not be empty')
  return parsed.data
}

/** `--users 1,2,3`: comma-separated user ids. */
export function userIds(value: string): number[] {
  const parts = value.split(',').map((part) => part.trim())
  if (parts.some((part) => !/^\d+$/.test(part))) throw new InvalidArgumentError('must be user ids separated by commas, e.g. 101,102,103')
  return parts.map(Number)
}

/** `--input`: a JSON object (an outbox item's input, as `outbox --json` prints its payload). */
export function jsonObject(value: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (error) {
    throw new InvalidArgumentError(`must be JSON: ${(error as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidArgumentError('must be a JSON object, e.g. {"meritId":12,"grant":{…}}')
  return parsed as Record<string, unknown>
}

/** `--registration`: a registration id, or `outbox:N` for a registration still in the outbox (its item N). */
export function registrationRef(value: string): { eventRegistrationId: number } | { outboxItemId: number } {
  const match = /^(outbox:)?(\d+)$/.exec(value.trim())
  if (!match) throw new InvalidArgumentError('must be a registration id, or outbox:N for a registration still in the outbox')
  return match[1] ? { outboxItemId: Number(match[2]) } : { eventRegistrationId: Number(match[2]) }
}

/** `--order`: an order id, or `outbox:N` for an order still in the outbox (its `order-create` item N). */
export function orderRef(value: string): OrderRef {
  const match = /^(outbox:)?(\d+)$/.exec(value.trim())
  if (!match) throw new InvalidArgumentError('must be an order id, or outbox:N for an order still in the outbox')
  return match[1] ? { outboxItemId: Number(match[2]) } : { orderId: Number(match[2]) }
}

/** `--start 2026-12-05T10:00` or `--start 2026-12-05`: an event's local date and optional time (spec v3 EventDateTime). */
export function eventDateTime(value: string): EventDateTime {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?$/.exec(value.trim())
  if (!match || !isCalendarDate(match[1])) throw new InvalidArgumentError('must be YYYY-MM-DD or YYYY-MM-DDTHH:MM (local time of the event)')
  return match[2] ? { date: match[1], time: match[2] } : { date: match[1] }
}

/**
 * `--db` of `sync` and `push`, which reach a registry: any file but the demo database, encrypted
 * with a public key (`DEMO_DATABASE_KEY`), fit only for the demo federation's made-up people (its
 * outbox's changes are made up too). `kanslia demo` fills it from the embedded sandbox.
 * @throws InvalidArgumentError for the demo database (nothing is opened or created).
 */
export function registryDatabase(dbFile: string): string {
  if (isDemoDatabase(dbFile)) {
    throw new InvalidArgumentError(`it is the demo database, encrypted with a public key for the demo federation's made-up people: a registry's data goes to another file (by default ${defaultDatabaseFile()})`)
  }
  return dbFile
}
