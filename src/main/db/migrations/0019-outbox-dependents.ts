import type { WritableDB } from '../open'

export const version = 19
export const name = 'outbox-dependents'

/**
 * An index of `outbox_item.depends_on`: with foreign keys on, deleting an item looks up the items
 * that depend on it, which without this scanned the whole outbox per deleted item; the retention
 * purge of finished changes (db/retention.ts) deletes a backlog of them at once (20,000 took 11 s,
 * holding the write lock). It also answers `dependentsOf`.
 */
export function up(db: WritableDB): void {
  db.exec('CREATE INDEX outbox_item_depends_on ON outbox_item (depends_on)')
}
