import { Agent, util } from 'undici'
import type { TokenResponse } from '../../shared/api/v2'
import { ApiError, bodyExcerpt, bodyMessage, kindOfStatus, notTheAnswer } from './errors'
import { parseHttpDate } from './httpDate'
import { backoffMs, parseRetryAfter, sleep } from './retry'

export { ApiError } from './errors'

/**
 * Where and as whom to call the Public Data API (spec v2 §5). `baseUrl` is the spec's `{base_url}`
 * (the client appends `/api/public/v2`), `authUrl` its `{auth_url}` (token at `/oauth2/token`).
 */
export interface ApiClientOptions {
  baseUrl: string
  authUrl: string
  clientId: string
  clientSecret: string
  /** Tries per call, the first included; default 6. */
  maxAttempts?: number
  /** Timeout for the response headers and for each pause while reading the body, ms; default 60000. */
  requestTimeoutMs?: number
  /** First retry delay before jitter, ms; doubles per retry; default 250. */
  backoffBaseMs?: number
}

type Query = Record<string, string | number | boolean | undefined>
type Method = 'GET' | WriteMethod

/** The write methods of spec v2 §4. */
export type WriteMethod = 'POST' | 'PUT' | 'DELETE'

/** What the responses of the calls it is passed to told: one list's, while other calls run concurrently. */
export interface ResponseMeter {
  /** Response body bytes, counted as `ApiClient.stats.bytes` counts them. */
  bytes: number
  /**
   * The server's time by the newest `Date` header (RFC 9110 §6.6.1) among those responses, ms since
   * the epoch, whole seconds; undefined while none carried a readable one.
   */
  serverTimeMs?: number
}

/** Options of `ApiClient.writeV2` and `writeV3`. */
export interface WriteOptions {
  /** Sent as JSON; no body when undefined. */
  body?: unknown
  query?: Query
  /** True only for writes proven safe to repeat (DESIGN §2, §4): they are retried like GET. */
  idempotent?: boolean
}

/**
 * The option of a write to an endpoint whose success the spec answers with a status only (e.g.
 * v2 §4.10 PUT /client-data: 204; §4.8 DELETE a registration: 200 "cancellation successful"):
 * an empty 2xx body is then its answer. Without it the 2xx must carry a JSON object, as the
 * spec's endpoint answers one (v2 §4.9 POST /order: the Order with its `orderId`).
 */
export interface EmptyAnswerOption {
  emptyAnswer: true
}

/** A write's answer: status, parsed JSON body (undefined only for an empty one, `EmptyAnswerOption`) and `Location`. */
export interface WriteAnswer<T> {
  status: number
  body: T
  location?: string
}

/** Connection errors after which the request certainly did not leave this computer. */
const UNSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

interface RawResponse {
  status: number
  statusText: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** Raised inside one attempt when it may be repeated; carries the error to throw when out of tries. */
class Retryable extends Error {
  constructor(
    readonly error: ApiError,
    readonly retryAfterMs?: number
  ) {
    super(error.message)
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout'
}

/**
 * Public Data API v2 and v3 client (DESIGN §2) on an undici keep-alive Agent.
 *
 * - OAuth 2.0 client credentials (spec v2 §5): the bearer token is cached until shortly before
 *   `expires_in` runs out (a margin of min(30 s, 20 % of the lifetime), so 3-second tokens still
 *   work); a 401 renews the token once and repeats the request.
 * - GET is safe to repeat, so network errors, timeouts, 5xx, 429 (after `Retry-After`, seconds or
 *   HTTP-date) and truncated or unparseable bodies are retried with jittered exponential backoff.
 * - 400, 403 and 404 are answers: they throw `ApiError` at once (spec v2 §7).
 * - Writes (`writeV2`) are retried only when the caller says they are idempotent (DESIGN §2).
 */
export class ApiClient {
  /** API requests sent (retries included, token requests not), response body bytes, retries. */
  readonly stats = { requests: 0, bytes: 0, retries: 0 }

  private readonly options: Required<ApiClientOptions>
  private readonly agent: Agent
  private token?: { value: string; renewAt: number }
  private pendingToken?: Promise<string>

  constructor(options: ApiClientOptions) {
    this.options = {
      maxAttempts: 6,
      requestTimeoutMs: 60_000,
      backoffBaseMs: 250,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      authUrl: options.authUrl.replace(/\/+$/, '')
    }
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      connections: 8,
      headersTimeout: this.options.requestTimeoutMs,
      bodyTimeout: this.options.requestTimeoutMs
    })
  }

  /**
   * GET `{baseUrl}/api/public/v2{path}?query` and parse the JSON body. `undefined` query values
   * are left out. Counts the request, its body bytes and retries in `stats`, and the body bytes and
   * the server's time (`ResponseMeter`) of its answers (4xx included, not the 5xx and 429 retried)
   * in `meter` too when given (a caller's share while other calls run concurrently).
   * @returns the parsed body (not validated: callers check the shape they rely on); null for an
   *   empty body ("200 with empty response", spec v2 §4.2, §4.4, §4.5, §4.10).
   * @throws ApiError: at once for 400/403/404 and a second 401; after `maxAttempts` tries for
   *   network errors, 5xx, 429 and bodies that are not complete JSON.
   */
  async getV2<T = unknown>(path: string, query?: Query, meter?: ResponseMeter): Promise<T> {
    const target = `/api/public/v2${path}${queryString(query)}`
    return this.call('GET', target, undefined, true, (response) => parseJsonAnswer<T>('GET', target, response), meter)
  }

  /**
   * GET `{baseUrl}/api/public/v3{path}?query` (spec v3 §4), with the same token, retries and
   * errors as `getV2` (spec v3 §5 leaves the bearer requirements open; the v2 token is used).
   * @returns the parsed body (not validated).
   * @throws ApiError as `getV2`.
   */
  async getV3<T = unknown>(path: string, query?: Query, meter?: ResponseMeter): Promise<T> {
    const target = `/api/public/v3${path}${queryString(query)}`
    return this.call('GET', target, undefined, true, (response) => parseJsonAnswer<T>('GET', target, response), meter)
  }

  /**
   * A write to `{baseUrl}/api/public/v2{path}?query` (spec v2 §4: POST, PUT, DELETE) with `body`
   * sent as JSON. A 401 renews the token once and repeats (the API did not act on it). Network
   * errors, 5xx, 429 and 2xx answers that are not the spec's (below) are retried like GET only
   * when `idempotent` is true — for writes the outbox has proven safe to repeat (DESIGN §2);
   * otherwise the first one is thrown, with `ApiError.sent` telling whether the request may have
   * reached the API.
   *
   * A 2xx is an answer only when its body is a JSON object, or, with `emptyAnswer`, empty or any
   * JSON. A body that is not JSON (a proxy's maintenance page served with 200) or missing where
   * the endpoint answers one says nothing of what the API did: it is an `invalid-response`
   * ApiError with `sent` true, never an acceptance.
   * @returns the status, the parsed JSON body (undefined only when empty, with `emptyAnswer`) and
   *   the `Location` header (spec v2 §4.8 registration create).
   * @throws ApiError: 4xx at once, with the server's message in `answer`; network errors, 5xx,
   *   429 and uninterpretable 2xx answers after the attempts (idempotent) or at once.
   */
  async writeV2<T = unknown>(method: WriteMethod, path: string, options: WriteOptions & EmptyAnswerOption): Promise<WriteAnswer<T | undefined>>
  async writeV2<T = unknown>(method: WriteMethod, path: string, options?: WriteOptions): Promise<WriteAnswer<T>>
  async writeV2<T>(method: WriteMethod, path: string, options: WriteOptions & Partial<EmptyAnswerOption> = {}): Promise<WriteAnswer<T | undefined>> {
    return this.write<T>(method, `/api/public/v2${path}`, options)
  }

  /**
   * A write to `{baseUrl}/api/public/v3{path}?query` (spec v3 §4: POST /event, /merit,
   * /event/{uuid}/participants), with the same token, renewal, retries, answers and errors as `writeV2`.
   * @returns the status, the parsed JSON body and the `Location` header.
   * @throws ApiError as `writeV2`.
   */
  async writeV3<T = unknown>(method: WriteMethod, path: string, options: WriteOptions & EmptyAnswerOption): Promise<WriteAnswer<T | undefined>>
  async writeV3<T = unknown>(method: WriteMethod, path: string, options?: WriteOptions): Promise<WriteAnswer<T>>
  async writeV3<T>(method: WriteMethod, path: string, options: WriteOptions & Partial<EmptyAnswerOption> = {}): Promise<WriteAnswer<T | undefined>> {
    return this.write<T>(method, `/api/public/v3${path}`, options)
  }

  private write<T>(method: WriteMethod, path: string, options: WriteOptions & Partial<EmptyAnswerOption>): Promise<WriteAnswer<T | undefined>> {
    const target = `${path}${queryString(options.query)}`
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    return this.call(method, target, payload, options.idempotent === true, (response) => writeAnswer<T>(method, target, response, options.emptyAnswer === true))
  }

  /** Closes the keep-alive connections. The client must not be used afterwards. */
  async close(): Promise<void> {
    await this.agent.close()
  }

  /**
   * One API call with the token, the 401 renewal and, when `repeatable`, the retries with backoff.
   * `judge` turns a response into the result or throws (a `Retryable` to try again).
   */
  private async call<T>(method: Method, target: string, payload: string | undefined, repeatable: boolean, judge: (response: RawResponse) => T, meter?: ResponseMeter): Promise<T> {
    let renewed = false
    for (let attempt = 1; ; attempt++) {
      try {
        const token = await this.tokenFor(method)
        this.stats.requests++
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' }
        if (payload !== undefined) headers['content-type'] = 'application/json'
        const response = await this.send(method, `${this.options.baseUrl}${target}`, headers, payload)
        this.stats.bytes += response.body.length
        if (meter) {
          meter.bytes += response.body.length
          const serverTimeMs = parseHttpDate(response.headers.date)
          if (serverTimeMs !== undefined && (meter.serverTimeMs === undefined || serverTimeMs > meter.serverTimeMs)) meter.serverTimeMs = serverTimeMs
        }
        if (response.status === 401 && !renewed) {
          // The token may have been revoked or expired early: renew once and repeat (spec v2 §5).
          renewed = true
          this.token = undefined
          attempt--
          continue
        }
        return judge(response)
      } catch (error) {
        if (!(error instanceof Retryable)) throw error
        if (!repeatable || attempt >= this.options.maxAttempts) throw error.error
        this.stats.retries++
        await sleep(error.retryAfterMs ?? backoffMs(attempt, this.options.backoffBaseMs))
      }
    }
  }

  /** The token for a request; for a write, failing to get one means the write was never sent. */
  private async tokenFor(method: Method): Promise<string> {
    if (method === 'GET') return this.getToken()
    try {
      return await this.getToken()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      throw new ApiError(error.kind, error.message, error.status, { answer: error.answer, sent: false })
    }
  }

  private getToken(): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return Promise.resolve(this.token.value)
    this.pendingToken ??= this.fetchToken().finally(() => (this.pendingToken = undefined))
    return this.pendingToken
  }

  /**
   * Client-credentials grant (spec v2 §5 rules 1–3); retries like GET since it has no side effect.
   * Its failures say nothing of the API call waiting for the token, which was never sent: a 4xx
   * (but 429) is `unauthorized` (the credentials or the auth URL are wrong: nothing to retry, and
   * an outbox item must not be taken as rejected), and every error has `sent` false.
   */
  private async fetchToken(): Promise<string> {
    try {
      return await this.requestToken()
    } catch (error) {
      throw error instanceof ApiError && error.sent ? new ApiError(error.kind, error.message, error.status, { answer: error.answer, sent: false }) : error
    }
  }

  private async requestToken(): Promise<string> {
    const target = '/oauth2/token?grant_type=client_credentials'
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')
    for (let attempt = 1; ; attempt++) {
      try {
        const started = Date.now()
        const response = await this.send('POST', `${this.options.authUrl}${target}`, {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json'
        })
        if (response.status >= 400 && response.status < 500 && response.status !== 429) {
          const why = response.status <= 403 ? 'the client id or secret was not accepted' : `no token endpoint answered at ${this.options.authUrl}; check the auth URL`
          throw new ApiError('unauthorized', `POST ${target}: ${statusLine(response)}: ${why}${excerptSuffix(response.body)}`, response.status)
        }
        const body = parseJsonAnswer<Partial<TokenResponse>>('POST', target, response)
        if (typeof body?.access_token !== 'string' || body.access_token === '') {
          throw new ApiError('invalid-response', `POST ${target}: ${response.status}: the answer has no access_token`, response.status)
        }
        const lifetimeMs = (typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600) * 1000
        const margin = Math.min(30_000, lifetimeMs * 0.2)
        this.token = { value: body.access_token, renewAt: started + lifetimeMs - margin }
        return body.access_token
      } catch (error) {
        if (!(error instanceof Retryable)) throw error
        if (attempt >= this.options.maxAttempts) throw error.error
        this.stats.retries++
        await sleep(error.retryAfterMs ?? backoffMs(attempt, this.options.backoffBaseMs))
      }
    }
  }

  /**
   * One request on the agent, the whole body collected. Through `dispatch` with a plain handler
   * rather than undici's `request`, whose body stream cost a third of the client's CPU per
   * request: a quiet sync asks ~2,500 mostly empty lists. Rejects with undici's error (network,
   * timeout, body cut short) like `request` does.
   */
  private exchange(options: { origin: string; path: string; method: Method; headers: Record<string, string>; body?: string }): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = []
      let status = 0
      let responseHeaders: RawResponse['headers'] = {}
      this.agent.dispatch(options, {
        onConnect() {},
        onHeaders(statusCode, rawHeaders) {
          status = statusCode
          responseHeaders = util.parseHeaders(rawHeaders)
          return true
        },
        onData(chunk) {
          chunks.push(chunk)
          return true
        },
        onComplete() {
          resolve({ status, statusText: STATUS_TEXT[status] ?? '', headers: responseHeaders, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) })
        },
        onError(error) {
          reject(error)
        }
      })
    })
  }

  /**
   * One HTTP exchange with the whole body read. Throws `Retryable` for network errors (including
   * a body cut short), 5xx and 429; any other status is returned for the caller to judge.
   */
  private async send(method: Method, url: string, headers: Record<string, string>, payload?: string): Promise<RawResponse> {
    const target = url.slice(url.indexOf('/', url.indexOf('//') + 2))
    let response: RawResponse
    try {
      const body = payload ?? (method === 'GET' ? undefined : '')
      response = await this.exchange({ origin: url.slice(0, url.length - target.length), path: target, method, headers, body })
    } catch (error) {
      const cause = error as Error & { code?: string }
      const sent = !UNSENT_CODES.has(cause.code ?? '')
      throw new Retryable(new ApiError('network', `${method} ${target}: no complete answer (${cause.code ?? cause.name}: ${cause.message})`, undefined, { sent }))
    }
    if (response.status === 429 || response.status >= 500) {
      const error = new ApiError('server', `${method} ${target}: ${statusLine(response)}${excerptSuffix(response.body)}`, response.status, { answer: answerOf(response.body) })
      throw new Retryable(error, response.status === 429 ? parseRetryAfter(response.headers['retry-after']) : undefined)
    }
    return response
  }
}

/**
 * Judges the response to a write: a 2xx carrying a JSON object (or, with `emptyAnswer`, any JSON,
 * plain words or nothing) is the answer; another 2xx is retryable `invalid-response` (whether the write took
 * effect is unknown, so only an idempotent one is repeated); anything else an ApiError with the
 * server's words.
 */
function writeAnswer<T>(method: string, target: string, response: RawResponse, emptyAnswer: boolean): WriteAnswer<T | undefined> {
  if (response.status < 200 || response.status >= 300) {
    throw new ApiError(kindOfStatus(response.status), `${method} ${target}: ${statusLine(response)}${excerptSuffix(response.body)}`, response.status, { answer: answerOf(response.body) })
  }
  const location = Array.isArray(response.headers.location) ? response.headers.location[0] : response.headers.location
  const text = response.body.toString('utf8')
  const uninterpretable = (what: string) => new Retryable(notTheAnswer(`${method} ${target}`, response.status, what))
  if (text.trim() === '') {
    if (emptyAnswer) return { status: response.status, body: undefined, location }
    throw uninterpretable('no body where the registry answers with JSON')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    // A status-only endpoint may say so in words (spec v2 §4.8 DELETE: "cancellation successful"); a page is a proxy's.
    if (emptyAnswer && !/^\s*</.test(text)) return { status: response.status, body: undefined, location }
    throw uninterpretable(notJson(response, text))
  }
  if (!emptyAnswer && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw uninterpretable(`JSON ${body === null ? 'null' : Array.isArray(body) ? 'array' : typeof body} where the registry answers with an object`)
  }
  return { status: response.status, body: body as T, location }
}

/**
 * Judges a non-retryable response: 2xx must be complete JSON or empty (null; an unparseable body
 * is retried, since a proxy or a dropped connection may have cut it); other statuses become ApiError.
 */
function parseJsonAnswer<T>(method: string, target: string, response: RawResponse): T {
  if (response.status < 200 || response.status >= 300) {
    throw new ApiError(kindOfStatus(response.status), `${method} ${target}: ${statusLine(response)}${excerptSuffix(response.body)}`, response.status, { answer: answerOf(response.body) })
  }
  const text = response.body.toString('utf8')
  // "200 with empty response" is an answer the spec documents (v2 §4.2, §4.4, §4.5, §4.10), not a fault to retry.
  if (text.trim() === '') return null as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new Retryable(new ApiError('invalid-response', `${method} ${target}: ${response.status}: the server sent ${notJson(response, text)}`, response.status))
  }
}

/**
 * Says what a 2xx body that does not parse as JSON is. An error's message quotes an error
 * status's body and an HTML page, never a 2xx JSON body: that is the registry's personal data, or
 * the access token.
 */
function notJson(response: RawResponse, text: string): string {
  const contentType = String(response.headers['content-type'] ?? 'no content type')
  // A page (a proxy's, a maintenance notice) is quoted; JSON cut off is the data or the token itself.
  return /^\s*</.test(text)
    ? `an HTML or XML page (${contentType}) instead of JSON${excerptSuffix(response.body)}`
    : `JSON that does not parse (${response.body.length} bytes, ${contentType})`
}

function statusLine(response: RawResponse): string {
  return response.statusText ? `${response.status} ${response.statusText}` : String(response.status)
}

/** `: ` and the one-line excerpt of an error body or a page, for an error's message; '' for an empty body. */
function excerptSuffix(body: Buffer): string {
  const excerpt = bodyExcerpt(body.subarray(0, 4096).toString('utf8'))
  return excerpt ? `: ${excerpt}` : ''
}

/** The server's whole message in an error status's body (`bodyMessage`), for `ApiError.answer`; undefined for an empty body. */
function answerOf(body: Buffer): string | undefined {
  return bodyMessage(body.toString('utf8')) || undefined
}

function queryString(query: Query | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
