import { describe, expect, it } from 'vitest'
import { CANDIDATES, readMeritCandidates, readOrderedMeritGroups } from '../../../src/main/db/meritCandidates'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { elementStore } from '../../support/elements'

const T = '2026-01-05T12:00:00+02:00'

const store = elementStore(T)

const user = (id: number, lastName: string) => ({ id, sportId: 10_000_000 + id, firstName: 'Testi', lastName, modificationTime: T })

/**
 * An ordered group (bronze 1, silver 2, gold 3) and an unordered one. Aho holds bronze; Berg
 * bronze and silver; Carlson gold; Dahl no merit and licences in 2025 and 2026; Ek one season.
 */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  store(db, 'merit-groups', 'organization 100', [
    { id: 10, organizationId: 100, name: 'Suoritusmerkit', isOrdered: true },
    { id: 20, organizationId: 100, name: 'Kortit', isOrdered: false }
  ])
  store(db, 'merits', 'merit-group 10', [
    { id: 13, meritGroupId: 10, name: 'Kulta', orderNumber: 3 },
    { id: 11, meritGroupId: 10, name: 'Pronssi', orderNumber: 1 },
    { id: 12, meritGroupId: 10, name: 'Hopea', orderNumber: 2 }
  ])
  store(db, 'merits', 'merit-group 20', [{ id: 21, meritGroupId: 20, name: 'Kortti', orderNumber: 1 }])
  const grant = (userId: number, meritId: number, date: string) => ({ id: userId, grantedMerit: { meritId, grantingDate: date } })
  store(db, 'granted-merits', 'merit 11', [grant(1, 11, '2024-05-01'), grant(2, 11, '2023-05-01')])
  store(db, 'granted-merits', 'merit 12', [grant(2, 12, '2025-05-01')])
  store(db, 'granted-merits', 'merit 13', [grant(3, 13, '2025-06-01')])
  const licence = (id: number, userId: number, period: number, lastName: string) => ({ id, userId, licencePeriodId: period, usagePeriodStart: `${period}-01-01`, usagePeriodEnd: `${period}-12-31`, user: user(userId, lastName) })
  store(db, 'user-licences', 'federation 100', [
    licence(1, 1, 2026, 'Aho'),
    licence(2, 2, 2026, 'Berg'),
    licence(3, 3, 2026, 'Carlson'),
    licence(4, 4, 2025, 'Dahl'),
    licence(5, 4, 2026, 'Dahl'),
    licence(6, 5, 2026, 'Ek')
  ])
  return db
}

describe('merit candidates (issue 7)', () => {
  it('lists ordered groups only, each with its merits by orderNumber', () => {
    expect(readOrderedMeritGroups(seed())).toEqual([{ id: 10, name: 'Suoritusmerkit', organizationName: null, merits: [{ id: 11, name: 'Pronssi' }, { id: 12, name: 'Hopea' }, { id: 13, name: 'Kulta' }] }])
  })

  it('holders of merit k without k+1, and members of N seasons without any merit of the group', () => {
    const all = { limit: 100, idsUpTo: 100 }
    const candidates = readMeritCandidates(seed(), 10, 2, all)
    expect(candidates.rows.map((c) => [c.lastName, c.nextMeritName])).toEqual([
      ['Dahl', 'Pronssi'],
      ['Aho', 'Hopea'],
      ['Berg', 'Kulta']
    ])
    expect(candidates.rows[0]).toMatchObject({ nextMeritId: 11, seasons: 2 })
    expect(candidates.rows[1]).toMatchObject({ nextMeritId: 12, heldMeritName: 'Pronssi', heldSince: '2024-05-01' })
    expect(candidates).toMatchObject({ total: 3, ids: [4, 1, 2] })
    expect(readMeritCandidates(seed(), 10, 1, all).rows.map((c) => c.lastName)).toEqual(['Dahl', 'Ek', 'Aho', 'Berg'])
    expect(readMeritCandidates(seed(), 10, 2, { ...all, nextMeritId: 13 }).rows.map((c) => c.lastName)).toEqual(['Berg'])
  })

  it("counts the licence seasons bound to the group's organization or one below it, every licence when that organization is not stored", () => {
    const db = openDatabase(':memory:')
    // Federation 1 > area 2 > club 3; club 4 straight under the federation. Each group's first merit is merit 5x.
    store(db, 'organizations', 'federation 1', [
      { id: 1, type: 'FEDERATION', name: 'Liitto' },
      { id: 2, type: 'AREA_ASSOCIATION', name: 'Alue', parentId: 1 },
      { id: 3, type: 'CLUB', name: 'Seura A', parentId: 2 },
      { id: 4, type: 'CLUB', name: 'Seura B', parentId: 1 }
    ])
    const groups = [1, 2, 3, 4, 9].map((organizationId) => ({ id: 40 + organizationId, organizationId, name: `Merkit ${organizationId}`, isOrdered: true }))
    store(db, 'merit-groups', 'organization 1', groups)
    for (const group of groups) store(db, 'merits', `merit-group ${group.id}`, [{ id: group.id + 10, meritGroupId: group.id, name: 'Pronssi', orderNumber: 1 }])
    const licence = (id: number, userId: number, period: number, club: number, lastName: string) => ({
      id,
      userId,
      licencePeriodId: period,
      licenceOrganizationId: club,
      usagePeriodStart: `${period}-01-01`,
      usagePeriodEnd: `${period}-12-31`,
      user: user(userId, lastName)
    })
    // Aho: two seasons in club 3; Berg: one in club 3 and one in club 4; Carlson: two in club 4.
    store(db, 'user-licences', 'federation 1', [
      licence(1, 1, 2025, 3, 'Aho'),
      licence(2, 1, 2026, 3, 'Aho'),
      licence(3, 2, 2025, 3, 'Berg'),
      licence(4, 2, 2026, 4, 'Berg'),
      licence(5, 3, 2025, 4, 'Carlson'),
      licence(6, 3, 2026, 4, 'Carlson')
    ])
    const candidates = (organizationId: number) => readMeritCandidates(db, 40 + organizationId, 2, { limit: 100, idsUpTo: 100 }).rows.map((c) => [c.lastName, c.seasons])
    expect(candidates(3)).toEqual([['Aho', 2]])
    expect(candidates(2)).toEqual([['Aho', 2]])
    expect(candidates(4)).toEqual([['Carlson', 2]])
    expect(candidates(1)).toEqual([
      ['Aho', 2],
      ['Berg', 2],
      ['Carlson', 2]
    ])
    // Organization 9 is not stored: its group counts every licence.
    expect(candidates(9)).toEqual(candidates(1))
  })

  it("reads the licences' organizations from a covering index, not from each licence", () => {
    const db = openDatabase(':memory:')
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${CANDIDATES} SELECT * FROM candidates`).all({ groupId: 1, seasons: 2 }) as Array<{ detail: string }>).map((row) => row.detail)
    expect(plan.filter((detail) => /\buser_licence\b/.test(detail))).toEqual(['SCAN user_licence USING COVERING INDEX user_licence_period'])
  })

  it('names and counts past the first rows, and gives the ids only when there are few enough', () => {
    const db = seed()
    expect(readMeritCandidates(db, 10, 1, { limit: 2, idsUpTo: 4 })).toMatchObject({ total: 4, ids: [4, 5, 1, 2], rows: [{ lastName: 'Dahl' }, { lastName: 'Ek' }] })
    expect(readMeritCandidates(db, 10, 1, { limit: 2, idsUpTo: 3 })).toMatchObject({ total: 4, ids: null })
    expect(readMeritCandidates(db, 10, 9, { limit: 2, idsUpTo: 3, nextMeritId: 11 })).toEqual({ total: 0, ids: [], rows: [] })
  })

  it('gives the same candidates while a first sync has dropped person_order', () => {
    const db = seed()
    const options = { limit: 100, idsUpTo: 100 }
    const withIndex = readMeritCandidates(db, 10, 1, options)
    db.exec(`INSERT INTO deferred_index (name, sql) SELECT name, sql FROM sqlite_master WHERE name = 'person_order'; DROP INDEX person_order;`)
    expect(readMeritCandidates(db, 10, 1, options)).toEqual(withIndex)
  })
})
