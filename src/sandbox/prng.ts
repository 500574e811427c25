/**
 * Seeded pseudo-random numbers (mulberry32). The sandbox's data and faults must be reproducible
 * from a seed, so nothing here touches Math.random.
 */
export class Prng {
  private state: number

  /** `seed` is any integer; equal seeds give equal sequences. */
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9
  }

  /** Uniform float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** True with probability `p` (0..1). */
  chance(p: number): boolean {
    return this.next() < p
  }

  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }
}

/**
 * Chooses indexes in proportion to non-negative weights with a binary search over cumulative
 * sums: O(log n) per draw, which matters when 150,000 athletes are placed in clubs.
 */
export class WeightedPicker {
  private readonly cumulative: Float64Array
  private readonly total: number

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length)
    let sum = 0
    weights.forEach((w, i) => {
      sum += w
      this.cumulative[i] = sum
    })
    this.total = sum
  }

  /** Index of the chosen weight. */
  pick(prng: Prng): number {
    const target = prng.next() * this.total
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cumulative[mid] > target) hi = mid
      else lo = mid + 1
    }
    return lo
  }
}
