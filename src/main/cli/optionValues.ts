import { InvalidArgumentError } from 'commander'
import { httpUrl as httpUrlSchema } from '../config/connection'
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
