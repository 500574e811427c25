import type { PrivacyAction, PrivacyLogEntry } from '../../shared/privacy'
import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/** Appends an entry to `privacy_log` (migration 0008; the retention removes old ones, `purgeOldPrivacyLog`); `at` is an ISO 8601 UTC instant, `detail` any JSON-serialisable value. */
export function appendPrivacyLog(db: WritableDB, entry: { at: string; actor: string | null; action: PrivacyAction; personId?: number; detail?: unknown }): void {
  prepared(db, 'INSERT INTO privacy_log (at, actor, action, person_id, detail) VALUES (?, ?, ?, ?, ?)').run(
    entry.at,
    entry.actor,
    entry.action,
    entry.personId ?? null,
    entry.detail === undefined ? null : JSON.stringify(entry.detail)
  )
}

/** The privacy log, oldest first; with `personId`, that member's entries. */
export function readPrivacyLog(db: ReadableDB, personId?: number): PrivacyLogEntry[] {
  const columns = 'id, at, actor, action, person_id AS personId, detail'
  return (
    personId === undefined
      ? prepared(db, `SELECT ${columns} FROM privacy_log ORDER BY id`).all()
      : prepared(db, `SELECT ${columns} FROM privacy_log WHERE person_id = ? ORDER BY id`).all(personId)
  ) as PrivacyLogEntry[]
}
