/**
 * HTTP-dates (RFC 9110 §5.6.7), as in the `Date` and `Retry-After` headers: the IMF-fixdate
 * servers send (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms a recipient must still
 * read, RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`). All
 * are UTC with whole seconds. undici parses them too, but only in a module it does not export;
 * `Date.parse` reads asctime in the local zone, rolls 31 Feb over into March and takes "1.5" for
 * a date.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/
const RFC_850 = /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (\d{2})-([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/
const ASCTIME = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/

/**
 * Reads an HTTP-date (the first value of a repeated header) into milliseconds since the epoch.
 * A two-digit RFC 850 year more than 50 years ahead of `nowMs` is of the century before (RFC 9110
 * §5.6.7); a second of 60 (a leap second) is the first second of the next minute.
 * @returns undefined when `value` is absent, not an HTTP-date, or names no real day or time.
 */
export function parseHttpDate(value: string | string[] | undefined, nowMs: number = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!text) return undefined
  let match = IMF_FIXDATE.exec(text)
  if (match) return utc(Number(match[3]), match[2], Number(match[1]), match.slice(4, 7))
  match = RFC_850.exec(text)
  if (match) {
    const nowYear = new Date(nowMs).getUTCFullYear()
    let year = nowYear - (nowYear % 100) + Number(match[3])
    if (year > nowYear + 50) year -= 100
    return utc(year, match[2], Number(match[1]), match.slice(4, 7))
  }
  match = ASCTIME.exec(text)
  if (match) return utc(Number(match[6]), match[1], Number(match[2].trim()), match.slice(3, 6))
  return undefined
}

/** The instant of a UTC day and `[hh, mm, ss]`, or undefined when the month is unknown or the day or time out of range. */
function utc(year: number, monthName: string, day: number, [hh, mm, ss]: string[]): number | undefined {
  const month = MONTHS.indexOf(monthName)
  const [hour, minute, second] = [Number(hh), Number(mm), Number(ss)]
  if (month < 0 || day < 1 || hour > 23 || minute > 59 || second > 60) return undefined
  const ms = Date.UTC(year, month, day, hour, minute, second)
  // Date.UTC rolls 31 Feb over into March.
  return new Date(Date.UTC(year, month, day)).getUTCDate() === day ? ms : undefined
}
