import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { listOutbox, pushOutboxNow, queueClubTransfer, queueEventRegistration, queueMeritGrant, queueRegistrationCancel } from '../../../src/main/services/outbox'
import { syncDatabase } from '../../../src/main/services/sync'
import type { Sandbox, SandboxRequestEvent } from '../../../src/sandbox/index'
import { closeAfterTest } from '../../support/afterTest'
import { startDropProxy } from '../../support/dropProxy'
import { countRequests, federationMerit, members, openEvents, registrationsOf, writableSandboxForTest } from '../../support/outbox'
import { expectMirror, stored } from './mirror'

/**
 * Two Kanslias on one registry, as Joplin tests its synchronizer (two clients, one server, failures
 * mid-sync): the federation office's machine A and the secretary's laptop B each mirror the
 * sandbox into a database of their own and queue changes in their own outbox. What one pushes
 * reaches the other's mirror; nothing reaches the registry twice; both mirrors end equal to the
 * registry (DESIGN §3, §4; issues 2 and 5).
 */
describe('two Kanslias on one registry', () => {
  /** A second database synced from the sandbox: the other machine. */
  const secondMachine = async (sandbox: Sandbox) => {
    const dbFile = join(mkdtempSync(join(tmpdir(), 'kanslia-second-')), 'b.db')
    expect((await syncDatabase({ dbFile, connection: sandbox.credentials() })).ok).toBe(true)
    return dbFile
  }

  /** Asserts the database mirrors the sandbox now (every resource, element by element). */
  const expectMirrors = async (dbFile: string, sandbox: Sandbox) => {
    const db = openDatabaseReadonly(dbFile)
    try {
      await expectMirror(db, sandbox)
    } finally {
      db.close()
    }
  }

  /** The other machine's sync as "Sync now" runs it a quarter-hour later: every per-parent list read again. */
  const syncLater = (dbFile: string, sandbox: Sandbox, signal?: AbortSignal) => syncDatabase({ dbFile, connection: sandbox.credentials(), everyList: true, pageSize: 50, signal })

  /** Each machine's next sync a quarter-hour later, after which each mirrors the registry. */
  const expectBothMirror = async (machines: string[], sandbox: Sandbox) => {
    for (const dbFile of machines) {
      expect((await syncLater(dbFile, sandbox)).ok).toBe(true)
      await expectMirrors(dbFile, sandbox)
    }
  }

  it("one machine's pushed changes reach the other's mirror, through a lost answer and a sync stopped midway, and the registry gets each once", async () => {
    const { sandbox, dbFile: a, connection } = await writableSandboxForTest(11)
    const b = await secondMachine(sandbox)
    const event = openEvents(sandbox)[0]
    const [first, second, third, runner] = members(sandbox, 4, [event])
    const meritId = federationMerit(sandbox)
    const grant = await queueMeritGrant({ dbFile: a, actor: 'liitto', meritId, grant: { grantingDate: '2026-11-20', meritGranter: 'Liittohallitus', meritGrantees: [first, second, third] } })
    const registration = await queueEventRegistration({ dbFile: a, actor: 'liitto', eventUuid: event.uuid, registration: { participantUserId: runner } })

    // A's link drops with the registration's answer: the registry made it, A does not know that.
    const proxy = await startDropProxy(sandbox.baseUrl, (method, path) => method === 'POST' && path.startsWith('/api/public/v2/event/registration/'))
    closeAfterTest(() => proxy.close())
    await pushOutboxNow({ dbFile: a, connection: { ...connection, baseUrl: proxy.url, authUrl: proxy.url }, backoffBaseMs: 1 })
    await proxy.dropped
    expect(listOutbox(a).map((item) => [item.id, item.state])).toEqual([
      [grant.id, 'done'],
      [registration.id, 'unknown']
    ])

    // Meanwhile B syncs; its run is stopped after a few requests, and one answer of the next run arrives cut short.
    const stop = new AbortController()
    let requests = 0
    const onRequest = (_event: SandboxRequestEvent) => {
      if (++requests === 8) stop.abort()
    }
    sandbox.events.on('request', onRequest)
    const stopped = await syncLater(b, sandbox, stop.signal)
    sandbox.events.off('request', onRequest)
    expect(stopped.ok).toBe(false)
    sandbox.faults.truncateNext = 1
    expect((await syncLater(b, sandbox)).ok).toBe(true)
    // B holds what the registry holds, A's registration too, though A has not heard of it yet.
    await expectMirrors(b, sandbox)
    const bDb = openDatabaseReadonly(b)
    try {
      const ofRunner = stored(bDb, 'event-registrations').filter((r) => r.participantUserId === runner && r.eventUuid === event.uuid)
      expect(ofRunner.map((r) => r.eventRegistrationId)).toEqual(registrationsOf(sandbox, event.id, runner).map((r) => r.id))
      expect(ofRunner).toHaveLength(1)
    } finally {
      bDb.close()
    }

    // A's next push reads the registration back instead of sending it again.
    const posts = countRequests(sandbox, 'POST', '/event/registration/')
    expect(await pushOutboxNow({ dbFile: a, connection, backoffBaseMs: 1 })).toMatchObject({ done: [registration.id], waiting: 0, stopped: null })
    expect(posts.count).toBe(0)
    expect(registrationsOf(sandbox, event.id, runner)).toHaveLength(1)
    const grants = sandbox.activity.grantCollection(meritId)
    for (const user of [first, second, third]) expect(grants.get(user)).toMatchObject({ grantingDate: '2026-11-20', meritGranter: 'Liittohallitus' })

    await expectBothMirror([a, b], sandbox)
  })

  it('both queue the same registration while offline: the registry gets it once, both outboxes end done', async () => {
    const { sandbox, dbFile: a, connection } = await writableSandboxForTest(12)
    const b = await secondMachine(sandbox)
    const event = openEvents(sandbox)[0]
    const [member] = members(sandbox, 1, [event])
    const fromA = await queueEventRegistration({ dbFile: a, actor: 'liitto', eventUuid: event.uuid, registration: { participantUserId: member } })
    const fromB = await queueEventRegistration({ dbFile: b, actor: 'seura', eventUuid: event.uuid, registration: { participantUserId: member } })
    const posts = countRequests(sandbox, 'POST', '/event/registration/')

    expect((await pushOutboxNow({ dbFile: a, connection, backoffBaseMs: 1 })).done).toEqual([fromA.id])
    expect((await pushOutboxNow({ dbFile: b, connection, backoffBaseMs: 1 })).done).toEqual([fromB.id])
    expect(posts.count).toBe(1)
    expect(registrationsOf(sandbox, event.id, member)).toHaveLength(1)
    expect(listOutbox(b)[0]).toMatchObject({ state: 'done', lastStatus: 200 })

    await expectBothMirror([a, b], sandbox)
  })

  it('both move the same licence to the same club while offline: the registry gets one transfer, the second outbox adopts it', async () => {
    const { sandbox, dbFile: a, connection } = await writableSandboxForTest(15)
    const b = await secondMachine(sandbox)
    const db = openDatabaseReadonly(a)
    const { licence, target } = (() => {
      try {
        const licence = db.prepare('SELECT id, licence_organization_id AS clubId, federation_id AS federationId FROM user_licence ORDER BY id LIMIT 1').get() as { id: number; clubId: number; federationId: number }
        const target = db.prepare("SELECT id FROM organization WHERE type = 'CLUB' AND status = 'ACTIVE' AND federation_id = ? AND id <> ? ORDER BY id LIMIT 1").pluck().get(licence.federationId, licence.clubId) as number
        return { licence, target }
      } finally {
        db.close()
      }
    })()
    const fromA = await queueClubTransfer({ dbFile: a, actor: 'liitto', userLicenceId: licence.id, targetClubId: target })
    const fromB = await queueClubTransfer({ dbFile: b, actor: 'seura', userLicenceId: licence.id, targetClubId: target })
    const posts = countRequests(sandbox, 'POST', '/user-licence-club-transfer/')

    expect((await pushOutboxNow({ dbFile: a, connection, backoffBaseMs: 1 })).done).toEqual([fromA.id])
    expect((await pushOutboxNow({ dbFile: b, connection, backoffBaseMs: 1 })).done).toEqual([fromB.id])
    expect(posts.count).toBe(1)
    expect(sandbox.store.userLicence(licence.id)!.licenceOrganizationId).toBe(target)
    expect(listOutbox(b)[0]).toMatchObject({ state: 'done', lastStatus: 200 })

    // A user licence is a SYNC list: a plain incremental sync on either machine carries the move.
    expect((await syncDatabase({ dbFile: a, connection })).ok).toBe(true)
    expect((await syncDatabase({ dbFile: b, connection })).ok).toBe(true)
    await expectMirrors(a, sandbox)
    await expectMirrors(b, sandbox)
  })

  it("a registration cancelled on one machine leaves the other's mirror with its next sync of the events, so the member can be registered again there", async () => {
    const { sandbox, dbFile: a, connection } = await writableSandboxForTest(14)
    const event = openEvents(sandbox)[0]
    const [member] = members(sandbox, 1, [event])
    const register = () => queueEventRegistration({ dbFile: a, actor: 'liitto', eventUuid: event.uuid, registration: { participantUserId: member } })
    await register()
    expect((await pushOutboxNow({ dbFile: a, connection, backoffBaseMs: 1 })).done).toHaveLength(1)
    const b = await secondMachine(sandbox)
    const [made] = registrationsOf(sandbox, event.id, member)
    await queueRegistrationCancel({ dbFile: b, actor: 'seura', eventUuid: event.uuid, registration: { eventRegistrationId: made.id } })
    expect((await pushOutboxNow({ dbFile: b, connection, backoffBaseMs: 1 })).done).toHaveLength(1)
    expect(registrationsOf(sandbox, event.id, member)).toEqual([])

    // Before A's event lists are due again, its data still holds the registration, and says how to clear it.
    await expect(register()).rejects.toThrow(`member ${member} is already registered to this event (registration ${made.id}); if it was cancelled elsewhere, a full sync removes it here`)
    // The lists name no cancellation (DESIGN §3 rule 5), but the event's count moved: A's next sync of the event lists removes it.
    expect((await syncLater(a, sandbox)).ok).toBe(true)
    await expectMirrors(a, sandbox)
    const again = await register()
    expect((await pushOutboxNow({ dbFile: a, connection, backoffBaseMs: 1 })).done).toEqual([again.id])
    expect(registrationsOf(sandbox, event.id, member)).toHaveLength(1)
  })

  it("one machine syncs while the other pushes: its next sync holds every change", async () => {
    const { sandbox, dbFile: a, connection } = await writableSandboxForTest(13)
    const b = await secondMachine(sandbox)
    const event = openEvents(sandbox, 40)[0]
    const registered = members(sandbox, 12, [event])
    for (const member of registered) await queueEventRegistration({ dbFile: a, actor: 'liitto', eventUuid: event.uuid, registration: { participantUserId: member } })
    sandbox.faults.latencyMs = 20

    const [pushed, during] = await Promise.all([pushOutboxNow({ dbFile: a, connection, backoffBaseMs: 1 }), syncLater(b, sandbox)])
    expect(pushed.done).toHaveLength(registered.length)
    expect(during.ok).toBe(true)
    sandbox.faults.latencyMs = 0

    expect((await syncLater(b, sandbox)).ok).toBe(true)
    await expectMirrors(b, sandbox)
    for (const member of registered) expect(registrationsOf(sandbox, event.id, member)).toHaveLength(1)
  })
})
