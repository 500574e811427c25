import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserLicence } from '../../../src/shared/api/v2'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

let sandbox: Sandbox
let client: ReturnType<typeof api>
let fed: number

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 600, seed: 21 })
  client = api(sandbox, await token(sandbox))
  fed = sandbox.federationId
})
afterAll(async () => {
  await sandbox?.close()
})

describe('includeSportParams (spec v2 §4.4)', () => {
  it('is off by default and with false', async () => {
    const queries: Record<string, string>[] = [{}, { includeSportParams: 'false' }]
    for (const query of queries) {
      const all = await client.all<UserLicence>(`/user-licence/${fed}`, query)
      expect(all.some((u) => 'sportParameters' in u.user)).toBe(false)
    }
  })

  it('true embeds every parameter with a non-empty value of the user', async () => {
    const all = await client.all<UserLicence>(`/user-licence/${fed}`, { includeSportParams: 'true' })
    expect(all.every((u) => Array.isArray(u.user.sportParameters))).toBe(true)
    const withValues = all.filter((u) => u.user.sportParameters!.length > 0)
    expect(withValues.length).toBeGreaterThan(0)
    const defs = new Map(sandbox.store.sportParameterList(fed).map((p) => [p.id, p]))
    for (const u of withValues) {
      expect(u.user.sportParameters!.length).toBe(sandbox.store.person(u.user.id)!.sportParameters.length)
      for (const p of u.user.sportParameters!) {
        expect(p.value).not.toBe('')
        expect(defs.get(p.sportParameterId)?.name).toBe(p.name)
        expect(defs.get(p.sportParameterId)?.sportId).toBe(p.sportId)
      }
    }
  })

  it('a list of ids embeds only those parameters; other values are 400', async () => {
    const chosen = sandbox.store.sportParameterList(fed)[0].id
    const all = await client.all<UserLicence>(`/user-licence/${fed}`, { includeSportParams: String(chosen) })
    const params = all.flatMap((u) => u.user.sportParameters ?? [])
    expect(params.length).toBeGreaterThan(0)
    expect(params.every((p) => p.sportParameterId === chosen)).toBe(true)
    expect((await client.get(`/user-licence/${fed}`, { includeSportParams: 'yes' })).status).toBe(400)
    expect((await client.get(`/user-licence/${fed}`, { includeSportParams: '1,x' })).status).toBe(400)
  })
})

describe('includeUpgradedLicences (spec v2 §3, §4.4)', () => {
  it('true (default) lists upgraded licences, false hides exactly the replaced ones', async () => {
    let replacedInAllPeriods = 0
    for (const { id: period } of sandbox.store.licencePeriodList(fed)) {
      const all = await client.all<UserLicence>(`/user-licence/${fed}/${period}`)
      const replaced = new Set(all.filter((u) => u.upgradeFrom !== undefined).map((u) => u.upgradeFrom!))
      replacedInAllPeriods += replaced.size
      expect(all.filter((u) => replaced.has(u.id)).length).toBe(replaced.size)
      const explicit = await client.all<UserLicence>(`/user-licence/${fed}/${period}`, { includeUpgradedLicences: 'true' })
      expect(explicit.length).toBe(all.length)
      const hidden = await client.all<UserLicence>(`/user-licence/${fed}/${period}`, { includeUpgradedLicences: 'false' })
      expect(hidden.length).toBe(all.length - replaced.size)
      expect(hidden.some((u) => replaced.has(u.id))).toBe(false)
    }
    expect(replacedInAllPeriods).toBeGreaterThan(0)
    expect((await client.get(`/user-licence/${fed}/${sandbox.store.licencePeriodList(fed)[0].id}`, { includeUpgradedLicences: 'no' })).status).toBe(400)
  })
})
