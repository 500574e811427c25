import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { listMembers, type MemberListQuery } from '../../../src/main/db/memberList'
import { INITIALS, MemberListCache } from '../../../src/main/db/memberListCache'
import { refreshMemberSummary } from '../../../src/main/db/memberSummary'
import { openDatabase, openDatabaseReadonly, type ReadableDB, type WritableDB } from '../../../src/main/db/open'
import { elementStore } from '../../support/elements'

const TODAY = '2026-06-15'
const FIRST = ['Kalle', 'Aino', 'Öljy', 'Åsa', 'Ville']
const LAST = ['Korhonen', 'Aalto', 'Äijälä', 'Virtanen']
const query = (over: Partial<MemberListQuery> = {}): MemberListQuery => ({ text: '', status: 'all', sort: 'name', direction: 'asc', offset: 0, limit: 50, ...over })

const store = elementStore('2026-01-15T10:00:00+02:00')
let nextId = 1
/** Stores `count` members with user licences valid in 2026 through the writer. */
function addMembers(writer: WritableDB, count: number, names: { first?: string; last?: string } = {}): void {
  const elements = Array.from({ length: count }, () => {
    const id = nextId++
    const user = { id, sportId: 10_000_000 + id, firstName: names.first ?? FIRST[id % FIRST.length], lastName: names.last ?? LAST[id % LAST.length], modificationTime: '2026-01-15T10:00:00+02:00' }
    return { id: 100_000 + id, licenceId: 1, licenceOrganizationName: 'Seura', usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-06-20', user }
  })
  writer.transaction(() => store(writer, 'user-licences', 'federation 1', elements))()
}

/** A writer and a read-only connection on one encrypted file: the reader sees the writer's commits as the app's reader sees a sync's. */
function open(): { writer: WritableDB; reader: ReadableDB } {
  const file = join(mkdtempSync(join(tmpdir(), 'kanslia-cache-')), 'k.db')
  const writer = openDatabase(file)
  addMembers(writer, 200)
  return { writer, reader: openDatabaseReadonly(file) }
}

/** A scheduler the test runs by hand: `warm` queues its next step here. */
function manualSchedule(): { schedule(next: () => void): void; step(): boolean; drain(): void } {
  const queue: Array<() => void> = []
  const step = () => {
    const next = queue.shift()
    next?.()
    return next !== undefined
  }
  return { schedule: (next) => queue.push(next), step, drain: () => { while (step()); } }
}

describe('MemberListCache', () => {
  const opened: Array<ReadableDB | WritableDB> = []
  afterEach(() => opened.splice(0).forEach((db) => db.close()))
  const setUp = () => {
    const { writer, reader } = open()
    opened.push(reader, writer)
    return { writer, reader, cache: new MemberListCache(reader) }
  }

  it('answers a query asked again from the cache, equal to listMembers, also when only the case of its letters differs', () => {
    const { reader, cache } = setUp()
    const first = cache.list(query({ text: 'ko' }), TODAY)
    expect(first).toEqual(listMembers(reader, query({ text: 'ko' }), TODAY))
    expect(first.total).toBeGreaterThan(0)
    expect(cache.list(query({ text: 'ko' }), TODAY)).toBe(first)
    expect(cache.list(query({ text: ' KO ' }), TODAY)).toBe(first)
    // Another window, order or filter is another answer.
    expect(cache.list(query({ text: 'ko', offset: 10 }), TODAY)).not.toBe(first)
    expect(cache.list(query({ text: 'ko', direction: 'desc' }), TODAY)).not.toBe(first)
    expect(cache.list(query({ text: 'ko', status: 'valid' }), TODAY)).not.toBe(first)
  })

  it('asks the database again once another connection has committed, or the day has changed', () => {
    const { writer, cache } = setUp()
    const before = cache.list(query({ text: 'k' }), TODAY)
    addMembers(writer, 3, { first: 'Kerttu', last: 'Kangas' })
    const after = cache.list(query({ text: 'k' }), TODAY)
    expect(after.total).toBe(before.total + 3)

    refreshMemberSummary(writer, TODAY)
    expect(cache.list(query({ status: 'expired' }), TODAY)).toMatchObject({ total: 0, verdictsPending: false })
    // Another day's answer is not the cached one: its verdicts are not evaluated yet.
    expect(cache.list(query({ status: 'expired' }), '2026-06-21')).toMatchObject({ total: 0, verdictsPending: true })
    // The user licences end on 2026-06-20: a day later every member's has expired.
    refreshMemberSummary(writer, '2026-06-21', [])
    expect(cache.list(query({ status: 'expired' }), '2026-06-21')).toMatchObject({ total: 203, verdictsPending: false })
  })

  it('keeps the most recently used answers only', () => {
    const { cache } = setUp()
    const oldest = cache.list(query({ offset: 0 }), TODAY)
    for (let offset = 1; offset <= 70; offset++) cache.list(query({ offset }), TODAY)
    expect(cache.holds(query({ offset: 0 }), TODAY)).toBe(false)
    expect(cache.holds(query({ offset: 70 }), TODAY)).toBe(true)
    expect(cache.list(query({ offset: 0 }), TODAY)).not.toBe(oldest)
  })

  it('warm prepares every one-letter search with the filters and window asked, one query per step', () => {
    const { reader, cache } = setUp()
    const timer = manualSchedule()
    const base = query({ status: 'valid', sort: 'birthYear', limit: 40 })
    cache.warm(base, TODAY, timer.schedule)
    expect(INITIALS.some((letter) => cache.holds({ ...base, text: letter }, TODAY))).toBe(false)
    timer.step()
    expect(INITIALS.filter((letter) => cache.holds({ ...base, text: letter }, TODAY))).toEqual(['a'])
    timer.drain()
    for (const letter of INITIALS) {
      expect(cache.holds({ ...base, text: letter }, TODAY)).toBe(true)
      expect(cache.list({ ...base, text: letter.toUpperCase() }, TODAY)).toEqual(listMembers(reader, { ...base, text: letter }, TODAY))
    }
  })

  it('warm stops when the data changes, when a newer warm-up starts, and when the connection closes', () => {
    const { writer, reader, cache } = setUp()
    const timer = manualSchedule()
    cache.warm(query(), TODAY, timer.schedule)
    timer.step()
    timer.step()
    addMembers(writer, 1)
    timer.drain()
    expect(INITIALS.filter((letter) => cache.holds(query({ text: letter }), TODAY))).toEqual([])

    cache.warm(query(), TODAY, timer.schedule)
    timer.step()
    cache.warm(query({ sort: 'sportId' }), TODAY, timer.schedule)
    timer.drain()
    expect(INITIALS.filter((letter) => cache.holds(query({ text: letter }), TODAY))).toEqual(['a'])
    expect(INITIALS.every((letter) => cache.holds(query({ text: letter, sort: 'sportId' }), TODAY))).toBe(true)

    cache.warm(query({ sort: 'club' }), TODAY, timer.schedule)
    reader.close()
    expect(() => timer.drain()).not.toThrow()
  })
})
