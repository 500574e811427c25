/**
 * DESIGN §7 "UI responsiveness during a full sync: no main-thread stall > 100 ms", for
 * `npm run bench`: runs a full sync the way the desktop app does (`workerSyncRunner`, the sync in a
 * worker thread posting progress) while this thread, standing in for the backend worker that
 * answers the window's calls, answers a member search every 20 ms from another database, and
 * measures this thread's event-loop delay (`monitorEventLoopDelay`, 10 ms resolution). Prints
 * nothing itself; run.ts prints it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { searchMembers } from '../../src/main/db/members'
import { openDatabaseReadonly } from '../../src/main/db/open'
import { workerSyncRunner } from '../../src/main/workers/runSyncWorker'
import type { Connection } from '../../src/main/config/connection'

/** Event-loop delay of this thread during the sync (ms), and the searches it answered meanwhile. */
export interface StallFigures {
  ok: boolean
  error?: string
  maxStallMs: number
  p99StallMs: number
  searches: number
  searchP95Ms: number
}

/**
 * Syncs `connection` in full into the new database `dbFile` in a worker thread, searching
 * `searchDbFile` (a synced database) for `terms` in turn every 20 ms on this thread until it ends.
 */
export async function measureStalls(dbFile: string, connection: Connection, searchDbFile: string, terms: string[]): Promise<StallFigures> {
  const runSync = workerSyncRunner({ file: fileURLToPath(new URL('../support/sync-worker.mjs', import.meta.url)) })
  const reader = openDatabaseReadonly(searchDbFile)
  const searchMs: number[] = []
  const timer = setInterval(() => {
    const started = performance.now()
    searchMembers(reader, terms[searchMs.length % terms.length], { limit: 100 })
    searchMs.push(performance.now() - started)
  }, 20)
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  try {
    const result = await runSync({ dbFile, connection, full: true }, () => undefined)
    return {
      ok: result.ok,
      error: result.resources.find((r) => r.error)?.error,
      // The histogram counts in ns and includes the resolution's own wait.
      maxStallMs: delay.max / 1e6 - 10,
      p99StallMs: delay.percentile(99) / 1e6 - 10,
      searches: searchMs.length,
      searchP95Ms: [...searchMs].sort((a, b) => a - b)[Math.floor(searchMs.length * 0.95)] ?? 0
    }
  } finally {
    delay.disable()
    clearInterval(timer)
    reader.close()
  }
}
