import type { ErrorCode } from '../../shared/errorCodes'
import { formatInstant } from '../../shared/instant'
import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'
import { EXPORT_RESOURCES, TABLES, type ExportResource } from './tables'

/**
 * The state of one (resource, scope) (DESIGN §3 rule 7): rows stored, the cursor (newest
 * modificationTime stored, as an ISO instant in UTC with µs; null for lists without one), and the
 * last run's outcome: elements received, rows added or changed. A resource read as one list per parent is one entry with scope
 * `per <kind>` (e.g. `per merit`): rows of all its lists, the newest of their cursors. `value` is
 * the API's version (spec v3 §9 `fullVersion`) on the `api-version-info` entry.
 */
export interface CursorStatus {
  resource: string
  scope: string
  rows: number
  cursor: string | null
  lastRunAt: string | null
  lastResult: 'ok' | 'error' | null
  lastError: string | null
  /** The code of `lastError` (`errorCodeOf`); null when it was recorded before migration 0013. */
  lastErrorCode: ErrorCode | null
  lastElements: number
  /** Stored rows the last run added or replaced by different content; null when recorded before migration 0023. */
  lastChanged: number | null
  value?: string
}

interface CursorRow {
  resource: string
  scope: string
  cursor_us: number | null
  last_run_at: string | null
  last_result: 'ok' | 'error' | null
  last_error: string | null
  last_error_code: ErrorCode | null
  last_elements: number
  last_changed: number | null
}

/**
 * Every (resource, scope) a run has recorded a result for, in sync order of resources, then by
 * scope. Cursors of the single lists of a fanned-out resource carry no result and are summed
 * into its `per <kind>` entry.
 */
export function readStatus(db: ReadableDB | WritableDB): CursorStatus[] {
  const rows = prepared(db, 'SELECT resource, scope, cursor_us, last_run_at, last_result, last_error, last_error_code, last_elements, last_changed FROM sync_cursor WHERE last_run_id IS NOT NULL').all() as CursorRow[]
  const order = (resource: string) => {
    const index = EXPORT_RESOURCES.indexOf(resource as ExportResource)
    return index < 0 ? EXPORT_RESOURCES.length : index
  }
  rows.sort((a, b) => order(a.resource) - order(b.resource) || a.scope.localeCompare(b.scope))
  return rows.map((row) => {
    const table = TABLES[row.resource as ExportResource]?.table
    const kind = row.scope.startsWith('per ') ? row.scope.slice(4) : null
    let count = 0
    let cursorUs = row.cursor_us
    if (table && kind === null) {
      count = prepared(db, `SELECT count(*) FROM ${table} WHERE scope = ?`).pluck().get(row.scope) as number
    } else if (table && kind !== null) {
      // The lists of a kind are the scopes `${kind} <id>`: the range [`${kind} `, `${kind}!`).
      count = prepared(db, `SELECT count(*) FROM ${table} WHERE scope >= ? AND scope < ?`).pluck().get(`${kind} `, `${kind}!`) as number
      cursorUs = prepared(db, 'SELECT max(cursor_us) FROM sync_cursor WHERE resource = ? AND scope >= ? AND scope < ?').pluck().get(row.resource, `${kind} `, `${kind}!`) as number | null
    }
    const status: CursorStatus = {
      resource: row.resource,
      scope: row.scope,
      rows: count,
      cursor: cursorUs === null ? null : formatInstant(cursorUs),
      lastRunAt: row.last_run_at,
      lastResult: row.last_result,
      lastError: row.last_error,
      lastErrorCode: row.last_error_code,
      lastElements: row.last_elements,
      lastChanged: row.last_changed
    }
    if (row.resource === 'api-version-info') {
      const version = prepared(db, 'SELECT full_version FROM api_version_info WHERE scope = ?').pluck().get(row.scope) as string | null | undefined
      if (typeof version === 'string') status.value = version
    }
    return status
  })
}
