import type { InstantMicros } from '../shared/instant'

/** What every stored element carries: its id and modification time in microseconds. */
export interface Stamped {
  id: number
  mt: InstantMicros
}

/** How a list request orders its elements (spec v2 §2.1). */
export type TsOrder = 'asc' | 'desc'

/** Selection of a list request: `ts` strictly-after filter, ordering, optional predicate. */
export interface CollectionQuery<T> {
  /** Only elements with `mt` strictly greater than this (micros); undefined = all. */
  ts?: InstantMicros
  /** When set, orders by (modification time, id), ascending or descending; else default order. */
  tsOrder?: TsOrder
  /** Extra filter (scope, status, …); undefined keeps everything. */
  where?: (item: T) => boolean
  /** Zero-based page number and page size. */
  page: number
  size: number
}

/** One page of a query plus the number of all matching elements (`total`, spec v2 §2.1). */
export interface CollectionPage<T> {
  items: T[]
  total: number
}

function byMtThenId(a: Stamped, b: Stamped): number {
  return a.mt - b.mt || a.id - b.id
}

/**
 * Elements kept sorted by (modification time, id), so `ts` filtering is a binary search and
 * `tsOrder` needs no sort; the endpoint's default ordering is sorted once and cached until the
 * next change. Ties in modification time (bulk imports stamp thousands alike) are broken by
 * ascending id for both `tsOrder=asc` and `tsOrder=desc`; this is the one place that choice is made.
 */
export class Collection<T extends Stamped> {
  private byMt: T[] = []
  private defaultOrder: T[] | null = null
  private readonly byId = new Map<number, T>()

  /** `compareDefault`: the endpoint's default ordering (spec v2 §4), used when tsOrder is unset. */
  constructor(private readonly compareDefault: (a: T, b: T) => number) {}

  /** Number of stored elements. */
  get size(): number {
    return this.byMt.length
  }

  /** The element with this id, if stored. */
  get(id: number): T | undefined {
    return this.byId.get(id)
  }

  /** All elements in (modification time, id) order; do not mutate the array. */
  all(): readonly T[] {
    return this.byMt
  }

  /** Adds many elements at once (generation): one sort instead of n insertions. */
  addAll(items: T[]): void {
    for (const item of items) this.byId.set(item.id, item)
    this.byMt = this.byMt.concat(items).sort(byMtThenId)
    this.defaultOrder = null
  }

  /** Adds one element; its id must be new. */
  add(item: T): void {
    this.byId.set(item.id, item)
    this.byMt.splice(this.upperBound(item), 0, item)
    this.defaultOrder = null
  }

  /**
   * Changes an element in place and moves it to its new modification time. `change` may alter
   * any field; `mt` must be set to the new instant (from the store clock, or one a test sets) inside it.
   * @throws Error when the id is not stored.
   */
  update(id: number, change: (item: T) => void): T {
    const item = this.byId.get(id)
    if (!item) throw new Error(`no element with id ${id}`)
    const index = this.lowerBound(item.mt, item.id)
    if (this.byMt[index] !== item) throw new Error(`index of element ${id} is inconsistent`)
    this.byMt.splice(index, 1)
    change(item)
    this.byMt.splice(this.upperBound(item), 0, item)
    this.defaultOrder = null
    return item
  }

  /** Runs a list request: filter by ts and predicate, order, cut out one page. */
  query(q: CollectionQuery<T>): CollectionPage<T> {
    const start = q.ts === undefined ? 0 : this.firstAfter(q.ts)
    const from = q.page * q.size
    if (q.tsOrder === 'asc' && !q.where) {
      // The common sync request: a slice of the sorted array, no copy of the rest.
      return { items: this.byMt.slice(start + from, start + from + q.size), total: this.byMt.length - start }
    }
    let source: readonly T[]
    let first = 0
    if (q.tsOrder === 'asc') {
      source = this.byMt
      first = start
    } else if (q.tsOrder === 'desc') {
      source = this.descendingFrom(start)
    } else {
      const ordered = this.ordered()
      source = q.ts === undefined ? ordered : ordered.filter((item) => item.mt > q.ts!)
    }
    if (!q.where) {
      return { items: source.slice(from, from + q.size), total: source.length }
    }
    const items: T[] = []
    let total = 0
    for (let i = first; i < source.length; i++) {
      const item = source[i]
      if (!q.where(item)) continue
      if (total >= from && items.length < q.size) items.push(item)
      total++
    }
    return { items, total }
  }

  /** Elements from index `start` on, modification time descending, ties by ascending id. */
  private descendingFrom(start: number): T[] {
    const out: T[] = []
    let end = this.byMt.length
    while (end > start) {
      let groupStart = end - 1
      const mt = this.byMt[groupStart].mt
      while (groupStart > start && this.byMt[groupStart - 1].mt === mt) groupStart--
      for (let i = groupStart; i < end; i++) out.push(this.byMt[i])
      end = groupStart
    }
    return out
  }

  private ordered(): T[] {
    if (!this.defaultOrder) this.defaultOrder = [...this.byMt].sort(this.compareDefault)
    return this.defaultOrder
  }

  /** Index of the first element with mt strictly greater than `ts`. */
  private firstAfter(ts: InstantMicros): number {
    let lo = 0
    let hi = this.byMt.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.byMt[mid].mt > ts) hi = mid
      else lo = mid + 1
    }
    return lo
  }

  private lowerBound(mt: InstantMicros, id: number): number {
    let lo = 0
    let hi = this.byMt.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const m = this.byMt[mid]
      if (m.mt < mt || (m.mt === mt && m.id < id)) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  private upperBound(item: Stamped): number {
    let lo = 0
    let hi = this.byMt.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (byMtThenId(this.byMt[mid], item) <= 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
