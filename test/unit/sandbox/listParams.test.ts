import { describe, expect, it } from 'vitest'
import { HttpError } from '../../../src/sandbox/httpError'
import { parseIncludeSportParams, parseIncludeUpgraded, parseListParams, parseOrgTypes } from '../../../src/sandbox/listParams'

function status(f: () => unknown): number | undefined {
  try {
    f()
    return undefined
  } catch (error) {
    return error instanceof HttpError ? error.status : -1
  }
}

describe('list parameters (spec v2 §2.1, §4.1, §4.4, §8)', () => {
  it('applies the documented defaults and parses ts as an instant', () => {
    expect(parseListParams({})).toEqual({ page: 0, size: 50 })
    expect(parseListParams({ page: '2', size: '100000', ts: '2026-01-15T09:31:02.123456789+02:00', tsOrder: 'desc' })).toEqual({
      page: 2,
      size: 100000,
      ts: Date.UTC(2026, 0, 15, 7, 31, 2) * 1000 + 123456,
      tsOrder: 'desc'
    })
    expect(parseListParams({ ts: 'x', tsOrder: 'up' }, true)).toEqual({ page: 0, size: 50 })
  })

  it('answers 400 for values outside the limits', () => {
    for (const q of [{ size: '0' }, { size: '100001' }, { page: '-1' }, { page: 'a' }, { size: ['1', '2'] }, { tsOrder: 'ASC' }, { ts: '2026-01-15' }]) {
      expect(status(() => parseListParams(q)), JSON.stringify(q)).toBe(400)
    }
  })

  it('orgtypes: at most 15 characters of known types', () => {
    expect([...parseOrgTypes({ orgtypes: 'CLUB,AREA' })!]).toEqual(['CLUB', 'AREA'])
    expect(parseOrgTypes({})).toBeUndefined()
    expect(status(() => parseOrgTypes({ orgtypes: 'SPORTS_FEDERATION' }))).toBe(400)
    expect(status(() => parseOrgTypes({ orgtypes: 'CLUB,TEAM' }))).toBe(400)
  })

  it('includeSportParams and includeUpgradedLicences', () => {
    expect(parseIncludeSportParams({})).toBe('none')
    expect(parseIncludeSportParams({ includeSportParams: 'true' })).toBe('all')
    expect([...(parseIncludeSportParams({ includeSportParams: '900, 901' }) as Set<number>)]).toEqual([900, 901])
    expect(status(() => parseIncludeSportParams({ includeSportParams: 'TRUE' }))).toBe(400)
    expect(parseIncludeUpgraded({})).toBe(true)
    expect(parseIncludeUpgraded({ includeUpgradedLicences: 'false' })).toBe(false)
    expect(status(() => parseIncludeUpgraded({ includeUpgradedLicences: '0' }))).toBe(400)
  })
})
