import { describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { DELETED_EVENTS_WINDOW_MS } from '../../../src/sandbox/activity'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { updateItem } from '../../../src/main/db/outbox'
import { discardOutboxItem, queueClubTransfer, queueEventRegistration } from '../../../src/main/services/outbox'
import { syncDatabase } from '../../../src/main/services/sync'
import type { SyncResult } from '../../../src/main/sync/engine'
import { closeAfterTest } from '../../support/afterTest'
import { members, openEvents, WRITABLE_FEDERATION, writableSandboxForTest } from '../../support/outbox'

/**
 * DESIGN §3 rule 5: a full sync's sweep never removes rows a pending outbox item refers to
 * (`refersTo` of its operation), against the real sandbox over loopback: a club that turned
 * PASSIVE and an event gone from the listings stay while a transfer to the club and a
 * registration to the event wait, and go with the next full run once the items are done or
 * discarded. An event's tombstone is an explicit deletion, not a sweep, and removes it all the same.
 */

const DAY_MS = 86_400_000

/** A transfer of a stored user licence to another active club of the federation, queued; with the club. */
async function queueTransfer(db: WritableDB, dbFile: string): Promise<{ itemId: number; club: number }> {
  const licence = db.prepare('SELECT id, licence_organization_id AS clubId FROM user_licence ORDER BY id LIMIT 1').get() as { id: number; clubId: number }
  const club = db.prepare("SELECT id FROM organization WHERE type = 'CLUB' AND status = 'ACTIVE' AND federation_id = ? AND id <> ? ORDER BY id LIMIT 1").pluck().get(WRITABLE_FEDERATION, licence.clubId) as number
  const item = await queueClubTransfer({ dbFile, userLicenceId: licence.id, targetClubId: club })
  return { itemId: item.id, club }
}

/** A registration of a member to a stored, open, public event of the federation, queued; with the event. */
async function queueRegistration(sandbox: Sandbox, db: WritableDB, dbFile: string): Promise<{ itemId: number; event: { id: number; uuid: string } }> {
  const stored = (uuid: string) => db.prepare('SELECT 1 FROM event WHERE uuid = ?').get(uuid) !== undefined
  const event = openEvents(sandbox).find((e) => e.visibility === 'PUBLIC' && stored(e.uuid))!
  const [member] = members(sandbox, 1, [event])
  const item = await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: member } })
  return { itemId: item.id, event }
}

const resultOf = (result: SyncResult, resource: string) => result.resources.find((r) => r.resource === resource)!

describe('a full sync keeps what a pending outbox item refers to (DESIGN §3 rule 5)', () => {
  it('keeps a club turned PASSIVE and an event gone from the listings while items wait for them, and removes them once the items are done or discarded', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    const transfer = await queueTransfer(db, dbFile)
    const registration = await queueRegistration(sandbox, db, dbFile)
    const clubStored = () => db.prepare('SELECT 1 FROM organization WHERE id = ?').get(transfer.club) !== undefined
    const eventStored = () => db.prepare('SELECT 1 FROM event WHERE uuid = ?').get(registration.event.uuid) !== undefined

    // The club turns PASSIVE; the event is deleted and, a month later, no longer listed even as deleted: neither leaves a tombstone.
    sandbox.store.setOrganizationStatus(transfer.club, 'PASSIVE')
    sandbox.activity.deleteEvent(registration.event.id)
    sandbox.clock.advance(DELETED_EVENTS_WINDOW_MS + DAY_MS)
    const kept = await syncDatabase({ dbFile, connection, full: true })
    expect(kept.ok).toBe(true)
    expect([clubStored(), eventStored()]).toEqual([true, true])
    expect(resultOf(kept, 'organizations')).toMatchObject({ scope: `federation ${WRITABLE_FEDERATION}`, note: 'kept 1 row no longer listed: a pending outbox change refers to it' })
    expect(resultOf(kept, 'events')).toMatchObject({ scope: 'public', note: 'kept 1 row no longer listed: a pending outbox change refers to it' })

    // Sent and accepted (the registry's answer does not matter here), and given up: nothing keeps them now.
    updateItem(db, transfer.itemId, { state: 'done', at: new Date().toISOString() })
    expect(await discardOutboxItem({ dbFile, id: registration.itemId })).toEqual([registration.itemId])
    const swept = await syncDatabase({ dbFile, connection, full: true })
    expect(swept.ok).toBe(true)
    expect([clubStored(), eventStored()]).toEqual([false, false])
    expect(resultOf(swept, 'organizations')).toMatchObject({ removed: 1 })
    expect(resultOf(swept, 'organizations').note).toBeUndefined()
    expect(resultOf(swept, 'events')).toMatchObject({ removed: 1 })
  })

  it('forgets an event the registry says is deleted (a tombstone) though a registration to it waits: only sweeps keep', async () => {
    const { sandbox, dbFile, connection } = await writableSandboxForTest()
    const db = openDatabase(dbFile)
    closeAfterTest(() => {
      db.close()
    })
    const registration = await queueRegistration(sandbox, db, dbFile)
    sandbox.activity.deleteEvent(registration.event.id)
    expect((await syncDatabase({ dbFile, connection, full: true })).ok).toBe(true)
    expect(db.prepare('SELECT 1 FROM event WHERE uuid = ?').get(registration.event.uuid)).toBeUndefined()
  })
})
