/**
 * Worker-thread entry of a sync (DESIGN §1: a full sync must not block the Electron main thread).
 * Receives one `SyncWorkerRequest` as `workerData`, runs `syncDatabase` (the CLI's code path) and
 * posts `SyncWorkerMessage`s: progress after each page, then the result or the error.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { ApiError } from '../api/errors'
import { UserFacingError } from '../services/errors'
import { syncDatabase } from '../services/sync'
import type { SyncWorkerMessage, SyncWorkerRequest } from './syncProtocol'

const request = workerData as SyncWorkerRequest
const post = (message: SyncWorkerMessage) => parentPort?.postMessage(message)

syncDatabase({ ...request, onProgress: (progress) => post({ type: 'progress', progress }) }).then(
  (result) => post({ type: 'result', result }),
  (error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error))
    const code = failure instanceof UserFacingError ? failure.code : undefined
    post({ type: 'error', name: failure.name, message: failure.message, kind: failure instanceof ApiError ? failure.kind : undefined, code })
  }
)
