import { describe, expect, it, vi } from 'vitest'
import type { SandboxRequestEvent } from '../../../src/sandbox/index'
import { readAuditLog } from '../../../src/main/db/auditLog'
import { openDatabase } from '../../../src/main/db/open'
import { getItem, listItems, pendingChangesOf } from '../../../src/main/db/outbox'
import { MAX_ANSWER_CHARS } from '../../../src/main/api/errors'
import { registrationIdOf } from '../../../src/main/outbox/eventRegistration'
import { OPERATIONS } from '../../../src/main/outbox/operations'
import {
  listOutbox,
  pushOutboxNow,
  queueClientDataDelete,
  queueClientDataPut,
  queueClubTransfer,
  queueEventRegistration,
  queueMeritGrant,
  queueRegistrationCancel,
  readOutboxAudit,
  retryOutboxItem
} from '../../../src/main/services/outbox'
import { closeAfterTest } from '../../support/afterTest'
import { startDropProxy, startLateGateway, startTamperProxy } from '../../support/dropProxy'
import { countRequests, federationMerit, members, OFFLINE_CONNECTION, openEvents, registrationsOf, startWritableSandbox, WRITABLE_FEDERATION, writableSandboxForTest } from '../../support/outbox'

/**
 * Issue 5 acceptance, library level: the outbox pushes to the real sandbox over loopback. The
 * default sandbox client may write in its federation (100, fixed by the generator).
 */

const FEDERATION = WRITABLE_FEDERATION

/**
 * A registration of a member to an open event, queued, and a gateway before the sandbox that
 * answers its POST 504 at once while the registry makes it `lateMs` later (`startLateGateway`);
 * `gateway.url` goes in `through`, the connection by it. `others` more members of the event.
 */
async function registrationBehindLateGateway(lateMs: number, others = 0) {
  const test = await writableSandboxForTest()
  const { sandbox, dbFile, connection } = test
  const event = openEvents(sandbox)[0]
  const [user, ...more] = members(sandbox, 1 + others, [event])
  const registration = await queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: event.uuid, registration: { participantUserId: user } })
  const gateway = await startLateGateway(sandbox.baseUrl, (method, path) => method === 'POST' && path.includes('/event/registration/'), lateMs)
  closeAfterTest(() => gateway.close())
  const registered = () => registrationsOf(sandbox, event.id, user).filter((r) => r.state === 'ACTIVE')
  return { ...test, others: more, registration, gateway, through: { ...connection, baseUrl: gateway.url }, registered }
}

describe('the outbox pushes to the Federation Sandbox (issue 5)', () => {
  it('reads back a registration a gateway gave up on (504) only after a pause, and adopts the one the registry made meanwhile', async () => {
    // The registry makes the registration 500 ms after the gateway answered 504.
    const { dbFile, gateway, through, registered } = await registrationBehindLateGateway(500)
    const pushed = await pushOutboxNow({ dbFile, connection: through, backoffBaseMs: 5, readBackDelayMs: 1500 })
    expect(pushed.done).toHaveLength(1)
    expect(gateway.forwarded.filter((request) => request.startsWith('POST '))).toHaveLength(1)
    expect(registered()).toHaveLength(1)
    expect(readOutboxAudit(dbFile).map((entry) => entry.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])
  })

  it('leaves a registration sent without an answer to a later push when its read-back is not due within the run, and sends nothing else before it', async () => {
    // The registry makes the registration 1.5 s after the gateway answered 504: later than a read-back within the run could wait for.
    const { sandbox, dbFile, registration, gateway, through: connection, others, registered } = await registrationBehindLateGateway(1500, 1)
    const grant = await queueMeritGrant({ dbFile, actor: 'sihteeri', meritId: federationMerit(sandbox), grant: { grantingDate: '2026-10-01', meritGranter: 'Seuran hallitus', meritGrantees: others } })
    const through = { dbFile, connection, backoffBaseMs: 5, readBackDelayMs: 2500, readBackWaitMs: 0 }

    const sent = Date.now()
    const first = await pushOutboxNow(through)
    expect(first).toMatchObject({ done: [], waiting: 2, stopped: { reason: 'read-back', itemId: registration.id } })
    const unknown = listOutbox(dbFile).find((i) => i.id === registration.id)!
    expect(unknown).toMatchObject({ state: 'unknown', awaitsDecision: false, lastStatus: 504 })
    expect(Date.parse(unknown.nextAttemptAt!) - sent).toBeGreaterThanOrEqual(2500)
    expect(first.stopped).toMatchObject({ at: unknown.nextAttemptAt })
    const posts = () => gateway.forwarded.filter((request) => request.startsWith('POST '))
    expect(posts()).toEqual([expect.stringMatching(/^POST .*\/event\/registration\//)])

    // Asked again before its time: nothing is read, nothing sent.
    const requests = gateway.forwarded.length
    expect(await pushOutboxNow(through)).toMatchObject({ done: [], stopped: { reason: 'read-back', itemId: registration.id } })
    expect(gateway.forwarded).toHaveLength(requests)
    expect(listOutbox(dbFile).map((i) => i.state)).toEqual(['unknown', 'queued'])

    await new Promise((resolve) => setTimeout(resolve, Date.parse(unknown.nextAttemptAt!) - Date.now() + 50))
    const later = await pushOutboxNow(through)
    expect(later).toMatchObject({ done: [registration.id, grant.id], waiting: 0, stopped: null })
    expect(posts().filter((request) => request.includes('/event/registration/'))).toHaveLength(1)
    expect(registered()).toHaveLength(1)
    expect(readOutboxAudit(dbFile).filter((entry) => entry.itemId === registration.id).map((entry) => entry.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])
  })

  it('a read-back put off further than its delay (a clock that ran ahead) runs from now instead of holding the queue', async () => {
    const { dbFile, registration, through: connection, registered } = await registrationBehindLateGateway(200)
    const through = { dbFile, connection, backoffBaseMs: 5, readBackDelayMs: 1000, readBackWaitMs: 0 }
    expect(await pushOutboxNow(through)).toMatchObject({ stopped: { reason: 'read-back', itemId: registration.id } })
    // Sent while this computer's clock ran a day ahead, since set right.
    const db = openDatabase(dbFile)
    db.prepare('UPDATE outbox_item SET next_attempt_at = ? WHERE id = ?').run(new Date(Date.now() + 86_400_000).toISOString(), registration.id)
    db.close()

    expect(await pushOutboxNow({ ...through, readBackWaitMs: 5000 })).toMatchObject({ done: [registration.id], stopped: null })
    expect(registered()).toHaveLength(1)
  })

  it('an item Kanslia failed on after its request left is not read back in the same push, so a registration the registry makes late is not posted twice', async () => {
    const { dbFile, registration, gateway, through: connection, registered } = await registrationBehindLateGateway(1000)
    // The request leaves, then this program fails on what came back (a fault injected into Kanslia, not the API).
    const operation = OPERATIONS['event-registration']
    const send = operation.send.bind(operation)
    const failing = vi.spyOn(operation, 'send').mockImplementationOnce(async (...args) => {
      await send(...args).catch(() => undefined)
      throw new TypeError('a fault of this program')
    })
    closeAfterTest(() => failing.mockRestore())
    const through = { dbFile, connection, backoffBaseMs: 5, readBackDelayMs: 2000, readBackWaitMs: 0 }

    const first = await pushOutboxNow(through)
    expect(first.done).toEqual([])
    expect(listOutbox(dbFile)[0]).toMatchObject({ state: 'unknown', awaitsDecision: true, lastAnswer: expect.stringContaining('a fault of this program') })
    await new Promise((resolve) => setTimeout(resolve, 2100))
    expect(await pushOutboxNow(through)).toMatchObject({ done: [registration.id] })
    expect(gateway.forwarded.filter((request) => request.startsWith('POST '))).toHaveLength(1)
    expect(registered()).toHaveLength(1)
  })

  it('queues with no network, stays queued while offline, and is pushed exactly once later', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const [a, b, c, d] = members(sandbox, 4, [event])
    const meritId = federationMerit(sandbox)
    const grant = await queueMeritGrant({ dbFile, actor: 'sihteeri', meritId, grant: { grantingDate: '2026-10-01', meritGranter: 'Seuran hallitus', meritGrantees: [a, b, c] } })
    const registration = await queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: event.uuid, registration: { participantUserId: d, additionalDetails: 'Kasvis' } })
    expect(grant).toMatchObject({ state: 'queued', summary: `grant merit ${meritId} to 3 members on 2026-10-01 (granter: Seuran hallitus)` })

    // The optimistic local view: each member shows the pending change at once.
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    expect(pendingChangesOf(db, a)).toEqual([{ itemId: grant.id, kind: 'merit-grant', state: 'queued', target: `merit ${meritId}` }])
    expect(pendingChangesOf(db, d)).toEqual([{ itemId: registration.id, kind: 'event-registration', state: 'queued', target: `event ${event.uuid}` }])

    const posts = countRequests(sandbox, 'POST', '/api/public/v2/')
    const offline = await pushOutboxNow({ dbFile, connection: OFFLINE_CONNECTION, backoffBaseMs: 1 })
    expect(offline.stopped?.reason).toBe('offline')
    expect(offline).toMatchObject({ done: [], rejected: [], waiting: 2, repull: null })
    expect(listOutbox(dbFile).map((i) => i.state)).toEqual(['queued', 'queued'])
    expect(posts.count).toBe(0)

    const online = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(online).toMatchObject({ done: [grant.id, registration.id], rejected: [], blocked: [], waiting: 0, stopped: null, repull: { ok: true } })
    expect(posts.count).toBe(2)
    const grants = sandbox.activity.grantCollection(meritId)
    for (const user of [a, b, c]) expect(grants.get(user)).toMatchObject({ grantingDate: '2026-10-01', meritGranter: 'Seuran hallitus' })
    const made = registrationsOf(sandbox, event.id, d)
    expect(made).toHaveLength(1)
    expect(registrationIdOf(getItem(db, registration.id)!.lastAnswer)).toBe(made[0].id)
    // Re-pulled: the pending badges are gone.
    expect(pendingChangesOf(db, a)).toEqual([])
    expect(pendingChangesOf(db, d)).toEqual([])

    // The grant was tried offline first (the registration behind it was not); the log says so.
    expect(readAuditLog(db, grant.id).map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'sent', 'answered'])
    const audit = readAuditLog(db, registration.id)
    expect(audit.map((e) => e.event)).toEqual(['queued', 'sent', 'answered'])
    expect(audit[0]).toMatchObject({ actor: 'sihteeri', kind: 'event-registration' })
    expect(JSON.parse(audit[2].detail!)).toMatchObject({ status: 201, answer: { eventRegistrationId: made[0].id, participantUserId: d } })

    const again = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(again).toMatchObject({ done: [], waiting: 0, repull: null })
    expect(posts.count).toBe(2)
  })

  it('a wrong auth URL stops the push with its reason and leaves the change queued, not rejected: it was never sent', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const [a] = members(sandbox, 1)
    const meritId = federationMerit(sandbox)
    const grant = await queueMeritGrant({ dbFile, actor: 'sihteeri', meritId, grant: { grantingDate: '2026-10-01', meritGranter: 'Seuran hallitus', meritGrantees: [a] } })
    const posts = countRequests(sandbox, 'POST', '/api/public/v2/')
    await expect(pushOutboxNow({ dbFile, connection: { ...connection, authUrl: `${connection.authUrl}/nothere` }, backoffBaseMs: 1 })).rejects.toMatchObject({
      kind: 'unauthorized',
      message: expect.stringMatching(/no token endpoint answered at .*\/nothere; check the auth URL/)
    })
    expect(listOutbox(dbFile).map((i) => [i.id, i.state])).toEqual([[grant.id, 'queued']])
    expect(posts.count).toBe(0)
    expect((await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).done).toEqual([grant.id])
  })

  it('a mistyped base URL (404 everywhere) stops the push and leaves the change queued; a 404 of the registry itself rejects only its item', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const [gone, open] = openEvents(sandbox)
    const [a, b] = members(sandbox, 2, [gone, open])
    const refused = await queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: gone.uuid, registration: { participantUserId: a } })
    const fine = await queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: open.uuid, registration: { participantUserId: b } })

    const mistyped = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: `${sandbox.baseUrl}/registry` }, backoffBaseMs: 1 })
    expect(mistyped.stopped).toMatchObject({ reason: 'no-api', message: expect.stringMatching(/: 404.*no Public Data API answers at this base URL \(GET \/organization is 404 too\): check the base URL; the change stays queued$/) })
    expect(mistyped).toMatchObject({ done: [], rejected: [], waiting: 2 })
    expect(listOutbox(dbFile).map((i) => [i.id, i.state])).toEqual([[refused.id, 'queued'], [fine.id, 'queued']])

    sandbox.activity.deleteEvent(gone.id)
    const pushed = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(pushed).toMatchObject({ done: [fine.id], stopped: null })
    expect(pushed.rejected.map((i) => [i.id, i.lastStatus])).toEqual([[refused.id, 404]])
    expect(registrationsOf(sandbox, open.id, b)).toHaveLength(1)
  })

  it('a registration whose answer was lost is read back and adopted on the next push: exactly one registration', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const [user] = members(sandbox, 1, [event])
    const item = await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: user } })
    const proxy = await startDropProxy(sandbox.baseUrl, (method, path) => method === 'POST' && path.startsWith('/api/public/v2/event/registration/'))
    closeAfterTest(() => proxy.close())
    const posts = countRequests(sandbox, 'POST', '/event/registration/')

    const first = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: proxy.url, authUrl: proxy.url }, backoffBaseMs: 1 })
    await proxy.dropped
    expect(first.stopped?.reason).toBe('offline')
    expect(first.done).toEqual([])
    const unknown = listOutbox(dbFile)[0]
    expect(unknown.state).toBe('unknown')
    expect(registrationsOf(sandbox, event.id, user)).toHaveLength(1)

    const second = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(second).toMatchObject({ done: [item.id], waiting: 0, stopped: null })
    const made = registrationsOf(sandbox, event.id, user)
    expect(made).toHaveLength(1)
    expect(posts.count).toBe(1)
    const done = listOutbox(dbFile)[0]
    expect(done.state).toBe('done')
    expect(registrationIdOf(done.lastAnswer)).toBe(made[0].id)
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    expect(readAuditLog(db, item.id).map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])
  })

  it('a registration answered 2xx naming no id, in its body or its Location, is read back and adopted with the registry\'s id, so the cancellation queued on it acts', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const [user, other] = members(sandbox, 2, [event])
    const item = await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: user } })
    const cancel = await queueRegistrationCancel({ dbFile, eventUuid: event.uuid, registration: { outboxItemId: item.id } })
    const named = await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: other } })
    const posts = countRequests(sandbox, 'POST', '/event/registration/')
    // The registry makes each registration; its echo comes back without the eventRegistrationId, the
    // first also without the Location header, the second's Location still naming the id (spec v2 §4.8).
    const gateway = await startTamperProxy(sandbox.baseUrl, (method, path, answer) => {
      if (method !== 'POST' || !path.startsWith('/api/public/v2/event/registration/')) return undefined
      const echo = JSON.parse(answer.body.toString('utf8')) as { eventRegistrationId?: number; participantUserId: number }
      delete echo.eventRegistrationId
      const headers = { ...answer.headers }
      if (echo.participantUserId === user) delete headers.location
      return { ...answer, headers, body: Buffer.from(JSON.stringify(echo)) }
    })
    closeAfterTest(() => gateway.close())

    const pushed = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: gateway.url }, backoffBaseMs: 1 })
    expect(pushed).toMatchObject({ done: [item.id, cancel.id, named.id], rejected: [], waiting: 0, stopped: null })
    expect(posts.count).toBe(2)
    // Registered once, then cancelled by the id the read-back found.
    const made = sandbox.activity.registrations.all().filter((r) => r.eventId === event.id && r.userId === user)
    expect(made.map((r) => r.state)).toEqual(['CANCELLED'])
    const audit = readOutboxAudit(dbFile, item.id)
    expect(audit.map((e) => e.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])
    expect(JSON.parse(audit[2].detail!)).toEqual({
      error: `POST /api/public/v2/event/registration/${event.uuid}: 201: whether the change was made is unknown: the server sent a registration without an eventRegistrationId, and no Location naming one`
    })
    const done = listOutbox(dbFile)
    expect(registrationIdOf(done.find((i) => i.id === item.id)!.lastAnswer)).toBe(made[0].id)
    // The Location alone names the id: that answer is the endpoint's.
    expect(registrationIdOf(done.find((i) => i.id === named.id)!.lastAnswer)).toBe(registrationsOf(sandbox, event.id, other)[0].id)
    expect(readOutboxAudit(dbFile, named.id).map((e) => e.event)).toEqual(['queued', 'sent', 'answered'])
  })

  it('a registration made elsewhere after queuing is adopted, not doubled', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const [user] = members(sandbox, 1, [event])
    const item = await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: user } })
    const elsewhere = sandbox.activity.register(event, user, {}, 'MEMBERSHIP')
    const posts = countRequests(sandbox, 'POST', '/event/registration/')
    expect((await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).done).toEqual([item.id])
    expect(posts.count).toBe(0)
    expect(registrationsOf(sandbox, event.id, user).map((r) => r.id)).toEqual([elsewhere.id])
    expect(listOutbox(dbFile)[0]).toMatchObject({ state: 'done', lastStatus: 200 })
    expect(registrationIdOf(listOutbox(dbFile)[0].lastAnswer)).toBe(elsewhere.id)
  })

  it('a 400 leaves the item rejected with the server message; only the item depending on it waits; a retry then sends both', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const [full, open] = openEvents(sandbox)
    const [u1, u2, u3] = members(sandbox, 3, [full, open])
    const meritId = federationMerit(sandbox)
    const registration = await queueEventRegistration({ dbFile, eventUuid: full.uuid, registration: { participantUserId: u1 } })
    const cancel = await queueRegistrationCancel({ dbFile, eventUuid: full.uuid, registration: { outboxItemId: registration.id } })
    const grant = await queueMeritGrant({ dbFile, meritId, grant: { grantingDate: '2026-09-15', granterUserId: u3, meritGrantees: [u1, u2] } })
    const other = await queueEventRegistration({ dbFile, eventUuid: open.uuid, registration: { participantUserId: u2 } })
    expect(cancel).toMatchObject({ dependsOn: registration.id, summary: `cancel the registration to event ${full.uuid} queued before it` })

    // The event fills up on the server after the registration was queued.
    const room = full.maxAttendeeCount
    sandbox.activity.events.update(full.id, (e) => {
      e.maxAttendeeCount = sandbox.activity.attendeeCount(full.id)
    })
    const pushed = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(pushed.done).toEqual([grant.id, other.id])
    expect(pushed.rejected.map((i) => [i.id, i.state, i.lastStatus])).toEqual([[registration.id, 'rejected', 400]])
    expect(pushed.rejected[0].lastAnswer).toBe(`event ${full.id} is full`)
    expect(pushed.blocked.map((i) => [i.id, i.state])).toEqual([[cancel.id, 'queued']])
    expect(pushed.waiting).toBe(1)
    expect(registrationsOf(sandbox, full.id, u1)).toHaveLength(0)
    expect(registrationsOf(sandbox, open.id, u2)).toHaveLength(1)

    sandbox.activity.events.update(full.id, (e) => {
      e.maxAttendeeCount = room
    })
    expect((await retryOutboxItem({ dbFile, id: registration.id })).state).toBe('queued')
    const retried = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(retried).toMatchObject({ done: [registration.id, cancel.id], rejected: [], blocked: [], waiting: 0 })
    // Registered, then cancelled by the item that depended on it.
    expect(sandbox.activity.registrations.all().filter((r) => r.eventId === full.id && r.userId === u1).map((r) => r.state)).toEqual(['CANCELLED'])
  })

  it('a rejected grant keeps the registry\'s whole message, every grantee it names, cut only past MAX_ANSWER_CHARS saying so', async () => {
    // Enough athletes that the mirror holds more than the 20 members the refusal names.
    const { sandbox, dbFile, connection } = await writableSandboxForTest(7, 1600)
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    // Every member of the mirror: many are not readable by the granting federation (spec v2 §4.3).
    const everyone = db.prepare('SELECT id FROM person ORDER BY id').pluck().all() as number[]
    const meritId = federationMerit(sandbox)
    const refused = await queueMeritGrant({ dbFile, meritId, grant: { grantingDate: '2026-10-01', meritGranter: 'Hallitus', meritGrantees: everyone } })
    const pushed = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(pushed.rejected.map((i) => [i.id, i.lastStatus])).toEqual([[refused.id, 400]])
    const message = pushed.rejected[0].lastAnswer!
    // The sandbox names the first 20 it refuses, past the 160 characters of a one-line excerpt.
    expect(message).toMatch(new RegExp(`^users not readable by organization ${FEDERATION}: (\\d+, ){19}\\d+$`))
    expect(message.length).toBeGreaterThan(160)
    const audited = readAuditLog(db, refused.id).at(-1)!
    expect(audited.event).toBe('rejected')
    expect(JSON.parse(audited.detail!)).toEqual({ status: 400, answer: message })

    // A refusal naming 10,000 grantees through a gateway: kept up to the limit, saying it was cut.
    const [a] = members(sandbox, 1)
    const long = await queueMeritGrant({ dbFile, meritId, grant: { grantingDate: '2026-10-02', meritGranter: 'Hallitus', meritGrantees: [a] } })
    const named = `users not readable by organization ${FEDERATION}: ${Array.from({ length: 10_000 }, (_, i) => 20_000_000 + i).join(', ')}`
    const gateway = await startTamperProxy(sandbox.baseUrl, (method, path) =>
      method === 'POST' && path.startsWith('/api/public/v2/merit-grant/') ? { status: 400, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ status: 400, message: named })) } : undefined
    )
    closeAfterTest(() => gateway.close())
    const cut = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: gateway.url }, backoffBaseMs: 1 })
    const kept = cut.rejected.find((i) => i.id === long.id)!.lastAnswer!
    expect(kept).toBe(`${named.slice(0, MAX_ANSWER_CHARS)}... (cut: the server's message has ${named.length.toLocaleString('en')} characters; the first 65,536 are kept)`)
  })

  it('a club transfer whose answer was lost is read back, not sent twice; the re-pull moves the local licence', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    const licence = db.prepare('SELECT id, user_id AS userId, licence_organization_id AS clubId FROM user_licence ORDER BY id LIMIT 1').get() as { id: number; userId: number; clubId: number }
    const target = db.prepare("SELECT id FROM organization WHERE type = 'CLUB' AND status = 'ACTIVE' AND federation_id = ? AND id <> ? ORDER BY id LIMIT 1").pluck().get(FEDERATION, licence.clubId) as number
    await expect(queueClubTransfer({ dbFile, userLicenceId: licence.id, targetClubId: licence.clubId })).rejects.toThrow(`user licence ${licence.id} already belongs to club ${licence.clubId}`)
    await expect(queueClubTransfer({ dbFile, userLicenceId: licence.id, targetClubId: FEDERATION })).rejects.toThrow(/is not an active club \(SPORTS_FEDERATION ACTIVE\)/)
    const item = await queueClubTransfer({ dbFile, userLicenceId: licence.id, targetClubId: target })
    expect(pendingChangesOf(db, licence.userId)).toEqual([{ itemId: item.id, kind: 'club-transfer', state: 'queued', target: `club ${target}` }])

    const proxy = await startDropProxy(sandbox.baseUrl, (method, path) => method === 'POST' && path.includes('/user-licence-club-transfer/'))
    closeAfterTest(() => proxy.close())
    const posts = countRequests(sandbox, 'POST', '/user-licence-club-transfer/')
    const first = await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: proxy.url, authUrl: proxy.url }, backoffBaseMs: 1 })
    expect(first.stopped?.reason).toBe('offline')
    expect(getItem(db, item.id)!.state).toBe('unknown')
    expect(sandbox.store.userLicence(licence.id)!.licenceOrganizationId).toBe(target)

    const second = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(second).toMatchObject({ done: [item.id], stopped: null, repull: { ok: true } })
    expect(posts.count).toBe(1)
    expect(db.prepare('SELECT licence_organization_id FROM user_licence WHERE id = ?').pluck().get(licence.id)).toBe(target)
    expect(pendingChangesOf(db, licence.userId)).toEqual([])
    // The read-back answer is the user licence; the outbox and its audit log keep its member as an id, no profile.
    const answer = JSON.parse(getItem(db, item.id)!.lastAnswer!) as { id: number; licenceOrganizationId: number; user: unknown }
    expect(answer).toMatchObject({ id: licence.id, licenceOrganizationId: target, user: { id: licence.userId } })
    expect(answer.user).toEqual({ id: licence.userId })
    const { last_name: lastName, sport_id: sportId } = db.prepare('SELECT last_name, sport_id FROM person WHERE id = ?').get(licence.userId) as { last_name: string; sport_id: number }
    expect(lastName).toEqual(expect.any(String))
    const kept = [getItem(db, item.id)!.lastAnswer!, ...readAuditLog(db, item.id).map((entry) => entry.detail ?? '')].join('\n')
    expect(kept).toContain(String(licence.id))
    expect(kept).not.toContain(lastName)
    expect(kept).not.toContain(String(sportId))
  })

  it('client data puts and deletes go out in queue order', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    await queueClientDataPut({ dbFile, content: 'ensimmäinen' })
    await queueClientDataDelete({ dbFile })
    await queueClientDataPut({ dbFile, content: 'viimeinen' })
    await expect(queueClientDataPut({ dbFile, content: 'x'.repeat(2049) })).rejects.toThrow('cannot queue the client data: content has 2049 characters; at most 2048 are allowed')
    const methods: string[] = []
    // Writes only: the re-pull after the push reads the client data back with a GET.
    sandbox.events.on('request', (event: SandboxRequestEvent) => event.url.endsWith('/client-data') && event.method !== 'GET' && methods.push(event.method))
    expect((await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).done).toHaveLength(3)
    expect(methods).toEqual(['PUT', 'DELETE', 'PUT'])
    expect(sandbox.activity.clientDataOf(sandbox.clientId)).toEqual({ content: 'viimeinen' })
  })

  it('a push refreshes its worker claim before each send, and stops before sending once another machine took the claim over', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    for (const content of ['yksi', 'kaksi', 'kolme']) await queueClientDataPut({ dbFile, content })
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    const claimTime = () => db.prepare('SELECT started_at FROM outbox_worker').pluck().get() as string
    const long = '2000-01-01T00:00:00.000Z'
    let puts = 0
    let refreshed: string | undefined
    sandbox.events.on('request', (event: SandboxRequestEvent) => {
      if (event.method !== 'PUT' || !event.url.endsWith('/client-data')) return
      if (++puts === 1) {
        // As if this push had stalled for long: a claim this old is stale to another machine.
        db.prepare('UPDATE outbox_worker SET started_at = ?').run(long)
      } else if (puts === 2) {
        refreshed = claimTime()
        // Another machine sharing the file judged it dead after all and pushes now.
        db.prepare("UPDATE outbox_worker SET pid = 999999, host = 'other.local', started_at = ?").run(new Date().toISOString())
      }
    })
    await expect(pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })).rejects.toMatchObject({ code: 'push-running', message: expect.stringMatching(/took over pushing this outbox.*item #\d+ was not sent/) })
    expect(refreshed).not.toBe(long)
    expect(Date.now() - Date.parse(refreshed!)).toBeLessThan(60_000)
    expect(puts).toBe(2)
    expect(listOutbox(dbFile).map((i) => i.state)).toEqual(['done', 'done', 'queued'])
    // The claim is the other machine's: this push did not release it.
    expect(db.prepare('SELECT host FROM outbox_worker').pluck().get()).toBe('other.local')
  })

  it('under 503s and 429s, repeated pushes converge on exactly one registration per member and the grant', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const people = members(sandbox, 6, [event])
    const meritId = federationMerit(sandbox)
    for (const user of people) await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: user } })
    await queueMeritGrant({ dbFile, meritId, grant: { grantingDate: '2026-08-08', meritGranter: 'Hallitus', meritGrantees: people } })
    Object.assign(sandbox.faults, { errorRate: 0.3, rateLimitRate: 0.1, retryAfterSeconds: 0, seed: 4 })
    const statuses: number[] = []
    sandbox.events.on('request', (event: SandboxRequestEvent) => statuses.push(event.statusCode))
    const stops: string[] = []
    for (let push = 0; push < 10 && listOutbox(dbFile).some((i) => i.state !== 'done'); push++) {
      const result = await pushOutboxNow({ dbFile, connection, maxTries: 2, backoffBaseMs: 1 })
      if (result.stopped) stops.push(result.stopped.reason)
    }
    Object.assign(sandbox.faults, { errorRate: 0, rateLimitRate: 0 })
    expect(statuses).toContain(503)
    expect(statuses).toContain(429)
    expect(listOutbox(dbFile).map((i) => i.state)).toEqual(Array(7).fill('done'))
    for (const user of people) {
      expect(registrationsOf(sandbox, event.id, user)).toHaveLength(1)
      expect(sandbox.activity.grantCollection(meritId).get(user)?.grantingDate).toBe('2026-08-08')
    }
    expect(stops.every((reason) => reason === 'server-error')).toBe(true)
    // Registrations that got a 503 were read back before being sent again.
    expect(readOutboxAudit(dbFile).some((e) => e.kind === 'event-registration' && e.event === 'reconciled')).toBe(true)
  })

  it('refuses invalid changes before they enter the queue, naming every problem', async () => {
    const { sandbox, dbFile } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const [a] = members(sandbox, 1, [event])
    await expect(queueMeritGrant({ dbFile, meritId: 5, grant: { grantingDate: '2026-02-30', meritGrantees: [a, a, 999_999_999], meritGranter: 'x'.repeat(256) } })).rejects.toThrow(
      /^cannot queue the merit grant: grantingDate 2026-02-30 is not a date in the calendar; meritGranter has 256 characters; at most 255 are allowed; grantees listed more than once: \d+; no member with id 999999999 in the local database$/
    )
    await expect(queueMeritGrant({ dbFile, meritId: 5, grant: { grantingDate: '2026-02-28', meritGrantees: [] } })).rejects.toThrow(
      'cannot queue the merit grant: give the granter: granterUserId or meritGranter; meritGrantees must list 1 to 10,000 members, got 0'
    )
    await expect(queueEventRegistration({ dbFile, eventUuid: 'not-a-uuid', registration: { participantUserId: a } })).rejects.toMatchObject({ code: 'invalid-change' })
    const queued = await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: a } })
    await expect(queueEventRegistration({ dbFile, eventUuid: event.uuid.toUpperCase(), registration: { participantUserId: a } })).rejects.toThrow(
      `cannot queue the registration: member ${a} is already being registered to this event by outbox item #${queued.id} (queued)`
    )
    await expect(queueRegistrationCancel({ dbFile, eventUuid: openEvents(sandbox)[1].uuid, registration: { outboxItemId: queued.id } })).rejects.toThrow(/registers to event/)
    expect(listOutbox(dbFile).map((i) => i.id)).toEqual([queued.id])
  })

  it('grants a merit to 10,000 members in one item', async () => {
    const { sandbox, dbFile } = await startWritableSandbox(11, 13_000)
    closeAfterTest(() => sandbox.close())
    const grantees = members(sandbox, 10_000)
    expect(grantees).toHaveLength(10_000)
    const meritId = federationMerit(sandbox)
    const item = await queueMeritGrant({ dbFile, meritId, grant: { grantingDate: '2026-11-01', meritGranter: 'Liiton hallitus', meritGrantees: grantees, notifyGrantees: false } })
    expect(item.summary).toBe(`grant merit ${meritId} to 10,000 members on 2026-11-01 (granter: Liiton hallitus)`)
    await expect(queueMeritGrant({ dbFile, meritId, grant: { grantingDate: '2026-11-01', meritGranter: 'x', meritGrantees: [...grantees, 10_000_001] } })).rejects.toThrow(
      /meritGrantees must list 1 to 10,000 members, got 10,001/
    )
    const pushed = await pushOutboxNow({ dbFile, connection: sandbox.credentials(), backoffBaseMs: 1 })
    expect(pushed).toMatchObject({ done: [item.id], rejected: [], waiting: 0 })
    const grants = sandbox.activity.grantCollection(meritId)
    expect(grantees.filter((u) => grants.get(u)?.grantingDate !== '2026-11-01')).toEqual([])
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    expect(listItems(db, ['done']).map((i) => i.id)).toEqual([item.id])
    expect(db.prepare('SELECT count(*) FROM outbox_effect').pluck().get()).toBe(0)
  })
})
