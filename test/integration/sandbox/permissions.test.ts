import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Organization, Page } from '../../../src/shared/api/v2'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
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
