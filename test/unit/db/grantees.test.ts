import { describe, expect, it } from 'vitest'
import { GRANTEE_INSURANCES_SQL, GRANTEE_LICENCES_SQL, granteesNotReadable } from '../../../src/main/db/grantees'
import { openDatabase } from '../../../src/main/db/open'
import { elementStore, testPerson } from '../../support/elements'

const T = '2026-01-05T12:00:00+02:00'
const TODAY = '2026-06-01'
const store = elementStore(T)
const FEDERATION = 100
const AREA = 200
const CLUB = 300
const OTHER_CLUB = 400
/** Merits of the federation, the area association and the club, one group each; 99 is not stored. */
const MERIT_OF = { [FEDERATION]: 10, [AREA]: 20, [CLUB]: 30 }
const UNKNOWN_MERIT = 99

/** A federation with an area association, a club in it and a club directly under the federation; a merit of each of the first three. */
function organizations() {
  const db = openDatabase(':memory:')
  store(db, 'organizations', 'root', [
    { id: FEDERATION, type: 'SPORTS_FEDERATION', status: 'ACTIVE', name: 'Liitto' },
    { id: AREA, type: 'AREA_ASSOCIATION', status: 'ACTIVE', name: 'Alue', parentId: FEDERATION, federationId: FEDERATION },
    { id: CLUB, type: 'CLUB', status: 'ACTIVE', name: 'Seura', parentId: AREA, federationId: FEDERATION },
    { id: OTHER_CLUB, type: 'CLUB', status: 'ACTIVE', name: 'Toinen seura', parentId: FEDERATION, federationId: FEDERATION }
  ])
  for (const [organizationId, meritId] of Object.entries(MERIT_OF)) {
    store(db, 'merit-groups', `organization ${organizationId}`, [{ id: meritId + 1, organizationId: Number(organizationId), name: 'Ansiomerkit' }])
    store(db, 'merits', `merit-group ${meritId + 1}`, [{ id: meritId, meritGroupId: meritId + 1, name: 'Kultainen' }])
  }
  return db
}

const person = (userId: number) => testPerson(T, userId, `Suku${userId}`, '1990-01-01')
const licence = (id: number, userId: number, licenceOrganizationId: number, usagePeriodStart: string, usagePeriodEnd: string, extra: Record<string, unknown> = {}) => ({
  id,
  licenceId: 1,
  federationId: FEDERATION,
  licenceOrganizationId,
  usagePeriodStart,
  usagePeriodEnd,
  user: person(userId),
  ...extra
})

describe('granteesNotReadable (spec v2 §4.3: the registry grants to members the organization may read)', () => {
  it('finds the grantees with no licence or insurance whose usage period covers today, in their order, each once', () => {
    const db = organizations()
    store(db, 'user-licences', `federation ${FEDERATION}`, [
      licence(11, 1, CLUB, '2026-01-01', '2026-12-31'),
      // Ended yesterday; starts tomorrow; both ends included: today is the last day.
      licence(12, 2, CLUB, '2025-01-01', '2026-05-31'),
      licence(13, 3, CLUB, '2026-06-02', '2026-12-31'),
      licence(14, 4, CLUB, '2026-01-01', '2026-06-01')
    ])
    store(db, 'user-insurances', `federation ${FEDERATION}`, [
      // Insured today without a licence valid today; and one whose insurance ended.
      { id: 21, federationId: FEDERATION, insuranceId: 5, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: person(3) },
      { id: 22, federationId: FEDERATION, insuranceId: 5, usagePeriodStart: '2025-01-01', usagePeriodEnd: '2025-12-31', user: person(2) }
    ])

    // 9 is known to nothing here (a member of another scope, or a typo the outbox refuses).
    expect(granteesNotReadable(db, MERIT_OF[FEDERATION], [9, 1, 2, 3, 4, 2], TODAY)).toEqual([9, 2])
    expect(granteesNotReadable(db, MERIT_OF[FEDERATION], [1, 3, 4], TODAY)).toEqual([])
    expect(granteesNotReadable(db, MERIT_OF[FEDERATION], [1, 3, 4], '2027-01-01')).toEqual([1, 3, 4])
  })

  it('counts a licence for the organization of the merit, one below it, or its federation; an insurance for its federation only', () => {
    const db = organizations()
    store(db, 'user-licences', `federation ${FEDERATION}`, [licence(11, 1, CLUB, '2026-01-01', '2026-12-31'), licence(12, 2, OTHER_CLUB, '2026-01-01', '2026-12-31')])
    store(db, 'user-insurances', `federation ${FEDERATION}`, [{ id: 21, federationId: FEDERATION, insuranceId: 5, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: person(3) }])

    expect(granteesNotReadable(db, MERIT_OF[CLUB], [1, 2, 3], TODAY)).toEqual([2, 3])
    // The club lies below the area association; the other club does not.
    expect(granteesNotReadable(db, MERIT_OF[AREA], [1, 2, 3], TODAY)).toEqual([2, 3])
    expect(granteesNotReadable(db, MERIT_OF[FEDERATION], [1, 2, 3], TODAY)).toEqual([])
    // A merit not stored: any organization's licence or insurance counts.
    expect(granteesNotReadable(db, UNKNOWN_MERIT, [1, 2, 3, 4], TODAY)).toEqual([4])
  })

  it('judges a licence valid as DESIGN §3b does: the N days from its activation, an upgraded one replaced', () => {
    const db = organizations()
    store(db, 'licences', `federation ${FEDERATION}`, [{ id: 2, federationId: FEDERATION, name: 'Kokeilulisenssi 30 vrk', validityDurationInDays: 30, insuranceRequirement: 'InsuranceNotRequired' }])
    store(db, 'user-licences', `federation ${FEDERATION}`, [
      // Thirty days from 1 May end on 30 May; from 10 May on 8 June.
      licence(11, 1, CLUB, '2026-01-01', '2026-12-31', { licenceId: 2, purchaseTime: '2026-05-01T10:00:00' }),
      licence(12, 2, CLUB, '2026-01-01', '2026-12-31', { licenceId: 2, purchaseTime: '2026-05-10T10:00:00' }),
      // Replaced by an upgrade that has not started yet.
      licence(13, 3, CLUB, '2026-01-01', '2026-12-31'),
      licence(14, 3, CLUB, '2026-07-01', '2026-12-31', { upgradeFrom: 13 })
    ])

    expect(granteesNotReadable(db, MERIT_OF[CLUB], [1, 2, 3], TODAY)).toEqual([1, 3])
  })

  it('counts a registration to an event of the organization or one below it that ended at most 365 days ago', () => {
    const db = organizations()
    const event = (id: number, organizerId: number, endDateTime: string) => ({ id, uuid: `00000000-0000-4000-8000-0000000000${id}`, organizerId, name: `Kisat ${id}`, startDateTime: endDateTime, endDateTime })
    store(db, 'events', 'public', [event(31, CLUB, '2025-06-01T18:00:00+03:00'), event(32, CLUB, '2025-05-31T18:00:00+03:00'), event(33, OTHER_CLUB, '2026-05-01T18:00:00+03:00')])
    store(db, 'event-search-results', `organization ${AREA}`, [event(34, AREA, '2026-03-01T18:00:00+02:00')])
    // v2 registrations name the participant by id; registered users carry the profile.
    store(db, 'event-registrations', 'event 31', [{ id: 41, eventUuid: event(31, CLUB, '').uuid, participantUserId: 1, registrationDate: '2025-05-01' }])
    store(db, 'event-registrations', 'event 32', [{ id: 42, eventUuid: event(32, CLUB, '').uuid, participantUserId: 2, registrationDate: '2025-05-01' }])
    store(db, 'registered-event-users', 'event 33', [{ id: 43, eventId: 33, user: person(3), paymentStatus: 'FREE', paidAmountInCents: 0 }])
    store(db, 'registered-event-users', 'event 34', [{ id: 44, eventId: 34, user: person(4), paymentStatus: 'FREE', paidAmountInCents: 0 }])

    // 365 days before 1 June 2026 is 1 June 2025: the first event counts, the one a day earlier not.
    expect(granteesNotReadable(db, MERIT_OF[CLUB], [1, 2, 3, 4], TODAY)).toEqual([2, 3, 4])
    expect(granteesNotReadable(db, MERIT_OF[AREA], [1, 2, 3, 4], TODAY)).toEqual([2, 3])
    expect(granteesNotReadable(db, MERIT_OF[FEDERATION], [1, 2, 3, 4], TODAY)).toEqual([2])
  })

  it('looks each grantee up by the user indexes, not by scanning the licences', () => {
    const db = openDatabase(':memory:')
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ ids: '[1]' }) as Array<{ detail: string }>).map((row) => row.detail).filter((detail) => /\b(ul|ui)\b/.test(detail))
    expect(plan(GRANTEE_LICENCES_SQL)).toEqual([expect.stringMatching(/^SEARCH ul USING INDEX user_licence_user(_period)? \(user_id=\?/)])
    expect(plan(GRANTEE_INSURANCES_SQL)).toEqual([expect.stringMatching(/^SEARCH ui USING INDEX user_insurance_user(_period)? \(user_id=\?/)])
  })
})
