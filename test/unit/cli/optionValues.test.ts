import { InvalidArgumentError } from 'commander'
import { describe, expect, it } from 'vitest'
import { calendarDate, clientId, eventDateTime, httpUrl, integerIn } from '../../../src/main/cli/optionValues'

describe('option values of the CLI', () => {
  it('integerIn takes plain decimal digits within its range and nothing Number() would also read', () => {
    const limit = integerIn(1, 100_000)
    expect(limit('1')).toBe(1)
    expect(limit('0100')).toBe(100)
    expect(limit('100000')).toBe(100_000)
    for (const value of ['0x7D0', '1e3', '0b11', '0o7', ' 5', '5 ', '+5', '-1', '1.0', '1_000', '', 'Infinity', '0', '100001']) {
      expect(() => limit(value), JSON.stringify(value)).toThrow(InvalidArgumentError)
    }
    expect(() => limit('1e3')).toThrow('must be a whole number from 1 to 100,000, in decimal digits')
    expect(() => integerIn(0, 366, 'days')('367')).toThrow('must be a whole number of days from 0 to 366, in decimal digits')
    expect(() => integerIn(1)('0')).toThrow('must be a whole number ≥ 1, in decimal digits')
    expect(() => integerIn(1)('99999999999999999999')).toThrow(InvalidArgumentError)
  })

  it('calendarDate takes a day of the calendar as YYYY-MM-DD only', () => {
    expect(calendarDate('2028-02-29')).toBe('2028-02-29')
    for (const value of ['2026-02-30', '15.6.2026', '2026-6-15', 'today']) expect(() => calendarDate(value), value).toThrow(InvalidArgumentError)
  })

  it("eventDateTime takes an event's local day of the calendar, with a time or without", () => {
    expect(eventDateTime('2026-12-05T10:00')).toEqual({ date: '2026-12-05', time: '10:00' })
    expect(eventDateTime('2026-12-05')).toEqual({ date: '2026-12-05' })
    for (const value of ['2026-02-30T10:00', '2026-02-30', 'tomorrow']) expect(() => eventDateTime(value), value).toThrow(InvalidArgumentError)
  })

  it('clientId takes a client id trimmed as a saved profile keeps it, never an empty one', () => {
    expect(clientId(' kanslia-club ')).toBe('kanslia-club')
    for (const value of ['', '   ']) expect(() => clientId(value), JSON.stringify(value)).toThrow('must not be empty')
  })

  it('httpUrl takes an http(s) URL, normalised as a saved profile is', () => {
    expect(httpUrl(' https://registry.example.fi/api/public/v2/ ')).toBe('https://registry.example.fi')
    for (const value of ['registry.example.fi', 'ftp://registry.example.fi', '']) expect(() => httpUrl(value), value).toThrow(InvalidArgumentError)
  })
})
