/**
 * OAuth 2.0 client credentials (spec v2 §5) and the clients' permissions.
 *
 * Choices the spec leaves open, made here: a missing, unknown or expired bearer token is answered
 * 401 (the conventional answer; the spec shows none); wrong client credentials or a missing or
 * other grant_type on the token endpoint are answered 401 and 400 respectively, with an OAuth
 * style body `{ error, error_description }`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { PersonalDataLevel } from './personalData'

/** A registered API client: its credentials, the organizations it may read, its personal-data level. */
export interface SandboxClient {
  clientId: string
  /** '' for a public (PKCE) client, which may use only the v3 authorization-code flow. */
  clientSecret: string
  /** Organizations with read permission; cascades to everything below them (spec v2 §5). */
  readableOrganizationIds: number[]
  /** Organizations with write permission (write includes read). */
  writableOrganizationIds: number[]
  personalDataLevel: PersonalDataLevel
}

interface IssuedToken {
  client: SandboxClient
  expiresAtMs: number
}

/** Outcome of checking an `Authorization: Basic` header on the token endpoint. */
export type TokenGrant = { ok: true; accessToken: string; expiresIn: number } | { ok: false; status: 400 | 401; error: string; description: string }

export class TokenIssuer {
  private readonly tokens = new Map<string, IssuedToken>()

  /** `lifetimeSeconds`: `expires_in` of issued tokens; read on every issue, so tests may change it. */
  constructor(
    private readonly clients: SandboxClient[],
    public lifetimeSeconds: number
  ) {}

  /**
   * Issues a token for `Authorization: Basic base64(id:secret)` and `grant_type=client_credentials`
   * (spec v2 §5 rules 1–3).
   */
  issue(authorization: string | undefined, grantType: unknown): TokenGrant {
    if (grantType !== 'client_credentials') {
      return { ok: false, status: 400, error: 'unsupported_grant_type', description: 'grant_type must be client_credentials' }
    }
    const client = this.authenticate(authorization)
    if (!client) return { ok: false, status: 401, error: 'invalid_client', description: 'unknown client or wrong secret' }
    const accessToken = randomBytes(24).toString('base64url')
    this.tokens.set(accessToken, { client, expiresAtMs: Date.now() + this.lifetimeSeconds * 1000 })
    return { ok: true, accessToken, expiresIn: this.lifetimeSeconds }
  }

  /** Issues an access token for an already authenticated client (spec v3 §5 token endpoint). */
  issueFor(client: SandboxClient): { accessToken: string; expiresIn: number } {
    const accessToken = randomBytes(24).toString('base64url')
    this.tokens.set(accessToken, { client, expiresAtMs: Date.now() + this.lifetimeSeconds * 1000 })
    return { accessToken, expiresIn: this.lifetimeSeconds }
  }

  /** The client of a valid `Authorization: Bearer` header, or undefined (answered 401). */
  verify(authorization: string | undefined): SandboxClient | undefined {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')
    if (!match) return undefined
    const token = this.tokens.get(match[1])
    if (!token) return undefined
    if (token.expiresAtMs <= Date.now()) {
      this.tokens.delete(match[1])
      return undefined
    }
    return token.client
  }

  private authenticate(authorization: string | undefined): SandboxClient | undefined {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '')
    if (!match) return undefined
    const decoded = Buffer.from(match[1], 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) return undefined
    const id = decoded.slice(0, colon)
    const secret = Buffer.from(decoded.slice(colon + 1))
    const client = this.clients.find((c) => c.clientId === id)
    // Clients without a secret (PKCE clients of spec v3 §5) cannot use client credentials.
    if (!client || client.clientSecret === '') return undefined
    const expected = Buffer.from(client.clientSecret)
    return expected.length === secret.length && timingSafeEqual(expected, secret) ? client : undefined
  }
}
