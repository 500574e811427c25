import type { ApiErrorKind } from '../../shared/errorCodes'

/**
 * An API call that did not produce an answer. `message` is one line naming method, path, status
 * (when there was one) and an excerpt of the server's message, e.g.
 * `GET /api/public/v2/licence/7: 400 Bad Request: invalid federation id`.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status?: number
  /**
   * The server's own words, when it answered an error status with a body: its whole message
   * (`bodyMessage`: at most MAX_ANSWER_CHARS characters, saying so when cut), e.g. every grantee
   * a refused merit grant names. `message` has only an excerpt.
   */
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
 * How much of the server's message an `ApiError.answer` keeps, characters: room for some 6,000
 * user ids a refusal names (of up to 10,000 grantees, spec v2 §8), while a runaway error page
 * stays bounded in the outbox and its audit log.
 */
export const MAX_ANSWER_CHARS = 64 * 1024

/**
 * A short, single-line excerpt of an error body, for one-line error texts: its message as
 * `bodyMessage` finds it, at most 160 characters (`excerptOf`).
 */
export function bodyExcerpt(text: string): string {
  return excerptOf(messageIn(text))
}

/** `message` as one line of at most 160 characters (`...` ending one that was cut), e.g. an `ApiError.answer` quoted in a one-line reason. */
export function excerptOf(message: string): string {
  const excerpt = oneLine(message)
  return excerpt.length > 160 ? `${excerpt.slice(0, 157)}...` : excerpt
}

/**
 * The server's whole message in an error body, as one line: the `message`/`error_description`/
 * `error` field of a JSON body, else the text with tags removed; runs of whitespace collapsed.
 * Beyond MAX_ANSWER_CHARS characters it is cut, and ends saying so and how long it was.
 */
export function bodyMessage(text: string): string {
  const message = oneLine(messageIn(text))
  if (message.length <= MAX_ANSWER_CHARS) return message
  // Not between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(message[MAX_ANSWER_CHARS - 1]) ? MAX_ANSWER_CHARS - 1 : MAX_ANSWER_CHARS
  return `${message.slice(0, end)}... (cut: the server's message has ${message.length.toLocaleString('en')} characters; the first ${end.toLocaleString('en')} are kept)`
}

function messageIn(text: string): string {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>
    const field = parsed?.message ?? parsed?.error_description ?? parsed?.error
    return typeof field === 'string' ? field : text
  } catch {
    return text.replace(/<[^>]*>/g, ' ')
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * The error of a 2xx to a write that is not the endpoint's answer: no JSON, JSON of another shape,
 * or JSON without what the answer carries (`what`, e.g. spec v2 §4.9 POST /order without its
 * `orderId`). It says nothing of what the registry did, so it is never an acceptance: an
 * `invalid-response` with `sent` true, the outbox item `unknown` and read back (DESIGN §4).
 * `request` names method and path, e.g. `POST /api/public/v2/order`.
 */
export function notTheAnswer(request: string, status: number, what: string): ApiError {
  return new ApiError('invalid-response', `${request}: ${status}: whether the change was made is unknown: the server sent ${what}`, status)
}
