import { describe, expect, it } from 'vitest'
import { formatInstant, InvalidInstantError, parseInstant } from '../../../src/shared/instant'

describe('parseInstant (DESIGN §3 rule 1)', () => {
  it('reads +02:00 offsets as the same instant as Z', () => {
    expect(parseInstant('2026-01-15T09:31:02.123456+02:00')).toBe(parseInstant('2026-01-15T07:31:02.123456Z'))
    expect(parseInstant('2026-01-15T09:31:02+0200')).toBe(parseInstant('2026-01-15T07:31:02Z'))
    expect(parseInstant('2026-01-15T02:31:02-05:00')).toBe(parseInstant('2026-01-15T07:31:02Z'))
  })

  it('keeps microseconds and accepts 1 to 9 fractional digits', () => {
    const base = parseInstant('2026-01-15T07:31:02Z')
    expect(parseInstant('2026-01-15T07:31:02.1Z')).toBe(base + 100_000)
    expect(parseInstant('2026-01-15T07:31:02.000001Z')).toBe(base + 1)
    expect(parseInstant('2026-01-15T07:31:02.123456789Z')).toBe(base + 123_456)
  })

  it('orders instants where string comparison would not', () => {
    const a = '2026-01-15T09:00:00.5+02:00' // 07:00:00.5Z
    const b = '2026-01-15T08:00:00.1Z'
    expect(a > b).toBe(true)
    expect(parseInstant(a)).toBeLessThan(parseInstant(b))
  })

  it('reads a value without offset as UTC', () => {
    expect(parseInstant('2026-01-15T07:31:02')).toBe(Date.UTC(2026, 0, 15, 7, 31, 2) * 1000)
  })

  it('rejects what is not a date-time', () => {
    for (const bad of ['', 'yesterday', '2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-01-01']) {
      expect(() => parseInstant(bad)).toThrow(InvalidInstantError)
    }
  })

  it('reads every form the API may send and names only real days', () => {
    const base = parseInstant('2026-01-15T07:31:02Z')
    expect(parseInstant('2026-01-15 07:31:02z')).toBe(base)
    expect(parseInstant(' 2026-01-15T07:31:02,5Z\n')).toBe(base + 500_000)
    expect(parseInstant('2026-01-15T09:31:02+02')).toBe(base)
    expect(parseInstant('2026-01-15T07:31Z')).toBe(base - 2_000_000)
    expect(parseInstant('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29) * 1000)
    expect(parseInstant('2000-02-29T00:00:00Z')).toBe(Date.UTC(2000, 1, 29) * 1000)
    expect(parseInstant('0099-12-31T00:00:00Z')).toBe(new Date('0099-12-31T00:00:00Z').getTime() * 1000)
    // A leap second is the first second of the next minute (POSIX time has none).
    expect(parseInstant('2016-12-31T23:59:60Z')).toBe(Date.UTC(2017, 0, 1) * 1000)
    for (const bad of ['2100-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-01-15T24:00:00Z', '2026-01-15T07:60:00Z',
      '2026-01-15T07:31:61Z', '2026-01-15T07:31:02.Z', '2026-01-15T07:31:02.1234567890Z', '2026-01-15T07:31:02+02:',
      '2026-01-15T07:31:02+2', '2026-01-15T07:31:02Zx', '2026-01-15X07:31:02Z', '26-01-15T07:31:02Z']) {
      expect(() => parseInstant(bad), bad).toThrow(InvalidInstantError)
    }
  })

  it('round-trips through formatInstant', () => {
    const v = parseInstant('2026-07-01T12:00:00.654321+03:00')
    expect(formatInstant(v)).toBe('2026-07-01T09:00:00.654321Z')
    expect(parseInstant(formatInstant(v))).toBe(v)
  })
})
