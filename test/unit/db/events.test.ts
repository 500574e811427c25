import { describe, expect, it } from 'vitest'
import { readEventLimits, readEventParticipants, readEvents, readQueuedParticipants } from '../../../src/main/db/events'
import { readMemberDetail } from '../../../src/main/db/memberDetail'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { clearDoneEffects, updateItem } from '../../../src/main/db/outbox'
import { queueChange } from '../../../src/main/outbox/queue'
import { elementStore } from '../../support/elements'

const T = '2026-01-05T12:00:00+02:00'
const CAMP = '0b7c5d0e-0000-4000-8000-000000000001'
const RACE = '0b7c5d0e-0000-4000-8000-000000000002'
const MEETING = '0b7c5d0e-0000-4000-8000-000000000003'

const store = elementStore(T)

/** A public camp and race (v3 listing, the race also in the v2 search) and a private meeting (v2 search only); two registrations to the camp. */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  store(db, 'events', 'public', [
    { id: 1, eventId: 1, uuid: CAMP, name: 'Kevätleiri', organizerName: 'Seura', startDateTime: '2026-04-10T09:00:00', locationAddress: 'Vierumäki', maxAttendeeCount: 30 },
    { id: 2, eventId: 2, uuid: RACE, name: 'Syyskisat', organizerName: 'Liitto', startDateTime: '2026-09-05T10:00:00', registrationStartTime: '2026-02-01T08:00:00', registrationEndTime: '2099-09-01T20:00' }
  ])
  store(db, 'event-search-results', 'federation 100', [
    { id: 2, eventId: 2, uuid: RACE, name: 'Syyskisat (haku)', startDateTime: '2026-09-05T10:00:00' },
    { id: 3, eventId: 3, uuid: MEETING, name: 'Syyskokous', organizerName: 'Liitto', startDateTime: '2026-11-20T18:00:00', registrationEndDateTime: '2026-11-13T16:00:00' }
  ])
  const user = (id: number, lastName: string) => ({ id, sportId: 10_000_000 + id, firstName: 'Testi', lastName, modificationTime: T })
  store(db, 'user-licences', 'federation 100', [
    { id: 51, userId: 7, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', licenceOrganizationName: 'Seura', user: user(7, 'Virtanen') },
    { id: 52, userId: 8, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: user(8, 'Aho') },
    { id: 53, userId: 9, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', licenceOrganizationName: 'Seura', user: user(9, 'Niemi') },
    { id: 54, userId: 10, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: user(10, 'Laine') }
  ])
  store(db, 'event-registrations', 'event 1', [
    { id: 41, eventUuid: CAMP, participantUserId: 7, registrationDate: '2026-03-01', paidAmountInCents: 2500 },
    { id: 42, eventUuid: CAMP, participantUserId: 8, registrationDate: '2026-03-02', paidAmountInCents: 0 }
  ])
  store(db, 'registered-event-users', 'event 1', [{ id: 41, eventId: 1, userId: 7, user: user(7, 'Virtanen'), paymentStatus: 'PAID', paidAmountInCents: 2500 }])
  return db
}

describe('events and participants (issue 7)', () => {
  it('lists each event once (the v3 listing wins), newest first, with its registrations, and filters by text and start date', () => {
    const db = seed()
    expect(readEvents(db, {}).map((e) => [e.name, e.registrations])).toEqual([
      ['Syyskokous', 0],
      ['Syyskisat', 0],
      ['Kevätleiri', 2]
    ])
    expect(readEvents(db, {})[2]).toMatchObject({ uuid: CAMP, maxAttendeeCount: 30, locationAddress: 'Vierumäki', organizerName: 'Seura' })
    // The registration window by the v3 listing's names, or the v2 search's (spec v3 §2, v2 §2.18).
    expect(readEvents(db, {}).map((e) => [e.name, e.registrationStart, e.registrationEnd])).toEqual([
      ['Syyskokous', undefined, '2026-11-13T16:00:00'],
      ['Syyskisat', '2026-02-01T08:00:00', '2099-09-01T20:00'],
      ['Kevätleiri', undefined, undefined]
    ])
    expect(readEvents(db, { text: 'LIITTO' }).map((e) => e.name)).toEqual(['Syyskokous', 'Syyskisat'])
    expect(readEvents(db, { text: 'vierumä' }).map((e) => e.name)).toEqual(['Kevätleiri'])
    // Any case beyond ASCII too (SQLite's lower() folds only A–Z).
    expect(readEvents(db, { text: 'VIERUMÄ' }).map((e) => e.name)).toEqual(['Kevätleiri'])
    expect(readEvents(db, { text: 'KEVÄTLEIRI' }).map((e) => e.name)).toEqual(['Kevätleiri'])
    expect(readEvents(db, { from: '2026-05-01', to: '2026-10-31' }).map((e) => e.name)).toEqual(['Syyskisat'])
  })

  it("gives an event's registrations by last name with the member, club and payment status", () => {
    expect(readEventParticipants(seed(), CAMP)).toEqual([
      { eventRegistrationId: 42, userId: 8, sportId: 10000008, firstName: 'Testi', lastName: 'Aho', registrationDate: '2026-03-02', paidAmountInCents: 0 },
      { eventRegistrationId: 41, userId: 7, sportId: 10000007, firstName: 'Testi', lastName: 'Virtanen', club: 'Seura', registrationDate: '2026-03-01', paidAmountInCents: 2500, paymentStatus: 'PAID' }
    ])
  })

  it("gives a participant without a stored profile the registered user's own copy of name and Sport-ID (spec v2 §2.16), else only the id", () => {
    const db = seed()
    store(db, 'event-registrations', 'event 1', [
      { id: 43, eventUuid: CAMP, participantUserId: 20, registrationDate: '2026-03-03', paidAmountInCents: 0 },
      { id: 44, eventUuid: CAMP, participantUserId: 21, registrationDate: '2026-03-04', paidAmountInCents: 0 }
    ])
    store(db, 'registered-event-users', 'event 1', [
      { id: 43, eventId: 1, userId: 20, user: { id: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg' }, paymentStatus: 'FREE', paidAmountInCents: 0 }
    ])
    expect(readEventParticipants(db, CAMP).filter((p) => p.userId >= 20)).toEqual([
      { eventRegistrationId: 44, userId: 21, registrationDate: '2026-03-04', paidAmountInCents: 0 },
      { eventRegistrationId: 43, userId: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg', registrationDate: '2026-03-03', paidAmountInCents: 0, paymentStatus: 'FREE' }
    ])
  })

  it('gives a user registered more than once the PAID entry\'s status, as spec v2 §3 says, though a waiting one is newer', () => {
    const db = seed()
    store(db, 'registered-event-users', 'event 1', [{ id: 42, eventId: 1, userId: 8, user: { id: 8 }, paymentStatus: 'PAID', paidAmountInCents: 2500 }])
    elementStore('2026-02-05T12:00:00+02:00')(db, 'registered-event-users', 'event 1', [{ id: 45, eventId: 1, userId: 8, user: { id: 8 }, paymentStatus: 'WAITING_PAYMENT_CONFIRMATION', paidAmountInCents: 0 }])
    expect(readEventParticipants(db, CAMP).find((p) => p.userId === 8)?.paymentStatus).toBe('PAID')
    elementStore('2026-02-06T12:00:00+02:00')(db, 'registered-event-users', 'event 1', [{ id: 42, eventId: 1, userId: 8, user: { id: 8 }, paymentStatus: 'WAITING_PAYMENT_CONFIRMATION', paidAmountInCents: 0 }])
    expect(readEventParticipants(db, CAMP).find((p) => p.userId === 8)?.paymentStatus).toBe('WAITING_PAYMENT_CONFIRMATION')
  })

  it('gives the members queued registrations and participant additions are about to register until the sync after the push, and not the rejected', () => {
    const db = seed()
    const who = { actor: 'sihteeri' }
    const registration = queueChange(db, 'event-registration', { eventUuid: RACE, registration: { participantUserId: 9 } }, who)
    const participants = queueChange(db, 'event-participants', { eventUuid: RACE.toUpperCase(), participants: { userIds: [10], grantEventMerits: false } }, who)
    const rejected = queueChange(db, 'event-registration', { eventUuid: RACE, registration: { participantUserId: 8 } }, who)
    updateItem(db, rejected.id, { state: 'rejected', at: 'now', lastStatus: 400, lastAnswer: 'full' })
    const toCamp = queueChange(db, 'event-registration', { eventUuid: CAMP, registration: { participantUserId: 10 } }, who)
    expect(readQueuedParticipants(db, RACE)).toEqual([
      { userId: 10, sportId: 10000010, firstName: 'Testi', lastName: 'Laine', outboxItemId: participants.id, state: 'queued' },
      { userId: 9, sportId: 10000009, firstName: 'Testi', lastName: 'Niemi', club: 'Seura', outboxItemId: registration.id, state: 'queued' }
    ])
    expect(readQueuedParticipants(db, CAMP)).toEqual([{ userId: 10, sportId: 10000010, firstName: 'Testi', lastName: 'Laine', outboxItemId: toCamp.id, state: 'queued' }])
    // Sent: listed as such until the re-pull has stored the registration.
    updateItem(db, toCamp.id, { state: 'done', at: 'now', lastStatus: 201, lastAnswer: '{}' })
    expect(readQueuedParticipants(db, CAMP)).toMatchObject([{ userId: 10, state: 'done' }])
    clearDoneEffects(db)
    expect(readQueuedParticipants(db, CAMP)).toEqual([])
  })

  it("gives a queued participant without a stored profile the names of the newest copy, a registered user's of any event (spec v2 §2.16) or a grant's (§2.9), as the member detail does", () => {
    const db = seed()
    elementStore('2026-01-01T12:00:00+02:00')(db, 'registered-event-users', 'event 1', [
      { id: 43, eventId: 1, userId: 20, user: { id: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg' }, paymentStatus: 'FREE', paidAmountInCents: 0 }
    ])
    store(db, 'registered-event-users', 'event 3', [
      { id: 46, eventId: 3, userId: 20, user: { id: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Bergström' }, paymentStatus: 'FREE', paidAmountInCents: 0 }
    ])
    store(db, 'granted-merits', 'merit 2001', [{ id: 21, firstName: 'Ansio', lastName: 'Aalto', grantedMerit: { id: 5, meritId: 2001, grantingDate: '2025-05-01' } }])
    const who = { actor: 'sihteeri' }
    const berg = queueChange(db, 'event-registration', { eventUuid: RACE, registration: { participantUserId: 20 } }, who)
    const aalto = queueChange(db, 'event-registration', { eventUuid: RACE, registration: { participantUserId: 21 } }, who)
    expect(readQueuedParticipants(db, RACE)).toEqual([
      { userId: 21, firstName: 'Ansio', lastName: 'Aalto', outboxItemId: aalto.id, state: 'queued' },
      { userId: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Bergström', outboxItemId: berg.id, state: 'queued' }
    ])
    // A grant newer than every registered copy names them since (a grant has no Sport-ID: the registered copy's stays).
    elementStore('2026-12-01T12:00:00+02:00')(db, 'granted-merits', 'merit 2001', [{ id: 20, firstName: 'Vieras', lastName: 'Berg-Nieminen', grantedMerit: { id: 6, meritId: 2001, grantingDate: '2026-11-30' } }])
    expect(readQueuedParticipants(db, RACE).find((row) => row.userId === 20)).toEqual({ userId: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg-Nieminen', outboxItemId: berg.id, state: 'queued' })
    expect(readMemberDetail(db, 20, '2026-12-02')).toMatchObject({ sportId: 10000020, source: 'grant', profile: { lastName: 'Berg-Nieminen' } })
  })
})

describe('readEventLimits (the register dialog)', () => {
  const person = (id: number, lastName: string, birthDate: string, gender: string) => ({ id, sportId: 10_000_000 + id, firstName: 'Testi', lastName, birthDate, gender, modificationTime: T })
  /** The camp takes girls born 2010–2014 (spec v3 §4 listing fields); four members to judge. */
  function withLimits(): WritableDB {
    const db = seed()
    store(db, 'events', 'public', [{ id: 1, eventId: 1, uuid: CAMP, name: 'Kevätleiri', startDateTime: '2026-04-10T09:00:00', registrationMinBirthDate: '2010-01-01', registrationMaxBirthDate: '2014-12-31', allowedGender: 'FEMALE' }])
    store(db, 'user-licences', 'federation 100', [
      { id: 61, userId: 21, user: person(21, 'Aalto', '2009-12-31', 'Female') },
      { id: 62, userId: 22, user: person(22, 'Berg', '2010-01-01', 'Female') },
      { id: 63, userId: 23, user: person(23, 'Carlsson', '2015-01-01', 'Female') },
      { id: 64, userId: 24, user: person(24, 'Dahl', '2014-12-31', 'Male') },
      { id: 65, userId: 25, user: { id: 25, sportId: 10_000_025, lastName: 'Ek', modificationTime: T } }
    ])
    return db
  }

  it('says the limits and whom they leave out, both ends of the birth-date range included; a member without a stored birth date or gender is not judged', () => {
    expect(readEventLimits(withLimits(), CAMP.toUpperCase(), [21, 22, 23, 24, 25])).toEqual({
      minBirthDate: '2010-01-01',
      maxBirthDate: '2014-12-31',
      allowedGender: 'FEMALE',
      outside: [
        { userId: 21, name: 'Testi Aalto', reason: 'born-before' },
        { userId: 23, name: 'Testi Carlsson', reason: 'born-after' },
        { userId: 24, name: 'Testi Dahl', reason: 'gender' }
      ]
    })
  })

  it('gives no limits for an event that sets none, or that only the v2 search found', () => {
    const db = withLimits()
    expect(readEventLimits(db, RACE, [21, 24])).toEqual({ outside: [] })
    expect(readEventLimits(db, MEETING, [21, 24])).toEqual({ outside: [] })
  })
})
