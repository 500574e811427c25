import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Organization, Page } from '../../../src/shared/api/v2'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { specEndpoints } from '../../support/specEndpoints'
import { api, token } from './client'

let sandbox: Sandbox
let client: ReturnType<typeof api>
let fed: number
let other: number
let period: number
let otherPeriod: number
let licence: number
let sport: number
let user: number

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 200, seed: 9 })
  client = api(sandbox, await token(sandbox))
  fed = sandbox.federationId
  other = sandbox.store.otherFederationId
  const periods = sandbox.store.licencePeriodList(fed)
  period = periods.at(-1)!.id
  otherPeriod = sandbox.store.licencePeriodList(other)[0].id
  licence = sandbox.store.licenceList(fed, period)[0].id
  sport = sandbox.store.sportList(fed)[0].id
  user = sandbox.store.userLicence(sandbox.store.userLicenceIds()[0])!.user.id
})
afterAll(async () => {
  await sandbox?.close()
})

async function status(path: string, query: Record<string, string | number> = {}): Promise<number> {
  return (await client.get(path, query)).status
}

async function isEmpty200(path: string): Promise<boolean> {
  const answer = await client.get<Page<unknown>>(path)
  return answer.status === 200 && answer.body.content.length === 0 && answer.body.pageable.total === 0
}

describe('organizations (spec v2 §4.1)', () => {
  it('GET /organization lists only the readable federation', async () => {
    const answer = await client.get<Page<Organization>>('/organization')
    expect(answer.status).toBe(200)
    expect(answer.body.content.map((o) => [o.id, o.type])).toEqual([[fed, 'SPORTS_FEDERATION']])
    expect(answer.body.pageable.total).toBe(1)
  })

  it('GET /organization/{id}: 200 inside the hierarchy, 403 outside, 404 unknown, 400 malformed', async () => {
    const club = sandbox.store.clubIds()[0]
    const answer = await client.get<Organization>(`/organization/${club}`)
    expect(answer.status).toBe(200)
    expect(answer.body.id).toBe(club)
    expect(answer.body.federationId).toBe(fed)
    expect(await status(`/organization/${other}`)).toBe(403)
    expect(await status(`/organization/${sandbox.store.clubIds(other)[0]}`)).toBe(403)
    expect(await status('/organization/99999999')).toBe(404)
    expect(await status('/organization/abc')).toBe(400)
  })

  it('/list holds every active organization below the federation but not the federation', async () => {
    const answer = await client.get<Page<Organization>>(`/organization/${fed}/list`, { size: 100000 })
    const expected = sandbox.store.organizationIds().filter((id) => id !== fed && sandbox.store.organization(id)!.status === 'ACTIVE')
    expect(answer.body.content.map((o) => o.id)).toEqual(expected)
    expect(answer.body.content.every((o) => o.status === 'ACTIVE')).toBe(true)
  })

  it('/list answers 400 for a non-federation, a foreign federation and malformed orgtypes', async () => {
    expect(await status(`/organization/${sandbox.store.clubIds()[0]}/list`)).toBe(400)
    expect(await status(`/organization/${other}/list`)).toBe(400)
    expect(await status(`/organization/${fed}/list`, { orgtypes: 'CLUB,AREA,GROUP,CLUB' })).toBe(400)
    expect(await status(`/organization/${fed}/list`, { orgtypes: 'CLUB,AREA,GROUP' })).toBe(200)
    expect(await status(`/organization/${fed}/list`, { orgtypes: 'TEAM' })).toBe(400)
    expect(await status(`/organization/${fed}/list`, { size: 0 })).toBe(400)
  })

  it('orgtypes and businessId filter /list and /suborganizations', async () => {
    const clubs = await client.all<Organization>(`/organization/${fed}/list`, { orgtypes: 'CLUB' })
    expect(clubs.length).toBe(sandbox.store.clubIds().length)
    expect(new Set(clubs.map((o) => o.type))).toEqual(new Set(['CLUB']))
    const areasAndGroups = await client.all<Organization>(`/organization/${fed}/list`, { orgtypes: 'AREA,GROUP' })
    expect(areasAndGroups.length).toBeGreaterThan(0)
    expect(areasAndGroups.every((o) => o.type === 'AREA' || o.type === 'GROUP')).toBe(true)
    const target = clubs[3]
    const byBusinessId = await client.all<Organization>(`/organization/${fed}/list`, { businessId: target.businessId! })
    expect(byBusinessId.map((o) => o.id)).toEqual([target.id])

    const parent = target.parentId!
    const direct = await client.all<Organization>(`/organization/${parent}/suborganizations`)
    expect(direct.length).toBeGreaterThan(0)
    expect(direct.every((o) => o.parentId === parent && o.status === 'ACTIVE')).toBe(true)
    expect(direct.some((o) => o.id === target.id)).toBe(true)
    expect(await status(`/organization/${other}/suborganizations`)).toBe(403)
    expect(await status('/organization/99999999/suborganizations')).toBe(400)
  })

  it('verifyAccess: 200 for read inside the hierarchy, 403 for write, foreign or unknown', async () => {
    expect(await status(`/organization/${fed}/verifyAccess`)).toBe(200)
    expect(await status(`/organization/${sandbox.store.clubIds()[0]}/verifyAccess`, { writeAccess: 'false' })).toBe(200)
    expect(await status(`/organization/${fed}/verifyAccess`, { writeAccess: 'true' })).toBe(403)
    expect(await status(`/organization/${other}/verifyAccess`)).toBe(403)
    expect(await status('/organization/99999999/verifyAccess')).toBe(403)
    expect(await status(`/organization/${fed}/verifyAccess`, { writeAccess: 'maybe' })).toBe(400)
  })
})

describe('season data (spec v2 §4.2, §4.7)', () => {
  it('200 for the readable federation', async () => {
    for (const path of [`/licence/${fed}`, `/licence/${fed}/${period}`, `/licence/${fed}/${period}/sport/${sport}`, `/licenceperiod/${fed}`, `/sport/${fed}`, `/insurance/${fed}`, `/insurance/${fed}/${period}`, `/sport-parameter/${fed}`]) {
      const answer = await client.get<Page<{ id: number }>>(path)
      expect(answer.status, path).toBe(200)
      expect(answer.body.content.length, path).toBeGreaterThan(0)
    }
  })

  it('400 for an invalid or foreign federation id or a period of another federation', async () => {
    for (const path of [`/licence/${other}`, `/licence/99999`, `/licence/${fed}/${otherPeriod}`, `/licence/${fed}/99999`, `/licenceperiod/${other}`, `/licenceperiod/${sandbox.store.clubIds()[0]}`, `/insurance/${other}`, `/insurance/${fed}/99999`, `/sport/${other}`, `/sport-parameter/${other}`, '/licence/x']) {
      expect(await status(path), path).toBe(400)
    }
  })

  it('licences of a sport: 403 for a foreign federation, 200 empty for an invalid period', async () => {
    expect(await status(`/licence/${other}/${otherPeriod}/sport/${sport}`)).toBe(403)
    expect(await isEmpty200(`/licence/${fed}/99999/sport/${sport}`)).toBe(true)
    expect(await isEmpty200(`/licence/${fed}/${period}/sport/99999`)).toBe(true)
  })
})

describe('user licences and insurances (spec v2 §4.4, §4.5)', () => {
  it('400 for invalid federation, period or licence ids', async () => {
    for (const path of [`/user-licence/${other}`, `/user-licence/${fed}/99999`, `/user-licence/${fed}/${otherPeriod}`, `/user-licence/${fed}/${period}/99999`, `/user-insurance/${other}`, `/user-insurance/${fed}/99999`]) {
      expect(await status(path), path).toBe(400)
    }
  })

  it('403 for a foreign federation on the sport and user variants', async () => {
    for (const path of [`/user-licence/${other}/${otherPeriod}/sport/${sport}`, `/user-licence/${other}/${otherPeriod}/user/${user}`, `/user-insurance/${other}/${otherPeriod}/user/${user}`, `/user-licence/99999/${period}/user/${user}`]) {
      expect(await status(path), path).toBe(403)
    }
  })

  it('200 empty for an invalid period, sport or user id on those variants', async () => {
    for (const path of [`/user-licence/${fed}/99999/sport/${sport}`, `/user-licence/${fed}/${period}/sport/99999`, `/user-licence/${fed}/99999/user/${user}`, `/user-licence/${fed}/${period}/user/99999`, `/user-insurance/${fed}/99999/user/${user}`, `/user-insurance/${fed}/${period}/user/99999`]) {
      expect(await isEmpty200(path), path).toBe(true)
    }
  })

  it('the period, licence, sport and user variants select what they name', async () => {
    const inPeriod = await client.all<{ licencePeriodId: number }>(`/user-licence/${fed}/${period}`)
    expect(inPeriod.length).toBeGreaterThan(0)
    expect(inPeriod.every((u) => u.licencePeriodId === period)).toBe(true)
    const ofLicence = await client.all<{ licenceId: number }>(`/user-licence/${fed}/${period}/${licence}`)
    expect(ofLicence.every((u) => u.licenceId === licence)).toBe(true)
    const ofSport = await client.all<{ licenceId: number }>(`/user-licence/${fed}/${period}/sport/${sport}`)
    const sportLicences = new Set(sandbox.store.licenceList(fed, period).filter((l) => l.sportsIds.includes(sport)).map((l) => l.id))
    expect(ofSport.length).toBe(inPeriod.filter((u) => sportLicences.has((u as unknown as { licenceId: number }).licenceId)).length)
    const ofUser = await client.all<{ user: { id: number }; licencePeriodId: number }>(`/user-licence/${fed}/${period}/user/${user}`)
    const expected = sandbox.store.userLicenceIdsOfPerson(user).filter((id) => sandbox.store.userLicence(id)!.licencePeriodId === period)
    expect(ofUser.length).toBe(expected.length)
    expect(ofUser.every((u) => u.user.id === user)).toBe(true)
  })
})

describe('a client limited to one club reads nothing above or beside it (spec v2 §5)', () => {
  const FED = 100
  let clubSandbox: Sandbox
  let club: number
  let reader: ReturnType<typeof api>

  beforeAll(async () => {
    // Same seed and size give the same data: a first start finds a club that owns a merit group.
    const probe = await startSandbox({ athletes: 400, seed: 17 })
    club = probe.activity.meritGroups.all().map((g) => g.data.organizationId).find((o) => probe.store.organization(o)!.type === 'CLUB')!
    await probe.close()
    clubSandbox = await startSandbox({ athletes: 400, seed: 17, clients: [{ clientId: 'club', readableOrganizationIds: [club], personalDataLevel: 'PERMISSION_USER_BASIC' }] })
    reader = api(clubSandbox, await token(clubSandbox, 'club'))
  })
  afterAll(async () => {
    await clubSandbox?.close()
  })

  /** Ids outside the club: its federation, a sibling club and what they own. */
  function outside() {
    const { store, activity } = clubSandbox
    const period = store.licencePeriodList(FED).at(-1)!.id
    const licence = store.licenceList(FED, period)[0]
    const sibling = store.clubIds().find((c) => c !== club)!
    const group = activity.meritGroups.all().find((g) => g.data.organizationId === FED)!.id
    const merit = activity.merits.all().find((m) => m.data.meritGroupId === group)!.id
    const event = activity.events.all().find((e) => e.organizerId !== club && e.deletionMs === undefined && e.status === 'PUBLISHED' && activity.listedRegistrations(e.id).length > 0)!
    const registrant = activity.listedRegistrations(event.id)[0].userId
    // Not one the club may read for another tie (a registration to its events, spec v2 §4.3).
    const member = store.userLicence(
      store.userLicenceIds().find((id) => store.userLicence(id)!.licenceOrganizationId === sibling && activity.usersNotReadableBy(club, [store.userLicence(id)!.user.id]).length === 1)!
    )!.user
    const area = store.clubIds().map((c) => store.organization(c)!.parentId!).find((p) => store.organization(p)!.type === 'AREA')!
    return { period, licence: licence.id, sport: licence.sportsIds[0], sibling, group, merit, event, registrant, member, area }
  }

  it('its own club is readable: the club is its only root', async () => {
    expect((await reader.get<Page<Organization>>('/organization')).body.content.map((o) => o.id)).toEqual([club])
    expect((await reader.get(`/organization/${club}`)).status).toBe(200)
    expect((await reader.get<Page<unknown>>(`/merit-group/${club}`)).body.content.length).toBeGreaterThan(0)
  })

  it('every read endpoint taking an organization, federation or organization-owned id answers as documented', async () => {
    const o = outside()
    const range = new URLSearchParams({ dateTimeRangeStart: '2000-01-01T00:00', dateTimeRangeEnd: '2100-01-01T00:00' })
    // expected: a status, 'empty' (200 with an empty page) or 'none' (200 with an empty array).
    const table: [string, string, string, number | 'empty' | 'none'][] = [
      ['v2', '/organization/{id}', `/organization/${FED}`, 403],
      ['v2', '/organization/{id}/suborganizations', `/organization/${FED}/suborganizations`, 403],
      ['v2', '/organization/{id}/list', `/organization/${FED}/list`, 400],
      ['v2', '/organization/{id}/verifyAccess', `/organization/${o.sibling}/verifyAccess`, 403],
      ['v2', '/licence/{sportsFederationId}', `/licence/${FED}`, 400],
      ['v2', '/licence/{sportsFederationId}/{licencePeriodId}', `/licence/${FED}/${o.period}`, 400],
      ['v2', '/licence/{sportsFederationId}/{licencePeriodId}/sport/{sportId}', `/licence/${FED}/${o.period}/sport/${o.sport}`, 403],
      ['v2', '/licenceperiod/{sportsFederationId}', `/licenceperiod/${FED}`, 400],
      ['v2', '/sport/{sportsFederationId}', `/sport/${FED}`, 400],
      ['v2', '/insurance/{sportsFederationId}', `/insurance/${FED}`, 400],
      ['v2', '/insurance/{sportsFederationId}/{licencePeriodId}', `/insurance/${FED}/${o.period}`, 400],
      ['v2', '/merit-group/{organizationId}', `/merit-group/${FED}`, 400],
      ['v2', '/merit/{groupId}', `/merit/${o.group}`, 400],
      ['v2', '/granted-merit/{meritId}', `/granted-merit/${o.merit}`, 400],
      ['v2', '/user-licence/{sportsFederationId}', `/user-licence/${FED}`, 400],
      ['v2', '/user-licence/{sportsFederationId}/{licencePeriodId}', `/user-licence/${FED}/${o.period}`, 400],
      ['v2', '/user-licence/{sportsFederationId}/{licencePeriodId}/{licenceId}', `/user-licence/${FED}/${o.period}/${o.licence}`, 400],
      ['v2', '/user-licence/{sportsFederationId}/{licencePeriodId}/sport/{sportId}', `/user-licence/${FED}/${o.period}/sport/${o.sport}`, 403],
      ['v2', '/user-licence/{sportsFederationId}/{licencePeriodId}/user/{userId}', `/user-licence/${FED}/${o.period}/user/${o.member.id}`, 403],
      ['v2', '/user-insurance/{sportsFederationId}', `/user-insurance/${FED}`, 400],
      ['v2', '/user-insurance/{sportsFederationId}/{licencePeriodId}', `/user-insurance/${FED}/${o.period}`, 400],
      ['v2', '/user-insurance/{sportsFederationId}/{licencePeriodId}/user/{userId}', `/user-insurance/${FED}/${o.period}/user/${o.member.id}`, 403],
      ['v2', '/sport-parameter/{sportsFederationId}', `/sport-parameter/${FED}`, 400],
      ['v2', '/event/registration/{eventUuid}', `/event/registration/${o.event.uuid}`, 403],
      ['v2', '/event/registration/user/{userId}', `/event/registration/user/${o.registrant}`, 'none'],
      ['v2', '/event/registered-event-users/{eventId}', `/event/registered-event-users/${o.event.id}`, 403],
      ['v2', '/event/search/{federationId}', `/event/search/${FED}?${range}`, 400],
      // v3 reference data and the public organization interfaces are readable by every client (sandbox README).
      ['v3', '/area-association/{areaAssociationId}/listChildren', `/area-association/${o.area}/listChildren`, 200],
      ['v3', '/sportsfederation/{federationId}/mastersports', `/sportsfederation/${FED}/mastersports`, 200],
      ['v3', '/master-club/{masterClubId}/sportsClubs', `/master-club/${clubSandbox.activity.masterClubIds[0]}/sportsClubs`, 200],
      ['v3', '/organization/getMultiple', `/organization/getMultiple?organizationIds=${FED}`, 200],
      ['v3', '/organization/queryVisibility', `/organization/queryVisibility?organizationIds=${FED}`, 200],
      // "403: ... the API user has no rights to the user" (spec v3 §7).
      ['v3', '/user/{sportId}/user-id', `/user/${o.member.sportId}/user-id`, 403]
    ]
    // The table names every GET of both specs with a path parameter (orders belong to the client, not to an organization) and the two organization-id queries.
    const expected = [
      ...specEndpoints('public-data-api-v2.md').map((e) => ['v2', e] as const),
      ...specEndpoints('public-data-api-v3.md').map((e) => ['v3', e] as const)
    ]
      .filter(([, e]) => e.method === 'GET' && ((e.path.includes('{') && !e.path.startsWith('/order')) || e.path.startsWith('/organization/getMultiple') || e.path.startsWith('/organization/queryVisibility')))
      .map(([v, e]) => `${v} ${e.path}`)
    expect(table.map(([v, p]) => `${v} ${p}`).sort()).toEqual(expected.sort())

    for (const [version, , path, answer] of table) {
      const got = await reader.send<unknown>('GET', path, undefined, `/api/public/${version}`)
      if (answer === 'empty') expect(got.body, path).toMatchObject({ content: [], pageable: { total: 0 } })
      else if (answer === 'none') expect(got.body, path).toEqual([])
      expect(got.status, path).toBe(typeof answer === 'number' ? answer : 200)
    }
  })

  it('finds the user id of a member of its own club from the Sport-ID (spec v3 §7 answers 403 only without rights to the user)', async () => {
    const { store } = clubSandbox
    const own = store.userLicence(store.userLicenceIds().find((id) => store.userLicence(id)!.licenceOrganizationId === club)!)!.user
    const answer = await reader.send<{ userId: number }>('GET', `/user/${own.sportId}/user-id`, undefined, '/api/public/v3')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ userId: own.id })
  })
})
