/**
 * The v3 token endpoints (spec v3 §5): GET /oauth/authorize (authorization code, PKCE with S256
 * or plain) and POST /oauth/tokens (authorization_code and refresh_token grants), id tokens
 * signed with ES256, and the signing of the webhook id tokens (spec v3 §6).
 *
 * Choices the spec leaves open, made here: the sandbox has no login page, so /authorize
 * consents at once for the sandbox's signed-in user (`AuthorizationServer.userId`, by default the
 * first athlete); with a redirect_uri it answers 302 to `redirect_uri?code=…&state=…`, without
 * one 200 with the code as a JSON string. Clients without a secret are PKCE clients and must send
 * a code_challenge; confidential clients authenticate with client_secret or Basic. Codes live 10
 * minutes and are single use; refresh tokens rotate. Errors are 400 (401 for client
 * authentication) with `{ error, error_description }`. Access tokens carry the client's v2
 * permissions. The public key is served as a JWK set at `/.well-known/jwks.json`.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, timingSafeEqual, type KeyObject } from 'node:crypto'
import type { SandboxClient, TokenIssuer } from './auth'

const CODE_LIFETIME_MS = 10 * 60_000

/** An OAuth error answer. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    description: string
  ) {
    super(description)
  }
}

interface PendingCode {
  clientId: string
  redirectUri?: string
  challenge?: string
  method: 'S256' | 'plain'
  nonce?: string
  scope: string
  userId: number
  expiresMs: number
}

/** Signs JWTs with a per-sandbox P-256 key (ES256). */
export class JwtSigner {
  private readonly privateKey: KeyObject
  /** The public key as a JWK (with `kid`, `alg`, `use`). */
  readonly publicJwk: Record<string, unknown>

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    this.publicJwk = { ...publicKey.export({ format: 'jwk' }), kid: 'sandbox-1', alg: 'ES256', use: 'sig' }
  }

  /** A compact JWT of `claims`. */
  sign(claims: Record<string, unknown>): string {
    const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')
    const input = `${encode({ alg: 'ES256', typ: 'JWT', kid: 'sandbox-1' })}.${encode(claims)}`
    const signature = sign('sha256', Buffer.from(input), { key: this.privateKey, dsaEncoding: 'ieee-p1363' })
    return `${input}.${signature.toString('base64url')}`
  }
}

/** Authorization codes and refresh tokens of spec v3 §5. */
export class AuthorizationServer {
  private readonly codes = new Map<string, PendingCode>()
  private readonly refreshTokens = new Map<string, { clientId: string; userId: number; scope: string }>()

  /** `userId`: the user /authorize consents for; `issuerUrl`: the `iss` of id tokens. */
  constructor(
    private readonly clients: SandboxClient[],
    private readonly issuer: TokenIssuer,
    private readonly signer: JwtSigner,
    public userId: number,
    public issuerUrl: string
  ) {}

  /**
   * GET /oauth/authorize (spec v3 §5 rule 2): a code bound to the client, redirect URI, PKCE
   * challenge and nonce. @throws OAuthError 400 for a bad request.
   */
  authorize(q: Record<string, string | undefined>): { code: string; redirect?: string } {
    if (q.response_type !== 'code') throw new OAuthError(400, 'unsupported_response_type', 'only response_type=code is supported')
    const client = this.clients.find((c) => c.clientId === q.client_id)
    if (!client) throw new OAuthError(400, 'invalid_client', 'unknown client_id')
    const method = q.code_challenge_method ?? 'plain'
    if (method !== 'S256' && method !== 'plain') throw new OAuthError(400, 'invalid_request', 'code_challenge_method must be S256 or plain')
    if (client.clientSecret === '' && !q.code_challenge) throw new OAuthError(400, 'invalid_request', 'code_challenge is required for clients without a secret (PKCE)')
    let redirect: URL | undefined
    if (q.redirect_uri !== undefined) {
      try {
        redirect = new URL(q.redirect_uri)
      } catch {
        throw new OAuthError(400, 'invalid_request', 'redirect_uri is not a URL')
      }
    }
    const code = randomBytes(24).toString('base64url')
    this.codes.set(code, { clientId: client.clientId, redirectUri: q.redirect_uri, challenge: q.code_challenge, method, nonce: q.nonce, scope: q.scope ?? 'openid', userId: this.userId, expiresMs: Date.now() + CODE_LIFETIME_MS })
    if (!redirect) return { code }
    redirect.searchParams.set('code', code)
    if (q.state !== undefined) redirect.searchParams.set('state', q.state)
    return { code, redirect: redirect.toString() }
  }

  /**
   * POST /oauth/tokens (spec v3 §5 rule 1): exchanges a code (checking the PKCE verifier) or a
   * refresh token for access, refresh and id tokens. @throws OAuthError.
   */
  token(params: Record<string, string | undefined>, authorization: string | undefined): { access_token: string; refresh_token: string; id_token: string; token_type: 'Bearer'; expires_in: number } {
    const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')
    let clientId = params.client_id
    let secret = params.client_secret
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      clientId = decoded.slice(0, colon)
      secret = decoded.slice(colon + 1)
    }
    const client = this.clients.find((c) => c.clientId === clientId)
    if (!client) throw new OAuthError(401, 'invalid_client', 'unknown client')
    if (client.clientSecret !== '' && !same(client.clientSecret, secret ?? '')) throw new OAuthError(401, 'invalid_client', 'wrong or missing client secret')
    let grant: { userId: number; scope: string; nonce?: string }
    if (params.grant_type === 'authorization_code') {
      const pending = params.code === undefined ? undefined : this.codes.get(params.code)
      if (params.code !== undefined) this.codes.delete(params.code)
      if (!pending || pending.expiresMs < Date.now() || pending.clientId !== client.clientId) throw new OAuthError(400, 'invalid_grant', 'unknown, used or expired code')
      if (pending.redirectUri !== undefined && params.redirect_uri !== pending.redirectUri) throw new OAuthError(400, 'invalid_grant', 'redirect_uri differs from the one of /authorize')
      if (pending.challenge !== undefined) {
        const verifier = params.code_verifier ?? ''
        const computed = pending.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier
        if (!verifier || !same(computed, pending.challenge)) throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge')
      }
      grant = { userId: pending.userId, scope: pending.scope, nonce: pending.nonce }
    } else if (params.grant_type === 'refresh_token') {
      const stored = params.refresh_token === undefined ? undefined : this.refreshTokens.get(params.refresh_token)
      if (!stored || stored.clientId !== client.clientId) throw new OAuthError(400, 'invalid_grant', 'unknown refresh_token')
      this.refreshTokens.delete(params.refresh_token!)
      grant = { userId: stored.userId, scope: params.scope ?? stored.scope }
    } else {
      throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token')
    }
    const access = this.issuer.issueFor(client)
    const refresh = randomBytes(32).toString('base64url')
    this.refreshTokens.set(refresh, { clientId: client.clientId, userId: grant.userId, scope: grant.scope })
    const now = Math.floor(Date.now() / 1000)
    const idToken = this.signer.sign({ iss: this.issuerUrl, sub: String(grant.userId), aud: client.clientId, iat: now, exp: now + access.expiresIn, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
    return { access_token: access.accessToken, refresh_token: refresh, id_token: idToken, token_type: 'Bearer', expires_in: access.expiresIn }
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
