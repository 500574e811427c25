import { startSandbox, type SandboxCredentials } from '../../sandbox/index'
import type { MemberRow } from '../db/members'
import type { CursorStatus } from '../db/status'
import type { SyncProgress, SyncResult } from '../sync/engine'
import { findMembers } from './members'
import { getStatus } from './status'
import { syncDatabase } from './sync'

/** Options of the demo: the database it fills and the size and seed of the sandbox's data. */
export interface DemoOptions {
  dbFile: string
  /** Athletes the embedded sandbox generates; default 5000. */
  athletes?: number
  seed?: number
  onProgress?: (progress: SyncProgress) => void
}

/** What the demo did: where it synced from, the run's result, the stored rows, a sample search. */
export interface DemoSummary {
  credentials: SandboxCredentials
  result: SyncResult
  status: CursorStatus[]
  sampleSearch: { text: string; members: MemberRow[] }
}

/**
 * The main job on its embedded default: starts the Federation Sandbox on loopback, mirrors it into
 * `dbFile` with a full reconciliation (so a demo database left from an earlier run ends up equal to
 * this sandbox), runs a member search on the result and stops the sandbox.
 */
export async function runDemo(options: DemoOptions): Promise<DemoSummary> {
  const sandbox = await startSandbox({ athletes: options.athletes ?? 5000, seed: options.seed ?? 1 })
  try {
    const credentials = sandbox.credentials()
    const result = await syncDatabase({
      dbFile: options.dbFile,
      connection: credentials,
      full: true,
      onProgress: options.onProgress
    })
    const someone = findMembers(options.dbFile, '', 1)[0]
    const text = someone?.lastName?.slice(0, 3) ?? ''
    return {
      credentials,
      result,
      status: getStatus(options.dbFile),
      sampleSearch: { text, members: findMembers(options.dbFile, text, 5) }
    }
  } finally {
    await sandbox.close()
  }
}
