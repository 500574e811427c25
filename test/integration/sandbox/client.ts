/** Small real-HTTP client for the sandbox tests: a token and GETs that return status and JSON. */
import type { Page } from '../../../src/shared/api/v2'
import type { Sandbox } from '../../../src/sandbox/index'

/** Requests a token with the sandbox's credentials, or those of `clientId` (spec v2 §5). */
export async function token(sandbox: Sandbox, clientId?: string): Promise<string> {
  const c = clientId === undefined ? sandbox : sandbox.clientCredentials(clientId)
  const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')
  const response = await fetch(`${sandbox.authUrl}/oauth2/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }
  })
  if (response.status !== 200) throw new Error(`token: ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** Answer of a GET: status, headers and the parsed JSON body (undefined when empty). */
export interface Answer<T> {
  status: number
  headers: Headers
  body: T
}

/** A client bound to one sandbox and token. `query` values are URL-encoded (so `+` becomes %2B). */
export function api(sandbox: Sandbox, bearer: string) {
  async function get<T = unknown>(path: string, query: Record<string, string | number> = {}): Promise<Answer<T>> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()
    const response = await fetch(`${sandbox.baseUrl}/api/public/v2${path}${qs ? `?${qs}` : ''}`, { headers: { authorization: `Bearer ${bearer}` } })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T }
  }
  /** Every element of a list endpoint, reading pages of `size` until `total` is reached. */
  async function all<T>(path: string, query: Record<string, string | number> = {}, size = 1000): Promise<T[]> {
    const out: T[] = []
    for (let page = 0; ; page++) {
      const answer = await get<Page<T>>(path, { ...query, page, size })
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
      out.push(...answer.body.content)
      if (out.length >= answer.body.pageable.total || answer.body.content.length === 0) return out
    }
  }
  /** A request with a JSON body (POST, PUT, DELETE); `prefix` selects the v2 or v3 interface. */
  async function send<T = unknown>(method: string, path: string, body?: unknown, prefix = '/api/public/v2'): Promise<Answer<T>> {
    const response = await fetch(`${sandbox.baseUrl}${prefix}${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T }
  }
  return { get, all, send }
}
