import type { OutboxKind, OutboxState } from '../../shared/outbox'
import type { OutboxPayloads } from '../../shared/outboxPayloads'
import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/**
 * Repository of `outbox_item`, `outbox_effect` (migration 0006) and `outbox_reference` (0020),
 * DESIGN §4. Times are ISO 8601 UTC instants. Writers expect to run inside the caller's
 * transaction where several must agree (the item and its optimistic effects; a state change and
 * its audit entry).
 */

/** An `outbox_item` row with its payload parsed. */
export interface OutboxRow {
  id: number
  kind: OutboxKind
  payload: unknown
  state: OutboxState
  dependsOn: number | null
  createdAt: string
  updatedAt: string
  attempts: number
  nextAttemptAt: string | null
  lastStatus: number | null
  lastAnswer: string | null
}

/** One member an item changes optimistically; `target` is the merit id, event UUID, registration id or club id. */
export interface OutboxEffect {
  personId: number
  target: string
}

/**
 * A synced row an item refers to, kept by a full sync's sweeps while the item is not done (DESIGN
 * §3 rule 5; `KEPT_BY_OUTBOX` in tables.ts says which table rows each kind keeps): an organization,
 * merit group, merit, event registration or user licence by id; an event, its v3 listing and its
 * event search result, by UUID. Members are not named here: the item's effects keep those it
 * touches (`PROFILE_KEEPERS`).
 */
export type OutboxReference = { to: 'organization' | 'merit-group' | 'merit' | 'event-registration' | 'user-licence'; id: number } | { to: 'event'; uuid: string }

/** The kinds of row an `OutboxReference` names. */
export type ReferredKind = OutboxReference['to']

/** A pending change of one member, for the pending badge: the item, its kind and state, and the target. */
export interface PendingChange {
  itemId: number
  kind: OutboxKind
  state: OutboxState
  target: string
}

interface RawRow {
  id: number
  kind: OutboxKind
  payload: string
  state: OutboxState
  depends_on: number | null
  created_at: string
  updated_at: string
  attempts: number
  next_attempt_at: string | null
  last_status: number | null
  last_answer: string | null
}

const COLUMNS = 'id, kind, payload, state, depends_on, created_at, updated_at, attempts, next_attempt_at, last_status, last_answer'

function toRow(raw: RawRow): OutboxRow {
  return {
    id: raw.id,
    kind: raw.kind,
    payload: JSON.parse(raw.payload),
    state: raw.state,
    dependsOn: raw.depends_on,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    attempts: raw.attempts,
    nextAttemptAt: raw.next_attempt_at,
    lastStatus: raw.last_status,
    lastAnswer: raw.last_answer
  }
}

/** Adds a `queued` item, its effects and the rows it refers to. @returns the item's id. Call in the transaction of the change. */
export function insertItem(
  db: WritableDB,
  item: { kind: OutboxKind; payload: unknown; dependsOn: number | null; at: string },
  effects: readonly OutboxEffect[],
  references: readonly OutboxReference[]
): number {
  const id = Number(
    prepared(db, "INSERT INTO outbox_item (kind, payload, state, depends_on, created_at, updated_at) VALUES (?, ?, 'queued', ?, ?, ?)").run(
      item.kind,
      JSON.stringify(item.payload),
      item.dependsOn,
      item.at,
      item.at
    ).lastInsertRowid
  )
  insertEffects(db, id, effects)
  insertReferences(db, id, references)
  return id
}

/** Replaces an item's payload, effects and the rows it refers to (an edit) and queues it again. */
export function replacePayload(db: WritableDB, id: number, payload: unknown, effects: readonly OutboxEffect[], references: readonly OutboxReference[], at: string): void {
  prepared(db, "UPDATE outbox_item SET payload = ?, state = 'queued', next_attempt_at = NULL, updated_at = ? WHERE id = ?").run(JSON.stringify(payload), at, id)
  deleteEffects(db, id)
  insertEffects(db, id, effects)
  prepared(db, 'DELETE FROM outbox_reference WHERE item_id = ?').run(id)
  insertReferences(db, id, references)
}

/**
 * Records the rows item `id` refers to (migration 0020); a row named twice is recorded once, one
 * named without its key (a payload not of its kind's shape) not at all.
 */
export function insertReferences(db: WritableDB, id: number, references: readonly OutboxReference[]): void {
  const insert = prepared(db, 'INSERT OR IGNORE INTO outbox_reference (item_id, referred, referred_key) VALUES (?, ?, ?)')
  for (const reference of references) {
    // A payload read from the database is untyped: a key of another type names no row.
    const key = reference.to === 'event' ? (typeof reference.uuid === 'string' ? reference.uuid.toLowerCase() : null) : Number.isSafeInteger(reference.id) ? reference.id : null
    if (key !== null) insert.run(id, reference.to, key)
  }
}

/**
 * SQL selecting the keys of the rows of `referred` kind that items not yet done (queued, sending,
 * unknown or rejected) refer to: ids, or lower-case UUIDs for events. `referred` is spliced in, so
 * pass only a `ReferredKind`.
 */
export function pendingReferencesSql(referred: ReferredKind): string {
  // An item's references go when it is done (`updateItem`): those left are all pending.
  return `SELECT referred_key FROM outbox_reference WHERE referred = '${referred}'`
}

/** True when an item not yet done refers to a row of `referred` kind. */
export function hasPendingReferences(db: ReadableDB, referred: ReferredKind): boolean {
  return prepared(db, `SELECT EXISTS (${pendingReferencesSql(referred)})`).pluck().get() === 1
}

function insertEffects(db: WritableDB, id: number, effects: readonly OutboxEffect[]): void {
  const insert = prepared(db, 'INSERT INTO outbox_effect (item_id, person_id, target) VALUES (?, ?, ?)')
  for (const effect of effects) insert.run(id, effect.personId, effect.target)
}

/** Removes an item's optimistic effects. */
function deleteEffects(db: WritableDB, id: number): void {
  prepared(db, 'DELETE FROM outbox_effect WHERE item_id = ?').run(id)
}

/** True when a done item still has optimistic effects: it awaits its re-pull. */
export function hasDoneEffects(db: ReadableDB): boolean {
  return prepared(db, "SELECT EXISTS (SELECT 1 FROM outbox_effect e JOIN outbox_item i ON i.id = e.item_id WHERE i.state = 'done')").pluck().get() === 1
}

/** Removes the optimistic effects of every done item (after a re-pull stored the server's truth). */
export function clearDoneEffects(db: WritableDB): void {
  prepared(db, "DELETE FROM outbox_effect WHERE item_id IN (SELECT id FROM outbox_item WHERE state = 'done')").run()
}

/** One item, or undefined. */
export function getItem(db: ReadableDB, id: number): OutboxRow | undefined {
  const raw = prepared(db, `SELECT ${COLUMNS} FROM outbox_item WHERE id = ?`).get(id) as RawRow | undefined
  return raw && toRow(raw)
}

/** Every item, oldest first; with `states`, only those in them. */
export function listItems(db: ReadableDB, states?: readonly OutboxState[]): OutboxRow[] {
  const rows = states
    ? (prepared(db, `SELECT ${COLUMNS} FROM outbox_item WHERE state IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(states)) as RawRow[])
    : (prepared(db, `SELECT ${COLUMNS} FROM outbox_item ORDER BY id`).all() as RawRow[])
  return rows.map(toRow)
}

/** An item of kind `K`, its payload of the kind's shape (the kind's operation module prepared it). */
export type OutboxRowOfKind<K extends OutboxKind> = OutboxRow & { kind: K; payload: OutboxPayloads[K] }

/** Items of `kind` not yet done (queued, sending, unknown or rejected), oldest first: for duplicate checks. */
export function openItemsOfKind<K extends OutboxKind>(db: ReadableDB, kind: K): OutboxRowOfKind<K>[] {
  return (prepared(db, `SELECT ${COLUMNS} FROM outbox_item WHERE kind = ? AND state <> 'done' ORDER BY id`).all(kind) as RawRow[]).map(toRow) as OutboxRowOfKind<K>[]
}

/** Items that name `id` as their dependency. */
export function dependentsOf(db: ReadableDB, id: number): number[] {
  return prepared(db, 'SELECT id FROM outbox_item WHERE depends_on = ? ORDER BY id').pluck().all(id) as number[]
}

/**
 * Sets an item's state and the fields given; `attempts: 'increment'` counts a send. Fields not
 * given keep their values. A `done` item keeps no synced row any more: its references go (done
 * is final; a full sync's every sweep reads the references).
 */
export function updateItem(
  db: WritableDB,
  id: number,
  change: { state: OutboxState; at: string; attempts?: 'increment'; nextAttemptAt?: string | null; lastStatus?: number | null; lastAnswer?: string | null }
): void {
  prepared(
    db,
    `UPDATE outbox_item SET state = ?, updated_at = ?,
       attempts = attempts + ?,
       next_attempt_at = CASE WHEN ? THEN ? ELSE next_attempt_at END,
       last_status = CASE WHEN ? THEN ? ELSE last_status END,
       last_answer = CASE WHEN ? THEN ? ELSE last_answer END
     WHERE id = ?`
  ).run(
    change.state,
    change.at,
    change.attempts === 'increment' ? 1 : 0,
    change.nextAttemptAt !== undefined ? 1 : 0,
    change.nextAttemptAt ?? null,
    change.lastStatus !== undefined ? 1 : 0,
    change.lastStatus ?? null,
    change.lastAnswer !== undefined ? 1 : 0,
    change.lastAnswer ?? null,
    id
  )
  if (change.state === 'done') prepared(db, 'DELETE FROM outbox_reference WHERE item_id = ?').run(id)
}

/** Deletes an item and its effects (discard). */
export function deleteItem(db: WritableDB, id: number): void {
  prepared(db, 'DELETE FROM outbox_item WHERE id = ?').run(id)
}

/** The pending changes of a member (the pending badge), oldest first; done items have none left. */
export function pendingChangesOf(db: ReadableDB, personId: number): PendingChange[] {
  return prepared(
    db,
    'SELECT e.item_id AS itemId, i.kind, i.state, e.target FROM outbox_effect e JOIN outbox_item i ON i.id = e.item_id WHERE e.person_id = ? ORDER BY e.item_id'
  ).all(personId) as PendingChange[]
}

/** How many items wait for the network (queued, sending or unknown): the outbox badge. */
export function countWaiting(db: ReadableDB): number {
  return prepared(db, "SELECT count(*) FROM outbox_item WHERE state IN ('queued', 'sending', 'unknown')").pluck().get() as number
}

/** The process holding the push worker's place, if any. */
export interface WorkerClaim {
  pid: number
  /** The holder's machine (`os.hostname()` when it took the claim). */
  host: string
  /**
   * When the holder took the claim or last refreshed it, ISO 8601 UTC by the holder's clock
   * (column `started_at`, migration 0006): a running push refreshes it, so its age tells whether
   * a holder on another machine still runs.
   */
  refreshedAt: string
}

/** The push worker's claim as stored, or undefined when no push holds it. */
export function readWorkerClaim(db: ReadableDB): WorkerClaim | undefined {
  return prepared(db, 'SELECT pid, host, started_at AS refreshedAt FROM outbox_worker WHERE id = 1').get() as WorkerClaim | undefined
}

/**
 * Takes the one push worker's place (DESIGN §4 "one worker") for this process, unless another
 * live process holds it; `isAlive` tells whether a claim's holder still runs (a killed worker's
 * claim, or a stale one of another machine, is taken over). Runs in its own immediate
 * transaction, so two processes cannot both win.
 * @returns null when taken, else the claim that holds it.
 */
export function claimWorker(db: WritableDB, me: WorkerClaim, isAlive: (claim: WorkerClaim) => boolean): WorkerClaim | null {
  return db
    .transaction(() => {
      const held = readWorkerClaim(db)
      if (held && isAlive(held)) return held
      prepared(db, 'INSERT OR REPLACE INTO outbox_worker (id, pid, host, started_at) VALUES (1, ?, ?, ?)').run(me.pid, me.host, me.refreshedAt)
      return null
    })
    .immediate()
}

/**
 * Sets the claim's `refreshedAt` to `at` (ISO 8601 UTC) if `pid` on `host` still holds it.
 * @returns false when it does not: another process took the claim over as stale.
 */
export function refreshWorker(db: WritableDB, pid: number, host: string, at: string): boolean {
  return prepared(db, 'UPDATE outbox_worker SET started_at = ? WHERE id = 1 AND pid = ? AND host = ?').run(at, pid, host).changes === 1
}

/** Gives up the worker's place if `pid` on `host` holds it. */
export function releaseWorker(db: WritableDB, pid: number, host: string): void {
  prepared(db, 'DELETE FROM outbox_worker WHERE id = 1 AND pid = ? AND host = ?').run(pid, host)
}
