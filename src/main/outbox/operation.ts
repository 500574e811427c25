import type { OutboxKind } from '../../shared/outbox'
import type { ApiClient } from '../api/client'
import type { ReadableDB } from '../db/open'
import type { OutboxEffect, OutboxReference, OutboxRow } from '../db/outbox'

/** The API accepted an item: its HTTP status and the answer to keep (JSON-serialisable). */
export interface Accepted {
  status: number
  answer: unknown
}

/**
 * The outcome of reading back an item that was sent without an answer (DESIGN §4): `applied`
 * with what the API holds (adopted as the item's answer); not applied, so sending again is safe;
 * or `undecided` when the reads the API offers cannot tell (e.g. no endpoint lists orders), so
 * the item stays `unknown` with `reason` until a person retries or discards it.
 */
export type Reconciled = { applied: true; status: number; answer: unknown } | { applied: false } | { applied: 'undecided'; reason: string }

/** What `prepare` knows besides the input: the item the change waits for, the item being edited, and when. */
export interface PrepareContext {
  dependency?: OutboxRow
  /** The id of the item whose payload this input replaces (an edit): it is no duplicate of itself. */
  editing?: number
  /** The instant the change is queued or edited (`QueueActor.now`, default the wall clock): what time-bound checks compare against. */
  now: Date
}

interface OperationBase<I, P> {
  readonly kind: OutboxKind
  /**
   * Validates `input` against the spec's limits and the local data and returns the payload to
   * store (the input, completed from local data where the API needs more).
   * @throws InvalidChangeError listing every problem.
   */
  prepare(db: ReadableDB, input: I, context: PrepareContext): P
  /** The members the change touches optimistically (the pending badge) and what for. */
  effects(payload: P, dependency: OutboxRow | undefined): OutboxEffect[]
  /**
   * The persons the change names without touching them: an order's orderer or payer (spec v2
   * §2.17 `userId`), a grant's granter (§4.3 `granterUserId`). Their per-person export (issue 6)
   * holds the change (`changesNaming`); none when absent.
   */
  names?(payload: P): number[]
  /**
   * The synced rows besides members that the change names, by id or UUID as its payload holds
   * them: a full sync keeps them while the item is not done (DESIGN §3 rule 5), so the outbox keeps
   * the context the change was queued in (names, the event a registration goes to). What counts:
   * the rows its checks read and its summary names — the merit granted, the event registered to,
   * the club and licence of a transfer, the parent, organizer or owner of what it creates, the
   * registrations an order pays for. Not orders (no list mirrors them) and not members (kept by
   * `effects`; a granter or a payer is shown by id only).
   */
  refersTo(payload: P): OutboxReference[]
  /**
   * For a kind that may wait for another item (`depends_on`): its payload after that item was
   * edited into `dependency`, or the same payload when the edit does not concern it. Kinds
   * without it take any edit of what they wait for (an order's payment: the order is still one).
   * @throws InvalidChangeError when the payload no longer fits the edited item.
   */
  refit?(payload: P, dependency: OutboxRow): P
  /** One line saying what the change does. */
  describe(payload: P): string
  /**
   * Sends the change. @throws ApiError as `ApiClient.writeV2` does, or `notTheAnswer`'s for a 2xx
   *   without what the endpoint's answer carries; the push worker judges it.
   * @throws UnsendableChangeError before any request when the change cannot be sent as it is.
   */
  send(client: ApiClient, payload: P, dependency: OutboxRow | undefined): Promise<Accepted>
}

/**
 * One operation kind (DESIGN §4). An `idempotent` one converges when sent again (the spec says
 * so), so the client retries it and an `unknown` outcome is settled by sending it again; any other
 * must `reconcile` by reading back before it may be sent again. One `retriedByHandOnly` (orders
 * and payments) is never sent again by the push worker: not after a 429 or a 5xx, and not when
 * the read-back finds it not applied; it stays `unknown` until a person retries or discards it.
 */
export type Operation<I, P> = OperationBase<I, P> &
  (
    | { readonly idempotent: true }
    | {
        readonly idempotent: false
        /** True for orders and payments (DESIGN §4 "never retried automatically"). */
        readonly retriedByHandOnly?: true
        /** Reads back whether an item sent without an answer took effect. @throws ApiError. */
        reconcile(client: ApiClient, payload: P, dependency: OutboxRow | undefined): Promise<Reconciled>
      }
  )
