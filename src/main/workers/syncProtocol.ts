import type { ApiErrorKind, ErrorCode } from '../../shared/errorCodes'
import type { Connection } from '../config/connection'
import type { SyncProgress, SyncResult } from '../sync/engine'

/** What the sync worker receives as `workerData`. */
export interface SyncWorkerRequest {
  dbFile: string
  connection: Connection
  full?: boolean
  pageSize?: number
  /** ISO local date on which member statuses are evaluated; the sync engine's default when omitted. */
  today?: string
}

/**
 * What the sync worker posts: progress per page, then exactly one `result` or `error` (`kind` of an
 * ApiError, `code` of a UserFacingError such as a missing database key).
 */
export type SyncWorkerMessage =
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'result'; result: SyncResult }
  | { type: 'error'; name: string; message: string; kind?: ApiErrorKind; code?: ErrorCode }
