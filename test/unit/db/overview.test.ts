import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/db/open'
import { CLUBS_OF_PERIOD_SQL, readOrganizationLicenceHolders } from '../../../src/main/db/overview'
import { elementStore, testPerson } from '../../support/elements'

const T = '2026-01-05T12:00:00+02:00'
const store = elementStore(T)

describe('readOrganizationLicenceHolders (the organization tree)', () => {
  it("counts each member once for every organization above the clubs of the current period's user licences", () => {
    const db = openDatabase(':memory:')
    store(db, 'licence-periods', 'federation 100', [
      { id: 2025, name: 'Kausi 2025', startTime: '2025-01-01T00:00:00', endTime: '2025-12-31T23:59:59' },
      { id: 2026, name: 'Kausi 2026', startTime: '2026-01-01T00:00:00', endTime: '2026-12-31T23:59:59' }
    ])
    store(db, 'organizations', 'federation 100', [
      { id: 100, type: 'SPORTS_FEDERATION', name: 'Liitto' },
      { id: 200, type: 'AREA', name: 'Pohjoinen', parentId: 100 },
      { id: 301, type: 'CLUB', name: 'Seura A', parentId: 200 },
      { id: 302, type: 'CLUB', name: 'Seura B', parentId: 200 },
      { id: 303, type: 'CLUB', name: 'Seura C', parentId: 100 }
    ])
    const licence = (id: number, userId: number, clubId: number | null, period = 2026) => ({
      id,
      userId,
      licencePeriodId: period,
      licenceOrganizationId: clubId,
      user: testPerson(T, userId, `Jäsen${userId}`, '1990-01-01')
    })
    store(db, 'user-licences', 'federation 100', [
      // 1 holds two licences with A; 2 one with A and one with B (once in the area and the federation);
      // 3 one with C; 4 one bound to no club; 5 held one with B only last period.
      licence(11, 1, 301),
      licence(12, 1, 301),
      licence(13, 2, 301),
      licence(14, 2, 302),
      licence(15, 3, 303),
      licence(16, 4, null),
      licence(17, 5, 302, 2025)
    ])
    const counts = readOrganizationLicenceHolders(db, '2026-11-28')
    expect(counts.licencePeriod).toEqual({ id: 2026, name: 'Kausi 2026' })
    expect(new Map(counts.holders.map((h) => [h.organizationId, h.members]))).toEqual(
      new Map([
        [301, 2],
        [302, 1],
        [303, 1],
        [200, 2],
        [100, 3]
      ])
    )
    // The period before, on a day in it.
    expect(readOrganizationLicenceHolders(db, '2025-06-01').holders).toEqual([
      { organizationId: 302, members: 1 },
      { organizationId: 200, members: 1 },
      { organizationId: 100, members: 1 }
    ])
  })

  it('follows a parent chain that loops once round, and answers nothing before any licence period is stored', () => {
    const db = openDatabase(':memory:')
    expect(readOrganizationLicenceHolders(db, '2026-11-28')).toEqual({ licencePeriod: null, holders: [] })
    store(db, 'licence-periods', 'federation 100', [{ id: 2026, name: '2026', startTime: '2026-01-01T00:00:00' }])
    store(db, 'organizations', 'federation 100', [
      { id: 301, type: 'CLUB', name: 'Seura A', parentId: 302 },
      { id: 302, type: 'CLUB', name: 'Seura B', parentId: 301 }
    ])
    store(db, 'user-licences', 'federation 100', [{ id: 11, userId: 1, licencePeriodId: 2026, licenceOrganizationId: 301, user: testPerson(T, 1, 'Aalto', '1990-01-01') }])
    expect(readOrganizationLicenceHolders(db, '2026-11-28').holders).toEqual([
      { organizationId: 301, members: 1 },
      { organizationId: 302, members: 1 }
    ])
  })

  it("reads each member's clubs of the period from the covering index, in member order without a sort (migration 0014)", () => {
    const db = openDatabase(':memory:')
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${CLUBS_OF_PERIOD_SQL}`).all(2026) as Array<{ detail: string }>
    expect(plan.map((row) => row.detail)).toEqual(['SEARCH user_licence USING COVERING INDEX user_licence_period (licence_period_id=?)'])
  })
})
