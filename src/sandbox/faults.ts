/**
 * Fault injection for API requests (never the token endpoint): added latency, 503 answers, 429
 * answers with Retry-After, and list responses cut mid-body. Draws come from a seeded PRNG, so a
 * run with the same seed and request sequence fails the same requests.
 */
import { Prng } from './prng'

/** Fault settings; mutable at run time (tests switch faults on and off). */
export interface FaultOptions {
  /** Share (0..1) of API requests answered 503. */
  errorRate: number
  /** Share (0..1) of API requests answered 429 with Retry-After. */
  rateLimitRate: number
  /** Value of Retry-After in seconds (default 1). */
  retryAfterSeconds: number
  /** The next N list responses are cut mid-body and the connection destroyed. */
  truncateNext: number
  /** Delay added to each API request, in milliseconds. */
  latencyMs: number
  /** Seed of the fault PRNG. */
  seed: number
}

/** Defaults: no faults. */
export const NO_FAULTS: FaultOptions = { errorRate: 0, rateLimitRate: 0, retryAfterSeconds: 1, truncateNext: 0, latencyMs: 0, seed: 1 }

/** What to do with one API request. */
export type FaultDecision = { kind: 'none' } | { kind: 'error' } | { kind: 'rateLimit'; retryAfterSeconds: number }

export class FaultInjector {
  /** The live settings; assigning `seed` (even the same value) restarts the draw sequence. */
  readonly options: FaultOptions
  private prng: Prng

  constructor(initial: FaultOptions) {
    let seed = initial.seed
    this.prng = new Prng(seed)
    const options = { ...initial } as FaultOptions
    Object.defineProperty(options, 'seed', {
      enumerable: true,
      get: () => seed,
      set: (value: number) => {
        seed = value
        this.prng = new Prng(value)
      }
    })
    this.options = options
  }

  /** Draws the fate of the next API request. */
  decide(): FaultDecision {
    const { errorRate, rateLimitRate, retryAfterSeconds } = this.options
    if (errorRate <= 0 && rateLimitRate <= 0) return { kind: 'none' }
    const draw = this.prng.next()
    if (draw < errorRate) return { kind: 'error' }
    if (draw < errorRate + rateLimitRate) return { kind: 'rateLimit', retryAfterSeconds }
    return { kind: 'none' }
  }

  /** True (and counts down) when this list response is to be cut mid-body. */
  takeTruncation(): boolean {
    if (this.options.truncateNext <= 0) return false
    this.options.truncateNext--
    return true
  }
}
