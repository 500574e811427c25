import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/db/open'
import { pendingChangesOf } from '../../../src/main/db/outbox'
import { editOutboxItem, listOutbox, pushOutboxNow, queueEventRegistration, queueMeritGrant, readOutboxAudit } from '../../../src/main/services/outbox'
import { formatHelsinkiLocalDateTime } from '../../../src/sandbox/helsinkiTime'
import { syncDatabase } from '../../../src/main/services/sync'
import { closeAfterTest } from '../../support/afterTest'
import { federationMerit, members, openEvents, registrationsOf, WRITABLE_FEDERATION, writableSandboxForTest } from '../../support/outbox'

/**
 * A registration queued while its event's registration was open and pushed after it ended (the
 * secretary was offline past the deadline): the registry refuses it (spec v2 §4.8, §2.18
 * `registrationEndDateTime`; the sandbox answers 400, see src/sandbox/README.md), and the outbox
 * keeps it rejected with the registry's message for a person to decide (DESIGN §4).
 */

const DAY_MS = 86_400_000

describe('a registration pushed after its event’s registration ended (issue 5, spec v2 §4.8)', () => {
  it('is rejected with the registry’s message and kept, unchanged, with its pending mark; the registry has no registration, and the change queued after it is sent', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const [user, other] = members(sandbox, 2, [event])
    const item = await queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: event.uuid, registration: { participantUserId: user, additionalDetails: 'Sarja H21' } })
    const grant = await queueMeritGrant({ dbFile, actor: 'sihteeri', meritId: federationMerit(sandbox), grant: { grantingDate: '2026-10-01', meritGranter: 'Seuran hallitus', meritGrantees: [other] } })

    // A day past the end of the registration (local times, compared as such: a summer-time change moves them an hour at most).
    const localNow = formatHelsinkiLocalDateTime(sandbox.clock.now())
    sandbox.clock.advance(Date.parse(`${event.registrationEnd}Z`) - Date.parse(`${localNow}Z`) + DAY_MS)
    // The registry's message, with its time now to the second.
    const refusal = expect.stringMatching(new RegExp(`^registration to event ${event.id} ended at ${event.registrationEnd} \\(local time\\), it is now \\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$`))

    const pushed = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(pushed).toMatchObject({ done: [grant.id], blocked: [], waiting: 0, stopped: null })
    expect(pushed.rejected.map((i) => [i.id, i.state, i.lastStatus, i.lastAnswer])).toEqual([[item.id, 'rejected', 400, refusal]])
    expect(registrationsOf(sandbox, event.id, user)).toEqual([])

    // Nothing lost: the item stays in the outbox with its payload for a person to edit, retry or
    // discard; the member still shows it pending; the audit log tells what happened.
    const kept = listOutbox(dbFile).find((i) => i.id === item.id)!
    expect(kept).toMatchObject({ state: 'rejected', payload: item.payload, lastStatus: 400, lastAnswer: refusal })
    expect(item.payload).toEqual({ eventUuid: event.uuid, registration: { participantUserId: user, additionalDetails: 'Sarja H21' } })
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    expect(pendingChangesOf(db, user)).toEqual([{ itemId: item.id, kind: 'event-registration', state: 'rejected', target: `event ${event.uuid}` }])
    const audit = readOutboxAudit(dbFile, item.id)
    expect(audit.map((entry) => entry.event)).toEqual(['queued', 'sent', 'rejected'])
    expect(JSON.parse(audit.at(-1)!.detail!)).toMatchObject({ status: 400, answer: refusal })
  })
})

describe('a registration queued after its event’s registration ended (spec v2 §2.18, v3 §2)', () => {
  it('is refused at queue time, and by an edit, with the end and the time now in local time; nothing is queued; an open event still queues', async () => {
    const { sandbox, dbFile } = await writableSandboxForTest()
    // Public and published (so the sync mirrors it), live, ended by the sandbox's clock: the wall clock the queue goes by.
    const ended = sandbox.activity.events
      .all()
      .find(
        (e) =>
          e.deletionMs === undefined &&
          e.status === 'PUBLISHED' &&
          e.visibility === 'PUBLIC' &&
          sandbox.store.isWithin(e.organizerId, WRITABLE_FEDERATION) &&
          sandbox.activity.registrationClosedReason(e)?.includes(' ended at ') === true
      )!
    const open = openEvents(sandbox)[0]
    const [user] = members(sandbox, 1, [ended, open])
    const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const refusal = (message: string) =>
      expect.objectContaining({
        code: 'invalid-change',
        message: expect.stringMatching(new RegExp(`^${message}: registration to event ${literally(ended.name)} ended at ${ended.registrationEnd} \\(local time\\), it is now \\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$`))
      })

    await expect(queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: ended.uuid, registration: { participantUserId: user } })).rejects.toEqual(refusal('cannot queue the registration'))
    expect(listOutbox(dbFile)).toEqual([])
    expect(readOutboxAudit(dbFile)).toEqual([])

    const item = await queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: open.uuid, registration: { participantUserId: user } })
    expect(item).toMatchObject({ state: 'queued', payload: { eventUuid: open.uuid, registration: { participantUserId: user } } })
    // Moving the queued registration to the ended event goes through the same check; the item stays as it was.
    await expect(editOutboxItem({ dbFile, actor: 'sihteeri', id: item.id, input: { eventUuid: ended.uuid, registration: { participantUserId: user } } })).rejects.toEqual(
      refusal('cannot queue the registration')
    )
    expect(listOutbox(dbFile).map((i) => [i.id, i.state, i.payload])).toEqual([[item.id, 'queued', item.payload]])
  })
})

describe('a registration to an event only the v2 event search lists (spec v2 §4.11, §2.18)', () => {
  it('queues and is sent: a private event of the federation is found by the search, not by the public v3 listing', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    // Published and private (so the v3 listing leaves it out), open for registration from now until it starts in ten days.
    const start = formatHelsinkiLocalDateTime(sandbox.clock.now() + 10 * DAY_MS).slice(0, 10)
    const event = sandbox.activity.createEvent(
      { name: 'Liittokokous', organizerId: WRITABLE_FEDERATION, startDateTime: { date: start, time: '10:00' }, endDateTime: { date: start, time: '16:00' }, registrationCancellable: true, allowedRegisterer: 'BOTH', visibility: 'PRIVATE', purpose: 'ORGANIZATIONAL' },
      WRITABLE_FEDERATION
    )
    expect((await syncDatabase({ dbFile, connection, everyList: true })).ok).toBe(true)
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    const stored = (table: string) => db.prepare(`SELECT count(*) FROM ${table} WHERE lower(uuid) = ?`).pluck().get(event.uuid.toLowerCase())
    expect([stored('event'), stored('event_search_result')]).toEqual([0, 1])
    const [user] = members(sandbox, 1, [event])

    const item = await queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: event.uuid, registration: { participantUserId: user } })
    expect(item.state).toBe('queued')
    const pushed = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(pushed).toMatchObject({ done: [item.id], rejected: [], stopped: null })
    expect(registrationsOf(sandbox, event.id, user)).toHaveLength(1)
  })
})
