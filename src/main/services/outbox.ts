import { userInfo } from 'node:os'
import type { AuditEntry, OutboxItem, OutboxKind, PushSummary } from '../../shared/outbox'
import { ApiClient } from '../api/client'
import type { Connection } from '../config/connection'
import { readAuditLog } from '../db/auditLog'
import type { ReadableDB } from '../db/open'
import { getItem, listItems, type OutboxRow } from '../db/outbox'
import type { ClientDataPutPayload } from '../outbox/clientData'
import type { ClubTransferInput } from '../outbox/clubTransfer'
import type { EventRegistrationPayload } from '../outbox/eventRegistration'
import type { MeritGrantPayload } from '../outbox/meritGrant'
import { operationOf, type InputOf } from '../outbox/operations'
import { pushOutbox } from '../outbox/push'
import { discardItem, editItem, queueChange, retryItem } from '../outbox/queue'
import { withDatabase, withWritableDatabase } from './database'

/**
 * The outbox as the CLI and the desktop app use it (issue 5): queue changes with no network, list
 * them, push them, and retry, edit or discard rejected ones. Queuing validates first; nothing
 * invalid enters the queue.
 */

/** Which database, and who acts (the audit log's actor; default the OS user). */
export interface OutboxRequest {
  dbFile: string
  actor?: string
}

/**
 * Queues a merit grant (spec v2 §4.3) to up to 10,000 members.
 * @throws InvalidChangeError (code `invalid-change`) naming every problem; UserFacingError `no-database`.
 */
export function queueMeritGrant(request: OutboxRequest & MeritGrantPayload): Promise<OutboxItem> {
  return queue(request, 'merit-grant', { meritId: request.meritId, grant: request.grant })
}

/**
 * Queues a member's registration to an event (spec v2 §4.8).
 * @throws InvalidChangeError; UserFacingError `no-database`.
 */
export function queueEventRegistration(request: OutboxRequest & EventRegistrationPayload): Promise<OutboxItem> {
  return queue(request, 'event-registration', { eventUuid: request.eventUuid, registration: request.registration })
}

/**
 * Queues the cancellation of a registration (spec v2 §4.8): one the registry has
 * (`eventRegistrationId`), or one still in the outbox (`outboxItemId` of its `event-registration`
 * item; the cancellation then waits for it and cancels what it created).
 * @throws InvalidChangeError; UserFacingError `no-database` / `no-such-item`.
 */
export function queueRegistrationCancel(
  request: OutboxRequest & { eventUuid: string; registration: { eventRegistrationId: number } | { outboxItemId: number } }
): Promise<OutboxItem> {
  const { registration } = request
  if ('outboxItemId' in registration) return queue(request, 'registration-cancel', { eventUuid: request.eventUuid }, registration.outboxItemId)
  return queue(request, 'registration-cancel', { eventUuid: request.eventUuid, eventRegistrationId: registration.eventRegistrationId })
}

/**
 * Queues the transfer of a user licence to another club of its federation (spec v2 §4.6).
 * @throws InvalidChangeError; UserFacingError `no-database`.
 */
export function queueClubTransfer(request: OutboxRequest & ClubTransferInput): Promise<OutboxItem> {
  return queue(request, 'club-transfer', { userLicenceId: request.userLicenceId, targetClubId: request.targetClubId })
}

/** Queues storing the client's small value (spec v2 §4.10, at most 2048 characters). @throws InvalidChangeError; UserFacingError `no-database`. */
export function queueClientDataPut(request: OutboxRequest & ClientDataPutPayload): Promise<OutboxItem> {
  return queue(request, 'client-data-put', { content: request.content })
}

/** Queues deleting the client's small value (spec v2 §4.10). @throws UserFacingError `no-database`. */
export function queueClientDataDelete(request: OutboxRequest): Promise<OutboxItem> {
  return queue(request, 'client-data-delete', {})
}

/** Every outbox item, oldest first, with its state and the API's last answer. @throws UserFacingError `no-database`. */
export function listOutbox(dbFile: string): OutboxItem[] {
  return withDatabase(dbFile, (db) => listItems(db).map(toOutboxItem))
}

/** The audit log (issue 5: exportable), oldest first; with `itemId`, that item's entries. @throws UserFacingError `no-database`. */
export function readOutboxAudit(dbFile: string, itemId?: number): AuditEntry[] {
  return withDatabase(dbFile, (db) => readAuditLog(db, itemId))
}

/** Queues a rejected item again unchanged. @throws UserFacingError `no-such-item` / `not-retryable`. */
export function retryOutboxItem(request: OutboxRequest & { id: number }): Promise<OutboxItem> {
  return withWritableDatabase(request.dbFile, (db) => toOutboxItem(retryItem(db, request.id, { actor: actorOf(request) })))
}

/** Replaces a queued or rejected item's input, checked as when queuing. @throws UserFacingError `no-such-item` / `not-editable`; InvalidChangeError. */
export function editOutboxItem(request: OutboxRequest & { id: number; input: unknown }): Promise<OutboxItem> {
  return withWritableDatabase(request.dbFile, (db) => toOutboxItem(editItem(db, request.id, request.input, { actor: actorOf(request) })))
}

/** Discards a queued or rejected item and the items depending on it. @returns the ids removed. @throws UserFacingError `no-such-item` / `not-discardable`. */
export function discardOutboxItem(request: OutboxRequest & { id: number }): Promise<number[]> {
  return withWritableDatabase(request.dbFile, (db) => discardItem(db, request.id, { actor: actorOf(request) }))
}

/** What `pushOutboxNow` needs: the database, a resolved connection, and the worker's pacing. */
export interface PushRequest {
  dbFile: string
  connection: Connection
  /** Sends of one item per push when the API fails (default 4). */
  maxTries?: number
  /** First pause before sending an item again, ms (default 1000). */
  backoffBaseMs?: number
}

/**
 * Pushes the outbox (DESIGN §4; see `pushOutbox`): reconciles unknown items, sends the queue in
 * order, and re-pulls what changed. The client tries each request at most 4 times, fewer than a
 * sync: what cannot be sent stays queued for the next push.
 * @throws UserFacingError `no-database` / `push-running`; ApiError `unauthorized` for refused credentials.
 */
export function pushOutboxNow(request: PushRequest): Promise<PushSummary> {
  return withWritableDatabase(request.dbFile, async (db) => {
    const client = new ApiClient({ ...request.connection, maxAttempts: 4 })
    try {
      const result = await pushOutbox(db, client, { maxTries: request.maxTries, backoffBaseMs: request.backoffBaseMs })
      return { ...result, rejected: itemsById(db, result.rejected), blocked: itemsById(db, result.blocked) }
    } finally {
      await client.close()
    }
  })
}

function queue<K extends OutboxKind>(request: OutboxRequest, kind: K, input: InputOf<K>, dependsOn?: number): Promise<OutboxItem> {
  return withWritableDatabase(request.dbFile, (db) => toOutboxItem(queueChange(db, kind, input, { actor: actorOf(request), dependsOn })))
}

function itemsById(db: ReadableDB, ids: number[]): OutboxItem[] {
  return ids.map((id) => toOutboxItem(getItem(db, id)!))
}

/** A stored row as the CLI and the UI show it, with its one-line summary. */
function toOutboxItem(row: OutboxRow): OutboxItem {
  return { ...row, summary: operationOf(row.kind).describe(row.payload) }
}

/** The person at this computer, for the audit log: the OS user name. */
function actorOf(request: OutboxRequest): string {
  if (request.actor) return request.actor
  try {
    return userInfo().username
  } catch {
    // No passwd entry (some containers): the environment is the best remaining witness.
    return process.env.USER ?? process.env.USERNAME ?? 'unknown'
  }
}
