import type { WritableDB } from '../open'

export const version = 23
export const name = 'sync-changed-count'

/**
 * `sync_cursor.last_changed`: how many stored rows the last run of a (resource, scope) added or
 * replaced by different content (`upsertElements`), beside `last_elements` (received, overlap
 * re-reads included), so a secretary sees what a sync brought, and a scheduled `kanslia sync`
 * logs it. Null for a result recorded before this migration: not known.
 */
export function up(db: WritableDB): void {
  db.exec('ALTER TABLE sync_cursor ADD COLUMN last_changed INTEGER')
}
