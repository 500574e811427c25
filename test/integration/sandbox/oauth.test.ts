import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedEvent, EventWebhookEvent, V3Token } from '../../../src/shared/api/v3'
import { PUBLIC_CLIENT_ID, WEBHOOK_RETRIES, startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

const FED = 100
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 300, seed: 2, clients: [{ clientId: 'organizer', clientSecret: 's3cret', writableOrganizationIds: [FED], personalDataLevel: 'PERMISSION_USER_BASIC' }] })
})
afterAll(async () => {
  await sandbox?.close()
})

/** Verifies an ES256 JWT against the sandbox's JWK set and returns its claims. */
async function verifiedClaims(jwt: string): Promise<Record<string, unknown>> {
  const jwks = (await (await fetch(`${sandbox.authUrl}/.well-known/jwks.json`)).json()) as { keys: Record<string, unknown>[] }
  const key = createPublicKey({ key: jwks.keys[0] as never, format: 'jwk' })
  const [header, payload, signature] = jwt.split('.')
  expect(verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true)
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

async function authorize(query: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.baseUrl}/api/public/v3/oauth/authorize?${new URLSearchParams(query)}`, { redirect: 'manual' })
}

async function tokens(query: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sandbox.baseUrl}/api/public/v3/oauth/tokens?${new URLSearchParams(query)}`, { method: 'POST', headers })
}

describe('v3 authorization code flow (spec v3 §5)', () => {
  it.each(['S256', 'plain'] as const)('PKCE %s: code, tokens, then a refresh', async (method) => {
    const verifier = randomBytes(32).toString('base64url')
    const challenge = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier
    const redirectUri = 'http://127.0.0.1:9/callback'
    const answer = await authorize({ response_type: 'code', client_id: PUBLIC_CLIENT_ID, redirect_uri: redirectUri, state: 'xyz', nonce: 'n-1', code_challenge: challenge, code_challenge_method: method })
    expect(answer.status).toBe(302)
    const location = new URL(answer.headers.get('location')!)
    expect(location.searchParams.get('state')).toBe('xyz')
    const code = location.searchParams.get('code')!
    const wrong = await tokens({ grant_type: 'authorization_code', client_id: PUBLIC_CLIENT_ID, code, redirect_uri: redirectUri, code_verifier: 'wrong' })
    expect(wrong.status).toBe(400)
    const again = await authorize({ response_type: 'code', client_id: PUBLIC_CLIENT_ID, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: method, nonce: 'n-1' })
    const code2 = new URL(again.headers.get('location')!).searchParams.get('code')!
    const granted = await tokens({ grant_type: 'authorization_code', client_id: PUBLIC_CLIENT_ID, code: code2, redirect_uri: redirectUri, code_verifier: verifier })
    expect(granted.status).toBe(200)
    const body = (await granted.json()) as V3Token
    expect(body.token_type).toBe('Bearer')
    expect(body.expires_in).toBe(3600)
    const claims = await verifiedClaims(body.id_token)
    expect(claims).toMatchObject({ aud: PUBLIC_CLIENT_ID, nonce: 'n-1', sub: String(sandbox.oauth.userId), iss: sandbox.authUrl })
    const v3 = await fetch(`${sandbox.baseUrl}/api/public/v3/api-version-info`, { headers: { authorization: `Bearer ${body.access_token}` } })
    expect(v3.status).toBe(200)
    expect((await tokens({ grant_type: 'authorization_code', client_id: PUBLIC_CLIENT_ID, code: code2, redirect_uri: redirectUri, code_verifier: verifier })).status).toBe(400)
    const refreshed = await tokens({ grant_type: 'refresh_token', client_id: PUBLIC_CLIENT_ID, refresh_token: body.refresh_token })
    expect(refreshed.status).toBe(200)
    expect((await tokens({ grant_type: 'refresh_token', client_id: PUBLIC_CLIENT_ID, refresh_token: body.refresh_token })).status).toBe(400)
  })

  it('refuses PKCE clients without a challenge, other response types, and confidential clients without their secret', async () => {
    expect((await authorize({ response_type: 'code', client_id: PUBLIC_CLIENT_ID })).status).toBe(400)
    expect((await authorize({ response_type: 'token', client_id: 'organizer' })).status).toBe(400)
    const plain = await authorize({ response_type: 'code', client_id: 'organizer' })
    expect(plain.status).toBe(200)
    const code = (await plain.json()) as string
    expect((await tokens({ grant_type: 'authorization_code', client_id: 'organizer', code })).status).toBe(401)
    const basic = `Basic ${Buffer.from('organizer:s3cret').toString('base64')}`
    expect((await tokens({ grant_type: 'authorization_code', code }, { authorization: basic })).status).toBe(200)
    expect((await tokens({ grant_type: 'password', client_id: 'organizer', client_secret: 's3cret' })).status).toBe(400)
  })

  it('the public client cannot use client credentials', async () => {
    const basic = Buffer.from(`${PUBLIC_CLIENT_ID}:`).toString('base64')
    const answer = await fetch(`${sandbox.authUrl}/oauth2/token?grant_type=client_credentials`, { method: 'POST', headers: { authorization: `Basic ${basic}` } })
    expect(answer.status).toBe(401)
  })
})

describe('webhooks (spec v3 §6)', () => {
  let server: Server
  let url = ''
  const received: { body: EventWebhookEvent; authorization: string }[] = []
  let failuresLeft = 0

  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = ''
      request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      request.on('end', () => {
        received.push({ body: JSON.parse(text) as EventWebhookEvent, authorization: request.headers.authorization ?? '' })
        response.statusCode = failuresLeft-- > 0 ? 400 : 200
        response.end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address() as { port: number }
    url = `http://127.0.0.1:${address.port}/hook`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('sends EVENT and EVENT_REGISTRATION payloads with an id token for the webhook URL, retrying 4 times after 400', async () => {
    const client = api(sandbox, await token(sandbox, 'organizer'))
    const created = await client.send<CreatedEvent>('POST', '/event', {
      name: 'Webhook-rastit',
      organizerId: FED,
      startDateTime: { date: '2030-08-01', time: '18:00' },
      endDateTime: { date: '2030-08-01', time: '20:00' },
      registrationCancellable: true,
      allowedRegisterer: 'BOTH',
      visibility: 'PUBLIC',
      purpose: 'SPORTS',
      webhookUrl: url
    }, '/api/public/v3')
    expect(created.status).toBe(200)
    const user = sandbox.store.userLicence(sandbox.store.userLicenceIds()[0])!.user.id
    const registration = await client.send<{ eventRegistrationId: number }>('POST', `/event/registration/${created.body.uuid}`, { participantUserId: user })
    await sandbox.webhooks.idle()
    const create = received.find((r) => r.body.type === 'EVENT_REGISTRATION')!
    expect(create.body.eventRegistrationPayload).toMatchObject({ type: 'CREATE', eventId: created.body.id, eventRegistrationId: registration.body.eventRegistrationId, userId: user })
    const claims = await verifiedClaims(create.authorization.replace(/^Bearer /, ''))
    expect(claims.aud).toBe(url)

    failuresLeft = 100
    const before = received.length
    sandbox.activity.updateEvent(created.body.id, { name: 'Webhook-rastit (muutettu)' })
    await sandbox.webhooks.idle()
    expect(received.length - before).toBe(1 + WEBHOOK_RETRIES)
    expect(received.slice(before).every((r) => r.body.type === 'EVENT' && r.body.eventPayload?.type === 'UPDATE')).toBe(true)
    expect(sandbox.webhooks.deliveries.at(-1)!.statuses).toEqual([400, 400, 400, 400, 400])

    failuresLeft = 1
    const beforeDelete = received.length
    sandbox.activity.deleteEvent(created.body.id)
    await sandbox.webhooks.idle()
    expect(received.length - beforeDelete).toBe(2)
    expect(received.at(-1)!.body.eventPayload?.type).toBe('DELETE')
  })
})
