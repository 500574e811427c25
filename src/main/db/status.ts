import { formatInstant } from '../../shared/instant'
import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'
import { EXPORT_RESOURCES, TABLES, type ExportResource } from './tables'

/**
 * The state of one (resource, scope) (DESIGN §3 rule 7): rows stored, the cursor (newest
 * modificationTime stored, as an ISO instant in UTC with µs), and the last run's outcome.
 */
export interface CursorStatus {
  resource: string
  scope: string
  rows: number
  cursor: string | null
  lastRunAt: string | null
  lastResult: 'ok' | 'error' | null
  lastError: string | null
  lastElements: number
}

interface CursorRow {
  resource: string
  scope: string
  cursor_us: number | null
  last_run_at: string | null
  last_result: 'ok' | 'error' | null
  last_error: string | null
  last_elements: number
}

/** Every (resource, scope) the engine has seen, in sync order of resources, then by scope. */
export function readStatus(db: ReadableDB | WritableDB): CursorStatus[] {
  const rows = prepared(db, 'SELECT resource, scope, cursor_us, last_run_at, last_result, last_error, last_elements FROM sync_cursor').all() as CursorRow[]
  const order = (resource: string) => {
    const index = EXPORT_RESOURCES.indexOf(resource as ExportResource)
    return index < 0 ? EXPORT_RESOURCES.length : index
  }
  rows.sort((a, b) => order(a.resource) - order(b.resource) || a.scope.localeCompare(b.scope))
  return rows.map((row) => {
    const table = TABLES[row.resource as ExportResource]?.table
    const count = table ? (prepared(db, `SELECT count(*) AS n FROM ${table} WHERE scope = ?`).get(row.scope) as { n: number }).n : 0
    return {
      resource: row.resource,
      scope: row.scope,
      rows: count,
      cursor: row.cursor_us === null ? null : formatInstant(row.cursor_us),
      lastRunAt: row.last_run_at,
      lastResult: row.last_result,
      lastError: row.last_error,
      lastElements: row.last_elements
    }
  })
}
