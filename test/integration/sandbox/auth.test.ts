import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 50, seed: 3, tokenLifetimeSeconds: 1 })
})
afterAll(async () => {
  await sandbox?.close()
})

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
}

describe('token endpoint (spec v2 §5)', () => {
  it('issues a bearer token for client credentials', async () => {
    const response = await fetch(`${sandbox.authUrl}/oauth2/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: { authorization: basic(sandbox.clientId, sandbox.clientSecret), 'content-type': 'application/x-www-form-urlencoded' }
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body.token_type).toBe('bearer')
    expect(body.expires_in).toBe(1)
    expect(typeof body.access_token).toBe('string')
    expect((body.access_token as string).length).toBeGreaterThan(20)
  })

  it('accepts grant_type in the form body too', async () => {
    const response = await fetch(`${sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic(sandbox.clientId, sandbox.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials'
    })
    expect(response.status).toBe(200)
  })

  it('answers 401 for a wrong secret or unknown client, 400 for another grant type', async () => {
    const url = `${sandbox.authUrl}/oauth2/token?grant_type=client_credentials`
    const wrong = await fetch(url, { method: 'POST', headers: { authorization: basic(sandbox.clientId, 'nope') } })
    expect(wrong.status).toBe(401)
    const unknown = await fetch(url, { method: 'POST', headers: { authorization: basic('someone', sandbox.clientSecret) } })
    expect(unknown.status).toBe(401)
    const none = await fetch(url, { method: 'POST' })
    expect(none.status).toBe(401)
    const grant = await fetch(`${sandbox.authUrl}/oauth2/token?grant_type=password`, { method: 'POST', headers: { authorization: basic(sandbox.clientId, sandbox.clientSecret) } })
    expect(grant.status).toBe(400)
  })

  it('answers 401 to API requests without, with an unknown or with an expired token', async () => {
    const path = `${sandbox.baseUrl}/api/public/v2/organization`
    expect((await fetch(path)).status).toBe(401)
    expect((await fetch(path, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401)
    const bearer = await token(sandbox)
    expect((await api(sandbox, bearer).get('/organization')).status).toBe(200)
    // Lifetime is 1 s: wait past it, then the same token is refused.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await api(sandbox, bearer).get('/organization')).status).toBe(401)
    expect((await api(sandbox, await token(sandbox)).get('/organization')).status).toBe(200)
  })

  it('refuses to bind to a non-loopback host', async () => {
    await expect(startSandbox({ host: '0.0.0.0', athletes: 1 })).rejects.toThrow(/loopback/)
  })
})
