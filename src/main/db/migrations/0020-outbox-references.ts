import { insertReferences, type OutboxReference, type OutboxRow } from '../outbox'
import { operationOf } from '../../outbox/operations'
import type { WritableDB } from '../open'

export const version = 20
export const name = 'outbox-references'

/**
 * `outbox_reference`: the synced rows an outbox item refers to besides the members it touches
 * (its operation's `refersTo`, db/outbox.ts `OutboxReference`), one row each: `referred` names the
 * kind (`organization`, `merit-group`, `merit`, `event`, `event-registration`, `user-licence`),
 * `referred_key` the id, or the event's UUID in lower case (no type, so ids stay integers and
 * UUIDs text). A full sync keeps what an item not yet done names (DESIGN §3 rule 5, db/synced.ts
 * `sweepUnseen`). Written with the item, replaced when it is edited, gone with it. The items
 * queued before get theirs here; done ones need none.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE outbox_reference (
      item_id INTEGER NOT NULL REFERENCES outbox_item (id) ON DELETE CASCADE,
      referred TEXT NOT NULL,
      referred_key NOT NULL,
      PRIMARY KEY (item_id, referred, referred_key));
    CREATE INDEX outbox_reference_key ON outbox_reference (referred, referred_key, item_id);`)
  const pending = db.prepare("SELECT id, kind, payload FROM outbox_item WHERE state <> 'done'").all() as Array<Pick<OutboxRow, 'id' | 'kind'> & { payload: string }>
  for (const item of pending) {
    let references: OutboxReference[]
    try {
      references = operationOf(item.kind).refersTo(JSON.parse(item.payload))
    } catch (error) {
      // A payload not of its kind's shape (written by hand) names nothing its kind could read; the upgrade goes on.
      if (error instanceof TypeError) continue
      throw error
    }
    insertReferences(db, item.id, references)
  }
}
