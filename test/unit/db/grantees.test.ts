import { describe, expect, it } from 'vitest'
import { GRANTEES_WITHOUT_VALID_LICENCE_SQL, granteesWithoutValidLicence } from '../../../src/main/db/grantees'
import { openDatabase } from '../../../src/main/db/open'
import { elementStore, testPerson } from '../../support/elements'

const T = '2026-01-05T12:00:00+02:00'
const TODAY = '2026-06-01'
const store = elementStore(T)

describe('granteesWithoutValidLicence (spec v2 §4.3: the registry grants to members the organization may read)', () => {
  it('finds the grantees with no licence or insurance whose usage period covers today, in their order, each once', () => {
    const db = openDatabase(':memory:')
    const licence = (id: number, userId: number, usagePeriodStart: string, usagePeriodEnd: string) => ({ id, usagePeriodStart, usagePeriodEnd, user: testPerson(T, userId, `Suku${userId}`, '1990-01-01') })
    store(db, 'user-licences', 'federation 100', [
      licence(11, 1, '2026-01-01', '2026-12-31'),
      // Ended yesterday; starts tomorrow; both ends included: today is the last day.
      licence(12, 2, '2025-01-01', '2026-05-31'),
      licence(13, 3, '2026-06-02', '2026-12-31'),
      licence(14, 4, '2026-01-01', '2026-06-01')
    ])
    store(db, 'user-insurances', 'federation 100', [
      // Insured today without a licence valid today; and one whose insurance ended.
      { id: 21, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: testPerson(T, 3, 'Suku3', '1990-01-01') },
      { id: 22, usagePeriodStart: '2025-01-01', usagePeriodEnd: '2025-12-31', user: testPerson(T, 2, 'Suku2', '1990-01-01') }
    ])

    // 9 is known to nothing here (a member of another scope, or a typo the outbox refuses).
    expect(granteesWithoutValidLicence(db, [9, 1, 2, 3, 4, 2], TODAY)).toEqual([9, 2])
    expect(granteesWithoutValidLicence(db, [1, 3, 4], TODAY)).toEqual([])
    expect(granteesWithoutValidLicence(db, [1, 3, 4], '2027-01-01')).toEqual([1, 3, 4])
  })

  it('looks each grantee up by the user indexes, not by scanning the licences', () => {
    const db = openDatabase(':memory:')
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${GRANTEES_WITHOUT_VALID_LICENCE_SQL}`).all({ ids: '[1]', today: TODAY }) as Array<{ detail: string }>).map((row) => row.detail)
    expect(plan.filter((detail) => /\b(SCAN|SEARCH) t\b/.test(detail))).toEqual([
      expect.stringMatching(/^SEARCH t USING (COVERING )?INDEX user_licence_user_period \(user_id=\?/),
      expect.stringMatching(/^SEARCH t USING (COVERING )?INDEX user_insurance_user_period \(user_id=\?/)
    ])
  })
})
