import type { InstantMicros } from '../shared/instant'

/**
 * The store's single source of modification times: strictly increasing integer microseconds,
 * even for many calls within one millisecond, and never behind the newest generated time, so a
 * change always sorts after everything a client has already seen.
 */
export class StoreClock {
  private last: InstantMicros

  /** `floor`: the newest instant already present in the data (micros since epoch). */
  constructor(floor: InstantMicros) {
    this.last = floor
  }

  /** The newest instant handed out (or the floor): changes with every `tick`. */
  get latest(): InstantMicros {
    return this.last
  }

  /** A new instant strictly after every instant handed out before (micros since epoch). */
  tick(): InstantMicros {
    const wall = Date.now() * 1000
    this.last = wall > this.last ? wall : this.last + 1
    return this.last
  }
}
