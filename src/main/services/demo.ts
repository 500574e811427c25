import { startSandbox, type SandboxCredentials } from '../../sandbox/index'
import { localDate } from '../../shared/localDate'
import type { MemberRow } from '../db/members'
import { openDatabase } from '../db/open'
import { readStatus, type CursorStatus } from '../db/status'
import type { SyncProgress, SyncResult } from '../sync/engine'
import { membersMatching } from './members'
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
    // Read through a writing connection: closing the last one removes the WAL and shared-memory
    // files, which a read-only connection cannot, so the demo leaves only its database file.
    const db = openDatabase(options.dbFile)
    try {
      // The search `kanslia members --search` runs, on the first member's surname.
      const text = membersMatching(db, '', 1, {}, localDate())[0]?.lastName?.slice(0, 3) ?? ''
      return { credentials, result, status: readStatus(db), sampleSearch: { text, members: membersMatching(db, text, 5, {}, localDate()) } }
    } finally {
      db.close()
    }
  } finally {
    await sandbox.close()
  }
}
