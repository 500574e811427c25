import { describe, expect, it } from 'vitest'
import { readIdentityNumber, readMemberDetail } from '../../../src/main/db/memberDetail'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { insertItem } from '../../../src/main/db/outbox'
import { elementStore } from '../../support/elements'

const T = '2026-03-02T09:00:00.123456+02:00'
const UUID_CAMP = '0b7c5d0e-0000-4000-8000-000000000001'
const UUID_RACE = '0b7c5d0e-0000-4000-8000-000000000002'

const store = elementStore(T)

/** One member (user 7) with a licence, two merits of one group, two registrations and a pending grant. */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  const user = { id: 7, sportId: 10000007, firstName: 'Aino', lastName: 'Mäkelä', modificationTime: T }
  store(db, 'user-licences', 'federation 100', [{ id: 501, userId: 7, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user }])
  store(db, 'merit-groups', 'organization 100', [{ id: 30, organizationId: 100, sportId: 1, name: 'Uintimerkit' }])
  store(db, 'merits', 'merit-group 30', [
    { id: 31, meritGroupId: 30, name: 'Pronssi', orderNumber: 1, type: 'COMPETITION' },
    { id: 32, meritGroupId: 30, name: 'Hopea', orderNumber: 2, type: 'COMPETITION' }
  ])
  const grant = (meritId: number, grantingDate: string, validUntilDate: string | null) => ({
    id: 7,
    firstName: 'Aino',
    lastName: 'Mäkelä',
    grantedMerit: { meritId, meritGroupName: 'Uintimerkit', grantingDate, validUntilDate, meritGranter: 'Seuran hallitus' }
  })
  store(db, 'granted-merits', 'merit 31', [grant(31, '2025-05-01', null)])
  store(db, 'granted-merits', 'merit 32', [grant(32, '2026-02-01', '2027-02-01')])
  store(db, 'events', 'public', [{ id: 900, uuid: UUID_CAMP, organizerId: 100, name: 'Kevätleiri', startDateTime: '2026-04-10T09:00:00' }])
  store(db, 'event-search-results', 'federation 100', [{ id: 901, eventId: 901, uuid: UUID_RACE, organizerId: 100, name: 'Syyskisat', startDateTime: '2026-09-05T10:00:00' }])
  store(db, 'event-registrations', `event 900`, [{ id: 41, eventUuid: UUID_CAMP, participantUserId: 7, registrationDate: '2026-03-01', paidAmountInCents: 2500 }])
  store(db, 'event-registrations', `event 901`, [{ id: 42, eventUuid: UUID_RACE, participantUserId: 7, registrationDate: '2026-03-02', paidAmountInCents: 0 }])
  store(db, 'registered-event-users', 'event 900', [{ id: 41, eventId: 900, userId: 7, user, paymentStatus: 'WAITING_PAYMENT_CONFIRMATION', paidAmountInCents: 2500 }])
  insertItem(db, { kind: 'merit-grant', payload: { meritId: 32 }, dependsOn: null, at: '2026-03-03T08:00:00.000Z' }, [{ personId: 7, target: 'merit 32' }], [])
  return db
}

describe('readMemberDetail', () => {
  it("joins a member's merits (newest grant first, names from the merit and its group) and registrations with their events", () => {
    const detail = readMemberDetail(seed(), 7, '2026-03-10')
    expect(detail?.merits).toEqual([
      { meritId: 32, meritName: 'Hopea', meritGroupName: 'Uintimerkit', grantingDate: '2026-02-01', validUntilDate: '2027-02-01', meritGranter: 'Seuran hallitus' },
      { meritId: 31, meritName: 'Pronssi', meritGroupName: 'Uintimerkit', grantingDate: '2025-05-01', meritGranter: 'Seuran hallitus' }
    ])
    expect(detail?.registrations).toEqual([
      // The v2 event search names the race; the registered users list gives the camp's payment status.
      { eventRegistrationId: 42, eventUuid: UUID_RACE, eventName: 'Syyskisat', startDateTime: '2026-09-05T10:00:00', registrationDate: '2026-03-02', paidAmountInCents: 0 },
      {
        eventRegistrationId: 41,
        eventUuid: UUID_CAMP,
        eventName: 'Kevätleiri',
        startDateTime: '2026-04-10T09:00:00',
        registrationDate: '2026-03-01',
        paidAmountInCents: 2500,
        paymentStatus: 'WAITING_PAYMENT_CONFIRMATION'
      }
    ])
  })

  it('lists the outbox changes that wait for the network as pending', () => {
    expect(readMemberDetail(seed(), 7, '2026-03-10')?.pending).toEqual([{ itemId: 1, kind: 'merit-grant', state: 'queued', target: 'merit 32' }])
  })

  it('never gives the identity number in the profile, only that one is stored; readIdentityNumber reads it', () => {
    const db = openDatabase(':memory:')
    store(db, 'user-licences', 'federation 100', [
      { id: 1, userId: 8, user: { id: 8, sportId: 10000008, firstName: 'Eino', socialSecurityNumber: '010203A123B', modificationTime: T } },
      { id: 2, userId: 9, user: { id: 9, sportId: 10000009, firstName: 'Ella', modificationTime: T } }
    ])
    const detail = readMemberDetail(db, 8, '2026-03-10')!
    expect(detail.profile).toMatchObject({ firstName: 'Eino' })
    expect(JSON.stringify(detail)).not.toContain('010203A123B')
    expect(detail.identityNumberHidden).toBe(true)
    expect(readIdentityNumber(db, 8)).toBe('010203A123B')
    expect(readMemberDetail(db, 9, '2026-03-10')!.identityNumberHidden).toBe(false)
    expect(readIdentityNumber(db, 9)).toBeNull()
  })

  it('gives empty merits, registrations and pending for a member with none', () => {
    const db = openDatabase(':memory:')
    store(db, 'user-licences', 'federation 100', [{ id: 1, userId: 8, user: { id: 8, sportId: 10000008, modificationTime: T } }])
    const detail = readMemberDetail(db, 8, '2026-03-10')
    expect(detail).toMatchObject({ id: 8, merits: [], registrations: [], pending: [] })
  })
})
