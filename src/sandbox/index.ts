/**
 * The Federation Sandbox: a local Fastify server implementing the Public Data API v2 (spec v2
 * §4, reads and writes, §2.1 paging, §5 client credentials and permissions) and v3 (spec v3 §4,
 * including the §5 authorization-code flow and §6 webhooks) over deterministic generated data,
 * with fault injection and a simulated clock for payment transitions. Binds to loopback only.
 *
 * Paths: `{baseUrl}/api/public/v2/...`, `{baseUrl}/api/public/v3/...` and
 * `{authUrl}/oauth2/token`; both URLs are `http://127.0.0.1:PORT`.
 */
import { EventEmitter } from 'node:events'
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify'
import { TokenIssuer, type SandboxClient } from './auth'
import { FaultInjector, NO_FAULTS, type FaultOptions } from './faults'
import { generateData } from './generate'
import { HttpError } from './httpError'
import { isPersonalDataLevel, type PersonalDataLevel } from './personalData'
import type { ListSenderContext } from './respond'
import { registerOrganizationRoutes } from './routes/organizations'
import { registerSeasonRoutes } from './routes/season'
import { registerUserDataRoutes } from './routes/userData'
import { SandboxStore } from './store'
import { ActivityStore } from './activity'
import { generateActivity } from './generateActivity'
import { registerActivityRoutes } from './routes/activity'
import type { RouteDeps } from './routes/deps'
import { registerV3Routes } from './routes/v3'
import { SimulatedClock } from './simulatedClock'
import { AuthorizationServer, JwtSigner, OAuthError } from './oauth'
import { WebhookDispatcher } from './webhooks'
import { helsinkiLocalDateTime } from '../shared/helsinkiTime'

export type { FaultOptions } from './faults'
export type { PersonalDataLevel } from './personalData'
export { FIELDS_ADDED_BY_LEVEL, PERSONAL_DATA_LEVELS } from './personalData'
export { SandboxStore, type PersonPatch, type NewUserLicence, type SportParamSelection } from './store'
export type { PersonRecord, UserLicenceRecord, UserInsuranceRecord } from './records'
export { ActivityStore, CONFIRMATION_DELAY_MS, PAYMENT_DEADLINE_MS } from './activity'
export { SimulatedClock } from './simulatedClock'
export { WebhookDispatcher, WEBHOOK_RETRIES, type WebhookDelivery } from './webhooks'
export { AuthorizationServer } from './oauth'

/** Id of the public (PKCE, no secret) client with the default client's rights (spec v3 §5). */
export const PUBLIC_CLIENT_ID = 'kanslia-sandbox-public'

/** An extra API client (spec v2 §5 permissions): its organizations with read or write rights and its personal-data level. */
export interface SandboxClientOptions {
  clientId: string
  /** Default: a random secret. */
  clientSecret?: string
  /** Organizations with read permission, cascading down the hierarchy. */
  readableOrganizationIds?: number[]
  /** Organizations with write permission (write includes read), cascading down the hierarchy. */
  writableOrganizationIds?: number[]
  /** Default PERMISSION_USER_ANONYMOUS, the spec's default when no user permission is defined. */
  personalDataLevel?: PersonalDataLevel
}

/** Options of `startSandbox`. */
export interface SandboxOptions {
  /** Default '127.0.0.1'; anything that is not loopback is refused. */
  host?: string
  /** Default 0 = a random free port. */
  port?: number
  /** Default 1; same seed and athletes give byte-identical data. */
  seed?: number
  /** Default 2000; 150,000 generate in a few seconds. */
  athletes?: number
  /** `expires_in` of issued tokens in seconds, default 3600. */
  tokenLifetimeSeconds?: number
  /** Personal-data level of the default client (spec v2 §5); default EXTENDED. */
  personalDataLevel?: PersonalDataLevel
  faults?: Partial<FaultOptions>
  /** Organizations the default client may write (spec v2 §5); default none (read-only on its federation). */
  writableOrganizationIds?: number[]
  /** The default client may also write in its whole federation, as the demo's and `kanslia sandbox`'s do, so queued changes can be pushed. */
  writesOwnFederation?: boolean
  /** Further clients; ids must differ from the default client's. */
  clients?: SandboxClientOptions[]
}

/** What a client needs to connect. */
export interface SandboxCredentials {
  baseUrl: string
  authUrl: string
  clientId: string
  clientSecret: string
  /** The federation the client may read. */
  federationId: number
}

/** A running sandbox. */
export interface Sandbox extends SandboxCredentials {
  credentials(): SandboxCredentials
  /** The live data; tests change it while a client syncs. */
  store: SandboxStore
  /** Merits, events, registrations, orders and client data. */
  activity: ActivityStore
  /** Simulated wall clock of payment transitions (spec v2 §3) and of every answer's `Date`; `clock.advance(ms)` moves it. */
  clock: SimulatedClock
  /** Webhook deliveries of spec v3 §6 (`deliveries`, `idle()`). */
  webhooks: WebhookDispatcher
  /** The v3 authorization server; `oauth.userId` is the user /oauth/authorize consents for. */
  oauth: AuthorizationServer
  /** The public key of id tokens (also served at `{authUrl}/.well-known/jwks.json`). */
  idTokenPublicJwk: Record<string, unknown>
  /** Credentials of a client given in `options.clients` (or of the default client). @throws Error for unknown ids. */
  clientCredentials(clientId: string): SandboxCredentials
  /** Mutable at run time: tests switch faults on and off. */
  faults: FaultOptions
  /**
   * Emits 'request' with `{ method, url, statusCode }` after each API response (not token requests),
   * and 'answer' with the same payload once a route has acted and before its reply is written (not
   * for an answer the truncation fault cuts): a test that kills its client on 'answer' knows the answer never reached it.
   */
  events: EventEmitter
  close(): Promise<void>
}

/** Payload of the 'request' and 'answer' events. */
export interface SandboxRequestEvent {
  method: string
  url: string
  statusCode: number
}

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|::1|localhost)$/

/**
 * The start of the current month of the registry's calendar (Helsinki time, whose day the sandbox
 * judges readability and registration windows by), as `Date.UTC(year, month, 1)`: the data's
 * reference instant. Data derived from it is identical for sandboxes started within the same month
 * (spec-free choice: determinism without data that ages by the day). A UTC month would hand out
 * December's data after midnight of New Year's Eve in Helsinki, a day on which none of them is valid.
 */
function referenceInstantMs(): number {
  const [year, month] = helsinkiLocalDateTime(Date.now()).split('-').map(Number)
  return Date.UTC(year, month - 1, 1)
}

/**
 * Generates the data and starts the server.
 * @throws Error when `host` is not a loopback address, an option is out of range, or the port is taken.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1'
  if (!LOOPBACK.test(host)) throw new Error(`the sandbox binds to loopback only; refusing host ${JSON.stringify(host)}`)
  const level = options.personalDataLevel ?? 'PERMISSION_USER_EXTENDED'
  if (!isPersonalDataLevel(level)) throw new Error(`unknown personal-data level ${JSON.stringify(level)}`)
  const lifetime = options.tokenLifetimeSeconds ?? 3600
  if (!(lifetime > 0)) throw new Error(`tokenLifetimeSeconds must be positive, got ${lifetime}`)

  const seed = options.seed ?? 1
  const referenceMs = referenceInstantMs()
  const clock = new SimulatedClock()
  const data = generateData({ seed, athletes: options.athletes ?? 2000, referenceMs })
  const generatedActivity = generateActivity(data, seed, referenceMs, clock.now())
  const store = new SandboxStore(data)
  const activity = new ActivityStore(store, generatedActivity, clock)
  const client: SandboxClient = {
    clientId: 'kanslia-sandbox-client',
    clientSecret: randomBytes(18).toString('base64url'),
    readableOrganizationIds: [store.federationId],
    writableOrganizationIds: [...(options.writableOrganizationIds ?? []), ...(options.writesOwnFederation ? [store.federationId] : [])],
    personalDataLevel: level
  }
  store.prerenderWire(level)
  const clients: SandboxClient[] = [client]
  for (const extra of options.clients ?? []) {
    if (clients.some((c) => c.clientId === extra.clientId)) throw new Error(`duplicate client id ${JSON.stringify(extra.clientId)}`)
    const extraLevel = extra.personalDataLevel ?? 'PERMISSION_USER_ANONYMOUS'
    if (!isPersonalDataLevel(extraLevel)) throw new Error(`unknown personal-data level ${JSON.stringify(extraLevel)}`)
    clients.push({
      clientId: extra.clientId,
      clientSecret: extra.clientSecret ?? randomBytes(18).toString('base64url'),
      readableOrganizationIds: [...(extra.readableOrganizationIds ?? [])],
      writableOrganizationIds: [...(extra.writableOrganizationIds ?? [])],
      personalDataLevel: extraLevel
    })
  }
  clients.push({ ...client, clientId: PUBLIC_CLIENT_ID, clientSecret: '', readableOrganizationIds: [...client.readableOrganizationIds], writableOrganizationIds: [...client.writableOrganizationIds] })
  const issuer = new TokenIssuer(clients, lifetime)
  const signer = new JwtSigner()
  let publicUrl = ''
  const oauth = new AuthorizationServer(clients, issuer, signer, store.personIds()[0], '')
  const webhooks = new WebhookDispatcher(signer, () => publicUrl)
  activity.setWebhookSink((url, payload) => webhooks.send(url, payload))
  const injector = new FaultInjector({ ...NO_FAULTS, ...options.faults })
  const faults = injector.options
  const events = new EventEmitter()
  const requestClients = new WeakMap<FastifyRequest, SandboxClient>()

  // maxParamLength: 100 comma-separated order ids (spec v2 §8) exceed Fastify's default of 100 characters.
  const app = Fastify({ logger: false, forceCloseConnections: true, routerOptions: { maxParamLength: 2048 } })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error instanceof HttpError ? error.status : error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    reply.code(status).send({ status, error: httpReason(status), message: error.message })
  })
  // RFC 9110 §6.6.1: every answer's Date tells the simulated clock's time, the registry's time clients
  // go by (Kanslia keeps its cursors short of it); `clock.advance` moves it. A reply cut short by
  // the truncation fault (hijacked) carries Node's own.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('date', new Date(clock.now()).toUTCString())
  })

  // spec v2 §5: client credentials; grant_type in the query (as documented) or the form body.
  app.post('/oauth2/token', async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const body = (request.body ?? {}) as Record<string, unknown>
    const grant = issuer.issue(request.headers.authorization, query.grant_type ?? body.grant_type)
    reply.header('cache-control', 'no-store')
    if (!grant.ok) return reply.code(grant.status).send({ error: grant.error, error_description: grant.description })
    return { access_token: grant.accessToken, token_type: 'bearer', expires_in: grant.expiresIn }
  })

  const sender: ListSenderContext = {
    takeTruncation: () => injector.takeTruncation(),
    reportHijacked: (request, statusCode) => events.emit('request', { method: request.method, url: request.url, statusCode } satisfies SandboxRequestEvent)
  }

  /** An API scope: faults, bearer authentication and the 'request' event around the given routes. */
  const apiScope = (routes: (api: FastifyInstance, deps: RouteDeps) => void) =>
    async (api: FastifyInstance): Promise<void> => {
      api.addHook('onRequest', async (request, reply) => {
        if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs))
        const fault = injector.decide()
        if (fault.kind === 'error') {
          return reply.code(503).send({ status: 503, error: httpReason(503), message: 'injected fault: service unavailable' })
        }
        if (fault.kind === 'rateLimit') {
          return reply
            .code(429)
            .header('retry-after', String(fault.retryAfterSeconds))
            .send({ status: 429, error: httpReason(429), message: 'injected fault: too many requests' })
        }
        const authenticated = issuer.verify(request.headers.authorization)
        if (!authenticated) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ status: 401, error: httpReason(401), message: 'missing, unknown or expired bearer token' })
        }
        requestClients.set(request, authenticated)
      })
      // Not async: routes that call reply.send() without returning the reply would then answer 500.
      api.addHook('onSend', (request, reply, payload, done) => {
        events.emit('answer', { method: request.method, url: request.url, statusCode: reply.statusCode } satisfies SandboxRequestEvent)
        done(null, payload)
      })
      api.addHook('onResponse', async (request, reply) => {
        events.emit('request', { method: request.method, url: request.url, statusCode: reply.statusCode } satisfies SandboxRequestEvent)
      })
      const deps: RouteDeps = {
        store,
        sender,
        clientOf(request: FastifyRequest): SandboxClient {
          const c = requestClients.get(request)
          if (!c) throw new HttpError(401, 'not authenticated')
          return c
        }
      }
      routes(api, deps)
    }

  await app.register(
    apiScope((api, deps) => {
      registerOrganizationRoutes(api, deps)
      registerSeasonRoutes(api, deps)
      registerUserDataRoutes(api, deps)
      registerActivityRoutes(api, deps, activity)
    }),
    { prefix: '/api/public/v2' }
  )
  await app.register(
    apiScope((api, deps) => registerV3Routes(api, deps, activity, clock)),
    { prefix: '/api/public/v3' }
  )

  // spec v3 §5: authorization code with PKCE, refresh tokens; parameters in the query (as
  // documented) or, for /tokens, the form body.
  app.get('/api/public/v3/oauth/authorize', async (request, reply) => {
    try {
      const result = oauth.authorize(request.query as Record<string, string | undefined>)
      if (result.redirect) return reply.code(302).header('location', result.redirect).send()
      return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(result.code))
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error
      return reply.code(error.status).send({ error: error.error, error_description: error.message })
    }
  })
  app.post('/api/public/v3/oauth/tokens', async (request, reply) => {
    const params = { ...(request.body as Record<string, string | undefined> | undefined), ...(request.query as Record<string, string | undefined>) }
    reply.header('cache-control', 'no-store')
    try {
      return oauth.token(params, request.headers.authorization)
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error
      return reply.code(error.status).send({ error: error.error, error_description: error.message })
    }
  })
  app.get('/.well-known/jwks.json', async () => ({ keys: [signer.publicJwk] }))

  // The payment gateway of spec v2 §2.17 (paymentGatewayUrl): posting the request data completes
  // the payment; its confirmation arrives later on the simulated clock (see activity.ts).
  app.post('/sandbox/payment-gateway', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    const orderId = Number(body.orderId)
    const order = Number.isInteger(orderId) ? activity.order(orderId) : undefined
    if (!order || order.status !== 'WAITING_PAYMENT_CONFIRMATION') throw new HttpError(400, `no order waiting for payment with id ${String(body.orderId)}`)
    activity.completePayment(orderId)
    reply.code(200).send({ orderId, accepted: true })
  })

  await app.listen({ host, port: options.port ?? 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the sandbox did not get a TCP address')
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  publicUrl = url
  oauth.issuerUrl = url
  const clientCredentials = (clientId: string): SandboxCredentials => {
    const c = clients.find((x) => x.clientId === clientId)
    if (!c) throw new Error(`no sandbox client ${JSON.stringify(clientId)}`)
    return { baseUrl: url, authUrl: url, clientId: c.clientId, clientSecret: c.clientSecret, federationId: store.federationId }
  }
  const credentials = (): SandboxCredentials => clientCredentials(client.clientId)
  return {
    ...credentials(),
    credentials,
    clientCredentials,
    store,
    activity,
    clock,
    webhooks,
    oauth,
    idTokenPublicJwk: signer.publicJwk,
    faults,
    events,
    close: async () => {
      await webhooks.idle()
      await app.close()
    }
  }
}

function httpReason(status: number): string {
  const reasons: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' }
  return reasons[status] ?? 'Error'
}
