import type { AuditEntry, OutboxItem, OutboxKind, OutboxNames, PushSummary } from '../../shared/outbox'
import { problemText } from '../../shared/outboxProblems'
import { ApiClient, ApiError } from '../api/client'
import type { Connection } from '../config/connection'
import { readAuditLog } from '../db/auditLog'
import { granteesNotReadable } from '../db/grantees'
import type { ReadableDB } from '../db/open'
import { getItem, listItems, type OutboxRow } from '../db/outbox'
import type { OrderStatus, PaymentInitiation, PaymentMethods } from '../../shared/api/v2Activity'
import type { CreateEvent, CreateMerit } from '../../shared/api/v3'
import type { ClientDataPutPayload, ClubTransferInput, EventParticipantsPayload, EventRegistrationPayload, MeritGrantPayload, OrganizationUserAccessRequest } from '../../shared/outboxPayloads'
import type { ClubCreateInput } from '../outbox/clubCreate'
import { checkId } from '../outbox/checks'
import { UserFacingError } from './errors'
import { MAX_ORDER_STATUS_IDS } from '../outbox/limits'
import type { OrderCreateInput } from '../outbox/orderCreate'
import { isPaymentInitiation } from '../outbox/orderPayment'
import { namesIn, outboxNames } from '../outbox/names'
import { operationOf, type InputOf } from '../outbox/operations'
import { pushOutbox } from '../outbox/push'
import { awaitsDecision, discardItem, editItem, queueChange, retryItem } from '../outbox/queue'
import { currentActor } from './actor'
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
 * Those grantees (user ids) that the organization of merit `meritId` may not read on `today` (ISO
 * local date) by what is stored, in their order: the registry may refuse a grant naming them
 * (`granteesNotReadable`, spec v2 §4.3).
 * @throws UserFacingError `no-database`.
 */
export function granteesNotReadableIn(dbFile: string, meritId: number, grantees: readonly number[], today: string): number[] {
  return withDatabase(dbFile, (db) => granteesNotReadable(db, meritId, grantees, today))
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

/**
 * Queues creating a club under a sports federation or an area (spec v2 §4.1).
 * @throws InvalidChangeError; UserFacingError `no-database`.
 */
export function queueClubCreate(request: OutboxRequest & ClubCreateInput): Promise<OutboxItem> {
  return queue(request, 'club-create', { parentId: request.parentId, club: request.club })
}

/**
 * Queues granting a user read or write access to an organization (spec v2 §4.1 PUT users).
 * @throws InvalidChangeError; UserFacingError `no-database`.
 */
export function queueOrganizationUserAccess(request: OutboxRequest & OrganizationUserAccessRequest): Promise<OutboxItem> {
  return queue(request, 'organization-user-access', { authorizedOrganizationUser: request.authorizedOrganizationUser, inviterName: request.inviterName })
}

/**
 * Queues creating a merit in a merit group (spec v3 POST /merit).
 * @throws InvalidChangeError; UserFacingError `no-database`.
 */
export function queueMeritCreate(request: OutboxRequest & { merit: CreateMerit }): Promise<OutboxItem> {
  return queue(request, 'merit-create', request.merit)
}

/**
 * Queues creating an event, optionally with its webhook URL (spec v3 POST /event, §6).
 * @throws InvalidChangeError; UserFacingError `no-database`.
 */
export function queueEventCreate(request: OutboxRequest & { event: CreateEvent }): Promise<OutboxItem> {
  return queue(request, 'event-create', request.event)
}

/**
 * Queues adding members to an event, optionally granting them the event's merits (spec v3 POST
 * /event/{eventUuid}/participants). @throws InvalidChangeError; UserFacingError `no-database`.
 */
export function queueEventParticipants(request: OutboxRequest & EventParticipantsPayload): Promise<OutboxItem> {
  return queue(request, 'event-participants', { eventUuid: request.eventUuid, participants: request.participants })
}

/**
 * Queues an order paying for event registrations (spec v2 §4.9 POST /order). Never sent again
 * without a person (DESIGN §4). @throws InvalidChangeError; UserFacingError `no-database`.
 */
export function queueOrderCreate(request: OutboxRequest & OrderCreateInput): Promise<OutboxItem> {
  const input: OrderCreateInput = { userId: request.userId, eventRegistrationIds: request.eventRegistrationIds }
  if (request.organizationId !== undefined) input.organizationId = request.organizationId
  return queue(request, 'order-create', input)
}

/** An order: placed (`orderId`), or still in the outbox (`outboxItemId` of its `order-create` item; the item then waits for it). */
export type OrderRef = { orderId: number } | { outboxItemId: number }

/**
 * Queues initiating an order's payment with a method of `readPaymentMethods` (spec v2 §4.9). Once
 * pushed, the item's answer holds `paymentGatewayUrl` and `requestData` (§2.17) for the app to open
 * in the system browser. Never sent again without a person (DESIGN §4).
 * @throws InvalidChangeError; UserFacingError `no-database` / `no-such-item`.
 */
export function queueOrderPayment(request: OutboxRequest & { order: OrderRef; paymentMethodCode: string; clientId?: string }): Promise<OutboxItem> {
  const input = { paymentMethodCode: request.paymentMethodCode, ...(request.clientId === undefined ? {} : { clientId: request.clientId }) }
  if ('outboxItemId' in request.order) return queue(request, 'order-payment', input, request.order.outboxItemId)
  return queue(request, 'order-payment', { ...input, orderId: request.order.orderId })
}

/**
 * Queues cancelling an order's transactions (spec v2 §4.9). Never sent again without a person.
 * @throws InvalidChangeError; UserFacingError `no-database` / `no-such-item`.
 */
export function queueOrderCancel(request: OutboxRequest & { order: OrderRef }): Promise<OutboxItem> {
  if ('outboxItemId' in request.order) return queue(request, 'order-cancel', {}, request.order.outboxItemId)
  return queue(request, 'order-cancel', { orderId: request.order.orderId })
}

/**
 * Reads the payment methods of a placed order, online (spec v2 §4.9 GET
 * /order/{orderId}/payment/methods; §2.17: terms and, per method, `paymentMethodCode`, costs in
 * cents, display name and image). @throws UserFacingError `invalid-order-ids` for a bad id; ApiError (404 unknown order, offline).
 */
export async function readPaymentMethods(request: { connection: Connection; orderId: number }): Promise<PaymentMethods> {
  requireOrderIds([request.orderId])
  const path = `/order/${request.orderId}/payment/methods`
  const methods = await withClient(request.connection, (client) => client.getV2<PaymentMethods | null>(path))
  if (methods === null || typeof methods !== 'object') throw new ApiError('invalid-response', `GET ${path}: the answer holds no payment methods`)
  return methods
}

/**
 * Reads the payment status of up to 100 placed orders, online (spec v2 §4.9 GET
 * /orders/{orderIds}/payment/status): one status per id in the same order, null for an order not found.
 * @throws UserFacingError `invalid-order-ids` for bad or too many ids; ApiError (offline).
 */
export async function readPaymentStatus(request: { connection: Connection; orderIds: number[] }): Promise<Array<{ orderId: number; status: OrderStatus | null }>> {
  requireOrderIds(request.orderIds)
  const path = `/orders/${request.orderIds.join(',')}/payment/status`
  const statuses = await withClient(request.connection, (client) => client.getV2<Array<OrderStatus | null> | null>(path))
  if (!Array.isArray(statuses)) throw new ApiError('invalid-response', `GET ${path}: the answer is not a list of payment statuses`)
  return request.orderIds.map((orderId, i) => ({ orderId, status: statuses[i] ?? null }))
}

/**
 * The payment initiation (spec v2 §2.17: `paymentGatewayUrl`, `requestData`) that the done
 * `order-payment` item `itemId` received, for opening the gateway (`writePaymentForm`).
 * @throws UserFacingError `no-payment` when the item is missing, of another kind, not done or
 *   its answer no payment initiation.
 */
export function readPaymentInitiation(db: ReadableDB, itemId: number): PaymentInitiation {
  const item = getItem(db, itemId)
  const answer: unknown = item?.kind === 'order-payment' && item.state === 'done' && item.lastAnswer !== null ? JSON.parse(item.lastAnswer) : null
  if (!isPaymentInitiation(answer)) throw new UserFacingError('no-payment', `outbox item ${itemId} is no payment the registry answered with its payment page`)
  return { paymentGatewayUrl: answer.paymentGatewayUrl, requestData: answer.requestData }
}

/** `readPaymentInitiation` in `dbFile`. @throws UserFacingError `no-payment`, `no-database`. */
export function paymentInitiationIn(dbFile: string, itemId: number): PaymentInitiation {
  return withDatabase(dbFile, (db) => readPaymentInitiation(db, itemId))
}

/**
 * Items left `unknown` for a person (orders and payments whose answer was lost, and items whose
 * read-back could not tell): retry or discard each. @throws UserFacingError `no-database`.
 */
export function listAwaitingDecision(dbFile: string): OutboxItem[] {
  return withDatabase(dbFile, (db) => listItems(db, ['unknown']).filter((item) => awaitsDecision(db, item)).map((row) => toOutboxItem(db, row)))
}

/** Every outbox item, oldest first, with its state and the API's last answer. @throws UserFacingError `no-database`. */
export function listOutbox(dbFile: string): OutboxItem[] {
  return withDatabase(dbFile, (db) => listItems(db).map((row) => toOutboxItem(db, row)))
}

/**
 * `listOutbox`'s items, each with the names of whom and what it concerns (`outboxNames` of that
 * item alone, `namesIn`), for `kanslia outbox`'s table. @throws UserFacingError `no-database`.
 */
export function listOutboxConcerning(dbFile: string): Array<OutboxItem & { concerns: string[] }> {
  return withDatabase(dbFile, (db) => listItems(db).map((row) => ({ ...toOutboxItem(db, row), concerns: namesIn(outboxNames(db, [row])) })))
}

/** `listOutbox`'s items and, read with them, the names of the persons and rows they name (`outboxNames`). @throws UserFacingError `no-database`. */
export function listOutboxNamed(dbFile: string): { items: OutboxItem[]; names: OutboxNames } {
  return withDatabase(dbFile, (db) => {
    const rows = listItems(db)
    return { items: rows.map((row) => toOutboxItem(db, row)), names: outboxNames(db, rows) }
  })
}

/** The audit log (issue 5: exportable), oldest first; with `itemId`, that item's entries. @throws UserFacingError `no-database`. */
export function readOutboxAudit(dbFile: string, itemId?: number): AuditEntry[] {
  return withDatabase(dbFile, (db) => readAuditLog(db, itemId))
}

/**
 * Queues a rejected item, or an unknown one left to a person (`listAwaitingDecision`), again
 * unchanged. @throws UserFacingError `no-such-item` / `not-retryable`.
 */
export function retryOutboxItem(request: OutboxRequest & { id: number }): Promise<OutboxItem> {
  return withWritableDatabase(request.dbFile, (db) => toOutboxItem(db, retryItem(db, request.id, { actor: actorOf(request) })))
}

/** Replaces a queued or rejected item's input, checked as when queuing. @throws UserFacingError `no-such-item` / `not-editable`; InvalidChangeError. */
export function editOutboxItem(request: OutboxRequest & { id: number; input: unknown }): Promise<OutboxItem> {
  return withWritableDatabase(request.dbFile, (db) => toOutboxItem(db, editItem(db, request.id, request.input, { actor: actorOf(request) })))
}

/**
 * Discards a queued or rejected item, or an unknown one left to a person, and the items depending
 * on it. @returns the ids removed. @throws UserFacingError `no-such-item` / `not-discardable`.
 */
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
  /** Pause before reading back a change sent without an answer (`PushOptions.readBackDelayMs`), ms. */
  readBackDelayMs?: number
  /** How long the push waits for such a read-back to fall due (`PushOptions.readBackWaitMs`), ms. */
  readBackWaitMs?: number
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
      const { maxTries, backoffBaseMs, readBackDelayMs, readBackWaitMs } = request
      const result = await pushOutbox(db, client, { maxTries, backoffBaseMs, readBackDelayMs, readBackWaitMs })
      return { ...result, rejected: itemsById(db, result.rejected), blocked: itemsById(db, result.blocked) }
    } finally {
      await client.close()
    }
  })
}

/**
 * Queues a change of any kind with the input its operation module takes (the desktop app's one
 * channel for every kind; the functions above are the typed forms of it). `dependsOn` names an
 * earlier outbox item the change waits for.
 * @throws InvalidChangeError (code `invalid-change`) naming every problem; UserFacingError `no-database`.
 */
export function queue<K extends OutboxKind>(request: OutboxRequest, kind: K, input: InputOf<K>, dependsOn?: number): Promise<OutboxItem> {
  return withWritableDatabase(request.dbFile, (db) => toOutboxItem(db, queueChange(db, kind, input, { actor: actorOf(request), dependsOn })))
}

/** @throws UserFacingError `invalid-order-ids` unless 1..100 positive ids (spec v2 §8 "order ids in one status request"). */
function requireOrderIds(ids: number[]): void {
  const problems = ids.flatMap((id) => checkId(id, 'an order id') ?? []).map((problem) => problemText(problem, 'en'))
  if (ids.length < 1 || ids.length > MAX_ORDER_STATUS_IDS) problems.push(`give 1 to ${MAX_ORDER_STATUS_IDS} order ids, got ${ids.length}`)
  if (problems.length) throw new UserFacingError('invalid-order-ids', problems.join('; '))
}

/** Runs `use` with a client for the connection, closed afterwards. */
async function withClient<T>(connection: Connection, use: (client: ApiClient) => Promise<T>): Promise<T> {
  const client = new ApiClient({ ...connection, maxAttempts: 4 })
  try {
    return await use(client)
  } finally {
    await client.close()
  }
}

function itemsById(db: ReadableDB, ids: number[]): OutboxItem[] {
  return ids.map((id) => toOutboxItem(db, getItem(db, id)!))
}

/** A stored row as the CLI and the UI show it, with its one-line summary and whether it waits for a person. */
function toOutboxItem(db: ReadableDB, row: OutboxRow): OutboxItem {
  return { ...row, summary: operationOf(row.kind).describe(row.payload), awaitsDecision: awaitsDecision(db, row) }
}

/** Who acts: the request's actor, else the person at this computer. */
function actorOf(request: OutboxRequest): string {
  return request.actor || currentActor()
}
