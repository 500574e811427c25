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
 * The integer `field` of an answer (an Order's `orderId`, a registration's
 * `eventRegistrationId`), or undefined when the answer is no object or names none.
 */
export function answeredId(answer: unknown, field: string): number | undefined {
  const id = answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>)[field] : undefined
  return Number.isSafeInteger(id) ? (id as number) : undefined
}
