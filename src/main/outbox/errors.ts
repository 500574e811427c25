import { problemText, type OutboxProblem } from '../../shared/outboxProblems'
import { UserFacingError } from '../services/errors'

/**
 * A change refused before it entered the outbox (issue 5: "nothing invalid enters the queue"):
 * it breaks a limit of the spec or contradicts the local data. `problems` lists each reason, for
 * the app to say in its language; the message joins them in English in one line, as the CLI
 * prints it, e.g. `cannot queue the merit grant: no member with id 12, 13 in the local database`.
 */
export class InvalidChangeError extends UserFacingError {
  constructor(
    what: string,
    readonly problems: readonly OutboxProblem[]
  ) {
    super('invalid-change', `cannot queue ${what}: ${problems.map((problem) => problemText(problem, 'en')).join('; ')}`)
    this.name = 'InvalidChangeError'
  }
}

/**
 * A queued change the push cannot send as it is, found before any request for it left: e.g. a
 * payment waiting for an order item that is done, but whose answer holds no `orderId` (spec v2
 * §4.9) to pay. The message says what is missing and what a person can do; the push rejects the
 * item with it and goes on with the others.
 */
export class UnsendableChangeError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnsendableChangeError'
  }
}

/** Collects the problems of a change while it is checked; `throwIfAny` refuses it with all of them. */
export class Problems {
  private readonly found: OutboxProblem[] = []

  /** Notes a problem; null (a check that passed) is ignored. */
  add(problem: OutboxProblem | null): void {
    if (problem !== null) this.found.push(problem)
  }

  /** True while nothing was found. */
  get none(): boolean {
    return this.found.length === 0
  }

  /** @throws InvalidChangeError naming `what` and every problem, when there is any. */
  throwIfAny(what: string): void {
    if (this.found.length) throw new InvalidChangeError(what, this.found)
  }
}
