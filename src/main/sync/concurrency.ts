/**
 * Bounds on concurrent work for the fanned-out lists (issue 4): a gate for requests in flight, and
 * a pool that runs a task per item with a fixed number of workers.
 */

/** Lets at most `limit` tasks run at once; the others wait in arrival order. */
export class Gate {
  private active = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly limit: number) {}

  /** Runs `task` once a place is free; the place is handed on when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}

/** Runs `task` for every item, at most `workers` at once, in item order; resolves when all are done. */
export async function eachConcurrently<T>(items: readonly T[], workers: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker))
}
