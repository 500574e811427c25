import { describe, expect, it } from 'vitest'
import { appendAudit } from '../../../src/main/db/auditLog'
import type { WritableDB } from '../../../src/main/db/open'
import { getItem, pendingChangesOf, updateItem, type OutboxReference } from '../../../src/main/db/outbox'
import { OPERATIONS, operationOf } from '../../../src/main/outbox/operations'
import { InvalidChangeError } from '../../../src/main/outbox/errors'
import { changesNaming } from '../../../src/main/outbox/history'
import { awaitsDecision, AWAIT_DECISION, discardItem, queueChange, retryItem } from '../../../src/main/outbox/queue'
import type { CreateEvent, CreateMerit } from '../../../src/shared/api/v3'
import { OUTBOX_KINDS } from '../../../src/shared/outbox'
import type { OutboxPayloads } from '../../../src/shared/outboxPayloads'
import { problemText } from '../../../src/shared/outboxProblems'
import { databaseWithMembers } from '../../support/outbox'

const EVENT = '6d2f0cd8-253d-498c-ad01-e43dcf28c538'
const who = { actor: 'sihteeri' }

/**
 * A migrated in-memory database: members 1–3; federation 100 with area 110 (club 120 under it)
 * and a passive area 111; merit group 5 of the federation with merit 50 "Hopeamerkki"; event
 * EVENT of the federation with 2 places, one taken; registration 900 of member 3 to it.
 */
function fresh(): WritableDB {
  const db = databaseWithMembers()
  /** A row of a synced table: its columns, plus the sync's own (scope, instant, generation, raw JSON). */
  const row = (table: string, columns: Record<string, unknown>, raw: unknown = {}) => {
    const names = Object.keys(columns)
    db.prepare(`INSERT INTO ${table} (${names.join(', ')}, scope, modification_us, generation, raw) VALUES (${names.map(() => '?').join(', ')}, 's', 1, 1, ?)`).run(...Object.values(columns), JSON.stringify(raw))
  }
  row('organization', { id: 100, type: 'SPORTS_FEDERATION', status: 'ACTIVE', name: 'Liitto' })
  row('organization', { id: 110, type: 'AREA', status: 'ACTIVE', name: 'Lapin alue', parent_id: 100, federation_id: 100 })
  row('organization', { id: 111, type: 'AREA', status: 'PASSIVE', name: 'Vanha alue', parent_id: 100, federation_id: 100 })
  row('organization', { id: 120, type: 'CLUB', status: 'ACTIVE', name: 'Napapiirin Kisa', parent_id: 110, federation_id: 100 })
  row('merit_group', { id: 5, organization_id: 100, name: 'Liiton merkit' })
  row('merit', { id: 50, merit_group_id: 5, name: 'Hopeamerkki' })
  row('event', { id: 30, uuid: EVENT, organizer_id: 100, name: 'Kevätleiri', start_date_time: '2027-03-01T10:00:00' }, { currentAttendeeCount: 1, maxAttendeeCount: 2 })
  row('event_registration', { id: 900, event_uuid: EVENT, participant_user_id: 3 })
  return db
}

/** The problems `queue` refuses with, in English; fails when it queues. */
function problemsOf(queue: () => unknown): readonly string[] {
  try {
    queue()
  } catch (error) {
    if (error instanceof InvalidChangeError) return error.problems.map((problem) => problemText(problem, 'en'))
    throw error
  }
  throw new Error('queued')
}

const merit = (extra: Partial<CreateMerit> = {}): CreateMerit => ({
  name: 'Kultamerkki',
  description: 'Pitkästä urasta',
  meritGroupId: 5,
  organizationId: 100,
  meritGrantingAuthorType: 'FEDERATION',
  meritValidityPeriodType: 'PERPETUAL',
  type: 'COMPETITION',
  ...extra
})

const event = (extra: Partial<CreateEvent> = {}): CreateEvent => ({
  name: 'Syysleiri',
  organizerId: 100,
  startDateTime: { date: '2027-09-04', time: '09:00' },
  endDateTime: { date: '2027-09-05' },
  registrationCancellable: true,
  allowedRegisterer: 'BOTH',
  visibility: 'PUBLIC',
  purpose: 'SPORTS',
  ...extra
})

describe('prepare of the new outbox kinds: spec limits and local data (issue 5)', () => {
  it('club-create: under an active federation or area, a unique name, real dates', () => {
    const db = fresh()
    expect(problemsOf(() => queueChange(db, 'club-create', { parentId: 110, club: { name: ' ', established: '2026-13-01', address: { streetAddress: 'Tie 1', postCode: '', postOffice: 'Oulu' } } }, who))).toEqual([
      'name must not be empty',
      'established 2026-13-01 is not a date in the calendar',
      'the address needs postCode'
    ])
    expect(problemsOf(() => queueChange(db, 'club-create', { parentId: 110, club: { name: 'Uusi', established: '2026-11-01', terminated: '2026-10-01' } }, who))).toEqual([
      'established 2026-11-01 is after terminated 2026-10-01'
    ])
    expect(problemsOf(() => queueChange(db, 'club-create', { parentId: 111, club: { name: 'Uusi' } }, who))).toEqual([
      'Vanha alue is not an active sports federation or area (AREA PASSIVE); clubs are created under those'
    ])
    expect(problemsOf(() => queueChange(db, 'club-create', { parentId: 110, club: { name: 'napapiirin kisa' } }, who))).toEqual([
      'a club named "napapiirin kisa" already exists under organization 110 (organization 120)'
    ])
    const item = queueChange(db, 'club-create', { parentId: 110, club: { name: ' Ounasvaaran Ponnistus ', phone: '040 1' } }, who)
    expect(item.payload).toEqual({ parentId: 110, club: { type: 'CLUB', name: 'Ounasvaaran Ponnistus', phone: '040 1' } })
    expect(problemsOf(() => queueChange(db, 'club-create', { parentId: 110, club: { name: 'OUNASVAARAN PONNISTUS' } }, who))).toEqual([
      `outbox item #${item.id} (queued) already creates a club named "OUNASVAARAN PONNISTUS" under organization 110`
    ])
  })

  it('organization-user-access: known organization and member, an inviter; the member shows it pending', () => {
    const db = fresh()
    expect(problemsOf(() => queueChange(db, 'organization-user-access', { authorizedOrganizationUser: { organizationId: 0, userId: 1, write: 'yes' as never }, inviterName: ' ' }, who))).toEqual([
      'organizationId must be a positive whole number, got 0',
      'write must be true or false',
      'inviterName must not be empty'
    ])
    expect(problemsOf(() => queueChange(db, 'organization-user-access', { authorizedOrganizationUser: { organizationId: 999, userId: 4, write: true }, inviterName: 'Liitto' }, who))).toEqual([
      'no organization 999 in the local database',
      'no member with id 4 in the local database'
    ])
    const item = queueChange(db, 'organization-user-access', { authorizedOrganizationUser: { organizationId: 110, userId: 1, write: false }, inviterName: 'Aluesihteeri' }, who)
    expect(pendingChangesOf(db, 1)).toEqual([{ itemId: item.id, kind: 'organization-user-access', state: 'queued', target: 'organization 110' }])
    expect(problemsOf(() => queueChange(db, 'organization-user-access', { authorizedOrganizationUser: { organizationId: 110, userId: 1, write: true }, inviterName: 'X' }, who))).toEqual([
      `outbox item #${item.id} (queued) already grants user 1 access to organization 110`
    ])
  })

  it('merit-create: the enumerations, validity fields exactly with their type, the group and a unique name', () => {
    const db = fresh()
    expect(problemsOf(() => queueChange(db, 'merit-create', merit({ name: '', meritValidityPeriodType: 'FIXED_DATE', validityFixedDurationInMonths: 3, mastersportIds: [1, 1], type: 'BADGE' as never }), who))).toEqual([
      'name must not be empty',
      'type must be one of COMPETITION, CARD, got "BADGE"',
      'validityFixedDate is required with FIXED_DATE',
      'validityFixedDurationInMonths is given only with FIXED_DURATION',
      'master sports listed more than once: 1'
    ])
    expect(problemsOf(() => queueChange(db, 'merit-create', merit({ meritValidityPeriodType: 'FIXED_DURATION', validityFixedDurationInMonths: 0, mastersportIds: [] }), who))).toEqual([
      'validityFixedDurationInMonths must be a whole number ≥ 1 with FIXED_DURATION, got 0',
      'mastersportIds must list 1 to 10,000 master sports, got 0'
    ])
    expect(problemsOf(() => queueChange(db, 'merit-create', merit({ organizationId: 110, name: 'hopeamerkki' }), who))).toEqual([
      'merit group 5 belongs to organization 100, not 110',
      'merit group 5 already has a merit named "hopeamerkki" (merit 50)'
    ])
    expect(problemsOf(() => queueChange(db, 'merit-create', merit({ meritGroupId: 6 }), who))).toEqual(['no merit group 6 in the local database'])
    const item = queueChange(db, 'merit-create', merit({ meritValidityPeriodType: 'FIXED_DURATION', validityFixedDurationInMonths: 24 }), who)
    expect(item.payload).toEqual(merit({ meritValidityPeriodType: 'FIXED_DURATION', validityFixedDurationInMonths: 24 }))
  })

  it('event-create: dates and times, the enumerations, a webhook URL, known merits and organizer, no duplicate', () => {
    const db = fresh()
    expect(
      problemsOf(() =>
        queueChange(db, 'event-create', event({ name: '', endDateTime: { date: '2027-09-03' }, registrationStartDateTime: { date: '2027-08-01', time: '24:00' }, maxAttendeeCount: 0, visibility: 'SECRET' as never, webhookUrl: 'not a url', meritIds: [51, 51] }), who)
      )
    ).toEqual([
      'name must not be empty',
      'endDateTime is before startDateTime',
      'registrationStartDateTime.time must be a time HH:MM, got "24:00"',
      'maxAttendeeCount must be a whole number ≥ 1, got 0',
      'visibility must be one of PUBLIC, PRIVATE, got "SECRET"',
      'meritIds lists a merit more than once',
      'webhookUrl must be an absolute URL, got "not a url"'
    ])
    expect(problemsOf(() => queueChange(db, 'event-create', event({ organizerId: 111, meritIds: [50, 51] }), who))).toEqual(['Vanha alue is not active', 'no merit 51 in the local database'])
    expect(problemsOf(() => queueChange(db, 'event-create', event({ name: 'kevätleiri', startDateTime: { date: '2027-03-01', time: '10:00' }, endDateTime: { date: '2027-03-01', time: '16:00' } }), who))).toEqual([
      'organization 100 already has an event "kevätleiri" starting 2027-03-01T10:00 (event 30)'
    ])
    // Ending on the start's day, given without a time: the whole day, so not before a start at 09:00.
    expect(queueChange(db, 'event-create', event({ name: 'Päiväleiri', endDateTime: { date: '2027-09-04' } }), who).state).toBe('queued')
    const item = queueChange(db, 'event-create', event({ webhookUrl: 'https://seura.example/webhooks', meritIds: [50], description: undefined }), who)
    expect(item.payload).toEqual(event({ webhookUrl: 'https://seura.example/webhooks', meritIds: [50] }))
    expect(problemsOf(() => queueChange(db, 'event-create', event({ name: 'SYYSLEIRI' }), who))).toEqual([`outbox item #${item.id} (queued) already creates this event`])
  })

  it('event-participants: 1..10000 unique members, a complete merit grant only with grantEventMerits, not registered yet, room left', () => {
    const db = fresh()
    expect(problemsOf(() => queueChange(db, 'event-participants', { eventUuid: EVENT, participants: { userIds: [1, 1, 0], grantEventMerits: true } }, who))).toEqual([
      'participant ids must be positive whole numbers: 0',
      'participants listed more than once: 1',
      'meritGrant is required when grantEventMerits is true'
    ])
    expect(
      problemsOf(() => queueChange(db, 'event-participants', { eventUuid: EVENT, participants: { userIds: Array.from({ length: 10_001 }, (_, i) => i + 1), grantEventMerits: true, meritGrant: { grantingDate: '2027-02-29', meritGranter: '' } } }, who))
    ).toEqual(['userIds must list 1 to 10,000 members, got 10,001', 'meritGrant.grantingDate 2027-02-29 is not a date in the calendar', 'meritGrant.meritGranter must not be empty'])
    expect(problemsOf(() => queueChange(db, 'event-participants', { eventUuid: EVENT, participants: { userIds: [1], grantEventMerits: false, meritGrant: { grantingDate: '2027-01-01', meritGranter: 'x' } } }, who))).toEqual([
      'meritGrant is given but grantEventMerits is false'
    ])
    expect(problemsOf(() => queueChange(db, 'event-participants', { eventUuid: EVENT, participants: { userIds: [1, 2, 3, 4], grantEventMerits: false } }, who))).toEqual([
      'no member with id 4 in the local database',
      'already registered to this event: 3',
      'event Kevätleiri has room for 1 more (1 registered, 0 queued, 2 places), not 4'
    ])
    const item = queueChange(db, 'event-participants', { eventUuid: EVENT.toUpperCase(), participants: { userIds: [1], grantEventMerits: true, meritGrant: { grantingDate: '2027-03-01', granterUserId: 2, notifyGrantees: false } } }, who)
    expect(item.payload).toEqual({ eventUuid: EVENT, participants: { userIds: [1], grantEventMerits: true, meritGrant: { grantingDate: '2027-03-01', granterUserId: 2, notifyGrantees: false } } })
    expect(pendingChangesOf(db, 1)).toEqual([{ itemId: item.id, kind: 'event-participants', state: 'queued', target: `event ${EVENT}` }])
    expect(problemsOf(() => queueChange(db, 'event-participants', { eventUuid: EVENT, participants: { userIds: [1, 2], grantEventMerits: false } }, who))).toEqual([
      `already being registered to this event by the outbox: 1 (#${item.id})`,
      'event Kevätleiri has room for 0 more (1 registered, 1 queued, 2 places), not 2'
    ])
  })

  it('orders: known payer and registrations, one order per registration; payments and cancellations name an order or wait for its item', () => {
    const db = fresh()
    expect(problemsOf(() => queueChange(db, 'order-create', { userId: 1, eventRegistrationIds: [900, 900] }, who))).toEqual(['registrations listed more than once: 900'])
    expect(problemsOf(() => queueChange(db, 'order-create', { userId: 4, organizationId: 999, eventRegistrationIds: [900, 901] }, who))).toEqual([
      'no member with id 4 in the local database',
      'no organization 999 in the local database',
      'no event registration 901 in the local database'
    ])
    const order = queueChange(db, 'order-create', { userId: 1, eventRegistrationIds: [900] }, who)
    expect(order.payload).toEqual({ userId: 1, source: 'EVENT_REGISTRATION', purchases: [{ products: [{ productType: 'EVENT_REGISTRATION', productId: 900 }], beneficiaryUserId: 3 }] })
    expect(pendingChangesOf(db, 3)).toEqual([{ itemId: order.id, kind: 'order-create', state: 'queued', target: 'order' }])
    // The payer's export holds the order, without the purchase for another member; the beneficiary's holds it whole.
    expect(changesNaming(db, 1)).toEqual([expect.objectContaining({ id: order.id, payload: { userId: 1, source: 'EVENT_REGISTRATION', purchases: [] } })])
    expect(changesNaming(db, 3)).toEqual([expect.objectContaining({ id: order.id, payload: order.payload })])
    expect(changesNaming(db, 2)).toEqual([])
    expect(problemsOf(() => queueChange(db, 'order-create', { userId: 2, eventRegistrationIds: [900] }, who))).toEqual([`outbox item #${order.id} (queued) already orders registration 900`])

    expect(problemsOf(() => queueChange(db, 'order-payment', { paymentMethodCode: 'op/../x' }, who))).toEqual([
      'orderId must be a positive whole number, got undefined',
      `paymentMethodCode must be a code of the order's payment methods (letters, digits, _ or -), got "op/../x"`
    ])
    const payment = queueChange(db, 'order-payment', { paymentMethodCode: 'nordea' }, { ...who, dependsOn: order.id })
    expect(payment).toMatchObject({ dependsOn: order.id, payload: { paymentMethodCode: 'nordea' } })
    expect(problemsOf(() => queueChange(db, 'order-payment', { paymentMethodCode: 'op' }, { ...who, dependsOn: order.id }))).toEqual([
      `outbox item #${payment.id} (queued) already initiates the payment of this order`
    ])
    expect(problemsOf(() => queueChange(db, 'order-cancel', { orderId: 60_000_001 }, { ...who, dependsOn: payment.id }))).toEqual([
      `outbox item #${payment.id} does not place an order`,
      'give the order id or the outbox item that places the order, not both'
    ])
    expect(queueChange(db, 'order-cancel', { orderId: 60_000_001 }, who).payload).toEqual({ orderId: 60_000_001 })
  })
})

describe('what each kind refers to: the synced rows a full sync keeps while it waits (DESIGN §3 rule 5)', () => {
  it('names the rows its checks read and its summary names by id, events by UUID; members, orders and the client data none', () => {
    const grant = { grantingDate: '2026-10-01', meritGranter: 'Hallitus', meritGrantees: [1, 2] }
    const referred: { [K in keyof typeof OPERATIONS]: [OutboxPayloads[K], OutboxReference[]] } = {
      'merit-grant': [{ meritId: 50, grant }, [{ to: 'merit', id: 50 }]],
      'event-registration': [{ eventUuid: EVENT, registration: { participantUserId: 1 } }, [{ to: 'event', uuid: EVENT }]],
      'registration-cancel': [{ eventUuid: EVENT, eventRegistrationId: 900, participantUserId: 3 }, [{ to: 'event', uuid: EVENT }, { to: 'event-registration', id: 900 }]],
      'club-transfer': [{ userLicenceId: 7, targetClubId: 120, sportsFederationId: 100, userId: 1, licencePeriodId: 3 }, [{ to: 'user-licence', id: 7 }, { to: 'organization', id: 120 }]],
      'client-data-put': [{ content: 'x' }, []],
      'client-data-delete': [{}, []],
      'club-create': [{ parentId: 110, club: { type: 'CLUB', name: 'Uusi' } }, [{ to: 'organization', id: 110 }]],
      'organization-user-access': [{ authorizedOrganizationUser: { organizationId: 120, userId: 1, write: false }, inviterName: 'Sihteeri' }, [{ to: 'organization', id: 120 }]],
      'merit-create': [{ ...merit(), meritGroupId: 5, organizationId: 100 }, [{ to: 'merit-group', id: 5 }, { to: 'organization', id: 100 }]],
      'event-create': [{ ...event(), organizerId: 110, meritIds: [50] }, [{ to: 'organization', id: 110 }, { to: 'merit', id: 50 }]],
      'event-participants': [{ eventUuid: EVENT, participants: { userIds: [1, 2], grantEventMerits: false } }, [{ to: 'event', uuid: EVENT }]],
      'order-create': [
        { userId: 1, organizationId: 120, source: 'EVENT_REGISTRATION', purchases: [{ products: [{ productType: 'EVENT_REGISTRATION', productId: 900 }] }] },
        [{ to: 'organization', id: 120 }, { to: 'event-registration', id: 900 }]
      ],
      'order-payment': [{ orderId: 60000001, paymentMethodCode: 'op' }, []],
      'order-cancel': [{ orderId: 60000001 }, []]
    }
    for (const kind of OUTBOX_KINDS) expect([kind, operationOf(kind).refersTo(referred[kind][0])]).toEqual([kind, referred[kind][1]])
  })
})

describe('unknown items left to a person (DESIGN §4: orders are never retried automatically)', () => {
  it('are retried or discarded by hand only after a read-back left them to a person', () => {
    const db = fresh()
    const order = queueChange(db, 'order-create', { userId: 1, eventRegistrationIds: [900] }, who)
    updateItem(db, order.id, { state: 'unknown', at: '2026-11-23T10:00:00.000Z' })
    // Not yet read back: nobody may send it again or drop it.
    expect(awaitsDecision(db, getItem(db, order.id)!)).toBe(false)
    expect(() => retryItem(db, order.id, who)).toThrow(/is unknown; only rejected items are retried by hand/)
    expect(() => discardItem(db, order.id, who)).toThrow(/may have reached the registry and cannot be discarded/)

    appendAudit(db, { at: '2026-11-23T10:00:01.000Z', itemId: order.id, kind: 'order-create', event: 'reconciled', detail: { applied: 'undecided', action: AWAIT_DECISION } })
    expect(awaitsDecision(db, getItem(db, order.id)!)).toBe(true)
    expect(retryItem(db, order.id, who)).toMatchObject({ state: 'queued' })

    updateItem(db, order.id, { state: 'unknown', at: '2026-11-23T10:01:00.000Z' })
    appendAudit(db, { at: '2026-11-23T10:01:01.000Z', itemId: order.id, kind: 'order-create', event: 'reconciled', detail: { applied: 'undecided', action: AWAIT_DECISION } })
    expect(discardItem(db, order.id, who)).toEqual([order.id])
    expect(getItem(db, order.id)).toBeUndefined()
  })
})
