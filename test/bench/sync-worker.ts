/**
 * One sync in its own process, so the benchmark reads this process's peak RSS alone (the sandbox
 * runs in another process). Reads connection and options from argv as JSON, prints one JSON line:
 * { elements, bytes, durationMs, wallMs, afterListsMs, lastStepsMs, ok, maxRssBytes, cpuMs, writerCpuMs, writtenBytes, resources },
 * where `durationMs` is the engine's run, `wallMs` the whole call from opening the database to closing
 * it (its last checkpoint included), `afterListsMs` the part of it after the last list was read (deferred indexes, member
 * summary and search, purge, the last checkpoint), `lastStepsMs` that part by step (progress phase `finishing`; the last
 * step's time includes closing the database), `cpuMs` this process's user + system CPU time in that call, `writerCpuMs` the
 * part of it spent on this process's main thread, which runs the engine and writes (Linux only), `writtenBytes` what
 * it wrote to files (Linux only), and `resources` gives per (resource, scope) the elements, bytes and
 * the time from its first to its last progress event. `everyList` reads the per-parent lists even
 * when not due; `pageSize` sets the elements per request. With `plain`, the same sync engine writes
 * an unencrypted database (the encryption's cost, issue 6).
 */
import { readFileSync } from 'node:fs'
import { ApiClient } from '../../src/main/api/client'
import { syncDatabase, type SyncRequest } from '../../src/main/services/sync'
import { runSync } from '../../src/main/sync/engine'
import { openPlain } from './encryption'
import { procCpuMs } from './procCpu'
import type { FinishingStep } from '../../src/shared/ipc/contract'

const { dbFile, connection, full, everyList, plain, pageSize } = JSON.parse(process.argv[2]) as {
  dbFile: string
  connection: { baseUrl: string; authUrl: string; clientId: string; clientSecret: string }
  full?: boolean
  everyList?: boolean
  plain?: boolean
  pageSize?: number
}

/** `syncDatabase` on an unencrypted file: the same engine and client, only the connection differs. */
async function syncPlain(request: SyncRequest) {
  const db = openPlain(request.dbFile)
  const client = new ApiClient(request.connection)
  try {
    return await runSync(db, client, { full: request.full, everyList: request.everyList, pageSize: request.pageSize, onProgress: request.onProgress })
  } finally {
    await client.close()
    db.close()
  }
}

/** Bytes this process had written to files (Linux `/proc/self/io` `wchar`: WAL, checkpoints, database); undefined elsewhere. */
function writtenBytes(): number | undefined {
  try {
    const match = /^wchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))
    return match ? Number(match[1]) : undefined
  } catch {
    return undefined
  }
}

const writerStat = `/proc/self/task/${process.pid}/stat`
// CPU from here on: the process's start-up (loading modules) is not the sync's.
const cpuStart = process.cpuUsage()
const writerCpuStart = procCpuMs(writerStat)
const wallStart = performance.now()
const startedAt = new Map<string, number>()
const durations = new Map<string, number>()
/** When the last list of the run was done: what follows (indexes, member summary and search, purge, last checkpoint) runs after it. */
let listsDoneAt = wallStart
/** When each of the run's last steps began (progress phase `finishing`). */
const stepStarts: Array<{ step: FinishingStep; at: number }> = []
const result = await (plain ? syncPlain : syncDatabase)({
  dbFile,
  connection,
  full,
  everyList,
  pageSize,
  onProgress: (p) => {
    const key = `${p.resource} ${p.scope}`
    if (p.phase === 'finishing' && p.step !== undefined) stepStarts.push({ step: p.step, at: performance.now() })
    else if (p.phase === 'start') startedAt.set(key, performance.now())
    else if (p.phase === 'done' || p.phase === 'error') {
      listsDoneAt = performance.now()
      durations.set(key, listsDoneAt - (startedAt.get(key) ?? listsDoneAt))
    }
  }
})
const wallMs = performance.now() - wallStart
const cpu = process.cpuUsage(cpuStart)
const writerCpuEnd = procCpuMs(writerStat)
process.stdout.write(
  JSON.stringify({
    elements: result.elements,
    bytes: result.bytes,
    durationMs: result.durationMs,
    wallMs,
    afterListsMs: wallStart + wallMs - listsDoneAt,
    lastStepsMs: Object.fromEntries(stepStarts.map(({ step, at }, i) => [step, (stepStarts[i + 1]?.at ?? wallStart + wallMs) - at])),
    ok: result.ok,
    error: result.resources.find((r) => r.error)?.error,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    cpuMs: (cpu.user + cpu.system) / 1000,
    writerCpuMs: writerCpuEnd !== undefined && writerCpuStart !== undefined ? writerCpuEnd - writerCpuStart : undefined,
    writtenBytes: writtenBytes(),
    resources: result.resources.map((r) => ({ resource: r.resource, elements: r.elements, bytes: r.bytes, lists: r.lists, ms: durations.get(`${r.resource} ${r.scope}`) ?? 0 }))
  }) + '\n'
)
