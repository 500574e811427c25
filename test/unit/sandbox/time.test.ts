import { describe, expect, it } from 'vitest'
import { StoreClock } from '../../../src/sandbox/clock'
import { formatHelsinkiDate, formatHelsinkiInstant, formatHelsinkiLocalDateTime } from '../../../src/sandbox/helsinkiTime'
import { parseInstant } from '../../../src/shared/instant'

describe('Helsinki rendering of instants', () => {
  it('uses +02:00 in winter and +03:00 in summer with 6 fraction digits', () => {
    const winter = parseInstant('2026-01-15T07:31:02.123456Z')
    expect(formatHelsinkiInstant(winter)).toBe('2026-01-15T09:31:02.123456+02:00')
    const summer = parseInstant('2026-07-01T09:00:00.000001Z')
    expect(formatHelsinkiInstant(summer)).toBe('2026-07-01T12:00:00.000001+03:00')
  })

  it('switches at 01:00 UTC on the last Sundays of March and October', () => {
    expect(formatHelsinkiInstant(parseInstant('2026-03-29T00:59:59.999999Z'))).toBe('2026-03-29T02:59:59.999999+02:00')
    expect(formatHelsinkiInstant(parseInstant('2026-03-29T01:00:00Z'))).toBe('2026-03-29T04:00:00.000000+03:00')
    expect(formatHelsinkiInstant(parseInstant('2026-10-25T00:59:59Z'))).toBe('2026-10-25T03:59:59.000000+03:00')
    expect(formatHelsinkiInstant(parseInstant('2026-10-25T01:00:00Z'))).toBe('2026-10-25T03:00:00.000000+02:00')
  })

  it('round-trips through parseInstant', () => {
    for (const micros of [0, 1_769_000_000_123_456, 1_785_000_000_000_001]) {
      expect(parseInstant(formatHelsinkiInstant(micros))).toBe(micros)
    }
  })

  it('renders datetime-only values in Helsinki local time', () => {
    expect(formatHelsinkiLocalDateTime(Date.UTC(2026, 0, 15, 7, 0, 0))).toBe('2026-01-15T09:00:00')
  })

  it("gives the Helsinki date, already tomorrow's there late in the UTC evening (a registration's date, spec v2 §2.15)", () => {
    expect(formatHelsinkiDate(Date.UTC(2026, 10, 25, 22, 30))).toBe('2026-11-26')
    expect(formatHelsinkiDate(Date.UTC(2026, 6, 1, 20, 59))).toBe('2026-07-01')
    expect(formatHelsinkiDate(Date.UTC(2026, 6, 1, 21, 0))).toBe('2026-07-02')
  })
})

describe('StoreClock', () => {
  it('is strictly increasing even within one millisecond and never behind its floor', () => {
    const floor = (Date.now() + 60_000) * 1000
    const clock = new StoreClock(floor)
    let last = floor
    for (let i = 0; i < 10_000; i++) {
      const t = clock.tick()
      expect(t).toBeGreaterThan(last)
      last = t
    }
  })
})
