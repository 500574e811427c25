import type { ApiErrorKind } from '../../shared/errorCodes'

/**
 * An API call that did not produce an answer. `message` is one line naming method, path, status
 * (when there was one) and an excerpt of the server's message, e.g.
 * `GET /api/public/v2/licence/7: 400 Bad Request: invalid federation id`.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status?: number
  /** The server's own words (the excerpt of its error body), when it answered with one. */
  readonly answer?: string
  /**
   * False when the request certainly never reached the API: no connection could be made, or no
   * token could be obtained to send it with. True when it may have arrived, so a write that failed
   * so may have taken effect (DESIGN §4 `unknown`).
   */
  readonly sent: boolean

  constructor(kind: ApiErrorKind, message: string, status?: number, details: { answer?: string; sent?: boolean } = {}) {
    super(message)
    this.name = 'ApiError'
    this.kind = kind
    this.status = status
    this.answer = details.answer
    this.sent = details.sent ?? true
  }
}

/** Maps an HTTP status that is an answer (not retried) to its error kind. */
export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not-found'
  if (status >= 500 || status === 429) return 'server'
  return 'bad-request'
}

/**
 * A short, single-line excerpt of an error body: the `message`/`error` field of a JSON body, else
 * the text with tags and runs of whitespace collapsed; at most 160 characters.
 */
export function bodyExcerpt(text: string): string {
  let excerpt = text
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>
    const field = parsed?.message ?? parsed?.error_description ?? parsed?.error
    if (typeof field === 'string') excerpt = field
  } catch {
    excerpt = text.replace(/<[^>]*>/g, ' ')
  }
  excerpt = excerpt.replace(/\s+/g, ' ').trim()
  return excerpt.length > 160 ? `${excerpt.slice(0, 157)}...` : excerpt
}
