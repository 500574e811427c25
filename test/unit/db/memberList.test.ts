import { describe, expect, it } from 'vitest'
import { listMembers, memberListSql, type MemberListQuery, type WindowPlan } from '../../../src/main/db/memberList'
import type { MemberSortColumn } from '../../../src/shared/ipc/contract'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { memberSummaryDate, refreshMemberSummary } from '../../../src/main/db/memberSummary'
import { upsertElements, type ReceivedElement } from '../../../src/main/db/synced'
import { parseInstant } from '../../../src/shared/instant'

const FIRST = ['Aino', 'Eero', 'Kalle', 'Liisa', 'Mikko', 'Saara', 'Ville', 'Oona']
const LAST = ['Aalto', 'Heikkinen', 'Korhonen', 'Koskinen', 'Laine', 'Mäkelä', 'Nieminen', 'Virtanen', 'Virta', 'Salo', 'Ahonen']
const TODAY = '2026-06-15'

/** 3,000 persons with user licences, names from the lists above. */
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

  // Every plan a search can take answers alike: the one chosen from the number of matches, walking
  // the sort's index, and sorting the matches.
  const PLANS = [undefined, 'walk', 'sort'] as const

  it.each([
    ['a broad search (one letter)', 'k'],
    ['a broad search (two letters)', 'vi'],
    ['a narrow search', 'virtanen'],
    ['a search of two words', 'ville k'],
    ['no search', '']
  ])('%s: every window and the total equal the reference, sorted by name, whichever plan finds the window', (_, text) => {
    const words = text.split(' ').filter(Boolean)
    const expected = people
      .filter((p) => words.every((w) => [p.firstName, p.lastName].some((name) => name.toLowerCase().startsWith(w))))
      .sort(byName)
      .map((p) => p.id)
    expect(expected.length).toBeGreaterThan(30)
    for (const plan of PLANS) {
      for (const offset of [0, 100, Math.max(0, expected.length - 30)]) {
        const page = listMembers(db, query({ text, offset }), TODAY, plan)
        expect(page.total).toBe(expected.length)
        expect(page.rows.map((r) => r.id)).toEqual(expected.slice(offset, offset + 100))
      }
    }
  })

  it('sorts a broad search by Sport-ID, descending, like the reference, whichever plan finds the window', () => {
    const expected = people
      .filter((p) => p.lastName.toLowerCase().startsWith('k') || p.firstName.toLowerCase().startsWith('k'))
      .sort((a, b) => b.sportId - a.sportId || b.id - a.id)
      .map((p) => p.id)
    for (const plan of PLANS) {
      const page = listMembers(db, query({ text: 'k', sort: 'sportId', direction: 'desc', offset: 50 }), TODAY, plan)
      expect(page.rows.map((r) => r.id)).toEqual(expected.slice(50, 150))
    }
  })

  it('a broad search walks the sort index instead of sorting every match; a narrow one sorts its few matches from the narrow person_order index', () => {
    const plan = (window: WindowPlan, sort: MemberSortColumn = 'name') =>
      (db.prepare(`EXPLAIN QUERY PLAN ${memberListSql(query({ text: 'k', sort }), window)}`).all({ fts: '"k"*', today: TODAY, soon: TODAY, limit: 100, offset: 0 }) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join('\n')
    expect(plan('walk')).toMatch(/SCAN p USING INDEX person_name/)
    for (const sort of ['name', 'sportId', 'birthYear'] as const) {
      // Covering: the matches are sorted without reading a wide person row.
      expect(plan('sort', sort)).toMatch(/SEARCH p USING COVERING INDEX person_order \(id=\?\)/)
      expect(plan('sort', sort)).not.toMatch(/person_name/)
    }
  })

  it('a narrow search by Sport-ID digits looks persons up by id, never scanning them all', () => {
    const detail = (db.prepare(`EXPLAIN QUERY PLAN ${memberListSql(query({ text: '12' }), 'sort')}`).all({ fts: '"12"*', sportId: 12, today: TODAY, soon: TODAY, limit: 100, offset: 0 }) as Array<{ detail: string }>)
      .map((r) => r.detail)
      .join('\n')
    // The window's persons come from id lookups of the text's matches and the Sport-ID's, not a scan of every person.
    expect(detail.split('\n').slice(0, 2)).toEqual(['CO-ROUTINE p', 'SEARCH p USING COVERING INDEX person_order (id=?)'])
    expect(detail).toMatch(/SEARCH person USING INDEX person_sport_id/)
  })
})

/**
 * 1,200 persons with every licence situation of DESIGN §3b: valid, expiring, expired, none (an
 * insurance only), upgraded (the upgrade is current, not the replaced one), two clubs.
 */
function seedStatuses(): WritableDB {
  const db = openDatabase(':memory:')
  const at = '2026-01-15T10:00:00+02:00'
  const licences: ReceivedElement[] = []
  const insurances: ReceivedElement[] = []
  const add = (list: ReceivedElement[], id: number, fields: Record<string, unknown>) => list.push({ id, modificationUs: parseInstant(at), element: { id, modificationTime: at, ...fields } })
  for (let i = 0; i < 1200; i++) {
    const user = { id: i + 1, sportId: 20_000_000 + i, firstName: FIRST[i % FIRST.length], lastName: LAST[(i * 7) % LAST.length], birthDate: `${1950 + (i % 60)}-05-01`, modificationTime: at }
    const licence = (id: number, club: number, start: string, end: string, extra: Record<string, unknown> = {}) =>
      add(licences, id, { user, licenceId: 500 + (id % 3), licencePeriodId: 10, licenceOrganizationId: club, licenceOrganizationName: `Seura ${club}`, usagePeriodStart: start, usagePeriodEnd: end, ...extra })
    const kind = i % 6
    if (kind === 0) licence(10_000 + i, 1 + (i % 5), '2026-01-01', '2026-12-31')
    if (kind === 1) licence(10_000 + i, 1 + (i % 5), '2026-01-01', '2026-06-25')
    if (kind === 2) licence(10_000 + i, 1 + (i % 5), '2025-01-01', '2025-12-31')
    if (kind === 4) {
      licence(10_000 + i, 2, '2026-01-01', '2026-12-31')
      licence(20_000 + i, 3, '2026-01-01', '2026-07-01', { upgradeFrom: 10_000 + i })
    }
    if (kind === 5) {
      licence(10_000 + i, 4, '2025-01-01', '2025-12-31')
      licence(20_000 + i, 5, '2026-01-01', '2026-12-31')
    }
    if (kind === 3 || i % 4 === 0) add(insurances, 30_000 + i, { user, insuranceId: 700, usagePeriodStart: '2026-01-01', usagePeriodEnd: kind === 3 && i % 2 ? '2025-12-31' : '2026-12-31' })
  }
  db.transaction(() => {
    upsertElements(db, 'user-licences', 'federation 1', 1, licences, parseInstant)
    upsertElements(db, 'user-insurances', 'federation 1', 1, insurances, parseInstant)
  })()
  return db
}

describe('the member summary (statuses and clubs evaluated once per day)', () => {
  const statuses = ['all', 'valid', 'expiring', 'missing'] as const
  const sorts = ['name', 'sportId', 'birthYear', 'club'] as const
  const insurances = [undefined, 'insured', 'uninsured'] as const
  const cases = statuses.flatMap((status) => sorts.flatMap((sort) => ['', 'k', 'virtanen'].flatMap((text) => insurances.map((insurance) => ({ status, sort, text, insurance })))))

  it('answers every status, sort and search exactly as evaluating the licences on the day does', () => {
    const db = seedStatuses()
    const pages = (over: Partial<MemberListQuery>) => [0, 150].map((offset) => listMembers(db, query({ ...over, offset, limit: 150 }), TODAY))
    const live = cases.map((c) => pages({ ...c, direction: 'desc' }))
    expect(memberSummaryDate(db)).toBeNull()
    expect(refreshMemberSummary(db, TODAY)).toBe(1200)
    expect(memberSummaryDate(db)).toBe(TODAY)
    const summary = cases.map((c) => pages({ ...c, direction: 'desc' }))
    expect(summary).toEqual(live)
    const counts = Object.fromEntries(statuses.map((status) => [status, listMembers(db, query({ status }), TODAY).total]))
    expect(counts).toEqual({ all: 1200, valid: 400, expiring: 400, missing: 400 })
    // Insured on the day: an insurance for every fourth person and for kind 3, whose odd ones ended last year.
    const insured = Array.from({ length: 1200 }, (_, i) => (i % 6 === 3 || i % 4 === 0) && !(i % 6 === 3 && i % 2 === 1)).filter(Boolean).length
    expect(listMembers(db, query({ insurance: 'insured' }), TODAY).total).toBe(insured)
    expect(listMembers(db, query({ insurance: 'uninsured' }), TODAY).total).toBe(1200 - insured)
    const insuredRows = listMembers(db, query({ insurance: 'insured', status: 'valid', limit: 500 }), TODAY).rows
    expect(insuredRows.length).toBeGreaterThan(0)
    expect(insuredRows.every((row) => row.insured && row.licenceStatus === 'valid')).toBe(true)
    const upgraded = listMembers(db, query({ text: String(20_000_004) }), TODAY).rows[0]
    expect(upgraded).toMatchObject({ licenceStatus: 'expiring', licenceEnd: '2026-07-01', club: 'Seura 3' })
  })

  it('refreshes only the persons a sync touched on the same day, everyone on a new day', () => {
    const db = seedStatuses()
    refreshMemberSummary(db, TODAY)
    const at = '2026-02-01T10:00:00+02:00'
    const user = { id: 3, sportId: 20_000_002, firstName: FIRST[2], lastName: LAST[14 % LAST.length], birthDate: '1952-05-01', modificationTime: '2026-01-15T10:00:00+02:00' }
    db.transaction(() =>
      upsertElements(db, 'user-licences', 'federation 1', 2, [
        { id: 40_003, modificationUs: parseInstant(at), element: { id: 40_003, modificationTime: at, user, licenceOrganizationName: 'Uusi Seura', usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31' } }
      ], parseInstant)
    )()
    expect(listMembers(db, query({ text: '20000002' }), TODAY).rows[0].licenceStatus).toBe('missing')
    expect(refreshMemberSummary(db, TODAY, [3])).toBe(1)
    expect(listMembers(db, query({ text: '20000002' }), TODAY).rows[0]).toMatchObject({ licenceStatus: 'valid', club: 'Uusi Seura' })
    // A run killed after storing a person left them without a row: the next refresh evaluates everyone.
    db.prepare("INSERT INTO person (id, sport_id, last_name, modification_us, raw) VALUES (5000, 29999999, 'Uusi', 1, '{}')").run()
    expect(refreshMemberSummary(db, TODAY, [3])).toBe(1201)
    expect(listMembers(db, query({ sort: 'club', text: '29999999' }), TODAY).rows.map((r) => r.id)).toEqual([5000])
    expect(refreshMemberSummary(db, '2026-06-16', [3])).toBe(1201)
    expect(memberSummaryDate(db)).toBe('2026-06-16')
  })

  it("a status filter walks persons in name order and looks up only the summary; the window's current licences come from the per-person index", () => {
    const db = seedStatuses()
    const plan = EXPLAIN(db, memberListSql(query({ status: 'missing' }), 'planner', true))
    const [window, rows] = plan.split('SCAN m')
    expect(window).toMatch(/SCAN p USING INDEX person_name/)
    expect(window).toMatch(/SEARCH s USING INTEGER PRIMARY KEY/)
    expect(window).not.toMatch(/user_licence/)
    expect(rows).toMatch(/SEARCH cl USING COVERING INDEX user_licence_user_period \(user_id=\?\)/)
  })

  it('every row (an export) is sorted from the narrow person_order index, never read in name order row by row', () => {
    const db = seedStatuses()
    for (const summary of [false, true]) {
      const plan = EXPLAIN(db, memberListSql(query({ limit: -1 }), 'sort', summary))
      expect(plan).toMatch(/SCAN p USING COVERING INDEX person_order/)
      expect(plan).toMatch(/USE TEMP B-TREE FOR ORDER BY/)
      expect(plan).toMatch(/SEARCH cl USING COVERING INDEX user_licence_user_period/)
      expect(plan).not.toMatch(/person_name/)
    }
    // While a first sync has dropped the per-person index, the current licence is found by id.
    expect(EXPLAIN(db, memberListSql(query({ limit: -1 }), 'planner', true, false))).toMatch(/SEARCH cl USING INDEX user_licence_id \(id=\?\)/)
  })

  it('answers every row as its windows do, live and from the summary, and while a first sync has dropped the indexes', () => {
    const db = seedStatuses()
    const windows = (over: Partial<MemberListQuery>) => {
      const rows = []
      for (let offset = 0; ; offset += 500) {
        const page = listMembers(db, query({ ...over, offset, limit: 500 }), TODAY)
        rows.push(...page.rows)
        if (offset + 500 >= page.total) return { total: page.total, rows }
      }
    }
    const every = () => cases.map((c) => listMembers(db, query({ ...c, limit: -1 }), TODAY)).map(({ total, rows }) => ({ total, rows }))
    const expected = cases.map(windows)
    expect(expected.some((answer) => answer.rows.some((row) => row.licenceEnd !== undefined))).toBe(true)
    expect(every()).toEqual(expected)
    refreshMemberSummary(db, TODAY)
    expect(every()).toEqual(expected)
    // As a killed first sync leaves them (db/bulkLoad.ts): dropped, and listed to be restored.
    db.exec(`INSERT INTO deferred_index (name, sql) SELECT name, sql FROM sqlite_master WHERE name IN ('user_licence_user_period', 'person_name', 'person_order');
      DROP INDEX user_licence_user_period; DROP INDEX person_name; DROP INDEX person_order;`)
    expect(every()).toEqual(expected)
  })
})

function EXPLAIN(db: WritableDB, sql: string): string {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ today: TODAY, soon: TODAY, limit: 100, offset: 0 }) as Array<{ detail: string }>).map((r) => r.detail).join('\n')
}
