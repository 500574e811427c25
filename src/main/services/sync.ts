import { setRetentionMonths } from '../db/retention'
import { ApiClient } from '../api/client'
import type { Connection } from '../config/connection'
import { openDatabase } from '../db/open'
import { runSync, type SyncProgress, type SyncResult } from '../sync/engine'
import { requireFilePath } from './database'

/** What `syncDatabase` needs: the database file, a resolved connection and the run's options. */
export interface SyncRequest {
  dbFile: string
  connection: Connection
  /** A full reconciliation: also removes what the API no longer lists (DESIGN §3 rule 5). */
  full?: boolean
  /** Also reads the per-parent lists and the event search read in the last 15 minutes (`SyncOptions.everyList`). */
  everyList?: boolean
  /** Elements per request; the engine's default when omitted. */
  pageSize?: number
  /** ISO local date on which the member summary is evaluated (DESIGN §3b); today when omitted. */
  today?: string
  /** Stores a new retention (months, 1…120; issue 6) before the run, which then purges with it. */
  retentionMonths?: number
  onProgress?: (progress: SyncProgress) => void
  signal?: AbortSignal
}

/**
 * Mirrors what the connection's credentials may read into `dbFile` (created and migrated when
 * new), incrementally unless `full`. The one implementation behind `kanslia sync`, the demo and
 * the desktop app's "Sync now".
 * @returns the run's result; `ok` is false when any resource failed (the others are kept).
 * @throws RangeError for a retention outside 1…120 months (before anything is read);
 *   SchemaTooNewError when a newer Kanslia wrote the database; ApiError when even the
 *   organization roots cannot be read (bad credentials, unreachable API); UserFacingError
 *   `no-database` for a path that names no file (empty, a folder).
 */
export async function syncDatabase(request: SyncRequest): Promise<SyncResult> {
  requireFilePath(request.dbFile)
  const db = openDatabase(request.dbFile)
  const client = new ApiClient(request.connection)
  try {
    if (request.retentionMonths !== undefined) setRetentionMonths(db, request.retentionMonths)
    return await runSync(db, client, {
      full: request.full,
      everyList: request.everyList,
      pageSize: request.pageSize,
      today: request.today,
      onProgress: request.onProgress,
      signal: request.signal
    })
  } finally {
    await client.close()
    db.close()
  }
}
