import { hostname } from 'node:os'
import type { AuditEvent, PushStop } from '../../shared/outbox'
import { ApiError, type ApiClient } from '../api/client'
import { excerptOf } from '../api/errors'
import { backoffMs, sleep } from '../api/retry'
import { appendAudit, readAuditLog } from '../db/auditLog'
import type { WritableDB } from '../db/open'
import { sqliteCode } from '../db/storageFailure'
import { claimWorker, clearDoneEffects, getItem, hasDoneEffects, listItems, readWorkerClaim, refreshWorker, releaseWorker, updateItem, type OutboxRow, type WorkerClaim } from '../db/outbox'
import { UserFacingError } from '../services/errors'
import { runSync } from '../sync/engine'
import { keptAnswer } from './answers'
import { UnsendableChangeError } from './errors'
import type { Accepted, Reconciled } from './operation'
import { operationOf } from './operations'
import { AWAIT_DECISION, awaitedReason } from './queue'

/** Options of one push run. */
export interface PushOptions {
  /** Sends of one item in this run that fail by the API's trouble (5xx, 429, a registration read back as not made) before the run stops; default 4. */
  maxTries?: number
  /** First pause before sending an item again, ms; doubles per try, with jitter; default 1000. */
  backoffBaseMs?: number
  /**
   * Pause between a send that got no answer (a 5xx, a cut connection, a push that died) and the
   * read-back of a change sent again when the read-back does not find it (registrations,
   * creations, transfers), ms; default READ_BACK_BACKOFFS × `backoffBaseMs` (two minutes). A
   * gateway that gave up (502, 504) may leave the registry still working on the request: read
   * back too soon, it would not show yet, and the change would be sent twice. Stored as the
   * item's `nextAttemptAt`, so a later push keeps to it.
   */
  readBackDelayMs?: number
  /**
   * How long a run waits for a read-back to fall due, ms; default READ_BACK_WAIT_MS. One due later
   * stops the run (`read-back`): nothing else is sent before it (DESIGN §4), and a push after
   * its time reads it back.
   */
  readBackWaitMs?: number
  /**
   * How long a claim of another machine that looks stale by this machine's clock is watched for a
   * refresh before it is taken over, ms; default CLAIM_WATCH_MS. Two machines' clocks may be
   * minutes apart: only a claim seen unchanged over this machine's own time is dead.
   */
  claimWatchMs?: number
}

/** Outcome of a push run; `PushSummary` of the IPC contract with ids for the rejected and blocked items. */
export interface PushResult {
  /** Items the API accepted in this run (adopted registrations included), in order. */
  done: number[]
  /** Every item the API has rejected that is still in the queue. */
  rejected: number[]
  /** Items that wait for a rejected item they depend on. */
  blocked: number[]
  /** Items still waiting for the network (queued or unknown), the blocked ones included. */
  waiting: number
  /** Why the run stopped before the queue was empty, or null. */
  stopped: PushStop | null
  /** The re-pull after the push (an incremental sync): null when nothing needed it or the API is out of reach. */
  repull: { ok: boolean; error?: string } | null
}

/**
 * How often a running push refreshes its worker claim, ms: on a timer, and before each send. A
 * push has no bound on its length (each request may take the client's 60 s timeout per try, a
 * `Retry-After` pause, backoff; a queue of many items; the re-pull is a whole incremental sync),
 * so a claim's age alone would not tell a long push from a dead one.
 */
export const CLAIM_REFRESH_MS = 30_000

/**
 * A claim not refreshed for this long, ms, is stale: its push died and it is taken over, as a
 * creation lock is after STALE_LOCK_MS (db/creationLock.ts). On another machine (a crash, then
 * the hostname changed, as macOS hostnames follow the network, or the database was restored on
 * another computer) its process cannot be asked whether it runs; on this one its pid may belong
 * to another program since (a crash, a reboot), so a live pid proves nothing either. Ten missed
 * refreshes leave room for a busy database, a stalled event loop and clocks a few minutes apart.
 */
export const STALE_CLAIM_MS = 10 * CLAIM_REFRESH_MS

/**
 * How long the answer to an order or a payment waits for the database while another process holds
 * its write lock, ms. No read gives that answer back (the order's id, the payment's gateway
 * address), so it is stored however long the other writer takes (a sync's page, an encryption
 * pass), up to the age at which another push would take this one's claim over as dead.
 */
export const LASTING_ANSWER_WAIT_MS = STALE_CLAIM_MS

/** The default pause before a read-back that may lead to sending again, in `backoffBaseMs` (two minutes by default: a gateway's usual 60 s timeout, and as long again for the registry to finish). */
export const READ_BACK_BACKOFFS = 120

/** How long a run waits for a read-back to fall due by default, ms: a longer wait would hold the worker claim and the "Push now" button for nothing a later push cannot do. */
export const READ_BACK_WAIT_MS = 15_000

/** The pause between tries to store such an answer, ms; each try itself waits the connection's busy_timeout. */
const LASTING_ANSWER_PAUSE_MS = 1_000

/** An item settled for this run, or the run must stop. */
type Step = { stop: PushStop } | { stop?: undefined }

const CONTINUE: Step = {}

/**
 * Pushes the outbox to the API: the one worker (DESIGN §4, issue 5).
 * 1. Items left `sending` by a run that died are `unknown`: they may have reached the API.
 * 2. Every `unknown` item is reconciled before anything else is sent: an idempotent one (merit
 *    grant) is simply queued again; a registration is read back and the server's registration
 *    adopted when it exists (else queued again); a cancellation likewise. An item whose read-back
 *    cannot tell, and an order or payment not found applied, stays `unknown` for a person.
 * 3. Queued items are sent one by one in queue order; an item whose dependency is not done waits.
 *    Each is marked `sending` (and audited) in its own transaction before the request leaves, so a
 *    crash at any point loses nothing and, by step 1–2, duplicates nothing.
 * 4. Answers: 2xx with the answer the spec's endpoint gives → `done`; 4xx → `rejected` with the
 *    server's message (later items go on unless they depend on it), but a 404 when no API answers
 *    at the base URL at all (`registryAnswers`) → `queued` and the run stops (`no-api`); 401 after a renewed token stops
 *    the run with the error (the credentials, not the item, are wrong); no connection → back to
 *    `queued` and the run stops as offline; no answer to a non-idempotent write (network cut, 5xx,
 *    a 2xx that is not the endpoint's JSON, e.g. a proxy's maintenance page, or JSON without what
 *    its answer carries, e.g. an Order without its `orderId`: `notTheAnswer`) → `unknown`, its
 *    answer saying what came, read back once `readBackDelayMs` has passed (its `nextAttemptAt`;
 *    at once for orders and payments, which only a person sends again); until then nothing else
 *    is sent: the run waits up to `readBackWaitMs` for it, else stops (`read-back`) and a later
 *    push reads it back first. 429 → `queued` and sent again after a jittered backoff; a
 *    registration read back as not made → `queued` and sent again; either at most `maxTries`
 *    times per run. Orders and payments instead stay `unknown` after any of these
 *    (DESIGN §4: never retried automatically). Idempotent items are retried inside the API client (DESIGN §2).
 *    A failure that is no answer of the API leaves the item to a person and the run goes on: one
 *    found before the request left (`UnsendableChangeError`, e.g. a payment whose order item holds
 *    no `orderId`) → `rejected` with its message; any other → `unknown`, awaiting a decision, as
 *    the request may have left. Likewise a read-back failing so leaves the item to a person.
 *    The answer to an order or a payment, which no read gives back, waits up to
 *    LASTING_ANSWER_WAIT_MS to be stored while another process holds the database.
 * 5. Afterwards, when an item was done, an incremental sync re-pulls what changed (the pushed
 *    changes among it), and the optimistic effects of done items are removed once it succeeded.
 * Only one process pushes a database at a time: it holds the worker claim, refreshed every
 * CLAIM_REFRESH_MS and before each send. A claim of this machine is taken over when its process
 * is gone, or is this one with no push of it running, or it is older than STALE_CLAIM_MS (its pid
 * reused by another program after a crash or a reboot); one of another machine (a database in a
 * shared folder, a hostname changed since a crash) when it looks older than STALE_CLAIM_MS by
 * this machine's clock and stays unchanged while watched for CLAIM_WATCH_MS of it (`claimSeenDead`:
 * clocks may be minutes apart). A push whose claim was taken over stops before its next send.
 * @throws UserFacingError `push-running` when another live process is pushing, or took this
 *   push's claim over; ApiError `unauthorized` when the credentials are refused (items stay queued).
 */
export async function pushOutbox(db: WritableDB, client: ApiClient, options: PushOptions = {}): Promise<PushResult> {
  const me: WorkerClaim = { pid: process.pid, host: hostname(), refreshedAt: now() }
  const dead = await claimSeenDead(db, me.host, options.claimWatchMs ?? CLAIM_WATCH_MS)
  const alive = (claim: WorkerClaim) => {
    if (claim.host !== me.host) return !(dead !== undefined && sameClaim(claim, dead) && claimStale(claim, Date.now()))
    // A claim of this process without a push of it running was left by one whose release failed.
    if (claim.pid === me.pid) return claimsHeld.has(db.name)
    // A live push refreshes its claim every CLAIM_REFRESH_MS: a stale one's pid is another program's now.
    return !claimStale(claim, Date.now()) && processAlive(claim.pid)
  }
  const holder = claimWorker(db, me, alive)
  if (holder) throw new UserFacingError('push-running', `another Kanslia (process ${holder.pid} on ${holder.host}, active at ${holder.refreshedAt}) is pushing this outbox`)
  claimsHeld.add(db.name)
  const refresher = setInterval(() => {
    try {
      refreshWorker(db, me.pid, me.host, now())
    } catch {
      // The database is busy or closing: the next refresh, or the one before the next send, tries again.
    }
  }, CLAIM_REFRESH_MS)
  // A push that ended without reaching `finally` (the process exits) must not be kept alive by it.
  refresher.unref()
  try {
    const backoffBaseMs = options.backoffBaseMs ?? 1000
    const worker = new Worker(db, client, me, {
      maxTries: options.maxTries ?? 4,
      backoffBaseMs,
      readBackDelayMs: options.readBackDelayMs ?? READ_BACK_BACKOFFS * backoffBaseMs,
      readBackWaitMs: options.readBackWaitMs ?? READ_BACK_WAIT_MS
    })
    const stop = await worker.run()
    const repull = stop?.reason === 'offline' ? null : await repullIfNeeded(db, client, worker.done.length > 0)
    const rejected = listItems(db, ['rejected']).map((item) => item.id)
    const waiting = listItems(db, ['queued', 'unknown'])
    // Dependencies are older items, so one pass in id order also finds dependents of blocked items.
    const stuck = new Set(rejected)
    const blocked: number[] = []
    for (const item of waiting) {
      if (item.dependsOn !== null && stuck.has(item.dependsOn)) {
        stuck.add(item.id)
        blocked.push(item.id)
      }
    }
    return { done: worker.done, rejected, blocked, waiting: waiting.length, stopped: stop ?? null, repull }
  } finally {
    clearInterval(refresher)
    claimsHeld.delete(db.name)
    try {
      releaseWorker(db, me.pid, me.host)
    } catch {
      // The database is still busy (the error that ended the push says so): the claim stays, and
      // this process's next push takes it over (`claimsHeld`), as one on another does once this one exits.
    }
  }
}

/** Whether `stored` is `item` as the worker read it: the same state, last change and payload (none when it was discarded). */
function asRead(stored: OutboxRow | undefined, item: OutboxRow): boolean {
  return stored !== undefined && stored.state === item.state && stored.updatedAt === item.updatedAt && JSON.stringify(stored.payload) === JSON.stringify(item.payload)
}

/**
 * Database files a push of this process holds the worker claim of, while it runs. One thread's:
 * a process pushes from one thread (the app's backend thread, the CLI's main thread).
 */
const claimsHeld = new Set<string>()

/**
 * How long a claim of another machine that looks stale is watched before it is taken over, ms:
 * two of its refreshes (CLAIM_REFRESH_MS), so a live push on a machine whose clock is minutes
 * behind is seen refreshing it.
 */
export const CLAIM_WATCH_MS = 2 * CLAIM_REFRESH_MS

/**
 * The claim of another machine than `host` when it looks stale by this machine's clock
 * (`claimStale`) and stays unchanged while watched for `watchMs` of this machine's own time;
 * otherwise undefined (no such claim, a fresh one, or one refreshed meanwhile: its push lives).
 */
async function claimSeenDead(db: WritableDB, host: string, watchMs: number): Promise<WorkerClaim | undefined> {
  const held = readWorkerClaim(db)
  if (held === undefined || held.host === host || !claimStale(held, Date.now())) return undefined
  await sleep(watchMs)
  const later = readWorkerClaim(db)
  return later !== undefined && sameClaim(later, held) ? held : undefined
}

function sameClaim(a: WorkerClaim, b: WorkerClaim): boolean {
  return a.pid === b.pid && a.host === b.host && a.refreshedAt === b.refreshedAt
}

/**
 * True when a claim is stale: `refreshedAt` is more than STALE_CLAIM_MS from `nowMs` (epoch ms),
 * either way (a clock far ahead, or this one set back, must not hold the claim for good either),
 * or not a time at all.
 */
export function claimStale(claim: WorkerClaim, nowMs: number): boolean {
  const at = Date.parse(claim.refreshedAt)
  return !(Math.abs(nowMs - at) <= STALE_CLAIM_MS)
}

class Worker {
  readonly done: number[] = []
  /** Sends of each item in this run, for `maxTries`. */
  private readonly sends = new Map<number, number>()
  /** `unknown` items read back in this run since their last send: each is read back once per send, and one left to a person waits for them. */
  private readonly readBack = new Set<number>()
  /** `registryAnswers`, once asked in this run. */
  private apiAnswers: Promise<boolean> | undefined

  constructor(
    private readonly db: WritableDB,
    private readonly client: ApiClient,
    private readonly me: WorkerClaim,
    private readonly options: Required<Pick<PushOptions, 'maxTries' | 'backoffBaseMs' | 'readBackDelayMs' | 'readBackWaitMs'>>
  ) {}

  async run(): Promise<PushStop | undefined> {
    for (const item of listItems(this.db, ['sending'])) {
      // Marked `sending` when its request left: the registry may still have been working on it.
      const readBackAt = this.readBackAt(item, Date.parse(item.updatedAt))
      this.settle(item, { state: 'unknown', nextAttemptAt: readBackAt }, { event: 'no-answer', detail: { reason: 'the push sending it stopped before an answer came' } })
    }
    for (;;) {
      const reading = await this.readBackDue()
      if (reading.stop) return reading.stop
      const item = this.next()
      if (!item) return undefined
      const step = await this.push(item)
      if (step.stop) return step.stop
    }
  }

  /**
   * Reads back the `unknown` items not read back in this run since their last send, earliest due
   * first, each once its `nextAttemptAt` has passed (DESIGN §4: before anything else is sent).
   * Waits up to `readBackWaitMs` for one to fall due; one due later stops the run (`read-back`).
   */
  private async readBackDue(): Promise<Step> {
    for (;;) {
      const pending = listItems(this.db, ['unknown']).filter((item) => !this.readBack.has(item.id))
      if (pending.length === 0) return CONTINUE
      // Stable: items due alike (now) keep queue order.
      const [first] = pending.sort((a, b) => dueMs(a) - dueMs(b))
      const wait = dueMs(first) - Date.now()
      if (wait > this.options.readBackDelayMs) {
        // Further ahead than any read-back is put off: set by a clock that ran ahead (corrected
        // since, or another computer's). Kept, the item would hold the queue until that time, and
        // no person may retry or discard it: its delay runs from now instead.
        updateItem(this.db, first.id, { state: 'unknown', at: now(), nextAttemptAt: this.readBackAt(first, Date.now()) })
        continue
      }
      if (wait > this.options.readBackWaitMs) {
        const at = first.nextAttemptAt!
        return { stop: { reason: 'read-back', itemId: first.id, at, message: `item #${first.id} was sent without an answer; it is read back after ${at}, before anything else is sent` } }
      }
      if (wait > 0) await sleep(wait)
      this.readBack.add(first.id)
      const item = getItem(this.db, first.id)
      // Retried or discarded by a person meanwhile (one left to them earlier).
      if (item?.state !== 'unknown') continue
      const step = await this.reconcile(item)
      if (step.stop) return step
    }
  }

  /** When an item sent at `sentMs` (epoch ms) without an answer may be read back: after `readBackDelayMs` when the read-back may lead to sending it again, else at once (null). */
  private readBackAt(item: OutboxRow, sentMs: number): string | null {
    const operation = operationOf(item.kind)
    if (operation.idempotent || operation.retriedByHandOnly) return null
    return new Date((Number.isNaN(sentMs) ? Date.now() : sentMs) + this.options.readBackDelayMs).toISOString()
  }

  /**
   * Whether the Public Data API answers at the client's base URL, asked once per run when a write
   * got 404 (the registry's refusal of an unknown event or merit, or no API there at all, a
   * mistyped base URL: spec v2 shows no error body to tell them apart). GET /organization (spec v2
   * §4.1), which any credentials may read, answering 404 too means no API; any other outcome is
   * taken as the registry's, so a 404 stays a rejection.
   */
  private async registryAnswers(): Promise<boolean> {
    this.apiAnswers ??= this.client.getV2('/organization', { page: 0, size: 1 }).then(
      () => true,
      (error: unknown) => !(error instanceof ApiError && error.status === 404)
    )
    return this.apiAnswers
  }

  /** The first queued item whose dependency, if any, is done. */
  private next(): OutboxRow | undefined {
    return listItems(this.db, ['queued']).find((item) => item.dependsOn === null || getItem(this.db, item.dependsOn)?.state === 'done')
  }

  private dependencyOf(item: OutboxRow): OutboxRow | undefined {
    return item.dependsOn === null ? undefined : getItem(this.db, item.dependsOn)
  }

  /**
   * Marks `item` `sending`, as read, in one write transaction with the check that this push still
   * holds the outbox: false when the item changed since (another process edited, discarded or
   * sent it), so that only what is stored now is ever sent.
   * @throws UserFacingError `push-running` when another Kanslia took over pushing.
   */
  private startSending(item: OutboxRow): boolean {
    return this.db
      .transaction(() => {
        // Another process that judged this push dead may be pushing now: sending too would duplicate.
        if (!refreshWorker(this.db, this.me.pid, this.me.host, now())) {
          throw new UserFacingError('push-running', `another Kanslia took over pushing this outbox (it found this push's claim older than ${STALE_CLAIM_MS / 60_000} minutes); item #${item.id} was not sent`)
        }
        return this.settle(item, { state: 'sending', attempts: 'increment' }, { event: 'sent', detail: { attempt: item.attempts + 1 } }, true)
      })
      .immediate()
  }

  /** Sends one item until it is settled for this run, or left `unknown` for its read-back. */
  private async push(item: OutboxRow): Promise<Step> {
    const operation = operationOf(item.kind)
    for (;;) {
      // Changed meanwhile: the run's next pick reads it as it is now (or finds it gone).
      if (!this.startSending(item)) return CONTINUE
      const tries = (this.sends.get(item.id) ?? 0) + 1
      this.sends.set(item.id, tries)
      this.readBack.delete(item.id)
      let accepted: Awaited<ReturnType<typeof operation.send>> | undefined
      let error: unknown
      try {
        accepted = await operation.send(this.client, item.payload, this.dependencyOf(item))
      } catch (caught) {
        error = caught
      }
      // Settled outside the send's catch: a failure to store the answer (a busy disk) is no failed
      // send. It leaves the item `sending`, which the next push reads back instead of sending again.
      if (accepted !== undefined) {
        await this.storeAnswer(item, accepted, operation.idempotent === false && operation.retriedByHandOnly === true)
        return CONTINUE
      }
      if (error instanceof UnsendableChangeError) {
        // Nothing left for the registry: a person edits, retries or discards it; the queue behind it goes on.
        this.settle(item, { state: 'rejected', lastStatus: null, lastAnswer: error.message }, { event: 'rejected', detail: { answer: error.message, sent: false } })
        return CONTINUE
      }
      if (!(error instanceof ApiError)) {
        // This program failed, not the API: the request may have left, so only a person sends it
        // again, or a read-back after `readBackDelayMs` (in a later run) that finds it not made.
        this.readBack.add(item.id)
        this.awaitDecision(item, failedHere(error), 'undecided', false, undefined, this.readBackAt(item, Date.now()))
        return CONTINUE
      }
      if (error.kind === 'unauthorized') {
        this.settle(item, { state: 'queued', lastAnswer: error.message }, { event: 'no-answer', detail: { error: error.message } })
        throw error
      }
      if (error.status === 404 && !(await this.registryAnswers())) {
        // Not the registry's refusal: nothing answers at the base URL (mistyped), so the item was never judged.
        const message = `${error.message}; no Public Data API answers at this base URL (GET /organization is 404 too): check the base URL; the change stays queued`
        this.settle(item, { state: 'queued', lastStatus: 404, lastAnswer: message }, { event: 'no-answer', detail: { error: message } })
        return { stop: { reason: 'no-api', message } }
      }
      if (isRejection(error)) {
        this.settle(item, { state: 'rejected', lastStatus: error.status ?? null, lastAnswer: error.answer ?? error.message }, { event: 'rejected', detail: { status: error.status, answer: error.answer ?? error.message } })
        return CONTINUE
      }
      if (!error.sent) {
        this.settle(item, { state: 'queued', lastStatus: null, lastAnswer: error.message }, { event: 'no-answer', detail: { error: error.message, sent: false } })
        return { stop: { reason: 'offline', message: error.message } }
      }
      if (operation.idempotent) {
        // The client has already retried it with backoff; the API keeps failing.
        this.settle(item, { state: 'queued', lastStatus: error.status ?? null, lastAnswer: error.message, nextAttemptAt: this.later(tries) }, { event: 'no-answer', detail: { error: error.message } })
        return { stop: { reason: 'server-error', message: error.message } }
      }
      if (error.status === 429 && !operation.retriedByHandOnly) {
        // Too many requests: the API did not act on it.
        this.settle(item, { state: 'queued', lastStatus: 429, lastAnswer: error.message }, { event: 'no-answer', detail: { error: error.message } })
      } else {
        const readBackAt = this.readBackAt(item, Date.now())
        this.settle(item, { state: 'unknown', lastStatus: error.status ?? null, lastAnswer: error.message, nextAttemptAt: readBackAt }, { event: 'no-answer', detail: { error: error.message } })
        // The run reads it back (`readBackDue`) before it sends anything else.
        return CONTINUE
      }
      if (tries >= this.options.maxTries) {
        updateItem(this.db, item.id, { state: 'queued', at: now(), nextAttemptAt: this.later(tries) })
        return { stop: { reason: 'server-error', message: error.message } }
      }
      await sleep(backoffMs(tries, this.options.backoffBaseMs))
      const stored = getItem(this.db, item.id)
      // Discarded during the pause.
      if (stored === undefined) return CONTINUE
      item = stored
    }
  }

  /**
   * Settles an `unknown` item by reading back (DESIGN §4): adopted → done; not made → queued
   * again, unless only a person may send it again (orders, payments), or it was sent `maxTries`
   * times in this run (the run stops); undecided, or a read-back the registry refuses (4xx) →
   * left `unknown` for a person. An idempotent item is queued again without a read: sending it
   * again converges. What the send got instead of an answer, when no read-back came since,
   * leads the words left for a person who decides.
   */
  private async reconcile(item: OutboxRow): Promise<Step> {
    const operation = operationOf(item.kind)
    const cause = readAuditLog(this.db, item.id).at(-1)?.event === 'no-answer' ? (item.lastAnswer ?? undefined) : undefined
    // Each settle below applies only to the item as read: a person may retry or discard it meanwhile.
    if (operation.idempotent) {
      this.settle(item, { state: 'queued' }, { event: 'reconciled', detail: { applied: 'unknown', action: 'send again: the change converges' } }, true)
      return CONTINUE
    }
    let found: Reconciled
    try {
      found = await operation.reconcile(this.client, item.payload, this.dependencyOf(item))
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // Not the registry's answer (e.g. the id to read back is unknown): nothing tells, so a person decides.
        this.awaitDecision(item, failedHere(error), 'undecided', true, cause)
        return CONTINUE
      }
      if (error.kind === 'unauthorized') throw error
      if (isRejection(error)) {
        // The registry refuses the read-back (e.g. the event is gone, or no rights to read it): the
        // change may still have taken effect, so it is not `rejected` (which a person may edit and
        // send again as refused). A person decides; a later push whose read-back answers settles it.
        this.awaitDecision(item, `could not read back whether it took effect (${error.status}: ${error.answer === undefined ? error.message : excerptOf(error.answer)})`, 'undecided', true, cause)
        return CONTINUE
      }
      return { stop: { reason: error.sent ? 'server-error' : 'offline', message: error.message } }
    }
    if (found.applied === true) this.accept(item, found.status, found.answer, 'reconciled', true)
    else if (found.applied === false && !operation.retriedByHandOnly) {
      const tries = this.sends.get(item.id) ?? 0
      const spent = tries >= this.options.maxTries
      const queued = { state: 'queued' as const, nextAttemptAt: spent ? this.later(tries) : null }
      this.settle(item, queued, { event: 'reconciled', detail: { applied: false, action: 'send again' } }, true)
      if (spent) return { stop: { reason: 'server-error', message: cause ?? `item #${item.id} got no answer ${tries} times` } }
    } else this.awaitDecision(item, found.applied === false ? 'the registry shows it did not take effect, and orders and payments are never sent again by themselves' : found.reason, found.applied, true, cause)
    return CONTINUE
  }

  /**
   * Leaves an item `unknown` until a person retries or discards it (`awaitsDecision`), saying why
   * in its last answer, after `cause` (what the send got instead of an answer) when given.
   * Audited unless the item already awaits a decision for the same reason, so a push that finds
   * it again adds nothing and keeps the answer naming the cause. `awaitedReason` reads the last
   * audit entry, so any entry written since (a retried send's `sent`, the `no-answer` of a push
   * that died) means the decision entry is written again even when the reason did not change:
   * else retry and discard would stay refused for good. `readBackAt` puts off the read-back of
   * each later push (none: the next push reads it back).
   */
  private awaitDecision(item: OutboxRow, reason: string, applied: false | 'undecided', onlyAsRead = false, cause?: string, readBackAt: string | null = null): void {
    if (awaitedReason(this.db, item) === reason) return
    const answer = `${cause === undefined ? '' : `${cause}; `}${reason}: retry or discard it`
    this.settle(item, { state: 'unknown', lastAnswer: answer, nextAttemptAt: readBackAt }, { event: 'reconciled', detail: { applied, action: AWAIT_DECISION, reason } }, onlyAsRead)
  }

  /**
   * Settles a sent item done with its answer (`accept`). With `lasting` (orders and payments,
   * whose answer no read gives back) a database whose write lock another process holds past
   * busy_timeout (SQLITE_BUSY) is tried again every LASTING_ANSWER_PAUSE_MS for
   * LASTING_ANSWER_WAIT_MS; other answers a read-back recovers, so they are not waited for.
   * @throws the database's error when the answer could not be stored (the item stays `sending`).
   */
  private async storeAnswer(item: OutboxRow, accepted: Accepted, lasting: boolean): Promise<void> {
    const deadline = Date.now() + LASTING_ANSWER_WAIT_MS
    for (;;) {
      try {
        this.accept(item, accepted.status, accepted.answer, 'answered')
        return
      } catch (error) {
        if (!lasting || !sqliteCode(error)?.startsWith('SQLITE_BUSY') || Date.now() >= deadline) throw error
        await sleep(LASTING_ANSWER_PAUSE_MS)
      }
    }
  }

  /** Settles an item done with the registry's answer, as the outbox keeps answers (`keptAnswer`: no personal profiles). */
  private accept(item: OutboxRow, status: number, received: unknown, event: 'answered' | 'reconciled', onlyAsRead = false): void {
    const answer = keptAnswer(received)
    if (this.settle(item, { state: 'done', lastStatus: status, lastAnswer: JSON.stringify(answer), nextAttemptAt: null }, { event, detail: { status, answer } }, onlyAsRead)) this.done.push(item.id)
  }

  /**
   * One state change and its audit entry, in one write transaction; with `onlyAsRead`, only when
   * the item is still as `item` was read (`asRead`).
   * @returns whether it was written.
   */
  private settle(item: OutboxRow, change: Omit<Parameters<typeof updateItem>[2], 'at'>, audit: { event: AuditEvent; detail?: unknown }, onlyAsRead = false): boolean {
    return this.db
      .transaction(() => {
        if (onlyAsRead && !asRead(getItem(this.db, item.id), item)) return false
        const at = now()
        updateItem(this.db, item.id, { ...change, at })
        appendAudit(this.db, { at, itemId: item.id, kind: item.kind, event: audit.event, detail: audit.detail })
        return true
      })
      .immediate()
  }

  /** When the automatic push may send an item again after `tries` failures (jittered backoff). */
  private later(tries: number): string {
    return new Date(Date.now() + backoffMs(tries, this.options.backoffBaseMs)).toISOString()
  }
}

/**
 * Re-pulls after a push (DESIGN §4): an incremental sync reads exactly what changed since the
 * cursors, the pushed changes among it, under the sync rules; it asks every per-parent list
 * (`everyList`), where grants and registrations land, due or not. When it succeeds, the optimistic
 * effects of done items are removed: the mirror now holds the server's truth. Runs when this push
 * did something or done items still await their re-pull (an earlier one failed).
 */
async function repullIfNeeded(db: WritableDB, client: ApiClient, pushed: boolean): Promise<PushResult['repull']> {
  if (!pushed && !hasDoneEffects(db)) return null
  try {
    const result = await runSync(db, client, { everyList: true })
    if (!result.ok) return { ok: false, error: result.resources.find((r) => r.error)?.error }
  } catch (error) {
    return { ok: false, error: messageOf(error) }
  }
  clearDoneEffects(db)
  return { ok: true }
}

/** When an `unknown` item may be read back, epoch ms: its `nextAttemptAt`, or now when none is set (or it is no time). */
function dueMs(item: OutboxRow): number {
  const at = item.nextAttemptAt === null ? NaN : Date.parse(item.nextAttemptAt)
  return Number.isNaN(at) ? 0 : at
}

/** A 4xx answer other than 401 (renewed already) and 429 (not acted on): the API refused the change. */
function isRejection(error: ApiError): boolean {
  return error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function now(): string {
  return new Date().toISOString()
}

/**
 * Why an item is left to a person after this program, not the API, failed on it. Worded alike
 * for a send and a read-back, so the read-back of each later push finds the same reason and
 * records nothing again.
 */
function failedHere(error: unknown): string {
  return `Kanslia failed on it (${messageOf(error)}), so whether it took effect is unknown`
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
