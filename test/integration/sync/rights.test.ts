import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/api/client'
import { formatSyncSummary } from '../../../src/main/cli/format'
import { runSync } from '../../../src/main/sync/engine'
import { readEventParticipants } from '../../../src/main/db/events'
import { exportRaw } from '../../../src/main/db/export'
import { granteesNotReadable } from '../../../src/main/db/grantees'
import { pushOutbox } from '../../../src/main/outbox/push'
import { queueChange } from '../../../src/main/outbox/queue'
import { localDate } from '../../../src/shared/localDate'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { closeAfterTest } from '../../support/afterTest'
import { startTamperProxy } from '../../support/dropProxy'
import { startSyncFixture } from './fixture'

/**
 * What the credentials may read decides what stays (DESIGN §3 rule 5, spec v2 §4.1): a full run
 * removes the lists of a federation they no longer read, and keeps what a failing list of another
 * federation's organizations held.
 */

/** An active club of the sandbox's federation, and of each federation the area association above its first active club, found in a sandbox of the same seed. */
async function organizationsOf(seed: number) {
  const probe = await startSandbox({ athletes: 300, seed })
  try {
    const firstClub = (federation: number) =>
      probe.store.organizationIds(federation).find((id) => {
        const organization = probe.store.organization(id)!
        return organization.type === 'CLUB' && organization.status === 'ACTIVE'
      })!
    const areas = [probe.federationId, probe.store.otherFederationId].map((federation) => probe.store.organization(firstClub(federation))!.parentId!)
    return { club: firstClub(probe.federationId), areas }
  } finally {
    await probe.close()
  }
}

/** The merits of the merit groups a club owns (spec v2 §2.7, §2.8). */
function clubMerits(sandbox: Sandbox, club: number): number[] {
  const groups = new Set(sandbox.activity.meritGroups.all().filter((g) => g.data.organizationId === club).map((g) => g.id))
  return sandbox.activity.merits.all().filter((m) => groups.has(m.data.meritGroupId)).map((m) => m.id)
}

/** The events a club organizes, not deleted, with registrations listed. */
function clubEvents(sandbox: Sandbox, club: number) {
  return sandbox.activity.events.all().filter((e) => e.organizerId === club && e.deletionMs === undefined && sandbox.activity.listedRegistrations(e.id).length > 0)
}

/**
 * A seed from `seed` on whose sandbox an active club of the sandbox's federation owns merits and
 * organizes an event with registrations, its first naming a registrant whom no user licence of the
 * club names; that club, and a person with an e-mail address whom no user licence of the club
 * names (a grantee only a grant would tie to the club). About one club in ten owns merits and the
 * events and registrations differ by month (src/sandbox/README.md), so a seed's data may hold no
 * such club: the next seed is tried then.
 */
async function clubWithGrantsAndEvents(seed: number) {
  for (let tried = seed; tried < seed + 50; tried++) {
    const probe = await startSandbox({ athletes: 400, seed: tried })
    try {
      const unlicensedBy = (club: number) => (id: number) => probe.store.userLicenceIdsOfPerson(id).every((l) => !probe.store.isWithin(probe.store.userLicence(l)!.licenceOrganizationId, club))
      const club = probe.store.clubIds().find((id) => {
        const events = clubEvents(probe, id)
        return probe.store.organization(id)!.status === 'ACTIVE' && clubMerits(probe, id).length > 0 && events.length > 0 && probe.activity.listedRegistrations(events[0].id).some((r) => unlicensedBy(id)(r.userId))
      })
      if (club === undefined) continue
      const grantee = probe.store.personIds().find((id) => probe.store.person(id)!.email !== undefined && unlicensedBy(club)(id))!
      return { seed: tried, club, grantee }
    } finally {
      await probe.close()
    }
  }
  throw new Error(`no seed from ${seed} holds a club with merits and events with registrations`)
}

describe('the rights of the credentials (spec v2 §4.1)', () => {
  it('a full run with rights narrowed from the federation to one club removes the federation-wide lists and their persons', async () => {
    const { club } = await organizationsOf(5)
    const { sandbox, db, client } = await startSyncFixture({
      sandbox: { athletes: 300, seed: 5, clients: [{ clientId: 'club', readableOrganizationIds: [club], personalDataLevel: 'PERMISSION_USER_BASIC' }] },
      client: { backoffBaseMs: 5 }
    })
    const count = (sql: string) => db.prepare(sql).pluck().get() as number
    expect((await runSync(db, client)).ok).toBe(true)
    expect(count("SELECT count(*) FROM user_licence WHERE scope = 'federation " + sandbox.federationId + "'")).toBeGreaterThan(0)
    expect(count('SELECT count(email) FROM person')).toBeGreaterThan(0)

    const narrowed = new ApiClient({ ...sandbox.clientCredentials('club'), backoffBaseMs: 5 })
    closeAfterTest(() => narrowed.close())
    const full = await runSync(db, narrowed, { full: true })
    expect(full.ok).toBe(true)
    const scope = `federation ${sandbox.federationId}`
    const removed = full.resources.find((r) => r.resource === 'user-licences' && r.scope === scope)!
    expect(removed).toMatchObject({ elements: 0, note: 'the credentials no longer read this federation' })
    expect(removed.removed).toBeGreaterThan(0)
    expect(formatSyncSummary(full)).toContain(`user-licences ${scope}: 0 received, ${removed.removed.toLocaleString('en')} removed — the credentials no longer read this federation\n`)
    for (const table of ['user_licence', 'user_insurance', 'licence', 'insurance', 'event_search_result']) {
      expect(count(`SELECT count(*) FROM ${table} WHERE scope = '${scope}'`), table).toBe(0)
    }
    expect(count(`SELECT count(*) FROM sync_cursor WHERE resource = 'user-licences' AND scope = '${scope}'`)).toBe(0)
    // The club's own organizations stay; no one's contacts do: the club's events keep their registrations, which keep no profile (DESIGN §3 rule 6).
    expect(count(`SELECT count(*) FROM organization WHERE id = ${club}`)).toBe(1)
    expect(count('SELECT count(*) FROM event_registration')).toBeGreaterThan(0)
    expect(count('SELECT count(email) FROM person')).toBe(0)
  })

  it('a profile read with broader rights does not outlive them in a grantee or registrant the narrowed lists still name; the lists show their own copies (spec v2 §2.9, §2.16)', async () => {
    const { seed, club, grantee } = await clubWithGrantsAndEvents(17)
    const { sandbox, db, client } = await startSyncFixture({
      sandbox: { athletes: 400, seed, clients: [{ clientId: 'club', readableOrganizationIds: [club], personalDataLevel: 'PERMISSION_USER_BASIC' }] },
      client: { backoffBaseMs: 5 }
    })
    const merit = clubMerits(sandbox, club)[0]
    sandbox.activity.grantMerit(merit, { grantingDate: '2026-01-10', meritGranter: 'Seuran hallitus', additionalInfo: '', grantees: [grantee] })
    const event = clubEvents(sandbox, club)[0]
    const registrants = sandbox.activity.listedRegistrations(event.id).map((r) => r.userId)
    const profile = (id: number) => db.prepare('SELECT email FROM person WHERE id = ?').get(id) as { email: string | null } | undefined
    expect((await runSync(db, client)).ok).toBe(true)
    expect(profile(grantee)?.email).toBe(sandbox.store.person(grantee)!.email)
    expect(registrants.filter((id) => profile(id)?.email)).not.toEqual([])

    const narrowed = new ApiClient({ ...sandbox.clientCredentials('club'), backoffBaseMs: 5 })
    closeAfterTest(() => narrowed.close())
    expect((await runSync(db, narrowed, { full: true })).ok).toBe(true)
    expect(db.prepare('SELECT count(email) FROM person').pluck().get()).toBe(0)
    // No user licence of the club names the grantee: the profile went, the grant keeps its own copy at the level now granted.
    expect(profile(grantee)).toBeUndefined()
    const names = (id: number) => ({ firstName: sandbox.store.person(id)!.firstName, lastName: sandbox.store.person(id)!.lastName })
    const grants = [...exportRaw(db, 'granted-merits')].map((raw) => JSON.parse(raw) as Record<string, unknown>)
    const grant = grants.find((g) => g.id === grantee && (g.grantedMerit as { meritId: number }).meritId === merit)!
    expect(grant).toMatchObject(names(grantee))
    expect(grant).not.toHaveProperty('email')
    // Each registrant is shown by name, from their profile while a user licence of the club names them, else from the registered user's copy.
    const participants = readEventParticipants(db, event.uuid)
    expect(participants.map((p) => p.userId).sort((a, b) => a - b)).toEqual([...registrants].sort((a, b) => a - b))
    expect(participants.filter((p) => profile(p.userId) === undefined)).not.toEqual([])
    for (const participant of participants) expect(participant).toMatchObject({ sportId: sandbox.store.person(participant.userId)!.sportId, ...names(participant.userId) })
  })

  it('a registrant whose profile went may still be granted a merit: the merit grant is queued and the registry accepts it (spec v2 §4.3)', async () => {
    const { seed, club } = await clubWithGrantsAndEvents(17)
    const { sandbox, db, client } = await startSyncFixture({
      sandbox: { athletes: 400, seed, clients: [{ clientId: 'club', writableOrganizationIds: [club], personalDataLevel: 'PERMISSION_USER_BASIC' }] },
      client: { backoffBaseMs: 5 }
    })
    const merit = clubMerits(sandbox, club)[0]
    const profiled = (id: number) => db.prepare('SELECT 1 FROM person WHERE id = ?').get(id) !== undefined
    const registrants = clubEvents(sandbox, club).flatMap((e) => sandbox.activity.listedRegistrations(e.id).map((r) => r.userId))
    expect((await runSync(db, client)).ok).toBe(true)
    const profiledBefore = registrants.filter(profiled)
    const narrowed = new ApiClient({ ...sandbox.clientCredentials('club'), backoffBaseMs: 5 })
    closeAfterTest(() => narrowed.close())
    expect((await runSync(db, narrowed, { full: true })).ok).toBe(true)
    const today = localDate()
    // Registered to a recent event of the club, so readable by it; no user licence of the club names them, so the sweep took their profile.
    const registrant = profiledBefore.find((id) => !profiled(id) && granteesNotReadable(db, merit, [id], today).length === 0)
    expect(registrant).toBeDefined()

    const item = queueChange(db, 'merit-grant', { meritId: merit, grant: { grantingDate: today, meritGranter: 'Seuran hallitus', meritGrantees: [registrant!], notifyGrantees: false } }, { actor: 'sihteeri' })
    expect((await pushOutbox(db, narrowed, { backoffBaseMs: 5 })).done).toEqual([item.id])
    expect(sandbox.activity.grantCollection(merit).all().some((g) => g.id === registrant)).toBe(true)
  })

  it('a list answered 403 is an answer, not an error: the run is ok and its result says why it read nothing (DESIGN §3 rule 6)', async () => {
    const { sandbox, db } = await startSyncFixture({ sandbox: { athletes: 300, seed: 5 } })
    const listPath = `/api/public/v2/user-insurance/${sandbox.federationId}`
    const proxy = await startTamperProxy(sandbox.baseUrl, (_method, path) =>
      new URL(path, sandbox.baseUrl).pathname === listPath ? { status: 403, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"message":"Forbidden"}') } : undefined
    )
    const client = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, backoffBaseMs: 5 })
    closeAfterTest(
      () => client.close(),
      () => proxy.close()
    )
    const result = await runSync(db, client)
    expect(result.ok).toBe(true)
    expect(result.resources.find((r) => r.resource === 'user-insurances')).toMatchObject({ elements: 0, note: 'no rights to read this (403)' })
    expect(formatSyncSummary(result)).toContain(`user-insurances federation ${sandbox.federationId}: 0 received — no rights to read this (403)\n`)
  })

  it('with roots in two federations, a failing list of organizations below one keeps what it held; the next full run is clean', async () => {
    const { areas } = await organizationsOf(5)
    const { sandbox, db } = await startSyncFixture({ sandbox: { athletes: 300, seed: 5, clients: [{ clientId: 'two', readableOrganizationIds: areas }] } })
    const client = new ApiClient({ ...sandbox.clientCredentials('two'), backoffBaseMs: 5, maxAttempts: 2 })
    const [, second] = areas
    let failing = true
    const proxy = await startTamperProxy(sandbox.baseUrl, (_method, path) =>
      failing && new URL(path, sandbox.baseUrl).pathname.endsWith(`/organization/${second}/suborganizations`)
        ? { status: 503, headers: { 'content-type': 'text/plain' }, body: Buffer.from('down') }
        : undefined
    )
    const flaky = new ApiClient({ ...sandbox.clientCredentials('two'), baseUrl: proxy.url, backoffBaseMs: 5, maxAttempts: 2 })
    closeAfterTest(
      () => client.close(),
      () => flaky.close(),
      () => proxy.close()
    )
    const below = (root: number) => db.prepare('SELECT count(*) FROM organization WHERE scope = ?').pluck().get(`organization ${root}`) as number
    expect((await runSync(db, client)).ok).toBe(true)
    const held = areas.map(below)
    expect(held.every((n) => n > 0)).toBe(true)

    const failed = await runSync(db, flaky, { full: true })
    expect(failed.ok).toBe(false)
    expect(areas.map(below)).toEqual(held)
    expect(failed.resources.filter((r) => r.resource === 'organizations').reduce((sum, r) => sum + r.removed, 0)).toBe(0)
    failing = false
    const clean = await runSync(db, flaky, { full: true })
    expect(clean.ok).toBe(true)
    expect(areas.map(below)).toEqual(held)
  })
})
