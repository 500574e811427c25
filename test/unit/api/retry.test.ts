import { describe, expect, it } from 'vitest'
import { backoffMs, MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../../src/main/api/retry'

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP-dates', () => {
    const now = Date.parse('2026-01-15T08:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('Thu, 15 Jan 2026 08:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Thu, 15 Jan 2026 07:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(['2'], now)).toBe(2000)
    // The obsolete RFC 850 form RFC 9110 §5.6.7 still asks recipients to read.
    expect(parseRetryAfter('Thursday, 15-Jan-26 08:00:05 GMT', now)).toBe(5000)
  })

  it('ignores absent or malformed values and caps long waits', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined()
    expect(parseRetryAfter('soon')).toBeUndefined()
    // Neither delay-seconds (whole numbers) nor an HTTP-date, though Date.parse reads them as dates.
    for (const value of ['1.5', '-3', '2026-01-15', '12 30']) expect(parseRetryAfter(value), value).toBeUndefined()
    expect(parseRetryAfter('99999')).toBe(MAX_RETRY_AFTER_MS)
  })
})

describe('backoffMs', () => {
  it('doubles per attempt with jitter between half and the full step, capped at 30 s', () => {
    expect(backoffMs(1, 250, () => 0)).toBe(125)
    expect(backoffMs(1, 250, () => 1)).toBe(250)
    expect(backoffMs(3, 250, () => 1)).toBe(1000)
    expect(backoffMs(20, 250, () => 1)).toBe(30_000)
  })
})
