import { describe, expect, it } from 'vitest'
import type { Sandbox, SandboxRequestEvent } from '../../../src/sandbox/index'
import { readAuditLog } from '../../../src/main/db/auditLog'
import { openDatabase } from '../../../src/main/db/open'
import { getItem, updateItem } from '../../../src/main/db/outbox'
import { registrationIdOf } from '../../../src/main/outbox/eventRegistration'
import {
  discardOutboxItem,
  listAwaitingDecision,
  listOutbox,
  pushOutboxNow,
  queueClientDataPut,
  queueClubCreate,
  queueEventCreate,
  queueEventParticipants,
  queueEventRegistration,
  queueMeritCreate,
  queueMeritGrant,
  queueOrderCancel,
  queueOrderCreate,
  queueOrderPayment,
  queueOrganizationUserAccess,
  readPaymentMethods,
  readOutboxAudit,
  readPaymentStatus,
  retryOutboxItem
} from '../../../src/main/services/outbox'
import type { CreateEvent, CreateMerit } from '../../../src/shared/api/v3'
import type { OutboxItem } from '../../../src/shared/outbox'
import { closeAfterTest } from '../../support/afterTest'
import { spawnCli } from '../../support/cli'
import { startDropProxy, startTamperProxy } from '../../support/dropProxy'
import { connectionFlags, federationMerit, members, OFFLINE_CONNECTION, onlineEnv, registrationsOf, WRITABLE_FEDERATION, writableSandboxForTest } from '../../support/outbox'

/**
 * Issue 5 acceptance for the outbox kinds beyond grants and registrations: club creation and
 * organization user access (spec v2 §4.1), v3 merit and event creation and event participants,
 * orders, payments and cancellations (spec v2 §4.9), pushed to the real sandbox over loopback.
 * The default sandbox client may write in its federation (100).
 */

const FEDERATION = WRITABLE_FEDERATION

/** An active area of the federation: clubs are created under it. */
function area(sandbox: Sandbox): number {
  return sandbox.store.organizations.all().find((o) => o.data.type === 'AREA' && o.data.federationId === FEDERATION && o.data.status === 'ACTIVE')!.id
}

/** A merit group the federation owns. */
function federationGroup(sandbox: Sandbox): number {
  return sandbox.activity.meritGroups.all().find((g) => g.data.organizationId === FEDERATION)!.id
}

/**
 * Published, public (so mirrored), live events of the federation open for registration on the
 * sandbox's clock, with room for 20 more; `merits` picks those with or without event merits.
 */
function openEvents(sandbox: Sandbox, merits?: boolean) {
  return sandbox.activity.events
    .all()
    .filter((e) => e.deletionMs === undefined && e.status === 'PUBLISHED' && e.visibility === 'PUBLIC' && sandbox.store.isWithin(e.organizerId, FEDERATION))
    .filter((e) => sandbox.activity.registrationClosedReason(e) === undefined)
    .filter((e) => e.maxAttendeeCount === undefined || e.maxAttendeeCount - sandbox.activity.attendeeCount(e.id) >= 20)
    .filter((e) => merits === undefined || (e.meritIds.length > 0) === merits)
}


/** Active registrations of the federation's events, paid (waiting for payment) or free, that the sync mirrored. */
function registrations(sandbox: Sandbox, paid: boolean) {
  return sandbox.activity.registrations
    .all()
    .filter((r) => r.state === 'ACTIVE' && (paid ? r.paymentStatus === 'WAITING_PAYMENT_CONFIRMATION' : r.paymentStatus === 'FREE'))
    .filter((r) => {
      const event = sandbox.activity.events.get(r.eventId)!
      return event.deletionMs === undefined && event.status === 'PUBLISHED' && sandbox.store.isWithin(event.organizerId, FEDERATION)
    })
}

function countRequests(sandbox: Sandbox, method: string, matches: (path: string) => boolean): { count: number } {
  const counter = { count: 0 }
  sandbox.events.on('request', (event: SandboxRequestEvent) => {
    if (event.method === method && matches(event.url.split('?')[0])) counter.count++
  })
  return counter
}

const meritBody = (meritGroupId: number, name: string): CreateMerit => ({
  name,
  description: 'Syyskauden kilpailuihin osallistuneille',
  meritGroupId,
  organizationId: FEDERATION,
  meritGrantingAuthorType: 'BOTH',
  meritValidityPeriodType: 'FIXED_DURATION',
  validityFixedDurationInMonths: 12,
  type: 'CARD'
})

const eventBody = (name: string, extra: Partial<CreateEvent> = {}): CreateEvent => ({
  name,
  organizerId: FEDERATION,
  startDateTime: { date: '2026-12-05', time: '10:00' },
  endDateTime: { date: '2026-12-06', time: '16:00' },
  registrationCancellable: true,
  allowedRegisterer: 'BOTH',
  visibility: 'PUBLIC',
  purpose: 'SPORTS',
  ...extra
})

const answerOf = (item: OutboxItem | undefined) => JSON.parse(item!.lastAnswer!) as Record<string, unknown>

describe('the new outbox kinds against the Federation Sandbox (issue 5)', () => {
  it('queues every new kind with no network and pushes each exactly once later, in order', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const parent = area(sandbox)
    const group = federationGroup(sandbox)
    const event = openEvents(sandbox)[0]
    const [member, a, b] = members(sandbox, 3, [event])
    const paid = registrations(sandbox, true)[0]
    const club = await queueClubCreate({ dbFile, parentId: parent, club: { name: 'Junttilan Jyry', established: '2026-11-01', address: { streetAddress: 'Urheilutie 1', postCode: '96100', postOffice: 'Rovaniemi' } } })
    const access = await queueOrganizationUserAccess({ dbFile, authorizedOrganizationUser: { organizationId: parent, userId: member, write: true }, inviterName: 'Liiton toimisto' })
    const merit = await queueMeritCreate({ dbFile, merit: meritBody(group, 'Syysmerkki 2026') })
    const created = await queueEventCreate({ dbFile, event: eventBody('Syysleiri 2026', { webhookUrl: 'https://kanslia.invalid/webhooks/syysleiri' }) })
    const participants = await queueEventParticipants({ dbFile, eventUuid: event.uuid, participants: { userIds: [a, b], grantEventMerits: false } })
    const order = await queueOrderCreate({ dbFile, userId: paid.userId, eventRegistrationIds: [paid.id] })
    const payment = await queueOrderPayment({ dbFile, order: { outboxItemId: order.id }, paymentMethodCode: 'op' })
    expect([club, access, merit, created, participants, order, payment].map((i) => i.summary)).toEqual([
      `create club "Junttilan Jyry" under organization ${parent}`,
      `grant user ${member} write access to organization ${parent} (invited by Liiton toimisto)`,
      `create merit "Syysmerkki 2026" (CARD, FIXED_DURATION) in merit group ${group}`,
      'create event "Syysleiri 2026" of organization 100 on 2026-12-05 10:00 (webhooks to https://kanslia.invalid/webhooks/syysleiri)',
      `add 2 members to event ${event.uuid}`,
      `order registration ${paid.id} billed to member ${paid.userId}`,
      'pay the order queued before it with op'
    ])
    expect(payment.dependsOn).toBe(order.id)

    const writes = { count: 0 }
    sandbox.events.on('request', (e: SandboxRequestEvent) => e.method !== 'GET' && writes.count++)
    const offline = await pushOutboxNow({ dbFile, connection: OFFLINE_CONNECTION, backoffBaseMs: 1 })
    expect(offline).toMatchObject({ done: [], rejected: [], waiting: 7, stopped: { reason: 'offline' } })
    expect(listOutbox(dbFile).map((i) => i.state)).toEqual(Array(7).fill('queued'))
    expect(writes.count).toBe(0)

    const online = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(online).toMatchObject({ done: [club.id, access.id, merit.id, created.id, participants.id, order.id, payment.id], rejected: [], waiting: 0, stopped: null })
    expect(writes.count).toBe(7)
    const items = listOutbox(dbFile)
    const byId = (id: number) => items.find((i) => i.id === id)

    const clubs = sandbox.store.organizations.all().filter((o) => o.data.parentId === parent && o.data.name === 'Junttilan Jyry')
    expect(clubs.map((o) => o.data)).toEqual([expect.objectContaining({ type: 'CLUB', status: 'ACTIVE', established: '2026-11-01' })])
    expect(answerOf(byId(club.id))).toMatchObject({ id: clubs[0].id, name: 'Junttilan Jyry' })
    expect(sandbox.activity.organizationUserAccess(parent, member)).toBe('write')
    const merits = sandbox.activity.merits.all().filter((m) => m.data.meritGroupId === group && m.data.name === 'Syysmerkki 2026')
    expect(merits.map((m) => m.data.validityFixedDurationInMonths)).toEqual([12])
    expect(answerOf(byId(merit.id))).toEqual({ id: merits[0].id, meritGroupId: group, name: 'Syysmerkki 2026' })
    const events = sandbox.activity.events.all().filter((e) => e.name === 'Syysleiri 2026')
    expect(events.map((e) => [e.organizerId, e.start, e.webhookUrl])).toEqual([[FEDERATION, '2026-12-05T10:00:00', 'https://kanslia.invalid/webhooks/syysleiri']])
    expect(answerOf(byId(created.id))).toMatchObject({ id: events[0].id, uuid: events[0].uuid })
    for (const user of [a, b]) expect(registrationsOf(sandbox, event.id, user)).toHaveLength(1)

    // The payment's answer is the gateway to open later (spec v2 §2.17); nothing was opened.
    const orderId = answerOf(byId(order.id)).orderId as number
    expect(sandbox.activity.order(orderId)).toMatchObject({ status: 'WAITING_PAYMENT_CONFIRMATION', paymentMethodCode: 'op' })
    expect(answerOf(byId(payment.id))).toEqual({
      paymentGatewayUrl: `${sandbox.baseUrl}/sandbox/payment-gateway`,
      requestData: expect.arrayContaining([{ key: 'orderId', value: String(orderId) }, { key: 'paymentMethodCode', value: 'op' }])
    })
    // The reads a person needs around a payment, online.
    const methods = await readPaymentMethods({ connection, orderId })
    expect(methods.paymentMethods.map((m) => m.paymentMethodCode)).toContain('op')
    expect(await readPaymentStatus({ connection, orderIds: [orderId, 99_999_999] })).toEqual([
      { orderId, status: 'WAITING_PAYMENT_CONFIRMATION' },
      { orderId: 99_999_999, status: null }
    ])

    const again = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(again).toMatchObject({ done: [], waiting: 0 })
    expect(writes.count).toBe(7)
  })

  it('a lost answer to a club, merit, event or participants POST is read back on the next push: exactly one of each on the server', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const parent = area(sandbox)
    const group = federationGroup(sandbox)
    const event = openEvents(sandbox)[0]
    const [a, b] = members(sandbox, 2, [event])
    const cases = [
      {
        queue: () => queueClubCreate({ dbFile, parentId: parent, club: { name: 'Kaamosvoima' } }),
        path: (p: string) => p === `/api/public/v2/organization/${parent}/suborganizations`,
        made: () => sandbox.store.organizations.all().filter((o) => o.data.parentId === parent && o.data.name === 'Kaamosvoima').map((o) => o.id)
      },
      {
        queue: () => queueMeritCreate({ dbFile, merit: meritBody(group, 'Kaamosmerkki') }),
        path: (p: string) => p === '/api/public/v3/merit',
        made: () => sandbox.activity.merits.all().filter((m) => m.data.name === 'Kaamosmerkki').map((m) => m.id)
      },
      {
        queue: () => queueEventCreate({ dbFile, event: eventBody('Kaamoskisat') }),
        path: (p: string) => p === '/api/public/v3/event',
        made: () => sandbox.activity.events.all().filter((e) => e.name === 'Kaamoskisat').map((e) => e.id)
      },
      {
        // Ending on a date without a time (spec v3 §2 EventDateTime): read back whatever time of that day the registry keeps.
        queue: () => queueEventCreate({ dbFile, event: eventBody('Kaamosretki', { endDateTime: { date: '2026-12-07' } }) }),
        path: (p: string) => p === '/api/public/v3/event',
        made: () => sandbox.activity.events.all().filter((e) => e.name === 'Kaamosretki').map((e) => e.id)
      },
      {
        queue: () => queueEventParticipants({ dbFile, eventUuid: event.uuid, participants: { userIds: [a, b], grantEventMerits: false } }),
        path: (p: string) => p === `/api/public/v3/event/${event.uuid}/participants`,
        made: () => [...registrationsOf(sandbox, event.id, a), ...registrationsOf(sandbox, event.id, b)].map((r) => r.id)
      }
    ]
    for (const { queue, path, made } of cases) {
      const item = await queue()
      const posts = countRequests(sandbox, 'POST', path)
      const proxy = await startDropProxy(sandbox.baseUrl, (method, p) => method === 'POST' && path(p.split('?')[0]))
      closeAfterTest(() => proxy.close())
      const first = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: proxy.url, authUrl: proxy.url }, backoffBaseMs: 1 })
      await proxy.dropped
      expect(first.stopped?.reason).toBe('offline')
      expect(listOutbox(dbFile).find((i) => i.id === item.id)!.state).toBe('unknown')
      const applied = made()
      expect(applied.length).toBeGreaterThan(0)

      const second = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
      expect(second).toMatchObject({ done: [item.id], waiting: 0, stopped: null })
      expect(made()).toEqual(applied)
      expect(posts.count).toBe(1)
      const db = openDatabase(dbFile)
      expect(readAuditLog(db, item.id).map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])
      db.close()
    }
    expect(registrationsOf(sandbox, event.id, a)).toHaveLength(1)
    expect(registrationsOf(sandbox, event.id, b)).toHaveLength(1)
  })

  it('a lost answer to an access grant is settled by sending it again: the grant converges', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const parent = area(sandbox)
    const [member] = members(sandbox, 1, [])
    const item = await queueOrganizationUserAccess({ dbFile, authorizedOrganizationUser: { organizationId: parent, userId: member, write: false }, inviterName: 'Aluesihteeri' })
    const puts = countRequests(sandbox, 'PUT', (p) => p === `/api/public/v2/organization/${parent}/users`)
    const proxy = await startDropProxy(sandbox.baseUrl, (method, p) => method === 'PUT' && p.includes('/users'))
    closeAfterTest(() => proxy.close())
    const first = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: proxy.url, authUrl: proxy.url }, backoffBaseMs: 1 })
    await proxy.dropped
    expect(first.done).toEqual([])
    expect(sandbox.activity.organizationUserAccess(parent, member)).toBe('read')
    const second = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(second).toMatchObject({ done: [item.id], waiting: 0 })
    expect(puts.count).toBe(2)
    expect(listOutbox(dbFile)[0]).toMatchObject({ state: 'done', lastStatus: 200 })
    expect(answerOf(listOutbox(dbFile)[0])).toEqual({ created: false })
    expect(sandbox.activity.organizationUserAccess(parent, member)).toBe('read')
  })

  it('a 400 leaves each new kind rejected with the server message, nothing else blocked', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const parent = area(sandbox)
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    // Local data the registry no longer has (removed there after the last sync).
    const row = "INSERT INTO %s (id, scope, modification_us, generation, raw, %c) VALUES (?, 'gone', 1, 1, '{}', %v)"
    db.prepare(row.replace('%s', 'organization').replace('%c', "type, status, name").replace('%v', "'CLUB', 'ACTIVE', 'Lakannut seura'")).run(987_654)
    db.prepare(row.replace('%s', 'merit_group').replace('%c', 'organization_id, name').replace('%v', `${FEDERATION}, 'Poistettu ryhmä'`)).run(987_655)
    db.prepare(row.replace('%s', 'merit').replace('%c', 'merit_group_id, name').replace('%v', "987655, 'Poistettu merkki'")).run(987_656)
    const noMerits = openEvents(sandbox, false)[0]
    const [member, user] = members(sandbox, 2, [noMerits])
    const paid = registrations(sandbox, true)
    const free = registrations(sandbox, false)[0]
    const completed = sandbox.activity.createOrder(sandbox.clientId, { userId: free.userId, source: 'EVENT_REGISTRATION', purchases: [{ products: [{ productType: 'EVENT_REGISTRATION', productId: free.id }] }] }, [free.id])
    const open = sandbox.activity.createOrder(sandbox.clientId, { userId: paid[1].userId, source: 'EVENT_REGISTRATION', purchases: [{ products: [{ productType: 'EVENT_REGISTRATION', productId: paid[1].id }] }] }, [paid[1].id])
    expect(completed.status).toBe('COMPLETED')

    const club = await queueClubCreate({ dbFile, parentId: parent, club: { name: 'Myöhäinen seura' } })
    const access = await queueOrganizationUserAccess({ dbFile, authorizedOrganizationUser: { organizationId: 987_654, userId: member, write: true }, inviterName: 'Liitto' })
    const merit = await queueMeritCreate({ dbFile, merit: { ...meritBody(987_655, 'Orpo merkki'), meritValidityPeriodType: 'PERPETUAL', validityFixedDurationInMonths: undefined } })
    const event = await queueEventCreate({ dbFile, event: eventBody('Merkkikisat', { meritIds: [987_656] }) })
    const participants = await queueEventParticipants({ dbFile, eventUuid: noMerits.uuid, participants: { userIds: [user], grantEventMerits: true, meritGrant: { grantingDate: '2026-12-06', meritGranter: 'Kilpailujohtaja' } } })
    const order = await queueOrderCreate({ dbFile, userId: paid[0].userId, eventRegistrationIds: [paid[0].id] })
    const payment = await queueOrderPayment({ dbFile, order: { orderId: open.orderId! }, paymentMethodCode: 'bitcoin' })
    const cancel = await queueOrderCancel({ dbFile, order: { orderId: completed.orderId! } })
    const fine = await queueMeritCreate({ dbFile, merit: meritBody(federationGroup(sandbox), 'Kelpo merkki') })
    // On the server meanwhile: the area became a club, the registration was cancelled.
    sandbox.store.organizations.update(parent, (o) => {
      o.data.type = 'CLUB'
    })
    sandbox.activity.cancelRegistration(paid[0].id)

    const pushed = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(pushed.done).toEqual([fine.id])
    expect(pushed.blocked).toEqual([])
    expect(pushed.rejected.map((i) => [i.id, i.state, i.lastStatus, i.lastAnswer])).toEqual([
      [club.id, 'rejected', 400, 'clubs are created under a sports federation or an area'],
      [access.id, 'rejected', 400, 'invalid organization id 987654'],
      [merit.id, 'rejected', 400, 'invalid merit group id 987655 for organization 100'],
      [event.id, 'rejected', 400, 'unknown merit id 987656'],
      [participants.id, 'rejected', 400, `event ${noMerits.id} has no merits to grant`],
      [order.id, 'rejected', 400, `productId ${paid[0].id} is not an active event registration`],
      [payment.id, 'rejected', 400, 'unknown payment method "bitcoin"'],
      [cancel.id, 'rejected', 400, `order ${completed.orderId} is completed and cannot be cancelled`]
    ])
    expect(sandbox.activity.merits.all().filter((m) => m.data.name === 'Kelpo merkki')).toHaveLength(1)
    expect(sandbox.activity.order(open.orderId!)!.status).toBe('IN_PROGRESS')
  })

  it('an order whose answer was lost, or that got a 503 or 429, is never sent again by itself; only a person retries or discards it', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const [first] = registrations(sandbox, true)
    const [second, third] = registrations(sandbox, false)
    const orderPosts = countRequests(sandbox, 'POST', (p) => p === '/api/public/v2/order')
    const item = await queueOrderCreate({ dbFile, userId: first.userId, eventRegistrationIds: [first.id] })
    const proxy = await startDropProxy(sandbox.baseUrl, (method, p) => method === 'POST' && p === '/api/public/v2/order')
    closeAfterTest(() => proxy.close())
    await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: proxy.url, authUrl: proxy.url }, backoffBaseMs: 1 })
    await proxy.dropped
    expect(orderPosts.count).toBe(1)
    expect(getState(dbFile, item.id)).toBe('unknown')

    for (let push = 0; push < 3; push++) await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(orderPosts.count).toBe(1)
    const waiting = listAwaitingDecision(dbFile)
    expect(waiting.map((i) => [i.id, i.state])).toEqual([[item.id, 'unknown']])
    // What the send got, then why a person decides.
    expect(waiting[0].lastAnswer).toMatch(/^POST \/api\/public\/v2\/order: no complete answer \(.+\); no endpoint lists orders, so whether the order was placed cannot be read back; check the registry: retry or discard it$/)
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    // Audited once, not on every push that finds it again.
    expect(readAuditLog(db, item.id).map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])

    // The person decides to send it again.
    expect((await retryOutboxItem({ dbFile, id: item.id })).state).toBe('queued')
    expect((await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).done).toEqual([item.id])
    expect(orderPosts.count).toBe(2)

    // 503 and 429 after the request left: unknown, not retried, in this push or the next.
    for (const fault of [{ errorRate: 1, rateLimitRate: 0 }, { errorRate: 0, rateLimitRate: 1 }]) {
      const registration = fault.errorRate ? second : third
      const next = await queueOrderCreate({ dbFile, userId: registration.userId, eventRegistrationIds: [registration.id] })
      Object.assign(sandbox.faults, { ...fault, retryAfterSeconds: 0, seed: 1 })
      const before = orderPosts.count
      const faulted = await pushOutboxNow({ dbFile, connection, maxTries: 4, backoffBaseMs: 1 })
      Object.assign(sandbox.faults, { errorRate: 0, rateLimitRate: 0 })
      expect(faulted.done).toEqual([])
      expect(orderPosts.count).toBe(before + 1)
      await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
      expect(orderPosts.count).toBe(before + 1)
      expect(getState(dbFile, next.id)).toBe('unknown')
      // The person gives it up instead.
      expect(await discardOutboxItem({ dbFile, id: next.id })).toEqual([next.id])
    }
    expect(listOutbox(dbFile).map((i) => [i.id, i.state])).toEqual([[item.id, 'done']])
  })

  it('a 2xx that is not the answer the endpoint gives (a gateway\'s maintenance page, no body) is never taken as done: read back, sent again, or left to a person saying so', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const parent = area(sandbox)
    const event = openEvents(sandbox)[0]
    const [user, grantee] = members(sandbox, 2, [event])
    const [paid] = registrations(sandbox, true)
    const meritId = federationMerit(sandbox)
    const registration = await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: user } })
    const club = await queueClubCreate({ dbFile, parentId: parent, club: { name: 'Huoltokatkon Kisa' } })
    const order = await queueOrderCreate({ dbFile, userId: paid.userId, eventRegistrationIds: [paid.id] })
    const data = await queueClientDataPut({ dbFile, content: 'huoltokatko' })
    const grant = await queueMeritGrant({ dbFile, meritId, grant: { grantingDate: '2026-10-01', meritGranter: 'Hallitus', meritGrantees: [grantee] } })
    const posts = { registration: countRequests(sandbox, 'POST', (p) => p.startsWith('/api/public/v2/event/registration/')), club: countRequests(sandbox, 'POST', (p) => p.endsWith('/suborganizations')), order: countRequests(sandbox, 'POST', (p) => p === '/api/public/v2/order') }

    // A gateway in front of the registry: the writes reach it, their answers come back replaced by
    // its maintenance page (200), the club's by an empty 201; the client data's 204 (no body, as
    // the spec's endpoint answers) and every read pass unchanged.
    const page = '<html><body><h1>Huoltokatko</h1>Palvelu on suljettu huollon ajaksi.</body></html>'
    const gateway = await startTamperProxy(sandbox.baseUrl, (method, p) => {
      if (method === 'GET' || p.endsWith('/client-data')) return undefined
      if (p.endsWith('/suborganizations')) return { status: 201, headers: { 'content-type': 'application/json' }, body: Buffer.alloc(0) }
      return { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(page) }
    })
    closeAfterTest(() => gateway.close())
    const first = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: gateway.url }, backoffBaseMs: 1 })
    // Registration and club read back and adopted; the client data's 204 accepted; the grant to be sent again.
    expect(first.done).toEqual([registration.id, club.id, data.id])
    expect(first.stopped).toMatchObject({ reason: 'server-error', message: expect.stringContaining('Huoltokatko') })
    const seen = listOutbox(dbFile)
    const byId = (id: number) => seen.find((i) => i.id === id)!
    expect(registrationIdOf(byId(registration.id).lastAnswer)).toBe(registrationsOf(sandbox, event.id, user)[0].id)
    expect(answerOf(byId(club.id))).toMatchObject({ name: 'Huoltokatkon Kisa', parentId: parent })
    expect(byId(grant.id)).toMatchObject({ state: 'queued', lastStatus: 200 })
    expect(byId(grant.id).lastAnswer).toBe(`POST /api/public/v2/merit-grant/grant/${meritId}: 200: whether the change was made is unknown: the server sent an HTML or XML page (text/html) instead of JSON: Huoltokatko Palvelu on suljettu huollon ajaksi.`)
    // The order cannot be read back: a person decides, told what came instead of the answer.
    const orderAnswer =
      'POST /api/public/v2/order: 200: whether the change was made is unknown: the server sent an HTML or XML page (text/html) instead of JSON: Huoltokatko Palvelu on suljettu huollon ajaksi.; ' +
      'no endpoint lists orders, so whether the order was placed cannot be read back; check the registry: retry or discard it'
    expect(listAwaitingDecision(dbFile).map((i) => [i.id, i.state, i.lastAnswer])).toEqual([[order.id, 'unknown', orderAnswer]])

    // The registry answers again: the grant is sent again and converges; nothing else is sent twice,
    // and the order still says why it waits for a person.
    const second = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(second).toMatchObject({ done: [grant.id], stopped: null })
    expect(sandbox.activity.grantCollection(meritId).get(grantee)?.grantingDate).toBe('2026-10-01')
    expect([posts.registration.count, posts.club.count, posts.order.count]).toEqual([1, 1, 1])
    expect(registrationsOf(sandbox, event.id, user)).toHaveLength(1)
    expect(sandbox.store.organizations.all().filter((o) => o.data.name === 'Huoltokatkon Kisa')).toHaveLength(1)
    expect(listAwaitingDecision(dbFile).map((i) => [i.id, i.lastAnswer])).toEqual([[order.id, orderAnswer]])
    expect(readOutboxAudit(dbFile, order.id).map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])
  })

  it('an order answered 2xx without its orderId is not done: left to a person, and the payment waiting for it is not sent', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const [paid] = registrations(sandbox, true)
    const order = await queueOrderCreate({ dbFile, userId: paid.userId, eventRegistrationIds: [paid.id] })
    const payment = await queueOrderPayment({ dbFile, order: { outboxItemId: order.id }, paymentMethodCode: 'op' })
    const posts = { order: countRequests(sandbox, 'POST', (p) => p === '/api/public/v2/order'), payment: countRequests(sandbox, 'POST', (p) => p.includes('/payment/')) }
    // The registry places the order; its answer comes back as an Order without the orderId (spec v2 §4.9 fills it).
    let placed: number | undefined
    const gateway = await startTamperProxy(sandbox.baseUrl, (method, p, answer) => {
      if (method !== 'POST' || p !== '/api/public/v2/order') return undefined
      const { orderId, ...rest } = JSON.parse(answer.body.toString('utf8')) as { orderId: number }
      placed = orderId
      return { ...answer, body: Buffer.from(JSON.stringify(rest)) }
    })
    closeAfterTest(() => gateway.close())

    const first = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: gateway.url }, backoffBaseMs: 1 })
    expect(first).toMatchObject({ done: [], rejected: [], waiting: 2, stopped: null })
    expect(sandbox.activity.order(placed!)).toMatchObject({ userId: paid.userId })
    const orderAnswer =
      'POST /api/public/v2/order: 200: whether the change was made is unknown: the server sent an Order without an orderId; ' +
      'no endpoint lists orders, so whether the order was placed cannot be read back; check the registry: retry or discard it'
    expect(listAwaitingDecision(dbFile).map((i) => [i.id, i.state, i.lastStatus, i.lastAnswer])).toEqual([[order.id, 'unknown', 200, orderAnswer]])
    expect(getState(dbFile, payment.id)).toBe('queued')

    // A later push sends neither: the order is a person's to check, and the payment waits for it.
    expect(await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).toMatchObject({ done: [], rejected: [], waiting: 2 })
    expect([posts.order.count, posts.payment.count]).toEqual([1, 0])
    expect(readOutboxAudit(dbFile, order.id).map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])
  })

  it('a payment initiation answered 2xx without its paymentGatewayUrl or requestData is not done: left to a person, never sent again by itself', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const [first, second] = registrations(sandbox, true)
    const orderA = await queueOrderCreate({ dbFile, userId: first.userId, eventRegistrationIds: [first.id] })
    const paymentA = await queueOrderPayment({ dbFile, order: { outboxItemId: orderA.id }, paymentMethodCode: 'op' })
    const orderB = await queueOrderCreate({ dbFile, userId: second.userId, eventRegistrationIds: [second.id] })
    const paymentB = await queueOrderPayment({ dbFile, order: { outboxItemId: orderB.id }, paymentMethodCode: 'op' })
    const payments = countRequests(sandbox, 'POST', (p) => p.includes('/payment/'))
    // The registry starts each payment; the first answer comes back without the gateway's address,
    // the second with its form fields not an array (spec v2 §2.17 requires both).
    const spoil = [(i: Record<string, unknown>) => ({ ...i, paymentGatewayUrl: undefined }), (i: Record<string, unknown>) => ({ ...i, requestData: {} })]
    const gateway = await startTamperProxy(sandbox.baseUrl, (method, p, answer) => {
      if (method !== 'POST' || !p.includes('/payment/')) return undefined
      const initiation = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>
      return { ...answer, body: Buffer.from(JSON.stringify(spoil.shift()!(initiation))) }
    })
    closeAfterTest(() => gateway.close())

    const pushed = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: gateway.url }, backoffBaseMs: 1 })
    expect(pushed).toMatchObject({ done: [orderA.id, orderB.id], rejected: [], waiting: 2, stopped: null })
    const orderIds = [orderA, orderB].map((order) => answerOf(listOutbox(dbFile).find((i) => i.id === order.id)).orderId as number)
    // Started at the registry, read back at once (payments are never sent again by themselves), and left to a person saying why.
    const answerFor = (orderId: number) =>
      `POST /api/public/v2/order/${orderId}/payment/op: 200: whether the change was made is unknown: the server sent a payment initiation without its paymentGatewayUrl or requestData; ` +
      `order ${orderId} is WAITING_PAYMENT_CONFIRMATION; the payment gateway address of a lost answer cannot be read back: retry or discard it`
    expect(listAwaitingDecision(dbFile).map((i) => [i.id, i.state, i.lastStatus, i.lastAnswer])).toEqual([
      [paymentA.id, 'unknown', 200, answerFor(orderIds[0])],
      [paymentB.id, 'unknown', 200, answerFor(orderIds[1])]
    ])
    expect(readOutboxAudit(dbFile, paymentA.id).map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])

    // A later push sends neither again; a person's retry starts a new payment whose answer is the gateway.
    expect(await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).toMatchObject({ done: [], waiting: 2 })
    expect(payments.count).toBe(2)
    expect((await retryOutboxItem({ dbFile, id: paymentA.id })).state).toBe('queued')
    expect(await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).toMatchObject({ done: [paymentA.id], waiting: 1 })
    expect(payments.count).toBe(3)
    expect(answerOf(listOutbox(dbFile).find((i) => i.id === paymentA.id))).toMatchObject({ paymentGatewayUrl: `${sandbox.baseUrl}/sandbox/payment-gateway`, requestData: expect.any(Array) })
  })

  it('an item that fails in Kanslia rather than at the registry is left to a person once, and the push goes on with the others', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const [first, second] = registrations(sandbox, true)
    const [grantee] = members(sandbox, 1)
    const meritId = federationMerit(sandbox)
    const orderA = await queueOrderCreate({ dbFile, userId: first.userId, eventRegistrationIds: [first.id] })
    const orderB = await queueOrderCreate({ dbFile, userId: second.userId, eventRegistrationIds: [second.id] })
    const payA = await queueOrderPayment({ dbFile, order: { outboxItemId: orderA.id }, paymentMethodCode: 'op' })
    const cancelA = await queueOrderCancel({ dbFile, order: { outboxItemId: orderA.id } })
    const payB = await queueOrderPayment({ dbFile, order: { outboxItemId: orderB.id }, paymentMethodCode: 'op' })
    const grant = await queueMeritGrant({ dbFile, meritId, grant: { grantingDate: '2026-10-01', meritGranter: 'Hallitus', meritGrantees: [grantee] } })
    // Order A was done by an answer that named no orderId; order B's stored answer is damaged; the
    // cancellation of A was sent by a push that died.
    const db = openDatabase(dbFile)
    const at = new Date().toISOString()
    updateItem(db, orderA.id, { state: 'done', at, lastStatus: 200, lastAnswer: '{"status":"IN_PROGRESS"}' })
    updateItem(db, orderB.id, { state: 'done', at, lastStatus: 200, lastAnswer: '{"orderId": 7' })
    updateItem(db, cancelA.id, { state: 'unknown', at })
    db.close()
    const orderWrites = countRequests(sandbox, 'POST', (p) => p.startsWith('/api/public/v2/order/'))

    for (let push = 0; push < 2; push++) {
      const pushed = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
      expect(pushed).toMatchObject({ done: push === 0 ? [grant.id] : [], stopped: null })
      expect(pushed.rejected.map((i) => [i.id, i.lastStatus, i.lastAnswer])).toEqual([
        [payA.id, null, `the order it acts on has no id: outbox item #${orderA.id} (done) holds no orderId from the registry; discard this item and queue it again with the order's id`]
      ])
    }
    expect(sandbox.activity.grantCollection(meritId).get(grantee)?.grantingDate).toBe('2026-10-01')
    expect(orderWrites.count).toBe(0)
    const waiting = listAwaitingDecision(dbFile)
    expect(waiting.map((i) => i.id)).toEqual([cancelA.id, payB.id])
    expect(waiting[0].lastAnswer).toBe(`Kanslia failed on it (the order it acts on has no id: outbox item #${orderA.id} (done) holds no orderId from the registry; discard this item and queue it again with the order's id), so whether it took effect is unknown: retry or discard it`)
    expect(waiting[1].lastAnswer).toMatch(/^Kanslia failed on it \(.+JSON.+\), so whether it took effect is unknown: retry or discard it$/)
    // Recorded once, not on every push that meets them.
    expect(readOutboxAudit(dbFile, payA.id).map((e) => e.event)).toEqual(['queued', 'sent', 'rejected'])
    expect(readOutboxAudit(dbFile, cancelA.id).map((e) => e.event)).toEqual(['queued', 'reconciled'])
    expect(readOutboxAudit(dbFile, payB.id).map((e) => e.event)).toEqual(['queued', 'sent', 'reconciled'])
    // The person gives them up.
    for (const item of [payA, cancelA, payB]) expect(await discardOutboxItem({ dbFile, id: item.id })).toEqual([item.id])
  })

  it('a read-back the registry refuses (4xx) leaves the change to a person, not rejected: it may have taken effect', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const [a] = members(sandbox, 1, [event])
    const item = await queueEventParticipants({ dbFile, eventUuid: event.uuid, participants: { userIds: [a], grantEventMerits: false } })
    const participantsPath = `/api/public/v3/event/${event.uuid}/participants`
    const posts = countRequests(sandbox, 'POST', (p) => p === participantsPath)
    const drop = await startDropProxy(sandbox.baseUrl, (method, p) => method === 'POST' && p.split('?')[0] === participantsPath)
    closeAfterTest(() => drop.close())
    await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: drop.url, authUrl: drop.url }, backoffBaseMs: 1 })
    await drop.dropped
    expect(getState(dbFile, item.id)).toBe('unknown')

    // The read-back of the event's registrations is refused: nothing tells whether the POST took effect.
    const readBack = `/api/public/v2/event/registration/${encodeURIComponent(event.uuid)}`
    const refusing = await startTamperProxy(sandbox.baseUrl, (method, p, answer) =>
      method === 'GET' && p.split('?')[0] === readBack ? { status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"message":"event not found"}') } : answer
    )
    closeAfterTest(() => refusing.close())
    await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: refusing.url }, backoffBaseMs: 1 })
    expect(listAwaitingDecision(dbFile).map((i) => [i.id, i.state])).toEqual([[item.id, 'unknown']])
    expect(listOutbox(dbFile).find((i) => i.id === item.id)!.lastAnswer).toMatch(/could not read back whether it took effect \(404: .*event not found/)
    expect(posts.count).toBe(1)

    // A later push whose read-back answers finds the participant registered: adopted, never posted again.
    expect((await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).done).toEqual([item.id])
    expect(posts.count).toBe(1)
    expect(registrationsOf(sandbox, event.id, a)).toHaveLength(1)
  })

  it('an order retried by a person whose push is killed mid-send is left to the person again, not stuck', async () => {
    const { sandbox, home, dbFile, connection } = await writableSandboxForTest()
    const [first] = registrations(sandbox, true)
    const isOrderPost = (method: string, p: string) => method === 'POST' && p === '/api/public/v2/order'
    const orderPosts = countRequests(sandbox, 'POST', (p) => p === '/api/public/v2/order')
    const item = await queueOrderCreate({ dbFile, userId: first.userId, eventRegistrationIds: [first.id] })
    const drop = await startDropProxy(sandbox.baseUrl, isOrderPost)
    closeAfterTest(() => drop.close())
    await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: drop.url, authUrl: drop.url }, backoffBaseMs: 1 })
    await drop.dropped
    await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(listAwaitingDecision(dbFile).map((i) => i.id)).toEqual([item.id])

    // The person retries; the app pushing it is killed once the registry has the order, before the answer reaches it.
    await retryOutboxItem({ dbFile, id: item.id })
    let push: ReturnType<typeof spawnCli> | undefined
    const killer = await startTamperProxy(sandbox.baseUrl, (method, p) => {
      if (isOrderPost(method, p)) push!.child.kill('SIGKILL')
      return undefined
    })
    closeAfterTest(() => killer.close())
    push = spawnCli(['push', '--db', dbFile, ...connectionFlags(sandbox, killer.url)], { env: onlineEnv(home, sandbox) })
    expect((await push.done).signal).toBe('SIGKILL')
    expect(orderPosts.count).toBe(2)
    expect(getState(dbFile, item.id)).toBe('sending')

    // The next pushes find it sending, cannot read it back, and leave it to the person: never sent by themselves.
    for (let i = 0; i < 2; i++) await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(orderPosts.count).toBe(2)
    expect(listAwaitingDecision(dbFile).map((i) => [i.id, i.state])).toEqual([[item.id, 'unknown']])
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    expect(readAuditLog(db, item.id).map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled', 'retried', 'sent', 'no-answer', 'reconciled'])

    // The person may decide again: here, to send it once more.
    expect((await retryOutboxItem({ dbFile, id: item.id })).state).toBe('queued')
    expect((await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).done).toEqual([item.id])
    expect(orderPosts.count).toBe(3)
  })

  it('a cancellation whose answer was lost is adopted when the order reads CANCELLED; queued before the order, it waits for it', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const [registration] = registrations(sandbox, true)
    const order = await queueOrderCreate({ dbFile, userId: registration.userId, eventRegistrationIds: [registration.id] })
    const cancel = await queueOrderCancel({ dbFile, order: { outboxItemId: order.id } })
    await expect(queueOrderCancel({ dbFile, order: { outboxItemId: order.id } })).rejects.toThrow(`outbox item #${cancel.id} (queued) already cancels this order`)
    const cancels = countRequests(sandbox, 'POST', (p) => p.endsWith('/cancel'))
    const proxy = await startDropProxy(sandbox.baseUrl, (method, p) => method === 'POST' && p.endsWith('/cancel'))
    closeAfterTest(() => proxy.close())
    const first = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: proxy.url, authUrl: proxy.url }, backoffBaseMs: 1 })
    await proxy.dropped
    expect(first.done).toEqual([order.id])
    expect(getState(dbFile, cancel.id)).toBe('unknown')
    const orderId = answerOf(listOutbox(dbFile)[0]).orderId as number
    expect(sandbox.activity.order(orderId)!.status).toBe('CANCELLED')

    const second = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(second.done).toEqual([cancel.id])
    expect(cancels.count).toBe(1)
    expect(answerOf(listOutbox(dbFile)[1])).toEqual({ orderId, status: 'CANCELLED' })
    expect(registrationsOf(sandbox, registration.eventId, registration.userId)).toHaveLength(0)
  })
})

function getState(dbFile: string, id: number) {
  const db = openDatabase(dbFile)
  try {
    return getItem(db, id)?.state
  } finally {
    db.close()
  }
}
