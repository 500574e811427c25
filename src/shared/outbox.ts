/**
 * The offline outbox as the CLI, the IPC contract and the UI see it (DESIGN §4, issue 5): queued
 * changes, their states and the audit log. Times are instants as ISO 8601 UTC strings.
 */

/**
 * The operation kinds, one module each under `src/main/outbox/`:
 * - `merit-grant`: POST /merit-grant/grant/{meritId} (spec v2 §4.3);
 * - `event-registration`: POST /event/registration/{eventUuid} (spec v2 §4.8);
 * - `registration-cancel`: DELETE /event/registration/{eventUuid}/{eventRegistrationId} (spec v2 §4.8);
 * - `club-transfer`: POST /user-licence-club-transfer/… (spec v2 §4.6);
 * - `client-data-put`, `client-data-delete`: PUT and DELETE /client-data (spec v2 §4.10);
 * - `club-create`: POST /organization/{id}/suborganizations (spec v2 §4.1);
 * - `organization-user-access`: PUT /organization/{id}/users (spec v2 §4.1);
 * - `merit-create`: v3 POST /merit (spec v3 §4);
 * - `event-create`: v3 POST /event, optionally with a webhook URL (spec v3 §4, §6);
 * - `event-participants`: v3 POST /event/{eventUuid}/participants (spec v3 §4);
 * - `order-create`, `order-payment`, `order-cancel`: POST /order, /order/{id}/payment/{method}
 *   and /order/{id}/cancel (spec v2 §4.9); never sent again without a person (DESIGN §4).
 */
export type OutboxKind =
  | 'merit-grant'
  | 'event-registration'
  | 'registration-cancel'
  | 'club-transfer'
  | 'client-data-put'
  | 'client-data-delete'
  | 'club-create'
  | 'organization-user-access'
  | 'merit-create'
  | 'event-create'
  | 'event-participants'
  | 'order-create'
  | 'order-payment'
  | 'order-cancel'

/** Every kind, in the order above. */
export const OUTBOX_KINDS: readonly OutboxKind[] = [
  'merit-grant',
  'event-registration',
  'registration-cancel',
  'club-transfer',
  'client-data-put',
  'client-data-delete',
  'club-create',
  'organization-user-access',
  'merit-create',
  'event-create',
  'event-participants',
  'order-create',
  'order-payment',
  'order-cancel'
]

/**
 * Where an item is (DESIGN §4): `queued` waits to be sent; `sending` is being sent (an item found
 * so after a crash may have reached the API); `done` the API accepted it; `rejected` the API
 * answered 4xx (its message is kept; edit, retry or discard); `unknown` it was sent and no answer
 * came, so it is reconciled by reading back before anything else is sent.
 */
export type OutboxState = 'queued' | 'sending' | 'done' | 'rejected' | 'unknown'

/**
 * Names, from the local data, of what outbox items name by id or UUID, so the outbox panel can say
 * who and what a change concerns: keys are the API's ids (events: UUIDs, lower case). An id this
 * computer stores nothing about is absent; the panel then shows the id.
 */
export interface OutboxNames {
  /** Persons a description names, by user id: "first last (Sport-ID)", the Sport-ID when known. */
  persons: Record<number, string>
  organizations: Record<number, string>
  meritGroups: Record<number, string>
  /** "merit group · merit". */
  merits: Record<number, string>
  /** A user licence (spec v2 §2.12) by its licence's name. */
  userLicences: Record<number, string>
  events: Record<string, string>
}

/** One queued change as listed by `kanslia outbox` and the outbox panel. */
export interface OutboxItem {
  id: number
  kind: OutboxKind
  /** One line saying what the change does, e.g. `grant merit 12 to 40 members (granted 2026-10-01)`. */
  summary: string
  /** The operation's stored input: the wire body and the path ids (API field names), of the shape `OutboxPayloads[kind]` (outboxPayloads.ts). */
  payload: unknown
  state: OutboxState
  /** The item that must be done before this one is sent, or null. */
  dependsOn: number | null
  createdAt: string
  updatedAt: string
  /** Times it was sent (reconciliation reads not counted). */
  attempts: number
  /**
   * Instant: for a `queued` item, when an automatic push should try again after the API kept
   * failing (jittered backoff; a push asked for by a person sends at once); for an `unknown` one,
   * when it is read back (no push reads it back sooner). Null when none.
   */
  nextAttemptAt: string | null
  /** HTTP status of the API's last answer, or null when none came. */
  lastStatus: number | null
  /** The API's last answer: its JSON body when accepted, its message when rejected, the failure when none came. */
  lastAnswer: string | null
  /** An `unknown` item that is never sent again by itself (an order, or a read-back that could not tell): a person retries or discards it. */
  awaitsDecision: boolean
}

/** What the audit log records about an item (issue 5 "who queued what, when sent, what the server answered"). */
export type AuditEvent = 'queued' | 'edited' | 'sent' | 'answered' | 'rejected' | 'no-answer' | 'reconciled' | 'retried' | 'discarded'

/** One audit log entry; entries outlive the items they name (a discarded item keeps its history). */
export interface AuditEntry {
  id: number
  /** Instant, ISO 8601 UTC. */
  at: string
  itemId: number
  kind: OutboxKind
  event: AuditEvent
  /** Who queued, edited, retried or discarded (the OS user); null for the push worker's own entries. */
  actor: string | null
  /** Details as JSON text: the payload when queued, the status and answer when answered. */
  detail: string | null
}

/**
 * Why a push stopped with items left: the API could not be reached (`offline`), kept failing
 * (`server-error`), no API answers at the connection's base URL (`no-api`: 404 everywhere, e.g.
 * the URL mistyped), or an item sent without an answer is read back only after `at` (an instant),
 * and nothing else is sent before it (`read-back`, DESIGN §4): a push after `at` goes on.
 */
export type PushStop = { reason: 'offline' | 'server-error' | 'no-api'; message: string } | { reason: 'read-back'; message: string; itemId: number; at: string }

/** Outcome of a push (`kanslia push`, the outbox panel's "Push now"). */
export interface PushSummary {
  /** Ids of the items the API accepted in this push (adopted registrations included), in order. */
  done: number[]
  /** Every item the API has rejected that is still in the queue, with its answer: edit, retry or discard it. */
  rejected: OutboxItem[]
  /** Items that wait for a rejected item they depend on. */
  blocked: OutboxItem[]
  /** Items still waiting for the network (queued or unknown), the blocked ones included. */
  waiting: number
  /** Why the push stopped before the queue was empty, or null. */
  stopped: PushStop | null
  /** The re-pull after the push (an incremental sync): null when nothing needed it or the API was out of reach. */
  repull: { ok: boolean; error?: string } | null
}
