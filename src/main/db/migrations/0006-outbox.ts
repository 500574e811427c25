import type { WritableDB } from '../open'

export const version = 6
export const name = 'outbox'

/**
 * The offline outbox (DESIGN §4, issue 5):
 * - `outbox_item`: one queued change; `kind` names its operation module, `payload` its input as
 *   JSON (wire body and path ids), `state` queued → sending → done | rejected | unknown,
 *   `depends_on` an earlier item that must be done first. Times are ISO 8601 UTC instants;
 *   `last_status`/`last_answer` the API's last HTTP status and answer.
 * - `outbox_effect`: the optimistic local change, one row per member an item touches (the
 *   pending badge); written in the same transaction as the item and removed once the item is done
 *   and re-pulled, or discarded. `target` says what for: a merit id, event UUID, registration id or
 *   club id.
 * - `audit_log`: who queued what, when it was sent and what the API answered. No foreign key, so
 *   the history of a discarded item stays.
 * - `outbox_worker`: at most one row, the process pushing now (one worker, DESIGN §4); a row whose
 *   process is gone (killed) is taken over.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE outbox_item (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL CHECK (json_valid(payload)),
      state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'done', 'rejected', 'unknown')),
      depends_on INTEGER REFERENCES outbox_item (id),
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      last_status INTEGER,
      last_answer TEXT);
    CREATE INDEX outbox_item_state ON outbox_item (state, id);

    CREATE TABLE outbox_effect (
      item_id INTEGER NOT NULL REFERENCES outbox_item (id) ON DELETE CASCADE,
      person_id INTEGER NOT NULL,
      target TEXT NOT NULL,
      PRIMARY KEY (item_id, person_id));
    CREATE INDEX outbox_effect_person ON outbox_effect (person_id, item_id);

    CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL,
      item_id INTEGER NOT NULL,
      kind TEXT NOT NULL,
      event TEXT NOT NULL CHECK (event IN ('queued', 'edited', 'sent', 'answered', 'rejected', 'no-answer', 'reconciled', 'retried', 'discarded')),
      actor TEXT,
      detail TEXT);
    CREATE INDEX audit_log_item ON audit_log (item_id, id);

    CREATE TABLE outbox_worker (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      pid INTEGER NOT NULL,
      host TEXT NOT NULL,
      started_at TEXT NOT NULL);
  `)
}
