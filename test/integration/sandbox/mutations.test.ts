import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Organization, Page, UserInsurance, UserLicence } from '../../../src/shared/api/v2'
import { parseInstant } from '../../../src/shared/instant'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

let sandbox: Sandbox
let client: ReturnType<typeof api>
let fed: number

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 500, seed: 13 })
  client = api(sandbox, await token(sandbox))
  fed = sandbox.federationId
})
afterAll(async () => {
  await sandbox?.close()
})

async function newest(path: string): Promise<string> {
  const answer = await client.get<Page<{ modificationTime: string }>>(path, { tsOrder: 'desc', size: 1 })
  return answer.body.content[0].modificationTime
}

describe('store mutations move modification times (spec v2 §1 synchronisation procedure)', () => {
  it('touchUserLicences: the touched licences, and only they, appear after the previous newest ts', async () => {
    const before = await newest(`/user-licence/${fed}`)
    const ids = sandbox.store.userLicenceIds().slice(5, 8)
    const prices = ids.map((id) => sandbox.store.userLicence(id)!.salesPriceInCents)
    sandbox.store.touchUserLicences(ids)
    const changed = await client.all<UserLicence>(`/user-licence/${fed}`, { ts: before, tsOrder: 'asc' })
    expect(changed.map((u) => u.id)).toEqual(ids)
    expect(changed.map((u) => u.salesPriceInCents)).not.toEqual(prices)
    const times = changed.map((u) => parseInstant(u.modificationTime))
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1])
    expect(times[0]).toBeGreaterThan(parseInstant(before))
  })

  it('touchUserInsurances: the touched insurances appear with ts', async () => {
    const before = await newest(`/user-insurance/${fed}`)
    const ids = sandbox.store.userInsuranceIds().slice(0, 2)
    sandbox.store.touchUserInsurances(ids)
    const changed = await client.all<UserInsurance>(`/user-insurance/${fed}`, { ts: before })
    expect(changed.map((u) => u.id).sort((x, y) => x - y)).toEqual(ids)
  })

  it('touching an unknown id throws and changes nothing', async () => {
    const before = await newest(`/user-licence/${fed}`)
    expect(() => sandbox.store.touchUserLicences([sandbox.store.userLicenceIds()[0], 1])).toThrow(/no user licence with id 1/)
    expect(await newest(`/user-licence/${fed}`)).toBe(before)
  })

  it('updatePerson: every user licence and insurance embedding the person changes', async () => {
    const licenceBefore = await newest(`/user-licence/${fed}`)
    const insuranceBefore = await newest(`/user-insurance/${fed}`)
    const userId = sandbox.store.userLicence(sandbox.store.userLicenceIds()[10])!.user.id
    sandbox.store.updatePerson(userId, { phone: '+358401234567', lastName: 'Uusinimi' })
    const licences = await client.all<UserLicence>(`/user-licence/${fed}`, { ts: licenceBefore })
    expect(licences.map((u) => u.id).sort((x, y) => x - y)).toEqual(sandbox.store.userLicenceIdsOfPerson(userId).sort((x, y) => x - y))
    expect(licences.every((u) => u.user.lastName === 'Uusinimi' && u.user.phone === '+358401234567')).toBe(true)
    expect(parseInstant(licences[0].user.modificationTime)).toBeGreaterThan(parseInstant(licenceBefore))
    const insurances = await client.all<UserInsurance>(`/user-insurance/${fed}`, { ts: insuranceBefore })
    expect(insurances.map((u) => u.id).sort((x, y) => x - y)).toEqual(sandbox.store.userInsuranceIdsOfPerson(userId).sort((x, y) => x - y))
  })

  it('setOrganizationStatus PASSIVE: the club vanishes from /list and /suborganizations, stays readable by id', async () => {
    const club = sandbox.store.clubIds()[2]
    const parent = sandbox.store.organization(club)!.parentId!
    sandbox.store.setOrganizationStatus(club, 'PASSIVE')
    const list = await client.all<Organization>(`/organization/${fed}/list`)
    expect(list.some((o) => o.id === club)).toBe(false)
    const subs = await client.all<Organization>(`/organization/${parent}/suborganizations`)
    expect(subs.some((o) => o.id === club)).toBe(false)
    const direct = await client.get<Organization>(`/organization/${club}`)
    expect(direct.body.status).toBe('PASSIVE')
    sandbox.store.setOrganizationStatus(club, 'ACTIVE')
    const again = await client.all<Organization>(`/organization/${fed}/list`)
    expect(again.some((o) => o.id === club)).toBe(true)
  })

  it('addUserLicence: the new element is listed after ts, with its upgrade link', async () => {
    const before = await newest(`/user-licence/${fed}`)
    const first = sandbox.store.userLicence(sandbox.store.userLicenceIds()[20])!
    const competition = sandbox.store.licenceList(fed, first.licencePeriodId).find((l) => l.type === 'Competition')!
    const added = sandbox.store.addUserLicence({ userId: first.user.id, licenceId: competition.id, upgradeFrom: first.id })
    expect(added.upgradeFrom).toBe(first.id)
    const listed = await client.all<UserLicence>(`/user-licence/${fed}`, { ts: before })
    expect(listed.map((u) => u.id)).toEqual([added.id])
    expect(listed[0].modificationTime).toBe(added.modificationTime)
    expect(() => sandbox.store.addUserLicence({ userId: first.user.id, licenceId: 123456 })).toThrow(/no licence/)
  })

  it('many changes within one millisecond still get strictly increasing instants', async () => {
    const ids = sandbox.store.userLicenceIds().slice(30, 230)
    const before = await newest(`/user-licence/${fed}`)
    sandbox.store.touchUserLicences(ids)
    const changed = await client.all<UserLicence>(`/user-licence/${fed}`, { ts: before, tsOrder: 'asc' })
    const times = changed.map((u) => parseInstant(u.modificationTime))
    expect(new Set(times).size).toBe(ids.length)
  })
})

describe('bulk import cluster', () => {
  it('at least 15% of user licences share one instant and paging through it loses nothing', async () => {
    const fresh = await startSandbox({ athletes: 500, seed: 13 })
    try {
      const c = api(fresh, await token(fresh))
      const all = await c.all<UserLicence>(`/user-licence/${fresh.federationId}`, { tsOrder: 'asc' }, 25)
      const counts = new Map<number, number>()
      for (const u of all) counts.set(parseInstant(u.modificationTime), (counts.get(parseInstant(u.modificationTime)) ?? 0) + 1)
      const largest = Math.max(...counts.values())
      expect(largest / all.length).toBeGreaterThanOrEqual(0.15)
      expect(new Set(all.map((u) => u.id)).size).toBe(all.length)
      expect(all.length).toBe(fresh.store.userLicenceIds().length)
    } finally {
      await fresh.close()
    }
  })
})
