import { ApiError } from '../api/errors'

/**
 * What the outbox keeps of the registry's answer to a change (issue 5: its last answer and the
 * audit log): the answer as received, but every nested user profile (spec v2 §2.11: the `user` of
 * a user licence, which a club transfer read back answers with) reduced to its `id`. Those copies
 * show on the Outbox page and in `kanslia outbox --json` and `kanslia audit`, where no identity
 * number, birth date or guardian may show unasked, and they outlive the retention purge and a
 * deletion by the registry; the member's data is in `person`, kept and removed by the sync.
 * A `user` without a whole-number id keeps nothing.
 */
export function keptAnswer(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.map(keptAnswer)
  if (answer === null || typeof answer !== 'object') return answer
  return Object.fromEntries(Object.entries(answer).map(([key, value]) => [key, key === 'user' ? profileReference(value) : keptAnswer(value)]))
}

function profileReference(user: unknown): unknown {
  if (user === null || typeof user !== 'object' || Array.isArray(user)) return user
  const id = (user as { id?: unknown }).id
  return Number.isSafeInteger(id) ? { id } : {}
}

/**
 * The error for a 2xx whose JSON lacks what the endpoint's answer carries (`what`, e.g. spec v2
 * §4.9 POST /order without its `orderId`): like a 2xx that is no JSON (`ApiClient.writeV2`), it
 * says nothing of what the registry did, so it is never an acceptance. An `invalid-response`
 * ApiError with `sent` true: the push worker leaves the item `unknown` and reads it back (DESIGN §4).
 * `request` names method and path as the client's errors do (`POST /api/public/v2/order`).
 */
export function notTheAnswer(request: string, status: number, what: string): ApiError {
  return new ApiError('invalid-response', `${request}: ${status}: whether the change was made is unknown: the server sent ${what}`, status)
}
