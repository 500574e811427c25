import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Licence, LicencePeriod, Page, Sport, SportParameter, UserInsurance, UserLicence } from '../../../src/shared/api/v2'
import { parseInstant } from '../../../src/shared/instant'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

let sandbox: Sandbox
let client: ReturnType<typeof api>
let fed: number

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 400, seed: 5 })
  client = api(sandbox, await token(sandbox))
  fed = sandbox.federationId
})
afterAll(async () => {
  await sandbox?.close()
})

const byMtAsc = (a: { modificationTime: string; id: number }, b: { modificationTime: string; id: number }): number =>
  parseInstant(a.modificationTime) - parseInstant(b.modificationTime) || a.id - b.id

describe('paging envelope and limits (spec v2 §2.1, §8)', () => {
  it('defaults to page 0 and size 50 and counts all elements in total', async () => {
    const answer = await client.get<Page<UserLicence>>(`/user-licence/${fed}`)
    expect(answer.status).toBe(200)
    expect(answer.body.pageable).toEqual({ page: 0, size: 50, total: sandbox.store.userLicenceIds().length })
    expect(answer.body.content).toHaveLength(50)
  })

  it('pages without gaps or duplicates and a page past the end is empty', async () => {
    const all = await client.all<UserLicence>(`/user-licence/${fed}`, { tsOrder: 'asc' }, 97)
    expect(all.map((u) => u.id).sort((a, b) => a - b)).toEqual(sandbox.store.userLicenceIds())
    const past = await client.get<Page<UserLicence>>(`/user-licence/${fed}`, { page: 1000, size: 100 })
    expect(past.status).toBe(200)
    expect(past.body.content).toEqual([])
    expect(past.body.pageable.total).toBe(all.length)
  })

  it('accepts size 1 and 100000 and answers 400 outside the limits or for malformed values', async () => {
    expect((await client.get(`/sport/${fed}`, { size: 1 })).status).toBe(200)
    expect((await client.get(`/sport/${fed}`, { size: 100000 })).status).toBe(200)
    const bad: Record<string, string | number>[] = [{ size: 0 }, { size: 100001 }, { size: -1 }, { size: 'ten' }, { page: -1 }, { page: '1.5' }, { tsOrder: 'up' }, { ts: 'yesterday' }, { ts: '2026-13-01T00:00:00Z' }]
    for (const query of bad) {
      const answer = await client.get<{ status: number; message: string }>(`/user-licence/${fed}`, query)
      expect(answer.status, JSON.stringify(query)).toBe(400)
      expect(answer.body.message).toMatch(/size|page|tsOrder|ts/)
    }
  })

  it('answers 400 for a ts whose + was not percent-encoded (it arrives as a space)', async () => {
    const response = await fetch(`${sandbox.baseUrl}/api/public/v2/user-licence/${fed}?ts=2026-01-15T09:31:02.123456+02:00`, {
      headers: { authorization: `Bearer ${await token(sandbox)}` }
    })
    expect(response.status).toBe(400)
  })
})

describe('ts: only elements modified strictly after (spec v2 §2.1)', () => {
  it('compares instants, not strings, for +02:00/+03:00 offsets and 1–9 fraction digits', async () => {
    const all = (await client.all<UserLicence>(`/user-licence/${fed}`, { tsOrder: 'asc' })).sort(byMtAsc)
    const pivot = all[Math.floor(all.length / 2)]
    expect(pivot.modificationTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+0[23]:00$/)
    const pivotMicros = parseInstant(pivot.modificationTime)
    const expected = all.filter((u) => parseInstant(u.modificationTime) > pivotMicros).map((u) => u.id).sort((a, b) => a - b)

    const after = await client.all<UserLicence>(`/user-licence/${fed}`, { ts: pivot.modificationTime })
    expect(after.map((u) => u.id).sort((a, b) => a - b)).toEqual(expected)
    expect(after.some((u) => u.id === pivot.id)).toBe(false)

    // The same instant in UTC with 9 fraction digits selects the same elements.
    const utc = new Date(Math.floor(pivotMicros / 1000)).toISOString().slice(0, 19)
    const nanos = `${String(pivotMicros % 1_000_000).padStart(6, '0')}999`
    const sameInUtc = await client.get<Page<UserLicence>>(`/user-licence/${fed}`, { ts: `${utc}.${nanos}Z` })
    expect(sameInUtc.body.pageable.total).toBe(expected.length)

    // One microsecond earlier includes the pivot itself.
    const earlier = await client.get<Page<UserLicence>>(`/user-licence/${fed}`, { ts: `${utc}.${String((pivotMicros % 1_000_000) - 1).padStart(6, '0')}Z` })
    const atPivot = all.filter((u) => parseInstant(u.modificationTime) >= pivotMicros).length
    if (pivotMicros % 1_000_000 > 0) expect(earlier.body.pageable.total).toBe(atPivot)
  })

  it('a ts after the newest element gives an empty page with total 0', async () => {
    const answer = await client.get<Page<UserLicence>>(`/user-licence/${fed}`, { ts: '2999-01-01T00:00:00+02:00' })
    expect(answer.body).toEqual({ content: [], pageable: { page: 0, size: 50, total: 0 } })
  })
})

describe('ordering (spec v2 §2.1 tsOrder, §4 defaults)', () => {
  it('tsOrder asc and desc order by modification time, ties by ascending id', async () => {
    const asc = await client.all<UserLicence>(`/user-licence/${fed}`, { tsOrder: 'asc' }, 500)
    expect(asc).toEqual([...asc].sort(byMtAsc))
    const desc = await client.all<UserLicence>(`/user-licence/${fed}`, { tsOrder: 'desc' }, 500)
    const byMtDesc = (a: UserLicence, b: UserLicence): number => parseInstant(b.modificationTime) - parseInstant(a.modificationTime) || a.id - b.id
    expect(desc.map((u) => u.id)).toEqual([...desc].sort(byMtDesc).map((u) => u.id))
    expect(desc.length).toBe(asc.length)
  })

  it('user licences and insurances default to purchase time newest first, then product id', async () => {
    const licences = await client.all<UserLicence>(`/user-licence/${fed}`, {}, 500)
    for (let i = 1; i < licences.length; i++) {
      const [a, b] = [licences[i - 1], licences[i]]
      expect(a.purchaseTime > b.purchaseTime || (a.purchaseTime === b.purchaseTime && a.licenceId <= b.licenceId)).toBe(true)
    }
    const insurances = await client.all<UserInsurance>(`/user-insurance/${fed}`, {}, 500)
    for (let i = 1; i < insurances.length; i++) {
      const [a, b] = [insurances[i - 1], insurances[i]]
      expect(a.purchaseTime > b.purchaseTime || (a.purchaseTime === b.purchaseTime && a.insuranceId <= b.insuranceId)).toBe(true)
    }
  })

  it('season data has its documented default orderings', async () => {
    const periods = await client.all<LicencePeriod>(`/licenceperiod/${fed}`)
    expect(periods.map((p) => p.startTime)).toEqual(periods.map((p) => p.startTime).sort().reverse())
    const licences = await client.all<Licence>(`/licence/${fed}`)
    for (let i = 1; i < licences.length; i++) {
      const [a, b] = [licences[i - 1], licences[i]]
      expect(a.usageEndTime > b.usageEndTime || (a.usageEndTime === b.usageEndTime && a.name.localeCompare(b.name, 'fi') <= 0)).toBe(true)
    }
    const sports = await client.all<Sport>(`/sport/${fed}`)
    expect(sports.map((s) => s.name)).toEqual([...sports.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'fi')))
    const params = await client.all<SportParameter>(`/sport-parameter/${fed}`)
    expect(params.length).toBeGreaterThan(0)
    expect(params.map((s) => s.name)).toEqual([...params.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'fi')))
  })

  it('tsOrder precedes the default ordering on season data too', async () => {
    const licences = await client.all<Licence>(`/licence/${fed}`, { tsOrder: 'desc' })
    expect(licences.map((l) => parseInstant(l.modificationTime))).toEqual(licences.map((l) => parseInstant(l.modificationTime)).sort((a, b) => b - a))
  })
})
