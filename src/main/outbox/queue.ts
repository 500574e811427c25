import type { OutboxKind } from '../../shared/outbox'
import { problem } from '../../shared/outboxProblems'
import { appendAudit, readAuditLog } from '../db/auditLog'
import type { ReadableDB, WritableDB } from '../db/open'
import { deleteItem, dependentsOf, getItem, insertItem, replacePayload, updateItem, type OutboxRow } from '../db/outbox'
import { UserFacingError } from '../services/errors'
import { InvalidChangeError } from './errors'
import { OPERATIONS, operationOf, type InputOf } from './operations'

/** Who changes the queue (the OS user; issue 5 audit log) and when (default now). */
export interface QueueActor {
  actor: string
  now?: Date
}

/**
 * Queues a change of `kind` (DESIGN §4): the operation module validates `input` against the
 * spec's limits and the local data, then the outbox row, its optimistic effects (the pending
 * badge), the synced rows it refers to (kept by a full sync, `refersTo`) and the audit entry are
 * written in one transaction. With `dependsOn`, the item is not
 * sent before that earlier item is done.
 * @returns the stored item (state `queued`).
 * @throws InvalidChangeError when the change is invalid (nothing is written); UserFacingError
 *   `no-such-item` when `dependsOn` names no item.
 */
export function queueChange<K extends OutboxKind>(db: WritableDB, kind: K, input: InputOf<K>, options: QueueActor & { dependsOn?: number }): OutboxRow {
  const now = options.now ?? new Date()
  const at = now.toISOString()
  return db.transaction(() => {
    const dependency = options.dependsOn === undefined ? undefined : existingItem(db, options.dependsOn)
    const operation = OPERATIONS[kind] as ReturnType<typeof operationOf>
    const payload = prepareOfItsShape(kind, () => operation.prepare(db, input, { dependency, now }))
    const id = insertItem(db, { kind, payload, dependsOn: dependency?.id ?? null, at }, operation.effects(payload, dependency), operation.refersTo(payload))
    appendAudit(db, { at, itemId: id, kind, event: 'queued', actor: options.actor, detail: payload })
    return getItem(db, id)!
  }).immediate()
}

/**
 * Replaces the payload of a `queued` or `rejected` item with `input`, checked as when queuing,
 * and queues it again (issue 5: a rejected item can be edited). The items waiting for it
 * (`depends_on`) are checked again against the edited item (their kind's `refit`): one that no
 * longer fits (a cancellation of a registration edited to another event) refuses the edit; one
 * whose payload follows from it (the cancelled registration's member, for the pending badge) is
 * updated, with its own audit entry.
 * @throws UserFacingError `no-such-item` / `not-editable`; InvalidChangeError, with
 *   `dependent-no-longer-fits` and the waiting item's problems when one no longer fits.
 */
export function editItem(db: WritableDB, id: number, input: unknown, options: QueueActor): OutboxRow {
  const now = options.now ?? new Date()
  const at = now.toISOString()
  // Immediate: the state is read under the write lock, so a push that marked it `sending` is seen.
  return db.transaction(() => {
    const item = existingItem(db, id)
    if (item.state !== 'queued' && item.state !== 'rejected') throw new UserFacingError('not-editable', `outbox item #${id} is ${item.state}; only queued or rejected items can be edited`)
    const dependency = item.dependsOn === null ? undefined : getItem(db, item.dependsOn)
    const operation = operationOf(item.kind)
    const payload = prepareOfItsShape(item.kind, () => operation.prepare(db, input, { dependency, editing: id, now }))
    replacePayload(db, id, payload, operation.effects(payload, dependency), operation.refersTo(payload), at)
    appendAudit(db, { at, itemId: id, kind: item.kind, event: 'edited', actor: options.actor, detail: payload })
    const edited = getItem(db, id)!
    for (const dependentId of dependentsOf(db, id)) refitDependent(db, getItem(db, dependentId)!, edited, options.actor, at)
    return edited
  }).immediate()
}

/**
 * Checks a waiting item again against its edited dependency (its kind's `refit`; a kind without
 * one takes any edit) and stores the payload that follows when it differs. Only what ties it to
 * the dependency is checked: the rest was checked when it was queued, and is the API's to judge.
 * @throws InvalidChangeError naming the waiting item, with its problems, when it no longer fits.
 */
function refitDependent(db: WritableDB, dependent: OutboxRow, dependency: OutboxRow, actor: string, at: string): void {
  const operation = operationOf(dependent.kind)
  if (!operation.refit) return
  let payload: unknown
  try {
    payload = operation.refit(dependent.payload, dependency)
  } catch (error) {
    if (error instanceof InvalidChangeError) throw new InvalidChangeError(`the edit of outbox item #${dependency.id}`, [problem('dependent-no-longer-fits', { itemId: dependent.id }), ...error.problems])
    throw error
  }
  if (JSON.stringify(payload) === JSON.stringify(dependent.payload)) return
  replacePayload(db, dependent.id, payload, operation.effects(payload, dependency), operation.refersTo(payload), at)
  appendAudit(db, { at, itemId: dependent.id, kind: dependent.kind, event: 'edited', actor, detail: payload })
}

/**
 * Runs an operation's prepare step, turning the TypeError it throws on input of another shape
 * (input from IPC or the command line is untyped; prepare reads the fields it expects) into a
 * clear refusal. @throws InvalidChangeError.
 */
function prepareOfItsShape<P>(kind: OutboxKind, prepare: () => P): P {
  try {
    return prepare()
  } catch (error) {
    // The TypeError's own words ("Cannot read properties of undefined") tell a person nothing.
    if (error instanceof TypeError) throw new InvalidChangeError(`the ${kind}`, [problem('not-this-kind', { kind })])
    throw error
  }
}

/** The audit detail `action` of a read-back that leaves an `unknown` item to a person (push.ts). */
export const AWAIT_DECISION = 'a person decides'

/**
 * True when an `unknown` item waits for a person (DESIGN §4): its last read-back could not tell
 * whether it took effect, or found an order or payment not applied, which is never sent again by
 * itself. Such an item may be retried (sent again as it is) or discarded by hand.
 */
export function awaitsDecision(db: ReadableDB, item: OutboxRow): boolean {
  return awaitedReason(db, item) !== null
}

/**
 * Why an item that `awaitsDecision` waits for a person, as the read-back that left it so gave it
 * (its audit entry's `reason`; '' when it names none); null when the item does not wait for one.
 */
export function awaitedReason(db: ReadableDB, item: OutboxRow): string | null {
  if (item.state !== 'unknown') return null
  const last = readAuditLog(db, item.id).at(-1)
  if (last?.event !== 'reconciled') return null
  const detail = JSON.parse(last.detail ?? '{}') as { action?: unknown; reason?: unknown }
  return detail.action === AWAIT_DECISION ? (typeof detail.reason === 'string' ? detail.reason : '') : null
}

/**
 * Queues a `rejected` item, or an `unknown` one that `awaitsDecision`, again unchanged (issue 5:
 * retry), e.g. after the cause was fixed on the server, or after the person checked that an order
 * whose answer was lost was not placed. @throws UserFacingError `no-such-item` / `not-retryable`.
 */
export function retryItem(db: WritableDB, id: number, options: QueueActor): OutboxRow {
  const at = (options.now ?? new Date()).toISOString()
  // Immediate, as `editItem`: waits for a push's write instead of failing on a stale read.
  return db.transaction(() => {
    const item = existingItem(db, id)
    if (item.state !== 'rejected' && !awaitsDecision(db, item)) {
      throw new UserFacingError('not-retryable', `outbox item #${id} is ${item.state}; only rejected items are retried by hand, and unknown ones left to a person`)
    }
    updateItem(db, id, { state: 'queued', at, nextAttemptAt: null })
    appendAudit(db, { at, itemId: id, kind: item.kind, event: 'retried', actor: options.actor })
    return getItem(db, id)!
  }).immediate()
}

/**
 * Removes a `queued` or `rejected` item, or an `unknown` one that `awaitsDecision` (the person
 * gives it up), its optimistic effects, and the items that depend on it (they cannot be sent
 * without it); the audit log keeps their history (issue 5: discard). Other items that are
 * sending, done or unknown may have reached the API and cannot be discarded.
 * @returns the ids removed.
 * @throws UserFacingError `no-such-item` / `not-discardable`.
 */
export function discardItem(db: WritableDB, id: number, options: QueueActor): number[] {
  const at = (options.now ?? new Date()).toISOString()
  // Immediate, as `editItem`: never the discard of an item a push has just started sending.
  return db.transaction(() => {
    const removed: number[] = []
    const discard = (itemId: number): void => {
      const item = existingItem(db, itemId)
      if (item.state !== 'queued' && item.state !== 'rejected' && !awaitsDecision(db, item)) {
        throw new UserFacingError('not-discardable', `outbox item #${itemId} is ${item.state}; it may have reached the registry and cannot be discarded`)
      }
      for (const dependent of dependentsOf(db, itemId)) discard(dependent)
      deleteItem(db, itemId)
      appendAudit(db, { at, itemId, kind: item.kind, event: 'discarded', actor: options.actor })
      removed.push(itemId)
    }
    discard(id)
    return removed
  }).immediate()
}

function existingItem(db: WritableDB, id: number): OutboxRow {
  const item = getItem(db, id)
  if (!item) throw new UserFacingError('no-such-item', `there is no outbox item #${id}`)
  return item
}
