import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/api/client'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/index'
import { readStatus } from '../../../src/main/db/status'
import { runSync } from '../../../src/main/sync/engine'
import { closeAfterTest } from '../../support/afterTest'
import { startRewriteProxy, startTamperProxy } from '../../support/dropProxy'
import { fetchAll } from '../../support/truth'
import { startSyncFixture } from './fixture'
import { ageLastReads, expectMirror, stored } from './mirror'

/**
 * Issue 4: every v2 and v3 resource synced from the real sandbox over loopback — merits, grants,
 * events, registrations and the v3 reference lists — equal to the sandbox's data at 5,000
 * athletes with faults on, incrementally and after `--full`; and a client limited to one club
 * stores only that club's data.
 */

const FAULTS = { errorRate: 0.1, rateLimitRate: 0.02, retryAfterSeconds: 1, truncateNext: 1, seed: 4 }

function setup(options: SandboxOptions, clientId?: string) {
  return startSyncFixture({ sandbox: { athletes: 5000, seed: 11, ...options }, client: { backoffBaseMs: 20, maxAttempts: 10 }, clientId })
}

/** Paths of the requests the sandbox answered, e.g. to count registration reads. */
function recordPaths(sandbox: Sandbox): string[] {
  const paths: string[] = []
  sandbox.events.on('request', (event: { url: string }) => paths.push(new URL(event.url, 'http://sandbox').pathname))
  return paths
}

describe('syncing every resource (issue 4)', () => {
  it('mirrors merits, events, registrations and reference lists at 5,000 athletes with faults on, incrementally and in full', async () => {
    const { sandbox, db, client } = await setup({ tokenLifetimeSeconds: 3, faults: FAULTS })
    const { activity, store } = sandbox
    const first = await runSync(db, client, { pageSize: 200 })
    expect(first.resources.filter((r) => r.error)).toEqual([])
    expect(first.ok).toBe(true)
    expect(client.stats.retries).toBeGreaterThan(0)
    for (const resource of ['merit-groups', 'merits', 'granted-merits', 'events', 'registered-event-users', 'event-registrations', 'municipalities'] as const) {
      expect(stored(db, resource).length, resource).toBeGreaterThan(0)
    }
    await expectMirror(db, sandbox)

    const status = readStatus(db)
    const grants = status.find((s) => s.resource === 'granted-merits')!
    expect(grants).toMatchObject({ scope: 'per merit', rows: stored(db, 'granted-merits').length, lastResult: 'ok' })
    expect(grants.cursor).not.toBeNull()
    expect(status.find((s) => s.resource === 'api-version-info')?.value).toBe('3.3.0')

    // A quiet run a moment later asks none of the per-parent lists (their tier is not due).
    const quiet = await runSync(db, client, { pageSize: 200 })
    const perParent = quiet.resources.filter((r) => r.scope.startsWith('per ') && r.resource !== 'sports-clubs' && r.resource !== 'area-association-children')
    expect(perParent.map((r) => [r.resource, r.lists])).toEqual([['event-registrations', 0]])
    expect(quiet.resources.map((r) => r.resource)).not.toContain('event-search-results')
    // The re-pull after a push asks them all, due or not.
    const asked = await runSync(db, client, { pageSize: 200, everyList: true })
    expect(asked.resources.find((r) => r.resource === 'granted-merits')?.lists).toBe(stored(db, 'merits').length)
    expect(asked.resources.map((r) => r.resource)).toContain('event-search-results')

    // Changes of every kind, seen by an incremental run once the per-parent lists are due (15 minutes later).
    const fed = sandbox.federationId
    const merit = activity.merits.all().find((m) => activity.meritGroups.get(m.data.meritGroupId)!.data.organizationId === fed)!
    const person = store.userLicence(store.userLicenceIds()[10])!.user.id
    activity.grantMerit(merit.id, { grantingDate: '2026-01-10', meritGranter: 'Liiton hallitus', additionalInfo: '', grantees: [person] })
    activity.createMerit({
      name: 'Timanttimerkki',
      description: 'Neljäs askel',
      meritGroupId: merit.data.meritGroupId,
      organizationId: fed,
      meritGrantingAuthorType: 'FEDERATION',
      meritValidityPeriodType: 'PERPETUAL',
      type: 'COMPETITION'
    })
    const ourEvents = activity.events.all().filter((e) => e.deletionMs === undefined && e.federationId === fed && e.visibility === 'PUBLIC' && activity.registrationClosedReason(e) === undefined)
    const [changed, toDelete] = ourEvents.filter((e) => activity.listedRegistrations(e.id).length > 1)
    activity.updateEvent(changed.id, { name: `${changed.name} (siirretty)` })
    const newcomer = store.userLicence(store.userLicenceIds()[20])!.user.id
    activity.register(changed, newcomer, { registrationInfo: 'Sarja H35' }, 'MEMBERSHIP')
    store.updatePerson(person, { lastName: 'Merkkinen' })
    const paths = recordPaths(sandbox)
    ageLastReads(db, 15)
    const second = await runSync(db, client, { pageSize: 200 })
    const registrationReads = new Set(paths.filter((p) => p.startsWith('/api/public/v2/event/registration/')))
    expect(second.ok).toBe(true)
    await expectMirror(db, sandbox)
    // Registrations are re-read only for events whose registered users changed: the new
    // registration's, and those of the renamed person.
    const touched = new Set([changed.id, ...activity.registrations.all().filter((r) => r.userId === person).map((r) => r.eventId)])
    const expected = activity.events.all().filter((e) => touched.has(e.id) && e.deletionMs === undefined)
    expect([...registrationReads].sort()).toEqual(expected.map((e) => `/api/public/v2/event/registration/${e.uuid}`).sort())

    // A deleted event is forgotten at once (its tombstone); a cancelled registration stays until --full.
    const cancelled = activity.listedRegistrations(changed.id)[0]
    activity.cancelRegistration(cancelled.id)
    activity.deleteEvent(toDelete.id)
    const incremental = await runSync(db, client, { pageSize: 200 })
    expect(incremental.ok).toBe(true)
    expect(incremental.resources.every((r) => r.removed === 0)).toBe(true)
    expect(stored(db, 'events').some((e) => e.eventId === toDelete.id)).toBe(false)
    expect(stored(db, 'registered-event-users').some((u) => u.eventId === toDelete.id)).toBe(false)
    expect(stored(db, 'event-registrations').some((r) => r.eventUuid === toDelete.uuid)).toBe(false)
    expect(stored(db, 'event-registrations').some((r) => r.eventRegistrationId === cancelled.id)).toBe(true)

    const full = await runSync(db, client, { pageSize: 200, full: true })
    expect(full.ok).toBe(true)
    expect(full.resources.find((r) => r.resource === 'event-registrations')!.removed).toBe(1)
    expect(full.resources.find((r) => r.resource === 'registered-event-users')!.removed).toBe(1)
    expect(stored(db, 'event-registrations').some((r) => r.eventRegistrationId === cancelled.id)).toBe(false)
    await expectMirror(db, sandbox)
  })

  it('a client limited to one club stores only that club, its merits and the registrations of its events', async () => {
    const probe = await startSandbox({ athletes: 5000, seed: 11 })
    const groupOwners = new Set(probe.activity.meritGroups.all().map((g) => g.data.organizationId))
    const club = probe.store.clubIds().find((id) => groupOwners.has(id) && probe.store.organization(id)!.status === 'ACTIVE')!
    await probe.close()
    expect(club).toBeDefined()

    const { sandbox, db, client } = await setup({ faults: FAULTS, clients: [{ clientId: 'club', readableOrganizationIds: [club], personalDataLevel: 'PERMISSION_USER_BASIC' }] }, 'club')
    const { activity, store } = sandbox
    // An event of the club with registrations, public, so both event lists show it.
    const members = store.userLicenceIds().map((id) => store.userLicence(id)!).filter((l) => l.licenceOrganizationId === club).map((l) => l.user.id)
    const event = activity.createEvent(
      {
        name: 'Seuran kevätkisat',
        organizerId: club,
        startDateTime: { date: '2026-05-16', time: '10:00' },
        endDateTime: { date: '2026-05-16', time: '14:00' },
        registrationCancellable: true,
        allowedRegisterer: 'BOTH',
        visibility: 'PUBLIC',
        purpose: 'SPORTS'
      },
      sandbox.federationId
    )
    for (const member of members.slice(0, 3)) activity.register(event, member, {}, 'MEMBERSHIP')

    const result = await runSync(db, client, { pageSize: 200 })
    expect(result.resources.filter((r) => r.error)).toEqual([])
    expect(result.ok).toBe(true)
    // The federation-wide lists answer 400 to a club's rights: they are not asked for.
    expect(result.resources.map((r) => r.resource)).not.toContain('user-licences')

    const ours = (id: number) => id === club || store.isWithin(id, club)
    const organizations = stored(db, 'organizations')
    expect(organizations.map((o) => o.id)).toContain(club)
    expect(organizations.every((o) => ours(o.id as number))).toBe(true)
    const groups = stored(db, 'merit-groups')
    expect(groups.map((g) => g.id)).toEqual(activity.meritGroups.all().filter((g) => ours(g.data.organizationId)).map((g) => g.id).sort((a, b) => a - b))
    const groupIds = new Set(groups.map((g) => g.id))
    const merits = stored(db, 'merits')
    expect(merits.length).toBeGreaterThan(0)
    expect(merits.every((m) => groupIds.has(m.meritGroupId))).toBe(true)
    const meritIds = new Set(merits.map((m) => m.id))
    const grants = stored(db, 'granted-merits')
    expect(grants.every((g) => meritIds.has((g.grantedMerit as { meritId: number }).meritId))).toBe(true)
    expect(grants.length).toBe([...meritIds].reduce((sum: number, id) => sum + activity.grantCollection(id as number).all().length, 0))

    const clubEvents = activity.events.all().filter((e) => e.deletionMs === undefined && ours(e.organizerId))
    const listed = clubEvents.flatMap((e) => activity.listedRegistrations(e.id))
    expect(stored(db, 'event-registrations').map((r) => r.eventRegistrationId)).toEqual(listed.map((r) => r.id).sort((a, b) => a - b))
    expect(stored(db, 'event-registrations').filter((r) => r.eventUuid === event.uuid).map((r) => r.participantUserId)).toEqual(members.slice(0, 3))
    expect(stored(db, 'registered-event-users').map((u) => u.id)).toEqual(listed.map((r) => r.id).sort((a, b) => a - b))
    for (const resource of ['user-licences', 'user-insurances', 'licences', 'area-association-children'] as const) expect(stored(db, resource), resource).toEqual([])
    expect(db.prepare('SELECT count(*) FROM person').pluck().get()).toBe(0)

    // Public data is everyone's: the events listing equals what any client reads.
    const publicEvents = (await fetchAll(sandbox, '/event', {}, 'v3')).filter((e) => e.deletionTime === undefined)
    expect(stored(db, 'events').map((e) => e.eventId)).toEqual(publicEvents.map((e) => e.eventId).sort((a, b) => (a as number) - (b as number)))
  })

  it('reads only the events changed since the last run (newest first), and the whole listing when more changed than its first page holds', async () => {
    const { sandbox, db, client } = await setup({})
    const { activity } = sandbox
    expect((await runSync(db, client)).ok).toBe(true)
    const urls: string[] = []
    sandbox.events.on('request', (event: { url: string }) => urls.push(event.url))
    const eventReads = () => urls.splice(0).filter((url) => new URL(url, 'http://sandbox').pathname === '/api/public/v3/event')
    const sorted = (url: string) => new URL(url, 'http://sandbox').searchParams.get('sort') === 'modificationTime,desc'

    // Quiet: one small newest-first request.
    expect((await runSync(db, client)).ok).toBe(true)
    const quiet = eventReads()
    expect(quiet).toHaveLength(1)
    expect(sorted(quiet[0])).toBe(true)
    expect(new URL(quiet[0], 'http://sandbox').searchParams.get('size')).toBe('10')

    // Two changes fit in that request; a deletion is one of them.
    const live = activity.events.all().filter((e) => e.deletionMs === undefined && e.visibility === 'PUBLIC' && e.status === 'PUBLISHED')
    const renamed = `${live[0].name} (uusi aika)`
    activity.updateEvent(live[0].id, { name: renamed })
    activity.deleteEvent(live[1].id)
    // The event search lists the renamed event too; it is read every 15 minutes.
    ageLastReads(db, 15)
    expect((await runSync(db, client)).ok).toBe(true)
    expect(eventReads().every(sorted)).toBe(true)
    expect(stored(db, 'events').find((e) => e.eventId === live[0].id)?.name).toBe(renamed)
    expect(stored(db, 'events').some((e) => e.eventId === live[1].id)).toBe(false)
    await expectMirror(db, sandbox)

    // Twelve do not: the listing is read whole.
    for (const event of live.slice(2, 14)) activity.updateEvent(event.id, { description: 'Siirretty syksyyn' })
    ageLastReads(db, 15)
    expect((await runSync(db, client)).ok).toBe(true)
    expect(eventReads().some((url) => !sorted(url))).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('a change made while the listing is read whole reaches the next run, though a later page held a newer one', async () => {
    const { sandbox, db, client } = await setup({ athletes: 300, seed: 5 })
    const { activity } = sandbox
    expect((await runSync(db, client)).ok).toBe(true)
    const live = activity.events.all().filter((e) => e.deletionMs === undefined && e.visibility === 'PUBLIC' && e.status === 'PUBLISHED').sort((a, b) => a.id - b.id)
    const [first, last] = [live[0], live.at(-1)!]
    let armed = true
    sandbox.events.on('request', (event: { url: string }) => {
      const url = new URL(event.url, 'http://sandbox')
      if (!armed || url.pathname !== '/api/public/v3/event' || url.searchParams.has('sort') || url.searchParams.has('dateTimeRangeStart') || url.searchParams.get('page') !== '0') return
      armed = false
      // The first page is on its way; the last event changes too, and its change is stamped
      // five seconds later (more than the cursor's overlap), as in a listing that takes long.
      activity.updateEvent(first.id, { description: 'Muutettu kesken luvun' })
      activity.updateEvent(last.id, { description: 'Muutettu myöhemmin' })
      const firstMt = activity.events.get(first.id)!.mt
      activity.events.update(last.id, (e) => {
        e.mt = firstMt + 5_000_000
      })
    })
    expect((await runSync(db, client, { full: true, pageSize: 5 })).ok).toBe(true)
    expect(armed).toBe(false)
    expect((await runSync(db, client, { pageSize: 5 })).ok).toBe(true)
    expect(stored(db, 'events').find((e) => e.eventId === first.id)?.description).toBe('Muutettu kesken luvun')
    await expectMirror(db, sandbox)
  })

  it('reads the whole listing when the API ignores the newest-first ordering: its first element is older than the cursor', async () => {
    const { sandbox, db, client } = await setup({ athletes: 300, seed: 5 })
    expect((await runSync(db, client)).ok).toBe(true)
    // As a server that does not know the sort parameter and answers in its default order.
    const proxy = await startRewriteProxy(sandbox.baseUrl, (path) => {
      const url = new URL(path, 'http://sandbox')
      url.searchParams.delete('sort')
      return url.pathname + url.search
    })
    const unsorted = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, backoffBaseMs: 5 })
    closeAfterTest(
      () => proxy.close(),
      () => unsorted.close()
    )
    const inDefaultOrder = (await client.getV3<{ content: Array<{ eventId: number }> }>('/event', { page: 0, size: 1000 })).content
    const last = inDefaultOrder.at(-1)!.eventId
    sandbox.activity.updateEvent(last, { description: 'Siirretty syksyyn' })
    expect((await runSync(db, unsorted)).ok).toBe(true)
    expect(stored(db, 'events').find((e) => e.eventId === last)?.description).toBe('Siirretty syksyyn')
  })

  it('a whole read sets the listing cursor back to its newest element, so one gone from the listing does not make every run read it whole', async () => {
    const { sandbox, db, client } = await setup({ athletes: 300, seed: 5 })
    expect((await runSync(db, client)).ok).toBe(true)
    const cursor = () => db.prepare("SELECT cursor_us FROM sync_cursor WHERE resource = 'events'").pluck().get() as number
    const newest = cursor()
    // As after the newest event was deleted and its tombstone left the listing (spec v3 §3: 30 days).
    db.prepare("UPDATE sync_cursor SET cursor_us = cursor_us + 3600000000 WHERE resource = 'events'").run()
    const urls: string[] = []
    sandbox.events.on('request', (event: { url: string }) => urls.push(event.url))
    const eventReads = () => urls.splice(0).filter((url) => new URL(url, 'http://sandbox').pathname === '/api/public/v3/event')
    expect((await runSync(db, client)).ok).toBe(true)
    expect(eventReads().length).toBeGreaterThan(1)
    expect(cursor()).toBe(newest)
    expect((await runSync(db, client)).ok).toBe(true)
    expect(eventReads()).toHaveLength(1)
  })

  it('reads the whole listing when the API answers the newest-first ordering with an error (spec v3 §4 shows no sort values)', async () => {
    const { sandbox, db, client } = await setup({})
    expect((await runSync(db, client)).ok).toBe(true)
    // As a Spring server may answer a sort property it does not know.
    const proxy = await startTamperProxy(sandbox.baseUrl, (method, path, answer) =>
      new URL(path, 'http://sandbox').searchParams.has('sort') ? { status: 500, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"error":"No property modificationTime"}') } : undefined
    )
    const refusing = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, backoffBaseMs: 5, maxAttempts: 2 })
    closeAfterTest(
      () => proxy.close(),
      () => refusing.close()
    )
    const live = sandbox.activity.events.all().filter((e) => e.deletionMs === undefined && e.visibility === 'PUBLIC' && e.status === 'PUBLISHED')
    const renamed = `${live[0].name} (siirretty)`
    sandbox.activity.updateEvent(live[0].id, { name: renamed })
    // The event search lists the renamed event too; it is read every 15 minutes.
    ageLastReads(db, 15)
    const result = await runSync(db, refusing)
    expect(result.resources.filter((r) => r.error)).toEqual([])
    expect(stored(db, 'events').find((e) => e.eventId === live[0].id)?.name).toBe(renamed)
    await expectMirror(db, sandbox)
  })
})

describe('granted merits without a modificationTime, as spec v2 §2.9 lists them', () => {
  it('are stored, and each due read takes the whole list: a new grant and a changed one arrive', async () => {
    const { sandbox, db } = await startSyncFixture({ sandbox: { athletes: 300, seed: 5 }, client: { backoffBaseMs: 5 } })
    // The sandbox sends a modificationTime (§4.3 pages the list by one); this proxy takes it away.
    const proxy = await startTamperProxy(sandbox.baseUrl, (method, path, answer) => {
      if (method !== 'GET' || !path.startsWith('/api/public/v2/granted-merit/') || answer.status !== 200) return answer
      const envelope = JSON.parse(answer.body.toString('utf8')) as { content: Array<Record<string, unknown>> }
      envelope.content = envelope.content.map(({ modificationTime, ...grant }) => grant)
      return { ...answer, body: Buffer.from(JSON.stringify(envelope)) }
    })
    const client = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, backoffBaseMs: 5 })
    closeAfterTest(
      () => proxy.close(),
      () => client.close()
    )
    const grantsOf = (meritId: number) =>
      db.prepare('SELECT user_id AS userId, granting_date AS grantingDate FROM granted_merit WHERE merit_id = ? ORDER BY user_id').all(meritId) as Array<{ userId: number; grantingDate: string }>
    const truthOf = (meritId: number) =>
      sandbox.activity
        .grantCollection(meritId)
        .all()
        .map((grant) => ({ userId: grant.id, grantingDate: grant.grantingDate }))
        .sort((a, b) => a.userId - b.userId)

    const first = await runSync(db, client)
    expect(first.ok).toBe(true)
    expect(first.resources.filter((r) => r.resource === 'granted-merits').map((r) => r.skipped)).toEqual([0])
    const meritId = db.prepare('SELECT merit_id FROM granted_merit GROUP BY merit_id ORDER BY count(*) DESC LIMIT 1').pluck().get() as number
    expect(grantsOf(meritId).length).toBeGreaterThan(1)
    expect(grantsOf(meritId)).toEqual(truthOf(meritId))

    // A new grant, and an earlier one's date changed.
    const holder = grantsOf(meritId)[0].userId
    const newcomer = sandbox.store.personIds().find((id) => !grantsOf(meritId).some((g) => g.userId === id))!
    sandbox.activity.grantMerit(meritId, { grantingDate: '2026-11-20', meritGranter: 'Seuran hallitus', additionalInfo: '', grantees: [holder, newcomer] })
    ageLastReads(db, 15)
    expect((await runSync(db, client)).ok).toBe(true)
    expect(grantsOf(meritId)).toEqual(truthOf(meritId))
    expect(grantsOf(meritId).filter((g) => g.grantingDate === '2026-11-20').map((g) => g.userId).sort((a, b) => a - b)).toEqual([holder, newcomer].sort((a, b) => a - b))
  })
})
