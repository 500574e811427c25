import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

let a: Sandbox
let b: Sandbox
let c: Sandbox

beforeAll(async () => {
  ;[a, b, c] = await Promise.all([startSandbox({ athletes: 300, seed: 7 }), startSandbox({ athletes: 300, seed: 7 }), startSandbox({ athletes: 300, seed: 8 })])
})
afterAll(async () => {
  await Promise.all([a, b, c].map((s) => s?.close()))
})

async function dump(sandbox: Sandbox): Promise<string> {
  const client = api(sandbox, await token(sandbox))
  const fed = sandbox.federationId
  const parts: unknown[] = []
  for (const path of ['/organization', `/organization/${fed}/list`, `/licenceperiod/${fed}`, `/licence/${fed}`, `/sport/${fed}`, `/insurance/${fed}`, `/sport-parameter/${fed}`, `/user-licence/${fed}`, `/user-insurance/${fed}`]) {
    parts.push(await client.all(path, { includeSportParams: 'true' }))
  }
  // Merits, grants, events and registrations (spec v2 §4.3, §4.8, §4.11).
  for (const group of await client.all<{ id: number }>(`/merit-group/${fed}`)) {
    const merits = await client.all<{ id: number }>(`/merit/${group.id}`)
    parts.push(merits)
    for (const merit of merits) parts.push(await client.all(`/granted-merit/${merit.id}`))
  }
  const year = new Date().getUTCFullYear()
  const events = await client.all<{ eventId: number }>(`/event/search/${fed}`, { dateTimeRangeStart: `${year}-01-01T00:00`, dateTimeRangeEnd: `${year}-12-31T23:59` })
  parts.push(events)
  for (const event of events) parts.push(await client.all(`/event/registered-event-users/${event.eventId}`))
  return JSON.stringify(parts)
}

describe('deterministic data', () => {
  it('the same seed and athlete count give byte-identical lists', async () => {
    const [first, second] = await Promise.all([dump(a), dump(b)])
    expect(first.length).toBeGreaterThan(100_000)
    expect(second).toBe(first)
  })

  it('another seed gives other data', async () => {
    expect(await dump(c)).not.toBe(await dump(a))
  })
})

describe('club transfers', () => {
  it('moves about 1 in 25 members who held a licence in the previous licence period to another club of their area for the current one', async () => {
    const client = api(a, await token(a))
    const fed = a.federationId
    const parentOf = new Map((await client.all<{ id: number; parentId?: number }>(`/organization/${fed}/list`)).map((org) => [org.id, org.parentId]))
    const [previous, current] = (await client.all<{ id: number }>(`/licenceperiod/${fed}`)).map((period) => period.id).sort((x, y) => x - y)
    const licences = await client.all<{ user: { id: number }; licencePeriodId: number; licenceOrganizationId: number }>(`/user-licence/${fed}`)
    const clubsIn = (period: number) => {
      const clubs = new Map<number, Set<number>>()
      for (const licence of licences.filter((l) => l.licencePeriodId === period)) clubs.set(licence.user.id, (clubs.get(licence.user.id) ?? new Set()).add(licence.licenceOrganizationId))
      return clubs
    }
    const before = clubsIn(previous)
    const now = clubsIn(current)
    const both = [...now.keys()].filter((user) => before.has(user))
    const moved = both.filter((user) => ![...now.get(user)!].every((club) => before.get(user)!.has(club)))
    expect(both.length).toBeGreaterThan(100)
    expect(moved.length).toBeGreaterThan(0)
    expect(moved.length / both.length).toBeLessThan(0.1)
    for (const user of moved) {
      // One club in each period (an upgrade keeps its club), and both under the same area association.
      expect([before.get(user)!.size, now.get(user)!.size]).toEqual([1, 1])
      expect(parentOf.get([...now.get(user)!][0])).toBe(parentOf.get([...before.get(user)!][0]))
    }
  })
})
