import { describe, expect, it } from 'vitest'
import { parseHttpDate } from '../../../src/main/api/httpDate'

describe('parseHttpDate (RFC 9110 §5.6.7)', () => {
  const instant = Date.parse('1994-11-06T08:49:37Z')

  it('reads the IMF-fixdate servers send, and the obsolete RFC 850 and asctime forms, all as UTC', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(instant)
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', Date.parse('2020-01-01T00:00:00Z'))).toBe(instant)
    // Date.parse reads asctime in the local zone.
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(instant)
    expect(parseHttpDate(['Sun, 06 Nov 1994 08:49:37 GMT', 'Mon, 07 Nov 1994 08:49:37 GMT'])).toBe(instant)
    expect(parseHttpDate(' Sun, 06 Nov 1994 08:49:37 GMT ')).toBe(instant)
  })

  it('takes a two-digit RFC 850 year more than 50 years ahead for the century before', () => {
    const now = Date.parse('2026-06-01T00:00:00Z')
    expect(parseHttpDate('Thursday, 15-Jan-26 08:00:05 GMT', now)).toBe(Date.parse('2026-01-15T08:00:05Z'))
    expect(parseHttpDate('Friday, 01-Jan-77 00:00:00 GMT', now)).toBe(Date.parse('1977-01-01T00:00:00Z'))
    expect(parseHttpDate('Tuesday, 01-Jan-76 00:00:00 GMT', now)).toBe(Date.parse('2076-01-01T00:00:00Z'))
  })

  it('reads a leap second as the first second of the next minute', () => {
    expect(parseHttpDate('Wed, 31 Dec 2016 23:59:60 GMT')).toBe(Date.parse('2017-01-01T00:00:00Z'))
  })

  it('refuses what is absent, not an HTTP-date, or no real day or time', () => {
    for (const value of [undefined, '', '1.5', '2026-01-15T08:00:00Z', 'Sun, 06 Nov 1994 08:49:37 +0200', 'Sun, 6 Nov 1994 08:49:37 GMT', 'Sun, 06 Nov 1994 08:49:37', 'Sun, 31 Feb 1994 08:49:37 GMT', 'Sun, 06 Nov 1994 24:00:00 GMT', 'Sun, 06 Foo 1994 08:49:37 GMT', 'soon']) {
      expect(parseHttpDate(value), String(value)).toBeUndefined()
    }
  })
})
