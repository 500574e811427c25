import type { CodedError } from '../../shared/errorCodes'
import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/**
 * The engine's bookkeeping (DESIGN §3 rules 1, 7): `sync_cursor` holds per (resource, scope) the
 * newest modification instant stored, in µs since the epoch, and the last run's result;
 * `sync_run` one row per run. Times of runs are ISO strings (UTC, ms).
 */

/** The stored cursor of (resource, scope) in µs, or null when never synced. */
export function readCursor(db: ReadableDB, resource: string, scope: string): number | null {
  const row = prepared(db, 'SELECT cursor_us FROM sync_cursor WHERE resource = ? AND scope = ?').get(resource, scope) as { cursor_us: number | null } | undefined
  return row?.cursor_us ?? null
}

/** Moves the cursor of (resource, scope) forward to `cursorUs`; never backward. Call in the page's transaction. */
export function advanceCursor(db: WritableDB, resource: string, scope: string, cursorUs: number): void {
  prepared(
    db,
    `INSERT INTO sync_cursor (resource, scope, cursor_us) VALUES (?, ?, ?)
     ON CONFLICT (resource, scope) DO UPDATE SET cursor_us = max(coalesce(cursor_us, excluded.cursor_us), excluded.cursor_us)`
  ).run(resource, scope, cursorUs)
}

/**
 * Sets the cursor of (resource, scope) to `cursorUs`, backward too (null: unset, the next run reads
 * the list from its beginning): after a whole read of a list, what it listed is all there is; a
 * cursor after the registry's time is taken back (`Pass`). Call in a transaction.
 */
export function setCursor(db: WritableDB, resource: string, scope: string, cursorUs: number | null): void {
  prepared(db, 'INSERT INTO sync_cursor (resource, scope, cursor_us) VALUES (?, ?, ?) ON CONFLICT (resource, scope) DO UPDATE SET cursor_us = excluded.cursor_us').run(resource, scope, cursorUs)
}

/**
 * Records the outcome of run `runId` for (resource, scope): 'ok', or 'error' with its one-line
 * English message and its `ErrorCode` (migration 0013); the elements it received and the rows it
 * added or changed (migration 0023).
 */
export function recordCursorResult(
  db: WritableDB,
  resource: string,
  scope: string,
  runId: number,
  outcome: { failure?: CodedError; elements: number; changed: number }
): void {
  const { failure } = outcome
  prepared(
    db,
    `INSERT INTO sync_cursor (resource, scope, last_run_id, last_run_at, last_result, last_error, last_error_code, last_elements, last_changed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (resource, scope) DO UPDATE SET last_run_id = excluded.last_run_id, last_run_at = excluded.last_run_at,
       last_result = excluded.last_result, last_error = excluded.last_error, last_error_code = excluded.last_error_code, last_elements = excluded.last_elements,
       last_changed = excluded.last_changed`
  ).run(resource, scope, runId, new Date().toISOString(), failure === undefined ? 'ok' : 'error', failure?.message ?? null, failure?.code ?? null, outcome.elements, outcome.changed)
}

/** Starts a `sync_run` row. @returns its id, also the generation rows seen by the run are tagged with. */
export function startRun(db: WritableDB, full: boolean): number {
  return Number(prepared(db, 'INSERT INTO sync_run (started_at, full) VALUES (?, ?)').run(new Date().toISOString(), full ? 1 : 0).lastInsertRowid)
}

/** Finishes a `sync_run` row with its totals and, when it failed, the first error. */
export function finishRun(db: WritableDB, runId: number, outcome: { ok: boolean; elements: number; bytes: number; error?: string }): void {
  prepared(db, 'UPDATE sync_run SET finished_at = ?, ok = ?, elements = ?, bytes = ?, error = ? WHERE id = ?').run(
    new Date().toISOString(),
    outcome.ok ? 1 : 0,
    outcome.elements,
    outcome.bytes,
    outcome.error ?? null,
    runId
  )
}

/**
 * Records that run `runId` failed before it read any list (the token refused, the roots of
 * `GET /organization` unreadable) as the last result of every (resource, scope) a run recorded:
 * `status` then tells a script that the last sync failed, and why. Call in a transaction.
 */
export function recordRunFailure(db: WritableDB, runId: number, failure: CodedError): void {
  prepared(
    db,
    `UPDATE sync_cursor SET last_run_id = ?, last_run_at = ?, last_result = 'error', last_error = ?, last_error_code = ?, last_elements = 0
     WHERE last_run_id IS NOT NULL`
  ).run(runId, new Date().toISOString(), failure.message, failure.code)
}

/**
 * When the last error-free run of (resource, scope) was recorded (ISO instant), or null when none
 * was. Lists read daily use it to decide whether they are due.
 */
export function lastOkRunAt(db: ReadableDB, resource: string, scope: string): string | null {
  const row = prepared(db, "SELECT last_run_at FROM sync_cursor WHERE resource = ? AND scope = ? AND last_result = 'ok'").get(resource, scope) as
    | { last_run_at: string | null }
    | undefined
  return row?.last_run_at ?? null
}

/**
 * Deletes the cursors of `resource` whose scope is of `kind` (`merit 1`, `merit 2`, …) but not in
 * `keep`: lists whose parent is gone. For after a complete, error-free full pass of the kind.
 */
export function deleteCursorsOfKind(db: WritableDB, resource: string, kind: string, keep: ReadonlySet<string>): void {
  const scopes = prepared(db, 'SELECT scope FROM sync_cursor WHERE resource = ? AND scope >= ? AND scope < ?').pluck().all(resource, `${kind} `, `${kind}!`) as string[]
  const remove = prepared(db, 'DELETE FROM sync_cursor WHERE resource = ? AND scope = ?')
  for (const scope of scopes) if (!keep.has(scope)) remove.run(resource, scope)
}

/** Instant (ISO, UTC) the last successful sync run finished; null when none did. */
export function lastSuccessfulSyncAt(db: ReadableDB): string | null {
  return (prepared(db, 'SELECT max(finished_at) FROM sync_run WHERE ok = 1').pluck().get() as string | null) ?? null
}

/** Instant (ISO, UTC) the last run began, whatever its outcome; null before the first. */
export function lastSyncStartedAt(db: ReadableDB): string | null {
  return (prepared(db, 'SELECT max(started_at) FROM sync_run').pluck().get() as string | null) ?? null
}

/** Instant (ISO, UTC) the last successful full run (a reconciliation, DESIGN §3 rule 5) finished; null when none did. */
export function lastFullSyncAt(db: ReadableDB): string | null {
  return (prepared(db, 'SELECT max(finished_at) FROM sync_run WHERE ok = 1 AND full = 1').pluck().get() as string | null) ?? null
}
