/**
 * The sandbox's simulated wall clock for time-driven state changes (spec v2 §3 payment status:
 * confirmation within days, dropped after 7 days) and the `Date` header of its answers. It runs with real time plus an offset that
 * tests move forward with `advance`; listeners run after each advance so due transitions happen
 * at once. Modification times keep coming from the store clock.
 */
export class SimulatedClock {
  private offsetMs = 0
  private readonly listeners: (() => void)[] = []

  /** Simulated milliseconds since the epoch. */
  now(): number {
    return Date.now() + this.offsetMs
  }

  /** Moves the clock forward by `ms` (≥ 0) and runs the listeners. @throws RangeError for negative or non-finite `ms`. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`the simulated clock only moves forward; got ${ms}`)
    this.offsetMs += ms
    for (const listener of this.listeners) listener()
  }

  /** Registers a function to run after every advance. */
  onAdvance(listener: () => void): void {
    this.listeners.push(listener)
  }
}
