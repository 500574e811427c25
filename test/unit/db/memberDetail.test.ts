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

  it("names the member's club as the member list does: their latest licence's, not the one they left; none without a licence naming one", () => {
    const db = openDatabase(':memory:')
    const user = { id: 9, sportId: 10000009, modificationTime: T }
    store(db, 'user-licences', 'federation 100', [
      { id: 2, userId: 9, licenceOrganizationId: 300, licenceOrganizationName: 'Latu-Raisio', usagePeriodStart: '2025-01-01', usagePeriodEnd: '2025-12-31', user },
      { id: 3, userId: 9, licenceOrganizationId: 400, licenceOrganizationName: 'Raisio SK', usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user }
    ])
    expect(readMemberDetail(db, 9, '2026-03-10')).toMatchObject({ club: 'Raisio SK', licences: [{ clubName: 'Raisio SK' }, { clubName: 'Latu-Raisio' }] })
    expect(readMemberDetail(seed(), 7, '2026-03-10')).not.toHaveProperty('club')
  })
})

/**
 * Persons without a profile: 20 granted a merit only, named in two grants; 21 registered to two
 * events (a copy each in the registered users lists, the camp's newer) and granted a merit, whose
 * untimed grant is older than any copy with a time; 22 named only by a registration (§2.15: no names).
 */
function seedNonMembers(): WritableDB {
  const db = openDatabase(':memory:')
  const untimed = elementStore('2026-01-01T00:00:00Z')
  const grant = (id: number, meritId: number, names: Record<string, unknown>) => ({
    id,
    additionalInformation: '',
    guardians: [],
    ...names,
    grantedMerit: { meritId, meritName: `Merkki ${meritId}`, grantingDate: '2026-02-01', validUntilDate: null }
  })
  elementStore('2026-01-10T10:00:00Z')(db, 'granted-merits', 'merit 31', [grant(20, 31, { firstName: 'Vanha', lastName: 'Nimi', email: 'vanha@example.fi', phoneNumber: '0401' })])
  elementStore('2026-02-15T10:00:00Z')(db, 'granted-merits', 'merit 32', [
    grant(20, 32, { firstName: 'Veera', lastName: 'Vieras', nickname: 'Vee', email: 'veera@example.fi', phoneNumber: '0402', guardians: [{ firstName: 'Ville', lastName: 'Vieras', phone: '0403' }] })
  ])
  // Stored without a modificationTime, as a grants list may give it (spec v2 §2.9 names none).
  untimed(db, 'granted-merits', 'merit 33', [{ ...grant(21, 33, { firstName: 'Grant', lastName: 'Copy' }), modificationTime: undefined }])
  store(db, 'events', 'public', [{ id: 900, uuid: UUID_CAMP, organizerId: 100, name: 'Kevätleiri', startDateTime: '2026-04-10T09:00:00' }])
  store(db, 'event-search-results', 'federation 100', [{ id: 901, eventId: 901, uuid: UUID_RACE, organizerId: 100, name: 'Syyskisat', startDateTime: '2026-09-05T10:00:00' }])
  store(db, 'event-registrations', 'event 900', [{ id: 51, eventUuid: UUID_CAMP, participantUserId: 21, registrationDate: '2026-03-01', paidAmountInCents: 0 }])
  store(db, 'event-registrations', 'event 901', [
    { id: 52, eventUuid: UUID_RACE, participantUserId: 21, registrationDate: '2026-03-02', paidAmountInCents: 0 },
    { id: 53, eventUuid: UUID_RACE, participantUserId: 22, registrationDate: '2026-03-02', paidAmountInCents: 0 }
  ])
  const registrant = (lastName: string, email: string) => ({ id: 21, sportId: 10000021, firstName: 'Risto', lastName, email, address: { streetAddress: 'Tie 1', postCode: '00100', postOffice: 'Helsinki' } })
  elementStore('2026-02-01T08:00:00Z')(db, 'registered-event-users', 'event 901', [{ id: 52, eventId: 901, user: registrant('Vanhanen', 'old@example.fi'), paymentStatus: 'FREE', paidAmountInCents: 0 }])
  elementStore('2026-03-01T08:00:00Z')(db, 'registered-event-users', 'event 900', [{ id: 51, eventId: 900, user: registrant('Rekisteri', 'risto@example.fi'), paymentStatus: 'FREE', paidAmountInCents: 0 }])
  insertItem(db, { kind: 'merit-grant', payload: { meritId: 34 }, dependsOn: null, at: '2026-03-03T08:00:00.000Z' }, [{ personId: 21, target: 'merit 34' }], [])
  return db
}

describe('readMemberDetail of a person without a profile', () => {
  it("shows a grantee from the newest grant's own fields, with merits and no licences", () => {
    const detail = readMemberDetail(seedNonMembers(), 20, '2026-03-10')
    expect(detail).toEqual({
      id: 20,
      source: 'grant',
      profile: { firstName: 'Veera', nickname: 'Vee', lastName: 'Vieras', email: 'veera@example.fi', phone: '0402' },
      identityNumberHidden: false,
      licenceCheck: { verdict: 'missing' },
      licences: [],
      insurances: [],
      guardians: [{ firstName: 'Ville', lastName: 'Vieras', phone: '0403' }],
      merits: [
        { meritId: 31, meritName: 'Merkki 31', grantingDate: '2026-02-01' },
        { meritId: 32, meritName: 'Merkki 32', grantingDate: '2026-02-01' }
      ],
      registrations: [],
      pending: []
    })
  })

  it("shows a registrant from the newest registered user's copy with its Sport-ID, over an untimed grant, with registrations and pending changes", () => {
    const detail = readMemberDetail(seedNonMembers(), 21, '2026-03-10')!
    expect(detail).toMatchObject({ id: 21, source: 'registration', sportId: 10000021, identityNumberHidden: false, licenceCheck: { verdict: 'missing' }, licences: [], insurances: [], guardians: [] })
    expect(detail.profile).toEqual({
      id: 21,
      sportId: 10000021,
      firstName: 'Risto',
      lastName: 'Rekisteri',
      email: 'risto@example.fi',
      'address.streetAddress': 'Tie 1',
      'address.postCode': '00100',
      'address.postOffice': 'Helsinki'
    })
    expect(detail.registrations.map((r) => [r.eventRegistrationId, r.paymentStatus])).toEqual([
      [52, 'FREE'],
      [51, 'FREE']
    ])
    expect(detail.merits.map((m) => m.meritId)).toEqual([33])
    expect(detail.pending).toEqual([{ itemId: 1, kind: 'merit-grant', state: 'queued', target: 'merit 34' }])
  })

  it('shows a person only a registration names with no names: the registrations list carries none (spec v2 §2.15)', () => {
    const detail = readMemberDetail(seedNonMembers(), 22, '2026-03-10')!
    expect(detail).toMatchObject({ id: 22, source: 'registration', profile: {}, guardians: [] })
    expect(detail.sportId).toBeUndefined()
    expect(detail.registrations.map((r) => r.eventRegistrationId)).toEqual([53])
  })

  it('gives null for an id nothing stored names, and a member the profile', () => {
    const db = seedNonMembers()
    expect(readMemberDetail(db, 99, '2026-03-10')).toBeNull()
    expect(readMemberDetail(seed(), 7, '2026-03-10')?.source).toBe('profile')
  })
})
