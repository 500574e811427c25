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
