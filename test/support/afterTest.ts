import { afterEach } from 'vitest'

/** What the running test opened, closed after it, last first. */
const closers: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** Closes `close…` (servers, clients, databases) after the running test, the last registered first. */
export function closeAfterTest(...close: Array<() => Promise<void> | void>): void {
  closers.push(...close)
}
