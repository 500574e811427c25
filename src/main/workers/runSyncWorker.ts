import { Worker } from 'node:worker_threads'
import { UserFacingError } from '../services/errors'
import type { SyncProgress, SyncResult } from '../sync/engine'
import type { WorkerEntry } from './entry'
import type { SyncWorkerMessage, SyncWorkerRequest } from './syncProtocol'

/** Runs one sync and reports its progress; the desktop app's implementation runs it in a worker thread. */
export type SyncRunner = (request: SyncWorkerRequest, onProgress: (progress: SyncProgress) => void) => Promise<SyncResult>

/**
 * A `SyncRunner` that starts a worker thread per sync from `entry` (src/main/workers/sync.ts), so
 * SQLite writes and JSON parsing of a 150k-member sync stay off the caller's thread; progress
 * arrives as messages.
 * @throws UserFacingError `sync-failed` (`api-*` for API errors, the error's own code for a
 *   UserFacingError such as `database-key-missing`) with the worker's message when the sync threw
 *   (e.g. bad credentials, unreachable API, no database key) or the worker died.
 */
export function workerSyncRunner(entry: WorkerEntry): SyncRunner {
  return (request, onProgress) =>
    new Promise<SyncResult>((resolve, reject) => {
      const worker = new Worker(entry.file, { workerData: request, execArgv: entry.execArgv })
      let settled = false
      worker.on('message', (message: SyncWorkerMessage) => {
        if (message.type === 'progress') onProgress(message.progress)
        else if (message.type === 'result') {
          settled = true
          resolve(message.result)
        } else {
          settled = true
          reject(new UserFacingError(message.code ?? (message.kind ? `api-${message.kind}` : 'sync-failed'), message.message))
        }
      })
      worker.on('error', (error) => {
        if (!settled) reject(new UserFacingError('sync-failed', `the sync stopped: ${error.message}`))
        settled = true
      })
      worker.on('exit', (code) => {
        if (!settled) reject(new UserFacingError('sync-failed', `the sync stopped unexpectedly (exit code ${code})`))
        settled = true
      })
    })
}
