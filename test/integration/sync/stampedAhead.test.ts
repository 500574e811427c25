import { describe, expect, it } from 'vitest'
import { readCursor } from '../../../src/main/db/runs'
import { CLOCK_TOLERANCE_US } from '../../../src/main/sync/cursorLimit'
import { runSync } from '../../../src/main/sync/engine'
import { PUBLIC_EVENTS_SCOPE } from '../../../src/main/sync/resources'
import { formatInstant } from '../../../src/shared/instant'
import { startSyncFixture } from './fixture'
import { expectMirror, stored } from './mirror'

const DAY_MS = 86_400_000

function setup() {
  return startSyncFixture({ sandbox: { athletes: 300, seed: 5 }, client: { backoffBaseMs: 20 } })
}

/** An instant `days` after now by this computer's clock, µs. */
const daysAhead = (days: number) => (Date.now() + days * DAY_MS) * 1000

describe('elements stamped after the registry’s time (a node whose clock runs ahead, a bulk import stamped ahead)', () => {
  it('a user licence stamped a month ahead keeps no cursor in the future: a later change of its list reaches the mirror', async () => {
    const { sandbox, db, client } = await setup()
    const { store } = sandbox
    const scope = `federation ${sandbox.federationId}`
    expect((await runSync(db, client)).ok).toBe(true)
    const [ahead, changed] = store.userLicenceIds()
    const aMonthAhead = daysAhead(30)
    store.stampUserLicenceAt(ahead, aMonthAhead)

    const second = await runSync(db, client)
    expect(second.ok).toBe(true)
    expect(stored(db, 'user-licences').find((e) => e.id === ahead)?.modificationTime).toBe(store.userLicence(ahead)!.modificationTime)
    // No further than the registry's Date (whole seconds) and the tolerance.
    const cursor = readCursor(db, 'user-licences', scope)
    const limit = Date.now() * 1000 + CLOCK_TOLERANCE_US

    store.touchUserLicences([changed])
    const third = await runSync(db, client)
    expect(third.ok).toBe(true)
    expect(stored(db, 'user-licences').find((e) => e.id === changed)?.salesPriceInCents).toBe(store.userLicence(changed)!.salesPriceInCents)
    await expectMirror(db, sandbox)
    expect(cursor).toBeLessThanOrEqual(limit)
    // Each run that read the element says so.
    const note = `1 element stamped ${formatInstant(aMonthAhead)}, after the registry's time; read again each run`
    for (const run of [second, third]) expect(run.resources.find((r) => r.resource === 'user-licences')?.note).toBe(note)
  })

  it('the registry’s time is its Date: once the sandbox’s clock has passed the element, the cursor moves onto it', async () => {
    const { sandbox, db, client } = await setup()
    const { store } = sandbox
    const scope = `federation ${sandbox.federationId}`
    expect((await runSync(db, client)).ok).toBe(true)
    const [ahead] = store.userLicenceIds()
    const aMonthAhead = daysAhead(30)
    store.stampUserLicenceAt(ahead, aMonthAhead)
    expect((await runSync(db, client)).ok).toBe(true)
    expect(readCursor(db, 'user-licences', scope)).toBeLessThan(aMonthAhead)

    // The registry's clock, not this computer's, says the month has gone by.
    sandbox.clock.advance(31 * DAY_MS)
    const later = await runSync(db, client)
    expect(later.ok).toBe(true)
    expect(later.resources.find((r) => r.resource === 'user-licences')?.note).toBeUndefined()
    expect(readCursor(db, 'user-licences', scope)).toBe(aMonthAhead)
  })

  it('pages holding only elements stamped ahead are paged through, and the changes after them are read', async () => {
    const { sandbox, db, client } = await setup()
    const { store } = sandbox
    expect((await runSync(db, client)).ok).toBe(true)
    const ids = store.userLicenceIds()
    // Five instants ahead, pages of two: the re-anchoring passes them although the cursor may not.
    const instants = [10, 11, 12, 13, 14].map(daysAhead)
    instants.forEach((mt, i) => store.stampUserLicenceAt(ids[i], mt))
    const second = await runSync(db, client, { pageSize: 2 })
    expect(second.ok).toBe(true)
    store.touchUserLicences([ids[5]])
    expect((await runSync(db, client, { pageSize: 2 })).ok).toBe(true)
    await expectMirror(db, sandbox)
    expect(second.resources.find((r) => r.resource === 'user-licences')?.note).toBe(`5 elements stamped up to ${formatInstant(instants[4])}, after the registry's time; read again each run`)
  })

  it('a cursor an earlier version left in the future is taken back to the newest instant stored before the registry’s time', async () => {
    const { sandbox, db, client } = await setup()
    const { store } = sandbox
    const scope = `federation ${sandbox.federationId}`
    expect((await runSync(db, client)).ok).toBe(true)
    const newestBefore = readCursor(db, 'user-licences', scope)!
    const [ahead, changed] = store.userLicenceIds()
    const aMonthAhead = daysAhead(30)
    store.stampUserLicenceAt(ahead, aMonthAhead)
    expect((await runSync(db, client)).ok).toBe(true)
    // As a version without the limit left it: on the element stamped ahead.
    db.prepare('UPDATE sync_cursor SET cursor_us = ? WHERE resource = ? AND scope = ?').run(aMonthAhead, 'user-licences', scope)

    store.touchUserLicences([changed])
    expect((await runSync(db, client)).ok).toBe(true)
    await expectMirror(db, sandbox)
    const cursor = readCursor(db, 'user-licences', scope)!
    expect(cursor).toBeGreaterThan(newestBefore)
    expect(cursor).toBeLessThanOrEqual(Date.now() * 1000 + CLOCK_TOLERANCE_US)
  })

  it('v3 events read newest first: an event stamped ahead does not end the next runs’ reads before a later change', async () => {
    const { sandbox, db, client } = await setup()
    const { activity } = sandbox
    expect((await runSync(db, client)).ok).toBe(true)
    const live = activity.events.all().filter((e) => e.deletionMs === undefined && e.visibility === 'PUBLIC' && e.status === 'PUBLISHED')
    const aMonthAhead = daysAhead(30)
    activity.stampEventAt(live[0].id, aMonthAhead)
    const second = await runSync(db, client)
    expect(second.ok).toBe(true)

    const renamed = `${live[1].name} (uusi aika)`
    activity.updateEvent(live[1].id, { name: renamed })
    expect((await runSync(db, client)).ok).toBe(true)
    expect(stored(db, 'events').find((e) => e.eventId === live[1].id)?.name).toBe(renamed)
    expect(second.resources.find((r) => r.resource === 'events')?.note).toBe(`1 element stamped ${formatInstant(aMonthAhead)}, after the registry's time; read again each run`)
    expect(readCursor(db, 'events', PUBLIC_EVENTS_SCOPE)).toBeLessThanOrEqual(Date.now() * 1000 + CLOCK_TOLERANCE_US)
  })
})
