import { describe, expect, it } from 'vitest'
import { listMembers, memberListSql, type MemberListQuery } from '../../../src/main/db/memberList'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { upsertElements } from '../../../src/main/db/synced'
import { parseInstant } from '../../../src/shared/instant'

const FIRST = ['Aino', 'Eero', 'Kalle', 'Liisa', 'Mikko', 'Saara', 'Ville', 'Oona']
const LAST = ['Aalto', 'Heikkinen', 'Korhonen', 'Koskinen', 'Laine', 'Mäkelä', 'Nieminen', 'Virtanen', 'Virta', 'Salo', 'Ahonen']
const TODAY = '2026-06-15'

/** 3,000 persons with user licences (more than a broad search's threshold), names from the lists above. */
function seed(): { db: WritableDB; people: Array<{ id: number; sportId: number; firstName: string; lastName: string }> } {
  const db = openDatabase(':memory:')
  const people = Array.from({ length: 3000 }, (_, i) => ({
    id: i + 1,
    sportId: 10_000_000 + ((i * 7919) % 3000),
    firstName: FIRST[(i * 5) % FIRST.length],
    lastName: LAST[(i * 3) % LAST.length]
  }))
  const modificationTime = '2026-01-15T10:00:00+02:00'
  const elements = people.map((user, i) => {
    const element = {
      id: 1000 + i,
      modificationTime,
      licenceOrganizationName: 'Seura',
      usagePeriodStart: '2026-01-01',
      usagePeriodEnd: '2026-12-31',
      user: { ...user, modificationTime, isAuthenticatedWithPassword: true, isEventInstructor: false }
    }
    return { id: element.id, modificationUs: parseInstant(modificationTime), element }
  })
  db.transaction(() => upsertElements(db, 'user-licences', 'federation 1', 1, elements, parseInstant))()
  return { db, people }
}

const query = (over: Partial<MemberListQuery>): MemberListQuery => ({ text: '', status: 'all', sort: 'name', direction: 'asc', offset: 0, limit: 100, ...over })
const byName = (a: { lastName: string; firstName: string; id: number }, b: typeof a) =>
  a.lastName < b.lastName ? -1 : a.lastName > b.lastName ? 1 : a.firstName < b.firstName ? -1 : a.firstName > b.firstName ? 1 : a.id - b.id

/** The member list's windows and totals against a reference computed here, for narrow and broad searches. */
describe('listMembers', () => {
  const { db, people } = seed()

  it.each([
    ['a broad search (one letter)', 'k', true],
    ['a broad search (two letters)', 'vi', true],
    ['a narrow search', 'virtanen', false],
    ['a search of two words', 'ville k', false],
    ['no search', '', true]
  ])('%s: every window and the total equal the reference, sorted by name', (_, text, broad) => {
    const words = text.split(' ').filter(Boolean)
    const expected = people
      .filter((p) => words.every((w) => [p.firstName, p.lastName].some((name) => name.toLowerCase().startsWith(w))))
      .sort(byName)
      .map((p) => p.id)
    expect(expected.length).toBeGreaterThan(0)
    // Both plans are covered: broad searches have more matches than BROAD_SEARCH (500).
    expect(expected.length > 500).toBe(broad)
    for (const offset of [0, 100, Math.max(0, expected.length - 30)]) {
      const page = listMembers(db, query({ text, offset }), TODAY)
      expect(page.total).toBe(expected.length)
      expect(page.rows.map((r) => r.id)).toEqual(expected.slice(offset, offset + 100))
    }
  })

  it('sorts a broad search by Sport-ID, descending, like the reference', () => {
    const expected = people
      .filter((p) => p.lastName.toLowerCase().startsWith('k') || p.firstName.toLowerCase().startsWith('k'))
      .sort((a, b) => b.sportId - a.sportId || b.id - a.id)
      .map((p) => p.id)
    const page = listMembers(db, query({ text: 'k', sort: 'sportId', direction: 'desc', offset: 50 }), TODAY)
    expect(page.rows.map((r) => r.id)).toEqual(expected.slice(50, 150))
  })

  it('a broad search walks the sort index instead of sorting every match; a narrow one sorts its few matches', () => {
    const plan = (broad: boolean) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${memberListSql(query({ text: 'k' }), broad)}`).all({ fts: '"k"*', today: TODAY, soon: TODAY, limit: 100, offset: 0 }) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join('\n')
    expect(plan(true)).toMatch(/SCAN p USING INDEX person_name/)
    expect(plan(false)).not.toMatch(/person_name/)
  })
})
