import { describe, expect, it } from 'vitest'
import { readMeritCandidates, readOrderedMeritGroups } from '../../../src/main/db/meritCandidates'
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
