import { describe, expect, it } from 'vitest'
import { pageSizeOf, readEnvelope, sortElements } from '../../../src/main/sync/elements'
import { ApiError } from '../../../src/main/api/errors'

describe('sortElements: instants on the engine path (DESIGN §3 rule 1)', () => {
  it('parses offsets and 1–9 fraction digits to µs, and finds the newest by instant, not by string', () => {
    const { received, newestUs, skipped } = sortElements([
      { id: 1, modificationTime: '2026-01-15T09:31:02.123456+02:00' },
      { id: 2, modificationTime: '2026-01-15T07:31:02.1Z' },
      { id: 3, modificationTime: '2026-01-15T07:31:02.123456789Z' },
      { id: 4, modificationTime: '2026-07-15T10:31:02.12+03:00' }
    ])
    expect(skipped).toBe(0)
    expect(received.map((r) => r.modificationUs)).toEqual([
      Date.UTC(2026, 0, 15, 7, 31, 2) * 1000 + 123456,
      Date.UTC(2026, 0, 15, 7, 31, 2) * 1000 + 100000,
      Date.UTC(2026, 0, 15, 7, 31, 2) * 1000 + 123456,
      Date.UTC(2026, 6, 15, 7, 31, 2) * 1000 + 120000
    ])
    // The summer-time element is the newest.
    expect(newestUs).toBe(received[3].modificationUs)
  })

  it('an offset instant that sorts lower as text can be the newer one', () => {
    const { newestUs, received } = sortElements([
      { id: 1, modificationTime: '2026-01-15T08:00:00.000001Z' },
      { id: 2, modificationTime: '2026-01-15T10:00:00.000002+02:00' }
    ])
    expect(newestUs).toBe(received[1].modificationUs)
  })

  it('skips elements without an integer id or a parseable modificationTime, keeping unknown fields', () => {
    const { received, skipped } = sortElements([
      { modificationTime: '2026-01-15T08:00:00Z' },
      { id: '5', modificationTime: '2026-01-15T08:00:00Z' },
      { id: 6 },
      { id: 7, modificationTime: 'yesterday' },
      null,
      'text',
      { id: 8, modificationTime: '2026-01-15T08:00:00Z', unknownField: [1, 2], status: 'SOMETHING_NEW' }
    ])
    expect(skipped).toBe(6)
    expect(received.map((r) => r.id)).toEqual([8])
    expect(received[0].element).toEqual({ id: 8, modificationTime: '2026-01-15T08:00:00Z', unknownField: [1, 2], status: 'SOMETHING_NEW' })
  })
})

describe('readEnvelope', () => {
  it('reads content, total and the page size the server went by; refuses a body that is not an envelope', () => {
    expect(readEnvelope({ content: [1, 2], pageable: { page: 0, size: 2, total: 5 } }, '/x')).toEqual({ content: [1, 2], total: 5, size: 2 })
    expect(readEnvelope({ content: [1] }, '/x')).toEqual({ content: [1], total: 1 })
    expect(readEnvelope({ content: [1], pageable: { size: '2', total: 1 } }, '/x')).toEqual({ content: [1], total: 1 })
    expect(() => readEnvelope([1, 2], '/x')).toThrow(ApiError)
    expect(() => readEnvelope({ items: [] }, '/x')).toThrow(/not a list envelope/)
  })

  it('reads on with a smaller page size the server says it went by, never a larger one (spec v2 §2.1)', () => {
    expect(pageSizeOf({ content: [], total: 500, size: 100 }, 5000)).toBe(100)
    expect(pageSizeOf({ content: [], total: 500, size: 9000 }, 5000)).toBe(5000)
    expect(pageSizeOf({ content: [], total: 500 }, 5000)).toBe(5000)
  })
})

describe('sortElements: lists of other shapes (spec v3 §2, v2 §2.15)', () => {
  it('takes the id from the given field and, for lists without modificationTime, stores 0', () => {
    const events = sortElements([{ eventId: 30001, modificationTime: '2026-03-01T10:00:00+02:00' }, { eventId: 'x' }, { id: 1 }], { idOf: (e) => e.eventId })
    expect(events.received.map((r) => r.id)).toEqual([30001])
    expect(events.skipped).toBe(2)
    expect(events.newestUs).toBe(Date.UTC(2026, 2, 1, 8) * 1000)

    const municipalities = sortElements([{ id: 91, nameFi: 'Helsinki' }, { nameFi: 'no id' }], { timed: false })
    expect(municipalities.received).toEqual([{ id: 91, modificationUs: 0, element: { id: 91, nameFi: 'Helsinki' } }])
    expect(municipalities.skipped).toBe(1)
    expect(municipalities.newestUs).toBeNull()
  })
})
