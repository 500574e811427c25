import { UserFacingError } from '../services/errors'

/**
 * A change refused before it entered the outbox (issue 5: "nothing invalid enters the queue"):
 * it breaks a limit of the spec or contradicts the local data. `problems` lists each reason; the
 * message joins them in one line, e.g. `cannot queue the merit grant: unknown members 12, 13`.
 */
export class InvalidChangeError extends UserFacingError {
  constructor(
    what: string,
    readonly problems: readonly string[]
  ) {
    super('invalid-change', `cannot queue ${what}: ${problems.join('; ')}`)
    this.name = 'InvalidChangeError'
  }
}

/** Collects the problems of a change while it is checked; `throwIfAny` refuses it with all of them. */
export class Problems {
  private readonly found: string[] = []

  /** Notes a problem; null (a check that passed) is ignored. */
  add(problem: string | null): void {
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
