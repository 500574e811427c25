import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/api/client'
import { readAuditLog } from '../../../src/main/db/auditLog'
import type { WritableDB } from '../../../src/main/db/open'
import { claimWorker, countWaiting, getItem, listItems, pendingChangesOf, updateItem } from '../../../src/main/db/outbox'
import { pushOutbox, STALE_CLAIM_MS } from '../../../src/main/outbox/push'
import { discardItem, editItem, queueChange, retryItem } from '../../../src/main/outbox/queue'
import { databaseWithMembers } from '../../support/outbox'

const EVENT = '6d2f0cd8-253d-498c-ad01-e43dcf28c538'
const OTHER_EVENT = '641be871-5f99-452a-b9ad-a5f9a8d0fec0'
const who = { actor: 'sihteeri' }

const fresh = databaseWithMembers

const register = (db: WritableDB, user: number, eventUuid = EVENT) => queueChange(db, 'event-registration', { eventUuid, registration: { participantUserId: user } }, who)

describe('queueing, editing, retrying and discarding outbox items (issue 5)', () => {
  it('writes the item, its pending effects and the audit entry together; an invalid change writes nothing', () => {
    const db = fresh()
    const item = queueChange(db, 'merit-grant', { meritId: 12, grant: { grantingDate: '2026-10-01', meritGranter: 'Hallitus', meritGrantees: [1, 2] } }, who)
    expect(item).toMatchObject({ kind: 'merit-grant', state: 'queued', attempts: 0, dependsOn: null })
    expect(pendingChangesOf(db, 2)).toEqual([{ itemId: item.id, kind: 'merit-grant', state: 'queued', target: 'merit 12' }])
    expect(readAuditLog(db).map((e) => [e.event, e.actor])).toEqual([['queued', 'sihteeri']])
    expect(countWaiting(db)).toBe(1)

    expect(() => queueChange(db, 'merit-grant', { meritId: 12, grant: { grantingDate: '2026-10-01', meritGranter: 'Hallitus', meritGrantees: [1, 4] } }, who)).toThrow(
      'cannot queue the merit grant: no member with id 4 in the local database'
    )
    expect(listItems(db)).toHaveLength(1)
    expect(readAuditLog(db)).toHaveLength(1)
  })

  it('edits a rejected item: checked again, queued again, audited; it is no duplicate of itself', () => {
    const db = fresh()
    const item = register(db, 1)
    register(db, 2)
    updateItem(db, item.id, { state: 'rejected', at: 'now', lastStatus: 400, lastAnswer: 'event 30008 is full' })
    expect(() => editItem(db, item.id, { eventUuid: EVENT, registration: { participantUserId: 2 } }, who)).toThrow(/member 2 is already being registered to this event by outbox item #2/)
    const edited = editItem(db, item.id, { eventUuid: OTHER_EVENT, registration: { participantUserId: 1 } }, who)
    expect(edited).toMatchObject({ state: 'queued', payload: { eventUuid: OTHER_EVENT, registration: { participantUserId: 1 } } })
    expect(pendingChangesOf(db, 1)).toEqual([{ itemId: item.id, kind: 'event-registration', state: 'queued', target: `event ${OTHER_EVENT}` }])
    expect(editItem(db, item.id, { eventUuid: OTHER_EVENT, registration: { participantUserId: 1, additionalDetails: 'Kasvis' } }, who).payload).toMatchObject({
      registration: { additionalDetails: 'Kasvis' }
    })
    expect(readAuditLog(db, item.id).map((e) => e.event)).toEqual(['queued', 'edited', 'edited'])

    updateItem(db, item.id, { state: 'done', at: 'now' })
    expect(() => editItem(db, item.id, { eventUuid: EVENT, registration: { participantUserId: 1 } }, who)).toThrow(/is done; only queued or rejected items can be edited/)
  })

  it('checks the items waiting for an edited one again: an edit they no longer fit is refused, one they follow updates them', () => {
    const db = fresh()
    const registration = register(db, 1)
    const cancel = queueChange(db, 'registration-cancel', { eventUuid: EVENT }, { ...who, dependsOn: registration.id })
    updateItem(db, registration.id, { state: 'rejected', at: 'now', lastStatus: 400, lastAnswer: 'event is full' })
    // To another event: the cancellation would DELETE a registration of the first one; refused, nothing changes.
    expect(() => editItem(db, registration.id, { eventUuid: OTHER_EVENT, registration: { participantUserId: 1 } }, who)).toThrow(
      `cannot queue the edit of outbox item #${registration.id}: outbox item #${cancel.id} waits for this change and would no longer fit it (discard that item first, or keep what it needs); outbox item #${registration.id} registers to event ${OTHER_EVENT}, not ${EVENT}`
    )
    expect(getItem(db, registration.id)).toMatchObject({ state: 'rejected', payload: { eventUuid: EVENT } })
    expect(readAuditLog(db, registration.id).map((e) => e.event)).toEqual(['queued'])
    // Another member to the same event: the cancellation follows, so the pending badge moves with it.
    editItem(db, registration.id, { eventUuid: EVENT, registration: { participantUserId: 3 } }, who)
    expect(getItem(db, cancel.id)).toMatchObject({ state: 'queued', payload: { eventUuid: EVENT, participantUserId: 3 } })
    expect(pendingChangesOf(db, 1)).toEqual([])
    expect(pendingChangesOf(db, 3).map((c) => c.itemId)).toEqual([registration.id, cancel.id])
    expect(readAuditLog(db, cancel.id).map((e) => [e.event, e.actor])).toEqual([['queued', 'sihteeri'], ['edited', 'sihteeri']])
    // An edit the cancellation fits as it is leaves it and its history alone.
    editItem(db, registration.id, { eventUuid: EVENT, registration: { participantUserId: 3, additionalDetails: 'Kasvis' } }, who)
    expect(readAuditLog(db, cancel.id)).toHaveLength(2)
    // An order waiting for the registration (its payload is no input of its kind) takes any edit.
    const order = queueChange(db, 'order-create', { userId: 3, eventRegistrationIds: [555] }, { ...who, dependsOn: registration.id })
    editItem(db, registration.id, { eventUuid: EVENT, registration: { participantUserId: 3, additionalDetails: 'Vegaani' } }, who)
    expect(readAuditLog(db, order.id).map((e) => e.event)).toEqual(['queued'])
    // Once the cancellation is discarded, the registration may move to the other event.
    discardItem(db, cancel.id, who)
    expect(editItem(db, registration.id, { eventUuid: OTHER_EVENT, registration: { participantUserId: 3 } }, who).payload).toMatchObject({ eventUuid: OTHER_EVENT })
  })

  it('records the synced rows an item refers to with it, replaces them on an edit and forgets them with the item (DESIGN §3 rule 5)', () => {
    const db = fresh()
    const references = () => db.prepare('SELECT item_id AS itemId, referred, referred_key AS key FROM outbox_reference ORDER BY item_id, referred').all()
    const item = register(db, 1)
    const other = register(db, 2)
    expect(references()).toEqual([
      { itemId: item.id, referred: 'event', key: EVENT },
      { itemId: other.id, referred: 'event', key: EVENT }
    ])
    editItem(db, item.id, { eventUuid: OTHER_EVENT.toUpperCase(), registration: { participantUserId: 1 } }, who)
    expect(references()).toEqual([
      { itemId: item.id, referred: 'event', key: OTHER_EVENT },
      { itemId: other.id, referred: 'event', key: EVENT }
    ])
    discardItem(db, item.id, who)
    expect(references()).toEqual([{ itemId: other.id, referred: 'event', key: EVENT }])
    // Done, it keeps nothing: every sweep reads what the references name.
    updateItem(db, other.id, { state: 'done', at: '2026-11-27T08:00:00.000Z' })
    expect(references()).toEqual([])
  })

  it('retries only rejected items', () => {
    const db = fresh()
    const item = register(db, 1)
    expect(() => retryItem(db, item.id, who)).toThrow(/is queued; only rejected items are retried by hand/)
    updateItem(db, item.id, { state: 'rejected', at: 'now', lastStatus: 400, lastAnswer: 'full' })
    expect(retryItem(db, item.id, who)).toMatchObject({ state: 'queued', lastAnswer: 'full' })
    expect(() => retryItem(db, 99, who)).toThrow('there is no outbox item #99')
  })

  it('discards an item with the items depending on it, keeps their history, and never discards what may have been sent', () => {
    const db = fresh()
    const registration = register(db, 1)
    const cancel = queueChange(db, 'registration-cancel', { eventUuid: EVENT }, { ...who, dependsOn: registration.id })
    const other = register(db, 3)
    expect(pendingChangesOf(db, 1).map((c) => c.kind)).toEqual(['event-registration', 'registration-cancel'])
    expect(discardItem(db, registration.id, who)).toEqual([cancel.id, registration.id])
    expect(listItems(db).map((i) => i.id)).toEqual([other.id])
    expect(pendingChangesOf(db, 1)).toEqual([])
    expect(readAuditLog(db, cancel.id).map((e) => e.event)).toEqual(['queued', 'discarded'])

    for (const state of ['sending', 'unknown', 'done'] as const) {
      updateItem(db, other.id, { state, at: 'now' })
      expect(() => discardItem(db, other.id, who)).toThrow(new RegExp(`is ${state}; it may have reached the registry`))
    }
    expect(getItem(db, other.id)).toBeDefined()
  })

  it('a cancellation of a queued registration must name an item that registers to the same event', () => {
    const db = fresh()
    const grant = queueChange(db, 'merit-grant', { meritId: 1, grant: { grantingDate: '2026-10-01', granterUserId: 3, meritGrantees: [1] } }, who)
    const registration = register(db, 1)
    expect(() => queueChange(db, 'registration-cancel', { eventUuid: EVENT }, { ...who, dependsOn: grant.id })).toThrow(`outbox item #${grant.id} does not register anyone to an event`)
    expect(() => queueChange(db, 'registration-cancel', { eventUuid: EVENT }, { ...who, dependsOn: 42 })).toThrow('there is no outbox item #42')
    queueChange(db, 'registration-cancel', { eventUuid: EVENT }, { ...who, dependsOn: registration.id })
    expect(() => queueChange(db, 'registration-cancel', { eventUuid: EVENT }, { ...who, dependsOn: registration.id })).toThrow(/already cancels this registration/)
    expect(() => queueChange(db, 'registration-cancel', { eventUuid: EVENT }, who)).toThrow(/eventRegistrationId must be a positive whole number/)
  })
})

describe('checks against the mirrored merits, events and registrations (issue 5)', () => {
  /** Mirrored rows as the sync stores them (migration 0005): the element's JSON in `raw`. */
  function mirror(db: WritableDB) {
    const event = (id: number, uuid: string, raw: Record<string, unknown>) =>
      db.prepare("INSERT INTO event (id, scope, modification_us, generation, raw, uuid, name) VALUES (?, 'public', 1, 1, ?, ?, ?)").run(id, JSON.stringify({ id, uuid, ...raw }), uuid, raw.name)
    db.prepare("INSERT INTO merit (id, scope, modification_us, generation, raw, name) VALUES (12, 'merit-group 9', 1, 1, '{}', 'Hopeamerkki')").run()
    event(30001, EVENT, { name: 'Syysleiri', currentAttendeeCount: 1, maxAttendeeCount: 3 })
    event(30002, OTHER_EVENT, { name: 'Peruttu kisa', currentAttendeeCount: 0, deletionTime: '2026-11-01T10:00:00+02:00' })
    db.prepare("INSERT INTO event_registration (id, scope, modification_us, generation, raw, event_uuid, participant_user_id) VALUES (40000007, 'event 30001', 1, 1, '{}', ?, 3)").run(EVENT)
  }

  it('takes an event only the v2 event search found as known, with its attendee counts (0 places: no limit) and registration window (spec v2 §2.18)', () => {
    const db = fresh()
    mirror(db)
    const searched = (id: number, uuid: string, raw: Record<string, unknown>) =>
      db.prepare("INSERT INTO event_search_result (id, scope, modification_us, generation, raw, uuid, name) VALUES (?, 'federation 100', 1, 1, ?, ?, ?)").run(id, JSON.stringify({ eventId: id, uuid, ...raw }), uuid, raw.name)
    const OPEN = 'c0000000-0000-4000-8000-000000000001'
    const ENDED = 'c0000000-0000-4000-8000-000000000002'
    searched(30011, OPEN, { name: 'Talvirastit', currentAttendeeCount: 0, maxAttendeeCount: 1, registrationStartDateTime: '2020-01-01T00:00:00', registrationEndDateTime: '2099-12-31T23:59:00' })
    searched(30012, ENDED, { name: 'Kevätkisa', currentAttendeeCount: 0, maxAttendeeCount: 10, registrationStartDateTime: '2020-01-01T00:00:00', registrationEndDateTime: '2020-02-01T18:00:00' })
    expect(register(db, 1, OPEN).state).toBe('queued')
    expect(() => register(db, 2, OPEN)).toThrow('cannot queue the registration: event Talvirastit is full: 0 registered and 1 queued for 1 places')
    expect(() => register(db, 2, ENDED)).toThrow(/^cannot queue the registration: registration to event Kevätkisa ended at 2020-02-01T18:00:00 \(local time\), it is now /)
    // The search says 0 places for an event without a limit (required there, spec v2 §2.18; v3 CreateEvent takes ≥ 1).
    const UNLIMITED = 'c0000000-0000-4000-8000-000000000003'
    searched(30013, UNLIMITED, { name: 'Avoin harjoitus', currentAttendeeCount: 4, maxAttendeeCount: 0, registrationStartDateTime: '2020-01-01T00:00:00', registrationEndDateTime: '2099-12-31T23:59:00' })
    expect([register(db, 1, UNLIMITED).state, register(db, 2, UNLIMITED).state]).toEqual(['queued', 'queued'])
    // The v3 listing's row of the same event wins over the search's.
    searched(30001, EVENT, { name: 'Syysleiri (haku)', currentAttendeeCount: 0, maxAttendeeCount: 100 })
    register(db, 1)
    register(db, 2)
    db.prepare("INSERT INTO person (id, sport_id, last_name, modification_us, raw) VALUES (4, 10000004, 'Laine', 1, '{}')").run()
    expect(() => register(db, 4)).toThrow('cannot queue the registration: event Syysleiri is full: 1 registered and 2 queued for 3 places')
  })

  it('refuses an unknown merit once merits are mirrored', () => {
    const db = fresh()
    mirror(db)
    const grant = (meritId: number) => queueChange(db, 'merit-grant', { meritId, grant: { grantingDate: '2026-10-01', meritGranter: 'H', meritGrantees: [1] } }, who)
    expect(() => grant(13)).toThrow('cannot queue the merit grant: no merit 13 in the local database')
    expect(grant(12).state).toBe('queued')
  })

  it('refuses unknown and deleted events, a member already registered, and a full event counting the queued registrations', () => {
    const db = fresh()
    mirror(db)
    expect(() => register(db, 1, 'a0000000-0000-4000-8000-000000000000')).toThrow(/no event a0000000-0000-4000-8000-000000000000 in the local database/)
    expect(() => register(db, 1, OTHER_EVENT)).toThrow('cannot queue the registration: event Peruttu kisa was deleted')
    expect(() => register(db, 3)).toThrow('cannot queue the registration: member 3 is already registered to this event (registration 40000007); if it was cancelled elsewhere, a full sync removes it here')
    const first = register(db, 1)
    register(db, 2)
    db.prepare("INSERT INTO person (id, sport_id, last_name, modification_us, raw) VALUES (4, 10000004, 'Laine', 1, '{}')").run()
    expect(() => register(db, 4)).toThrow('cannot queue the registration: event Syysleiri is full: 1 registered and 2 queued for 3 places')
    // A rejected registration takes no place.
    updateItem(db, first.id, { state: 'rejected', at: 'now' })
    expect(register(db, 4).state).toBe('queued')
  })

  it('refuses a registration, and an edit, outside the event’s registration window read in Helsinki local time, both ends included (spec v3 §2)', () => {
    const db = fresh()
    const windowed = 'b0000000-0000-4000-8000-000000000001'
    // The listing's local times; the end without seconds, as a bound may come.
    db.prepare("INSERT INTO event (id, scope, modification_us, generation, raw, uuid, name) VALUES (30003, 'public', 1, 1, ?, ?, 'Kevätkisa')").run(
      JSON.stringify({ id: 30003, uuid: windowed, name: 'Kevätkisa', registrationStartTime: '2026-05-01T12:00:00', registrationEndTime: '2026-05-31T23:59' }),
      windowed
    )
    const input = (user: number) => ({ eventUuid: windowed, registration: { participantUserId: user } })
    // Summer time: Helsinki is UTC+3.
    const at = (instant: string) => ({ ...who, now: new Date(instant) })
    expect(() => queueChange(db, 'event-registration', input(1), at('2026-05-01T08:59:59Z'))).toThrow(
      'cannot queue the registration: registration to event Kevätkisa opens at 2026-05-01T12:00:00 (local time), it is now 2026-05-01T11:59:59'
    )
    expect(queueChange(db, 'event-registration', input(1), at('2026-05-01T09:00:00Z')).state).toBe('queued')
    const last = queueChange(db, 'event-registration', input(2), at('2026-05-31T20:59:00Z'))
    expect(() => editItem(db, last.id, { ...input(2), registration: { participantUserId: 2, additionalDetails: 'H21' } }, at('2026-05-31T20:59:01Z'))).toThrow(
      'cannot queue the registration: registration to event Kevätkisa ended at 2026-05-31T23:59:00 (local time), it is now 2026-05-31T23:59:01'
    )
    expect(getItem(db, last.id)!.payload).toEqual(input(2))
  })

  it('counts the members a queued v3 participant addition registers: none of them again, and their places taken', () => {
    const db = fresh()
    mirror(db)
    const added = queueChange(db, 'event-participants', { eventUuid: EVENT, participants: { userIds: [1], grantEventMerits: false } }, who)
    expect(() => register(db, 1)).toThrow(`cannot queue the registration: member 1 is already being added to this event as a participant by outbox item #${added.id}`)
    register(db, 2)
    db.prepare("INSERT INTO person (id, sport_id, last_name, modification_us, raw) VALUES (4, 10000004, 'Laine', 1, '{}')").run()
    expect(() => register(db, 4)).toThrow('cannot queue the registration: event Syysleiri is full: 1 registered and 2 queued for 3 places')
  })

  it('cancels a mirrored registration only for its own event, and shows it pending on its member', () => {
    const db = fresh()
    mirror(db)
    expect(() => queueChange(db, 'registration-cancel', { eventUuid: EVENT, eventRegistrationId: 40000099 }, who)).toThrow('cannot queue the cancellation: no registration 40000099 in the local database')
    expect(() => queueChange(db, 'registration-cancel', { eventUuid: OTHER_EVENT, eventRegistrationId: 40000007 }, who)).toThrow(`registration 40000007 is to event ${EVENT}, not ${OTHER_EVENT}`)
    const cancel = queueChange(db, 'registration-cancel', { eventUuid: EVENT, eventRegistrationId: 40000007 }, who)
    expect(cancel.payload).toEqual({ eventUuid: EVENT, eventRegistrationId: 40000007, participantUserId: 3 })
    expect(pendingChangesOf(db, 3)).toEqual([{ itemId: cancel.id, kind: 'registration-cancel', state: 'queued', target: `event ${EVENT}` }])
  })
})

describe('one push worker per database (DESIGN §4)', () => {
  it('refuses to push while a live process holds the worker claim, and takes over the claim of a killed one', async () => {
    const db = fresh()
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', maxAttempts: 1 })
    try {
      // The parent of this process is alive and is not this process.
      expect(claimWorker(db, { pid: process.ppid, host: hostname(), refreshedAt: new Date().toISOString() }, () => false)).toBeNull()
      await expect(pushOutbox(db, client)).rejects.toMatchObject({ code: 'push-running' })

      // A claim by a process that is gone is stale: Linux pids stay below 2^22.
      db.prepare('UPDATE outbox_worker SET pid = ?').run(2 ** 22 + 12345)
      register(db, 1)
      const result = await pushOutbox(db, client)
      expect(result.stopped?.reason).toBe('offline')
      expect(db.prepare('SELECT count(*) FROM outbox_worker').pluck().get()).toBe(0)
    } finally {
      await client.close()
    }
  })

  it('a claim of this machine whose pid now runs another program (reused after a crash or a reboot) is taken over once not refreshed for STALE_CLAIM_MS', async () => {
    const db = fresh()
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', maxAttempts: 1 })
    // The parent of this process is alive and is not a push.
    const claim = (ageMs: number) => db.prepare('INSERT OR REPLACE INTO outbox_worker (id, pid, host, started_at) VALUES (1, ?, ?, ?)').run(process.ppid, hostname(), new Date(Date.now() - ageMs).toISOString())
    try {
      register(db, 1)
      // Refreshed within the limit: a live push, however long it takes.
      claim(STALE_CLAIM_MS - 60_000)
      await expect(pushOutbox(db, client)).rejects.toMatchObject({ code: 'push-running', message: expect.stringContaining(`process ${process.ppid} on ${hostname()}`) })
      for (const ageMs of [6 * 3_600_000, -(STALE_CLAIM_MS + 1_000)]) {
        claim(ageMs)
        expect((await pushOutbox(db, client)).stopped?.reason).toBe('offline')
        expect(db.prepare('SELECT count(*) FROM outbox_worker').pluck().get()).toBe(0)
      }
    } finally {
      await client.close()
    }
  })

  it('a claim of another machine blocks while it is refreshed, and is taken over once older than STALE_CLAIM_MS and seen unchanged', async () => {
    const db = fresh()
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', maxAttempts: 1 })
    // A push that died on this computer under an earlier hostname, or on another computer sharing the file: its pid cannot be asked here.
    const claim = (ageMs: number) => db.prepare("INSERT OR REPLACE INTO outbox_worker (id, pid, host, started_at) VALUES (1, 999999, 'other.local', ?)").run(new Date(Date.now() - ageMs).toISOString())
    const options = { claimWatchMs: 50 }
    try {
      register(db, 1)
      for (const ageMs of [0, STALE_CLAIM_MS - 60_000, -(STALE_CLAIM_MS - 60_000)]) {
        claim(ageMs)
        await expect(pushOutbox(db, client, options)).rejects.toMatchObject({ code: 'push-running', message: expect.stringContaining('process 999999 on other.local') })
      }
      // A live push on a machine whose clock is 6 minutes behind: its claim looks stale here, yet it is refreshed while watched.
      claim(STALE_CLAIM_MS + 60_000)
      const refreshed = setTimeout(() => claim(STALE_CLAIM_MS + 59_000), 10)
      await expect(pushOutbox(db, client, { claimWatchMs: 200 })).rejects.toMatchObject({ code: 'push-running' })
      clearTimeout(refreshed)
      for (const ageMs of [STALE_CLAIM_MS + 1_000, 30 * 24 * 3_600_000, -(STALE_CLAIM_MS + 1_000)]) {
        claim(ageMs)
        expect((await pushOutbox(db, client, options)).stopped?.reason).toBe('offline')
        expect(db.prepare('SELECT count(*) FROM outbox_worker').pluck().get()).toBe(0)
      }
      db.prepare("INSERT INTO outbox_worker (id, pid, host, started_at) VALUES (1, 999999, 'other.local', 'not a time')").run()
      expect((await pushOutbox(db, client, options)).stopped?.reason).toBe('offline')
    } finally {
      await client.close()
    }
  })
})
