import { spawn } from 'node:child_process'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Sandbox, SandboxOptions } from '../../../src/sandbox/index'
import { FINISHING_STEPS } from '../../../src/shared/ipc/contract'
import { parseInstant } from '../../../src/shared/instant'
import type { ApiClientOptions } from '../../../src/main/api/client'
import { WAL_AUTOCHECKPOINT_PAGES } from '../../../src/main/db/open'
import { readStatus } from '../../../src/main/db/status'
import { runSync, type SyncProgress } from '../../../src/main/sync/engine'
import { fetchAll } from '../../support/truth'
import { startSyncFixture } from './fixture'
import { ageLastReads, expectMirror, stored } from './mirror'

const ROOT = join(import.meta.dirname, '..', '..', '..')
function setup(options: SandboxOptions = {}, clientOptions: Partial<ApiClientOptions> = {}) {
  return startSyncFixture({ sandbox: { athletes: 300, seed: 5, ...options }, client: { backoffBaseMs: 20, ...clientOptions } })
}

/** Requests the sandbox answered, as parsed URLs, for `path` fragments like '/user-licence/'. */
function recordRequests(sandbox: Sandbox): URL[] {
  const seen: URL[] = []
  sandbox.events.on('request', (event: { url: string }) => seen.push(new URL(event.url, 'http://sandbox')))
  return seen
}

const userLicencePath = (sandbox: Sandbox) => `/api/public/v2/user-licence/${sandbox.federationId}`
const FEDERATION_LISTS = ['organizations', 'licence-periods', 'licences', 'sports', 'insurances', 'sport-parameters', 'user-licences', 'user-insurances']

describe('runSync against the Federation Sandbox', () => {
  it('a first sync mirrors exactly what the sandbox lists; a quiet second sync fetches almost nothing', async () => {
    const { sandbox, db, client } = await setup()
    const progress: SyncProgress[] = []
    const first = await runSync(db, client, { onProgress: (p) => progress.push(p) })
    expect(first.ok).toBe(true)
    const federation = `federation ${sandbox.federationId}`
    expect(first.resources.map((r) => `${r.resource} ${r.scope}`)).toEqual([
      ...FEDERATION_LISTS.map((resource) => `${resource} ${federation}`),
      `federation-master-sports ${federation}`,
      `event-search-results ${federation}`,
      'municipalities all',
      'master-sports all',
      'area-associations all',
      'sports-federations all',
      'api-version-info all',
      'client-data all',
      'area-association-children per area-association',
      'sports-clubs per master-club',
      'events public',
      'merit-groups per organization',
      'merits per merit-group',
      'granted-merits per merit',
      'registered-event-users per event',
      'event-registrations per event'
    ])
    expect(first.resources.every((r) => r.skipped === 0 && r.error === undefined)).toBe(true)
    await expectMirror(db, sandbox)
    // The indexes the bulk load deferred are back (db/bulkLoad.ts).
    expect(db.prepare('SELECT count(*) FROM deferred_index').pluck().get()).toBe(0)
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('user_licence_user_period', 'person_name')").pluck().get()).toBe(2)
    // The run's checkpointer (db/checkpointer.ts) has stopped and given the checkpoints back.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_AUTOCHECKPOINT_PAGES)

    // DESIGN §3 rule 7: start, pages and done per resource.
    const userLicenceEvents = progress.filter((p) => p.resource === 'user-licences')
    expect(userLicenceEvents[0].phase).toBe('start')
    expect(userLicenceEvents.at(-1)).toMatchObject({ phase: 'done', elements: first.resources[6].elements })
    expect(userLicenceEvents.some((p) => p.phase === 'page' && p.total !== undefined && p.bytes > 0)).toBe(true)
    // Then the last steps, in order, each once, after every list has ended.
    const firstFinishing = progress.findIndex((p) => p.phase === 'finishing')
    expect(progress.slice(firstFinishing).map((p) => [p.phase, p.step, p.elements, p.total])).toEqual(
      FINISHING_STEPS.map((step, done) => ['finishing', step, done, FINISHING_STEPS.length])
    )
    const listsEnded = progress.filter((p) => p.phase === 'done' || p.phase === 'error')
    expect(listsEnded).toHaveLength(first.resources.length)
    expect(progress.indexOf(listsEnded.at(-1)!)).toBeLessThan(firstFinishing)

    const status = readStatus(db)
    const userLicences = status.find((s) => s.resource === 'user-licences')!
    expect(userLicences.rows).toBe(stored(db, 'user-licences').length)
    expect(userLicences.lastResult).toBe('ok')
    // Every user licence was new to the first run (migration 0023).
    expect(first.resources.find((r) => r.resource === 'user-licences')!.changed).toBe(userLicences.rows)
    expect(userLicences.lastChanged).toBe(userLicences.rows)
    const newest = Math.max(...stored(db, 'user-licences').map((e) => parseInstant(e.modificationTime as string)))
    expect(parseInstant(userLicences.cursor!)).toBe(newest)

    const quietProgress: SyncProgress[] = []
    const quiet = await runSync(db, client, { onProgress: (p) => quietProgress.push(p) })
    expect(quiet.ok).toBe(true)
    // Nothing naming a member arrived: no last steps reported (they take a few ms).
    expect(quietProgress.filter((p) => p.phase === 'finishing')).toEqual([])
    expect(quietProgress.some((p) => p.phase === 'done')).toBe(true)
    // SYNC lists answer the one-element quiet check; lists without `ts` are read whole (events,
    // version, client data), the event search and the per-parent lists every 15 minutes, the
    // daily reference lists daily: neither a moment after the first run.
    const timed = quiet.resources.filter((r) => r.resource !== 'organizations' && r.scope !== 'all' && !['events', 'event-search-results'].includes(r.resource))
    expect(timed.map((r) => [r.resource, r.elements])).toEqual(timed.map((r) => [r.resource, 0]))
    // What was read again (the overlap, the lists read whole) changed nothing.
    expect(quiet.resources.reduce((sum, r) => sum + r.elements, 0)).toBeGreaterThan(0)
    expect(quiet.resources.filter((r) => r.changed > 0)).toEqual([])
    expect(readStatus(db).find((s) => s.resource === 'user-licences')!.lastChanged).toBe(0)
    expect(quiet.resources.some((r) => ['municipalities', 'area-association-children', 'event-search-results', 'granted-merits'].includes(r.resource))).toBe(false)
    const federationBytes = (result: typeof first) => result.resources.filter((r) => FEDERATION_LISTS.includes(r.resource) && r.scope === federation).reduce((sum, r) => sum + r.bytes, 0)
    expect(federationBytes(quiet)).toBeLessThan(federationBytes(first) / 100)
    expect(quiet.bytes).toBeLessThan(first.bytes / 10)
    await expectMirror(db, sandbox)
  })

  it('an incremental sync picks up changes by modification time, including changed persons', async () => {
    const { sandbox, db, client } = await setup()
    await runSync(db, client)
    const licenceIds = sandbox.store.userLicenceIds().slice(0, 5)
    sandbox.store.touchUserLicences(licenceIds)
    // A registrant of a listed event: the registered users' copies must follow the change too,
    // though it moves no registered user's modificationTime (spec v2 §2.16).
    const listed = (eventId: number) => sandbox.activity.events.get(eventId)!.deletionMs === undefined && sandbox.store.isWithin(sandbox.activity.events.get(eventId)!.organizerId, sandbox.federationId)
    const person = sandbox.activity.registrations.all().find((r) => r.state === 'ACTIVE' && listed(r.eventId))!.userId
    sandbox.store.updatePerson(person, { lastName: 'Päivitetty', email: 'uusi@example.fi' })
    expect(stored(db, 'registered-event-users').some((u) => (u.user as { id: number }).id === person)).toBe(true)
    // The person's grants and registered users carry the new name too; their lists are read every 15 minutes.
    ageLastReads(db, 15)
    const progress: SyncProgress[] = []
    const second = await runSync(db, client, { onProgress: (p) => progress.push(p) })
    expect(second.ok).toBe(true)
    // Members changed: the last steps (their summary among them) are reported.
    expect(progress.filter((p) => p.phase === 'finishing').map((p) => p.step)).toEqual([...FINISHING_STEPS])
    const changedLicences = second.resources.find((r) => r.resource === 'user-licences')!
    expect(changedLicences.elements).toBeGreaterThanOrEqual(5)
    expect(changedLicences.elements).toBeLessThan(stored(db, 'user-licences').length)
    // The five touched, and any of the changed person's licences listed again with their new profile.
    const ofPerson = stored(db, 'user-licences').filter((e) => (e.user as { id: number }).id === person).length
    expect(changedLicences.changed).toBeGreaterThanOrEqual(5)
    expect(changedLicences.changed).toBeLessThanOrEqual(5 + ofPerson)
    expect(readStatus(db).find((s) => s.resource === 'user-licences')!.lastChanged).toBe(changedLicences.changed)
    await expectMirror(db, sandbox)
    const row = db.prepare('SELECT last_name, email FROM person WHERE id = ?').get(person)
    expect(row).toEqual({ last_name: 'Päivitetty', email: 'uusi@example.fi' })
  })

  it("re-reads the events whose attendee count changed, which their modification time does not show, once the event search is due, and their registrations whole", async () => {
    const { sandbox, db, client } = await setup()
    await runSync(db, client)
    const event = sandbox.activity.events.all().find((e) => e.deletionMs === undefined && e.status === 'PUBLISHED' && e.visibility === 'PUBLIC' && sandbox.store.isWithin(e.organizerId, sandbox.federationId) && sandbox.activity.registrationClosedReason(e) === undefined)!
    const newcomer = sandbox.store.userLicence(sandbox.store.userLicenceIds()[0])!.user.id
    const registration = sandbox.activity.register(event, newcomer, {}, 'MEMBERSHIP')
    const requests = recordRequests(sandbox)
    const narrowed = () => requests.filter((url) => url.pathname === '/api/public/v3/event' && url.searchParams.has('dateTimeRangeStart'))
    const count = () => (stored(db, 'events').find((e) => e.eventId === event.id) as { currentAttendeeCount: number }).currentAttendeeCount

    // Not due: neither the event search nor a narrowed read; the count stays as it was.
    expect((await runSync(db, client)).ok).toBe(true)
    expect(narrowed()).toEqual([])
    expect(count()).toBe(sandbox.activity.attendeeCount(event.id) - 1)

    ageLastReads(db, 15)
    expect((await runSync(db, client)).ok).toBe(true)
    const start = stored(db, 'events').find((e) => e.eventId === event.id)!.startDateTime
    expect(narrowed().map((url) => [url.searchParams.get('dateTimeRangeStart'), url.searchParams.get('dateTimeRangeEnd')])).toEqual([[start, start]])
    expect(count()).toBe(sandbox.activity.attendeeCount(event.id))
    await expectMirror(db, sandbox)

    // A cancellation lowers the count; the next due run finds that too, and an unchanged count costs no read.
    const listed = () => ({
      registration: stored(db, 'event-registrations').some((r) => r.eventRegistrationId === registration.id),
      registeredUser: stored(db, 'registered-event-users').some((r) => r.id === registration.id && (r.user as { id: number }).id === newcomer)
    })
    expect(listed()).toEqual({ registration: true, registeredUser: true })
    sandbox.activity.cancelRegistration(registration.id)
    ageLastReads(db, 15)
    expect((await runSync(db, client)).ok).toBe(true)
    expect(narrowed()).toHaveLength(2)
    expect(count()).toBe(sandbox.activity.attendeeCount(event.id))
    // The lists name no cancellation (DESIGN §3 rule 5); the changed count had that event's two lists read whole, which removed it.
    expect(listed()).toEqual({ registration: false, registeredUser: false })
    await expectMirror(db, sandbox)
    ageLastReads(db, 15)
    expect((await runSync(db, client)).ok).toBe(true)
    expect(narrowed()).toHaveLength(2)
  })

  it("reads an event's registered users whole when they changed, so one who cancelled goes although another's registration kept the count as it was", async () => {
    const { sandbox, db, client } = await setup()
    await runSync(db, client)
    const event = sandbox.activity.events.all().find((e) => e.deletionMs === undefined && e.status === 'PUBLISHED' && e.visibility === 'PUBLIC' && sandbox.store.isWithin(e.organizerId, sandbox.federationId) && sandbox.activity.registrationClosedReason(e) === undefined)!
    // Two not registered yet: the generated data may have registered anyone.
    const registered = new Set(sandbox.activity.listedRegistrations(event.id).map((r) => r.userId))
    const [first, second] = [...new Set(sandbox.store.userLicenceIds().map((id) => sandbox.store.userLicence(id)!.user.id))].filter((id) => !registered.has(id))
    const leaving = sandbox.activity.register(event, first, {}, 'MEMBERSHIP')
    ageLastReads(db, 15)
    expect((await runSync(db, client)).ok).toBe(true)
    const listed = (registration: { id: number }) => stored(db, 'registered-event-users').some((r) => r.id === registration.id)
    expect(listed(leaving)).toBe(true)

    const count = sandbox.activity.attendeeCount(event.id)
    sandbox.activity.cancelRegistration(leaving.id)
    const arriving = sandbox.activity.register(event, second, {}, 'MEMBERSHIP')
    expect(sandbox.activity.attendeeCount(event.id)).toBe(count)
    ageLastReads(db, 15)
    expect((await runSync(db, client)).ok).toBe(true)
    expect({ leaving: listed(leaving), arriving: listed(arriving) }).toEqual({ leaving: false, arriving: true })
    await expectMirror(db, sandbox)
  })

  it('records changed while the user licences are paged are all present and current after the run', async () => {
    const { sandbox, db, client } = await setup()
    const requests = recordRequests(sandbox)
    const ids = sandbox.store.userLicenceIds()
    let done = false
    sandbox.events.on('request', (event: { url: string }) => {
      const url = new URL(event.url, 'http://sandbox')
      if (done || url.pathname !== userLicencePath(sandbox)) return
      if (requests.filter((r) => r.pathname === userLicencePath(sandbox)).length === 2) {
        done = true
        // Some already read, some not yet: all move to the end of the asc order.
        sandbox.store.touchUserLicences(ids.filter((_, i) => i % 7 === 0))
        sandbox.store.updatePerson(sandbox.store.personIds()[0], { city: 'Kuopio' })
      }
    })
    const result = await runSync(db, client, { pageSize: 40 })
    expect(done).toBe(true)
    expect(result.ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('sends the request for the next page before it writes a page, so the sandbox prepares it meanwhile', async () => {
    const { sandbox, db, client } = await setup()
    const path = userLicencePath(sandbox)
    // In order: requests for user licences as the client makes them, and pages of them as they are
    // written. Made, not on the wire: when undici has to open a new connection for it, the headers
    // leave a moment later, after the page was written.
    const order: Array<'sent' | 'stored'> = []
    const onSend = (message: unknown) => {
      if ((message as { request: { path: string } }).request.path.startsWith(`${path}?`)) order.push('sent')
    }
    subscribe('undici:request:create', onSend)
    try {
      const result = await runSync(db, client, {
        pageSize: 40,
        onProgress: (p) => {
          if (p.resource === 'user-licences' && p.phase === 'page') order.push('stored')
        }
      })
      expect(result.ok).toBe(true)
    } finally {
      unsubscribe('undici:request:create', onSend)
    }
    const pages = order.filter((event) => event === 'stored').length
    expect(pages).toBeGreaterThan(5)
    // When the k-th page is written, the request for page k + 1 has left (the last page has no next).
    order.forEach((event, i) => {
      const sent = order.slice(0, i).filter((e) => e === 'sent').length
      const stored = order.slice(0, i + 1).filter((e) => e === 'stored').length
      if (event === 'stored' && stored < pages) expect(sent).toBeGreaterThan(stored)
    })
  })

  /**
   * Touches five members of the largest cluster of user licences sharing one modification instant
   * when page 1 of the list is asked for: they move to the end, page 1 shifts left, and plain page++
   * would skip as many rows. @returns whether it happened yet.
   */
  async function shiftClusterOnPageOne(sandbox: Sandbox): Promise<() => boolean> {
    const all = await fetchAll(sandbox, `/user-licence/${sandbox.federationId}`, { includeSportParams: 'true' })
    const instants = all.map((e) => parseInstant(e.modificationTime as string))
    const counts = new Map<number, number>()
    for (const us of instants) counts.set(us, (counts.get(us) ?? 0) + 1)
    const [clusterUs, clusterSize] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]
    expect(clusterSize).toBeGreaterThan(3 * SHIFT_PAGE_SIZE)
    const clusterIds = all.filter((_, i) => instants[i] === clusterUs).map((e) => e.id as number).sort((a, b) => a - b)
    let shifted = false
    sandbox.events.on('request', (event: { url: string }) => {
      const url = new URL(event.url, 'http://sandbox')
      if (shifted || url.pathname !== userLicencePath(sandbox) || url.searchParams.get('page') !== '1') return
      shifted = true
      sandbox.store.touchUserLicences(clusterIds.slice(0, 5))
    })
    return () => shifted
  }
  const SHIFT_PAGE_SIZE = 10

  it('pages through a bulk-import cluster even when its members change mid-cluster (page shift)', async () => {
    const { sandbox, db, client } = await setup()
    const shifted = await shiftClusterOnPageOne(sandbox)
    const requests = recordRequests(sandbox)
    const result = await runSync(db, client, { pageSize: SHIFT_PAGE_SIZE })
    expect(shifted()).toBe(true)
    expect(requests.some((r) => r.pathname === userLicencePath(sandbox) && r.searchParams.get('page') === '2')).toBe(true)
    expect(result.ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('a full run keeps the rows a page shift skipped that an earlier run stored (their old copies prove nothing)', async () => {
    const { sandbox, db, client } = await setup()
    expect((await runSync(db, client, { pageSize: SHIFT_PAGE_SIZE })).ok).toBe(true)
    const shifted = await shiftClusterOnPageOne(sandbox)
    const full = await runSync(db, client, { pageSize: SHIFT_PAGE_SIZE, full: true })
    expect(shifted()).toBe(true)
    expect(full.ok).toBe(true)
    expect(full.resources.find((r) => r.resource === 'user-licences')?.removed).toBe(0)
    await expectMirror(db, sandbox)
  })

  it('converges under faults: 503s, 429 with Retry-After, 3-second tokens and a truncated body', async () => {
    const { sandbox, db, client } = await setup(
      { tokenLifetimeSeconds: 3, faults: { errorRate: 0.15, rateLimitRate: 0.05, retryAfterSeconds: 1, truncateNext: 1, seed: 3 } },
      { maxAttempts: 10 }
    )
    const first = await runSync(db, client, { pageSize: 100 })
    expect(first.ok).toBe(true)
    expect(client.stats.retries).toBeGreaterThan(0)
    await expectMirror(db, sandbox)

    sandbox.store.touchUserLicences(sandbox.store.userLicenceIds().slice(-20))
    sandbox.store.touchUserInsurances(sandbox.store.userInsuranceIds().slice(0, 20))
    await new Promise((resolve) => setTimeout(resolve, 3200))
    sandbox.faults.truncateNext = 1
    const second = await runSync(db, client, { pageSize: 100 })
    expect(second.ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('a full sync removes a club that turned PASSIVE; an incremental one never removes', async () => {
    const { sandbox, db, client } = await setup()
    await runSync(db, client)
    const club = sandbox.store.clubIds()[0]
    sandbox.store.setOrganizationStatus(club, 'PASSIVE')
    const incremental = await runSync(db, client)
    expect(incremental.resources.every((r) => r.removed === 0)).toBe(true)
    expect(stored(db, 'organizations').some((o) => o.id === club)).toBe(true)

    const full = await runSync(db, client, { full: true })
    expect(full.ok).toBe(true)
    expect(full.full).toBe(true)
    expect(full.resources.find((r) => r.resource === 'organizations')!.removed).toBe(1)
    expect(stored(db, 'organizations').some((o) => o.id === club)).toBe(false)
    await expectMirror(db, sandbox)
  })

  it('a sync killed with SIGKILL mid-run loses and duplicates nothing; the next run resumes', async () => {
    const { sandbox, db, client, dbFile } = await setup({ athletes: 600, faults: { latencyMs: 40 } })
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'run-ts.mjs'), join(import.meta.dirname, 'sync-child.ts'), JSON.stringify({ dbFile, connection: sandbox.credentials(), pageSize: 50 })],
      { stdio: 'ignore' }
    )
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
    let pages = 0
    sandbox.events.on('request', (event: { url: string }) => {
      if (new URL(event.url, 'http://sandbox').pathname === userLicencePath(sandbox) && ++pages === 4) child.kill('SIGKILL')
    })
    expect(await exited).toBe('SIGKILL')
    const before = stored(db, 'user-licences').length
    expect(before).toBeGreaterThan(0)
    // Killed during the first sync's bulk load: its deferred indexes are missing, and listed.
    const deferred = db.prepare('SELECT name FROM deferred_index ORDER BY name').pluck().all() as string[]
    expect(deferred).toEqual(['person_name', 'person_order', 'person_sport_id', 'user_insurance_user_period', 'user_licence_period', 'user_licence_user_period'])
    const present = () => db.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (${deferred.map(() => '?').join(', ')})`).pluck().get(...deferred)
    expect(present()).toBe(0)

    const resumed = await runSync(db, client, { pageSize: 50 })
    expect(resumed.ok).toBe(true)
    expect(present()).toBe(deferred.length)
    expect(db.prepare('SELECT count(*) FROM deferred_index').pluck().get()).toBe(0)
    const total = stored(db, 'user-licences').length
    // Resumed from the cursor: it did not read every user licence again.
    expect(resumed.resources.find((r) => r.resource === 'user-licences')!.elements).toBeLessThan(total)
    await expectMirror(db, sandbox)
  })
})
