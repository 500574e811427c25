import type { AuditEntry, AuditEvent, OutboxKind } from '../../shared/outbox'
import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/**
 * Repository of `audit_log` (migration 0006): who queued what, when it was sent and what the API
 * answered (issue 5). Entries are added, never changed; they outlive discarded items until the
 * retention purges finished changes (`purgeFinishedChanges`, db/retention.ts).
 */

/** Appends an entry; `at` is an ISO 8601 UTC instant, `detail` any JSON-serialisable value. Call in the change's transaction. */
export function appendAudit(
  db: WritableDB,
  entry: { at: string; itemId: number; kind: OutboxKind; event: AuditEvent; actor?: string | null; detail?: unknown }
): void {
  prepared(db, 'INSERT INTO audit_log (at, item_id, kind, event, actor, detail) VALUES (?, ?, ?, ?, ?, ?)').run(
    entry.at,
    entry.itemId,
    entry.kind,
    entry.event,
    entry.actor ?? null,
    entry.detail === undefined ? null : JSON.stringify(entry.detail)
  )
}

/** The audit log, oldest first; with `itemId`, only that item's entries. */
export function readAuditLog(db: ReadableDB, itemId?: number): AuditEntry[] {
  const columns = 'id, at, item_id AS itemId, kind, event, actor, detail'
  return (
    itemId === undefined
      ? prepared(db, `SELECT ${columns} FROM audit_log ORDER BY id`).all()
      : prepared(db, `SELECT ${columns} FROM audit_log WHERE item_id = ? ORDER BY id`).all(itemId)
  ) as AuditEntry[]
}
