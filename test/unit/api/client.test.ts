import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiClient, ApiError, type ResponseMeter } from '../../../src/main/api/client'

/**
 * A scripted peer on 127.0.0.1: `answer` decides each API response; the token endpoint issues
 * numbered tokens with `expiresIn` seconds, or answers with `token` when given. The client talks
 * real HTTP to it.
 */
async function peer(answer: (req: IncomingMessage, res: ServerResponse, call: number) => void, expiresIn = 3600, token?: (res: ServerResponse) => void) {
  const log: Array<{ method: string; url: string; authorization?: string; contentType?: string }> = []
  let tokens = 0
  let calls = 0
  const server = createServer((req, res) => {
    log.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, contentType: req.headers['content-type'] })
    if (req.url!.startsWith('/oauth2/token')) {
      if (token) return token(res)
      const expected = `Basic ${Buffer.from('client:secret').toString('base64')}`
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: `t${++tokens}`, token_type: 'bearer', expires_in: expiresIn }))
      return
    }
    answer(req, res, ++calls)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const client = new ApiClient({ baseUrl: url, authUrl: url, clientId: 'client', clientSecret: 'secret', backoffBaseMs: 1, maxAttempts: 4 })
  cleanups.push(async () => {
    await client.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  return { client, log, url }
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))

describe('ApiClient', () => {
  it('gets a token by client credentials (spec v2 §5) and sends it as bearer; counts bytes', async () => {
    const { client, log } = await peer((req, res) => json(res, 200, { content: [], pageable: { page: 0, size: 50, total: 0 }, url: req.url }))
    const body = await client.getV2<{ url: string }>('/sport/7', { ts: '2026-01-15T09:31:02.123456+02:00', page: 0, skip: undefined })
    expect(body.url).toBe('/api/public/v2/sport/7?ts=2026-01-15T09%3A31%3A02.123456%2B02%3A00&page=0')
    expect(log[0]).toMatchObject({ method: 'POST', url: '/oauth2/token?grant_type=client_credentials', contentType: 'application/x-www-form-urlencoded' })
    expect(log[1].authorization).toBe('Bearer t1')
    await client.getV2('/sport/7')
    expect(log.filter((l) => l.url.startsWith('/oauth2')).length).toBe(1)
    expect(client.stats.requests).toBe(2)
    expect(client.stats.bytes).toBeGreaterThan(100)
  })

  it('reads v3 paths with the same token, and meters each caller\'s bytes like `stats` (spec v3 §4)', async () => {
    const { client, log } = await peer((req, res, call) => (call === 2 ? json(res, 503, { message: 'busy' }) : json(res, 200, { url: req.url })))
    const meter = { bytes: 0 }
    const version = await client.getV3<{ url: string }>('/api-version-info', undefined, meter)
    expect(version.url).toBe('/api/public/v3/api-version-info')
    const afterFirst = meter.bytes
    expect(afterFirst).toBe(JSON.stringify({ url: '/api/public/v3/api-version-info' }).length)
    await client.getV2('/sport/7', { page: 0 }, meter)
    expect(log.filter((l) => l.url.startsWith('/api')).map((l) => l.url)).toEqual(['/api/public/v3/api-version-info', '/api/public/v2/sport/7?page=0', '/api/public/v2/sport/7?page=0'])
    expect(meter.bytes).toBe(client.stats.bytes)
    expect(meter.bytes - afterFirst).toBe(JSON.stringify({ url: '/api/public/v2/sport/7?page=0' }).length)
  })

  it('meters the server\'s time by the newest readable Date of the answers, error statuses included', async () => {
    const dates = ['Mon, 02 Mar 2026 10:00:05 GMT', 'Mon, 02 Mar 2026 10:00:07 GMT', 'Mon, 02 Mar 2026 10:00:06 GMT', 'not a date', '']
    const { client } = await peer((req, res, call) => {
      // Node sends its own Date unless told otherwise: `sendDate` off for the empty one.
      if (dates[call - 1] === '') res.sendDate = false
      else res.setHeader('date', dates[call - 1])
      json(res, call === 2 ? 404 : 200, { call })
    })
    const meter: ResponseMeter = { bytes: 0 }
    await client.getV2('/sport/7', undefined, meter)
    expect(meter.serverTimeMs).toBe(Date.parse('2026-03-02T10:00:05Z'))
    // The 404 carried the newest; an older Date and an unreadable one leave it.
    await expect(client.getV2('/sport/7', undefined, meter)).rejects.toThrow(/404/)
    await client.getV2('/sport/7', undefined, meter)
    await client.getV2('/sport/7', undefined, meter)
    expect(meter.serverTimeMs).toBe(Date.parse('2026-03-02T10:00:07Z'))
    const fresh: ResponseMeter = { bytes: 0 }
    await client.getV2('/sport/7', undefined, fresh)
    expect(fresh).toEqual({ bytes: JSON.stringify({ call: 5 }).length })
  })

  it('renews the token once on 401 and repeats; a second 401 is an error', async () => {
    const { client, log } = await peer((req, res, call) => (call === 1 ? json(res, 401, { message: 'token expired' }) : json(res, 200, { ok: req.headers.authorization })))
    expect(await client.getV2('/x')).toEqual({ ok: 'Bearer t2' })
    expect(log.filter((l) => l.url.startsWith('/oauth2')).length).toBe(2)

    const { client: other } = await peer((_req, res) => json(res, 401, { message: 'token not valid' }))
    await expect(other.getV2('/x')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 })
  })

  it('renews a short-lived token before it runs out', async () => {
    const { client, log } = await peer((_req, res) => json(res, 200, {}), 1)
    await client.getV2('/x')
    await new Promise((resolve) => setTimeout(resolve, 900))
    await client.getV2('/x')
    expect(log.filter((l) => l.url.startsWith('/oauth2')).length).toBe(2)
  })

  it('wrong credentials: one clear unauthorized error, not retried', async () => {
    const { url } = await peer((_req, res) => json(res, 200, {}))
    const client = new ApiClient({ baseUrl: url, authUrl: url, clientId: 'client', clientSecret: 'wrong', backoffBaseMs: 1 })
    const error = (await client.getV2('/x').catch((e) => e)) as ApiError
    await client.close()
    expect(error).toBeInstanceOf(ApiError)
    expect(error.kind).toBe('unauthorized')
    expect(error.message).toMatch(/^POST \/oauth2\/token\?grant_type=client_credentials: 401 Unauthorized: the client id or secret was not accepted/)
    expect(error.message).not.toMatch(/\n/)
  })

  it('a token endpoint that is not one (a wrong auth URL): unauthorized, saying so, and the call never sent', async () => {
    const { url, log } = await peer((req, res) => (req.url?.startsWith('/nothere/') ? json(res, 404, { message: 'Route POST:/nothere/oauth2/token not found' }) : json(res, 200, {})))
    const client = new ApiClient({ baseUrl: url, authUrl: `${url}/nothere`, clientId: 'client', clientSecret: 'secret', backoffBaseMs: 1 })
    const error = (await client.writeV2('POST', '/merit-grant/grant/1', { body: {} }).catch((e) => e)) as ApiError
    await client.close()
    expect(error).toMatchObject({ kind: 'unauthorized', status: 404, sent: false })
    expect(error.message).toMatch(/404 Not Found: no token endpoint answered at .*; check the auth URL/)
    expect(log.filter((l) => l.url.startsWith('/api'))).toEqual([])
  })

  it('retries 503 and 429 (honouring Retry-After) and then succeeds', async () => {
    const { client } = await peer((_req, res, call) => {
      if (call === 1) json(res, 503, { message: 'busy' })
      else if (call === 2) json(res, 429, { message: 'slow down' }, { 'retry-after': '0' })
      else json(res, 200, { done: true })
    })
    expect(await client.getV2('/x')).toEqual({ done: true })
    expect(client.stats.retries).toBe(2)
    expect(client.stats.requests).toBe(3)
  })

  it('retries a body cut short (connection destroyed mid-body)', async () => {
    const { client } = await peer((_req, res, call) => {
      const body = JSON.stringify({ content: Array.from({ length: 200 }, (_, i) => ({ id: i })) })
      if (call === 1) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
        res.write(body.slice(0, body.length / 2))
        setTimeout(() => res.socket?.destroy(), 10)
      } else res.writeHead(200, { 'content-type': 'application/json' }).end(body)
    })
    const body = await client.getV2<{ content: unknown[] }>('/x')
    expect(body.content).toHaveLength(200)
    expect(client.stats.retries).toBe(1)
  })

  it('400, 403 and 404 are answers: thrown at once with method, path, status and the server message', async () => {
    for (const [status, kind] of [
      [400, 'bad-request'],
      [403, 'forbidden'],
      [404, 'not-found']
    ] as const) {
      const { client } = await peer((_req, res) => json(res, status, { message: 'invalid federation id' }))
      const error = (await client.getV2('/licence/999').catch((e) => e)) as ApiError
      expect(error.kind).toBe(kind)
      expect(error.status).toBe(status)
      expect(error.message).toMatch(new RegExp(`^GET /api/public/v2/licence/999: ${status} .*: invalid federation id$`))
      expect(client.stats.requests).toBe(1)
    }
  })

  it('an HTML page instead of JSON is an invalid-response error that says so, after retries', async () => {
    const { client } = await peer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>Maintenance</h1></body></html>'))
    const error = (await client.getV2('/x').catch((e) => e)) as ApiError
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toMatch(/^GET \/api\/public\/v2\/x: 200: the server sent an HTML or XML page \(text\/html\) instead of JSON: Maintenance$/)
    expect(client.stats.requests).toBe(4)
  })

  it('never quotes a 2xx JSON answer cut off: a list page holds personal data, the token endpoint answer the access token', async () => {
    const { client } = await peer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"content":[{"id":1,"user":{"firstName":"Aino","socialSecurityNumber":"010203A123B"'))
    const page = (await client.getV2('/x').catch((e) => e)) as ApiError
    expect(page.message).toBe('GET /api/public/v2/x: 200: the server sent JSON that does not parse (83 bytes, application/json)')

    const { client: tokenless } = await peer(
      () => undefined,
      3600,
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"SECRET-ACCESS-TOKEN-0123456789abcdef","token_type":"bea')
    )
    const token = (await tokenless.getV2('/x').catch((e) => e)) as ApiError
    expect(token.kind).toBe('invalid-response')
    expect(token.message).toBe('POST /oauth2/token?grant_type=client_credentials: 200: the server sent JSON that does not parse (72 bytes, application/json)')
  })

  it('gives up on a server that keeps failing with a server error naming the status', async () => {
    const { client } = await peer((_req, res) => json(res, 500, { message: 'database down' }))
    await expect(client.getV2('/x')).rejects.toThrow(/^GET \/api\/public\/v2\/x: 500 Internal Server Error: database down$/)
    expect(client.stats.requests).toBe(4)
  })

  it('an unreachable API is a network error after the attempts', async () => {
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', backoffBaseMs: 1, maxAttempts: 2 })
    const error = (await client.getV2('/x').catch((e) => e)) as ApiError
    await client.close()
    expect(error.kind).toBe('network')
    expect(error.message).toMatch(/^POST \/oauth2\/token\?grant_type=client_credentials: no complete answer/)
  })
})

describe('ApiClient writes (writeV2)', () => {
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = ''
      req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      req.on('end', () => resolve(text))
    })

  it('sends JSON with the bearer token and returns status, body and Location', async () => {
    const bodies: string[] = []
    const { client, log } = await peer(async (req, res) => {
      bodies.push(await readBody(req))
      json(res, 201, { eventRegistrationId: 7 }, { location: '/api/public/v2/event/registration/u/7' })
    })
    const answer = await client.writeV2('POST', '/event/registration/u', { body: { participantUserId: 5 } })
    expect(answer).toEqual({ status: 201, body: { eventRegistrationId: 7 }, location: '/api/public/v2/event/registration/u/7' })
    expect(bodies).toEqual(['{"participantUserId":5}'])
    expect(log[1]).toMatchObject({ method: 'POST', url: '/api/public/v2/event/registration/u', authorization: 'Bearer t1', contentType: 'application/json' })
  })

  it('an empty 204, or words, is the answer where the endpoint answers with a status only', async () => {
    const { client } = await peer((_req, res, call) => (call === 1 ? res.writeHead(204).end() : res.writeHead(200, { 'content-type': 'text/plain' }).end('cancellation successful')))
    expect(await client.writeV2('DELETE', '/client-data', { emptyAnswer: true })).toEqual({ status: 204, body: undefined, location: undefined })
    expect(await client.writeV2('DELETE', '/event/registration/u/7', { emptyAnswer: true })).toEqual({ status: 200, body: undefined, location: undefined })
  })

  it('a 2xx that is not the JSON the endpoint answers (a proxy\'s maintenance page, nothing, JSON cut off) is no acceptance: invalid-response, sent, thrown at once', async () => {
    const page = '<html><body><h1>Huoltokatko</h1> Palvelu on suljettu huollon ajaksi.</body></html>'
    const answers: Array<[string, string]> = [
      ['text/html', page],
      ['application/json', ''],
      ['application/json', 'null'],
      ['application/json', '{"orderId": 81, "user": {"ssn": "010190-123A"'],
      ['text/html', page]
    ]
    const { client } = await peer((_req, res, call) => res.writeHead(200, { 'content-type': answers[call - 1][0] }).end(answers[call - 1][1]))
    const errors: ApiError[] = []
    for (let i = 0; i < 4; i++) errors.push((await client.writeV2('POST', '/order', { body: {} }).catch((e) => e)) as ApiError)
    expect(errors.map((e) => [e.kind, e.status, e.sent])).toEqual(Array(4).fill(['invalid-response', 200, true]))
    expect(errors[0].message).toBe('POST /api/public/v2/order: 200: whether the change was made is unknown: the server sent an HTML or XML page (text/html) instead of JSON: Huoltokatko Palvelu on suljettu huollon ajaksi.')
    expect(errors[1].message).toBe('POST /api/public/v2/order: 200: whether the change was made is unknown: the server sent no body where the registry answers with JSON')
    expect(errors[2].message).toBe('POST /api/public/v2/order: 200: whether the change was made is unknown: the server sent JSON null where the registry answers with an object')
    // A 2xx JSON body is the registry's data: never quoted, even cut off.
    expect(errors[3].message).toMatch(/JSON that does not parse \(\d+ bytes, application\/json\)/)
    expect(errors[3].message).not.toContain('010190')
    expect(client.stats.requests).toBe(4)
    // Where the endpoint answers with a status only, an HTML page is no answer either.
    await expect(client.writeV2('DELETE', '/client-data', { emptyAnswer: true })).rejects.toMatchObject({ kind: 'invalid-response', status: 200 })
  })

  it('a 400 is thrown at once with the server message as answer', async () => {
    const { client } = await peer((_req, res) => json(res, 400, { status: 400, message: 'meritGrantees: user ids must be unique' }))
    const error = (await client.writeV2('POST', '/merit-grant/grant/3', { body: {}, idempotent: true }).catch((e) => e)) as ApiError
    expect(error).toMatchObject({ kind: 'bad-request', status: 400, answer: 'meritGrantees: user ids must be unique', sent: true })
    expect(client.stats.requests).toBe(1)
  })

  it('a 503 is retried only when the write is idempotent', async () => {
    const failOnce = (_req: IncomingMessage, res: ServerResponse, call: number) => (call === 1 ? json(res, 503, { message: 'busy' }) : json(res, 200, { ok: true }))
    const { client: once } = await peer(failOnce)
    const error = (await once.writeV2('POST', '/event/registration/u', { body: {} }).catch((e) => e)) as ApiError
    expect(error).toMatchObject({ kind: 'server', status: 503, sent: true })
    expect(once.stats.requests).toBe(1)

    const { client: repeated } = await peer(failOnce)
    expect((await repeated.writeV2('POST', '/merit-grant/grant/3', { body: {}, idempotent: true })).body).toEqual({ ok: true })
    expect(repeated.stats.retries).toBe(1)
  })

  it('a response cut off after a write may have taken effect: sent is true; no connection at all: sent is false', async () => {
    const { client } = await peer((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"eventRegistrationId"')
      setTimeout(() => res.socket?.destroy(), 10)
    })
    const cut = (await client.writeV2('POST', '/event/registration/u', { body: {} }).catch((e) => e)) as ApiError
    expect(cut).toMatchObject({ kind: 'network', sent: true })

    const offline = new ApiClient({ baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', backoffBaseMs: 1, maxAttempts: 2 })
    const unsent = (await offline.writeV2('POST', '/event/registration/u', { body: {} }).catch((e) => e)) as ApiError
    await offline.close()
    expect(unsent).toMatchObject({ kind: 'network', sent: false })
  })
})
