import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox, type SandboxRequestEvent } from '../../../src/sandbox/index'
import { api, token } from './client'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 100, seed: 2 })
})
beforeEach(() => {
  Object.assign(sandbox.faults, { errorRate: 0, rateLimitRate: 0, truncateNext: 0, latencyMs: 0, retryAfterSeconds: 1, seed: 1 })
})
afterAll(async () => {
  await sandbox?.close()
})

describe('fault injection', () => {
  it('errorRate 1 answers 503 to API requests but not to token requests', async () => {
    sandbox.faults.errorRate = 1
    const bearer = await token(sandbox)
    expect((await api(sandbox, bearer).get(`/sport/${sandbox.federationId}`)).status).toBe(503)
  })

  it('rateLimitRate 1 answers 429 with Retry-After', async () => {
    Object.assign(sandbox.faults, { rateLimitRate: 1, retryAfterSeconds: 7 })
    const answer = await api(sandbox, await token(sandbox)).get(`/sport/${sandbox.federationId}`)
    expect(answer.status).toBe(429)
    expect(answer.headers.get('retry-after')).toBe('7')
  })

  it('truncateNext cuts the next list response mid-body, then answers normally', async () => {
    const bearer = await token(sandbox)
    sandbox.faults.truncateNext = 1
    const response = await fetch(`${sandbox.baseUrl}/api/public/v2/user-licence/${sandbox.federationId}?size=100`, { headers: { authorization: `Bearer ${bearer}` } })
    expect(response.status).toBe(200)
    const announced = Number(response.headers.get('content-length'))
    expect(announced).toBeGreaterThan(1000)
    await expect(response.text()).rejects.toThrow()
    expect(sandbox.faults.truncateNext).toBe(0)
    const next = await api(sandbox, bearer).get<{ content: unknown[] }>(`/user-licence/${sandbox.federationId}`, { size: 100 })
    expect(next.status).toBe(200)
    expect(next.body.content).toHaveLength(100)
  })

  it('latencyMs delays API answers by at least that long', async () => {
    const bearer = await token(sandbox)
    sandbox.faults.latencyMs = 300
    const started = performance.now()
    expect((await api(sandbox, bearer).get('/organization')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })

  it('partial rates are drawn from the seeded PRNG: same seed, same statuses', async () => {
    const bearer = await token(sandbox)
    const run = async (): Promise<number[]> => {
      Object.assign(sandbox.faults, { errorRate: 0.3, rateLimitRate: 0.2, seed: 42 })
      const statuses: number[] = []
      for (let i = 0; i < 40; i++) statuses.push((await api(sandbox, bearer).get(`/sport/${sandbox.federationId}`)).status)
      sandbox.faults.seed = 0
      return statuses
    }
    const first = await run()
    const second = await run()
    expect(second).toEqual(first)
    expect(new Set(first)).toEqual(new Set([200, 429, 503]))
  })

  it("emits 'request' events with method, url and status for API responses", async () => {
    const seen: SandboxRequestEvent[] = []
    const listener = (e: SandboxRequestEvent): void => void seen.push(e)
    sandbox.events.on('request', listener)
    try {
      const bearer = await token(sandbox)
      await api(sandbox, bearer).get(`/sport/${sandbox.federationId}`)
      await api(sandbox, 'bad').get('/organization')
      sandbox.faults.truncateNext = 1
      await fetch(`${sandbox.baseUrl}/api/public/v2/sport/${sandbox.federationId}`, { headers: { authorization: `Bearer ${bearer}` } }).then((r) => r.text()).catch(() => undefined)
    } finally {
      sandbox.events.off('request', listener)
    }
    expect(seen).toEqual([
      { method: 'GET', url: `/api/public/v2/sport/${sandbox.federationId}`, statusCode: 200 },
      { method: 'GET', url: '/api/public/v2/organization', statusCode: 401 },
      { method: 'GET', url: `/api/public/v2/sport/${sandbox.federationId}`, statusCode: 200 }
    ])
  })
})
