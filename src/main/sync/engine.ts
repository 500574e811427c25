import { FINISHING_STEPS, type FinishingStep, type SyncProgressEvent } from '../../shared/ipc/contract'
import type { ApiClient } from '../api/client'
import type { WritableDB } from '../db/open'
import { deleteCursorsOfKind, finishRun, lastOkRunAt, lastSuccessfulSyncAt, readCursor, recordCursorResult, recordRunFailure, startRun } from '../db/runs'
import { erasedPersonIds, forgetErasedPersons, hasRowsInScope, scopesNamingErased, scopesOfKind, scopesWithOutdatedCopies, sweepUnreferencedPersons, sweepUnseen, sweepUnseenOfKind, type ReceivedElement, type Swept } from '../db/synced'
import {
  childOrganizationIds,
  eventsOfOurOrganizers,
  meritGroupIds,
  meritIds,
  organizationIds,
  ourAreaAssociationIds,
  ourMasterClubIds
} from '../db/fanOut'
import { EXPORT_RESOURCES, PERSON_REFERENCES, TABLES, type ExportResource } from '../db/tables'
import { startCheckpointer } from '../db/checkpointer'
import { deferIndexesForBulkLoad, restoreDeferredIndexes } from '../db/bulkLoad'
import { compactMemberSearch, resumeMemberSearch, suspendMemberSearchForBulkLoad } from '../db/memberSearch'
import { refreshMemberSummary } from '../db/memberSummary'
import { purgeFinishedChanges, purgeInactivePersons, purgeIsDue, purgeOldPrivacyLog } from '../db/retention'
import { storageFailure } from '../db/storageFailure'
import { rereadChangedAttendeeCounts } from './attendeeCounts'
import { UserFacingError } from '../services/errors'
import { errorCodeOf } from '../services/errorCode'
import type { CodedError, ErrorCode } from '../../shared/errorCodes'
import { formatInstant, parseInstant } from '../../shared/instant'
import { localDate } from '../../shared/localDate'
import { Gate, eachConcurrently } from './concurrency'
import { limitHeapGrowth } from './heapGrowth'
import { readEnvelope, sortElements } from './elements'
import { Pass, type PassContext } from './pass'
import {
  ALL_SCOPE,
  AREA_ASSOCIATION_CHILDREN,
  EVENT_REGISTRATIONS,
  FEDERATION_SOURCES,
  GRANTED_MERITS,
  MERIT_GROUPS,
  MERITS,
  PUBLIC_EVENTS,
  PUBLIC_EVENTS_SCOPE,
  REFERENCE_SOURCES,
  REFRESH_INTERVAL_MS,
  REGISTERED_EVENT_USERS,
  SMALL_SOURCES,
  SPORTS_CLUBS,
  SUBORGANIZATIONS,
  eventSearch,
  federationMasterSports,
  federationScope,
  federationSource,
  type FanOut,
  type ListSource,
  type Parent,
  type Refresh
} from './resources'

export { OVERLAP_US } from './pass'

/** Options of one sync run. */
export interface SyncOptions {
  /** Full reconciliation: read everything without `ts` and remove what is no longer listed (DESIGN §3 rule 5). */
  full?: boolean
  /** Elements per request, 1…100000 (spec v2 §8); default 5000. */
  pageSize?: number
  /** Called at the start and end of each resource and after its pages (DESIGN §3 rule 7), then before each of the last steps (phase `finishing`). */
  onProgress?: (p: SyncProgress) => void
  /** ISO local date on which the member summary is evaluated (DESIGN §3b); default: today's local date. */
  today?: string
  /** Stops the run between requests; the pages already committed stay. */
  signal?: AbortSignal
  /**
   * Reads the lists of the `quarter-hour` tier (`REFRESH_INTERVAL_MS`) on an incremental run even
   * when they are not due: the re-pull after a push, whose changes land in them.
   */
  everyList?: boolean
}

/**
 * Progress of one resource: the IPC contract's `SyncProgressEvent`, the one definition.
 * `elements` counts elements received so far (re-reads of the overlap included), `bytes` response
 * bytes, `total` the API's estimate of the elements of the pass, `elementsPerSecond` since the
 * resource started, `etaSeconds` from both. A resource read as one list per parent reports once,
 * with scope `per <parent kind>` (e.g. `per merit`) and `message` "lists done of lists".
 */
export type SyncProgress = SyncProgressEvent

/**
 * Outcome of a run. Per (resource, scope): elements received, rows added or changed, pages, response bytes, rows removed
 * by a full pass, elements skipped (no id or modificationTime) and the error in English words with
 * its code (`errorCodeOf`: `api-<kind>`, `storage-<kind>`, …), if it failed; for a fanned-out
 * resource one entry with scope `per <kind>`, `lists` read and the first error.
 * `ok` is false when any resource failed; the others are kept. `runId` numbers the run. A disk
 * that fails the database's writes (full, read-only) stops the run: `stoppedBy` says why, with its code.
 */
export interface SyncResult {
  ok: boolean
  full: boolean
  /** No earlier run of the database finished successfully: every list not yet read is read whole (a first sync). */
  first: boolean
  runId: number
  /**
   * Per list read (or removed): `note` says why one that did not fail read nothing (no rights, 403;
   * a list that is gone) or was removed unread, how many rows no longer listed a full run kept
   * because a pending outbox change refers to them (DESIGN §3 rule 5), and how many elements were
   * stamped after the registry's time (its cursor stays short of them: `cursorLimit.ts`).
   */
  resources: Array<{
    resource: string
    scope: string
    elements: number
    /** Stored rows the run added or replaced by different content: what it brought, re-reads of the overlap aside. */
    changed: number
    pages: number
    bytes: number
    removed: number
    skipped: number
    lists?: number
    error?: string
    errorCode?: ErrorCode
    note?: string
  }>
  elements: number
  bytes: number
  durationMs: number
  /** Persons removed by the retention purge of this run (issue 6; `db/retention.ts`). */
  purged: number
  /** Why the run stopped early when the disk failed the database (full, read-only): see `storageFailure`. */
  stoppedBy?: CodedError
}

const DEFAULT_PAGE_SIZE = 5000
/** The largest `pageSize` a run asks for; a larger one is read as this. */
export const MAX_PAGE_SIZE = 100_000
/** Requests in flight at once (issue 4 fan-out); SQLite writes stay serial on the one connection. 8 measured a little faster than 4 for 2,500 mostly empty lists; more did not help. */
export const MAX_REQUESTS_IN_FLIGHT = 8
/** Least time between two progress events of a fanned-out resource, ms. */
const FAN_OUT_PROGRESS_MS = 100
/** Resources whose rows name persons (`PERSON_REFERENCES`): a person sweep needs all of them complete. */
const PERSON_RESOURCES: readonly string[] = EXPORT_RESOURCES.filter((resource) => PERSON_REFERENCES.some((reference) => reference.table === TABLES[resource].table))

type ResourceResult = SyncResult['resources'][number]

/** A run: what its passes need, plus the client, the options and the results so far. */
interface Run extends PassContext {
  client: ApiClient
  options: SyncOptions
  /** Set when the disk failed the database (`storageFailure`): the run stops, reporting this. */
  stoppedBy: CodedError | null
  /** Events whose attendee count changed unseen (`rereadChangedAttendeeCounts`): their registration lists are read whole and swept. */
  recounted: Set<number>
  /** Aborts `signal` when the disk fails or the caller cancels. */
  stop: AbortController
  /** `SyncResult.first`: no earlier run of the database finished successfully. */
  first: boolean
  today: string
  resources: ResourceResult[]
}

/** The organization roots of one federation (spec v2 §4.1 `GET /organization`). */
interface FederationRoots {
  federationId: number
  elements: ReceivedElement[]
  /** True when the federation itself is a root, so its federation-wide lists are readable. */
  readable: boolean
}

/**
 * Mirrors what `client`'s credentials may read into `db` (DESIGN §3, spec v2 "Generic
 * synchronisation procedure", issue 4):
 * 1. discovers the federation scopes from the roots of `GET /organization` (a federation root is
 *    its own scope, any other root names its `federationId`);
 * 2. per federation, the federation-wide lists of `FEDERATION_SOURCES` when the federation is a
 *    root; for rights that start lower (an area, a club), the roots and their suborganizations
 *    level by level instead, since the federation-wide lists answer 400 to them (spec v2 §4.2);
 *    then the federation's master sports and its event search results;
 * 3. the v3 reference lists, version info and client data; area associations' children and
 *    master clubs' sports clubs for the areas and master clubs of the stored organizations;
 * 4. the public v3 events, forgetting those that carry `deletionTime`; an incremental run reads
 *    them newest modification first and stops at the cursor's window (`ListSource.newestFirst`);
 *    when this run read the event search, also the events whose attendee count there differs,
 *    narrowed by their start (`rereadChangedAttendeeCounts`: registrations do not move an
 *    event's modificationTime);
 * 5. the fan-out, each level from what the previous one stored: merit groups per organization,
 *    merits per merit group, grants per merit, registered users and registrations per event whose
 *    organizer is a stored organization. At most MAX_REQUESTS_IN_FLIGHT requests run at once.
 *
 * SYNC lists are read with `tsOrder=asc`, re-anchoring every request on the newest stored instant
 * minus OVERLAP_US (not `page++`, which skips rows modified meanwhile), with the bulk-import
 * window check of `Pass`; an incremental run first asks for the newest element after the cursor's
 * window and skips the list when nothing is newer (one tiny request). Each page's rows and the
 * advanced cursor are committed in one transaction, never letting an older modificationTime
 * replace a newer one, so a crash at any point loses nothing. Lists without modificationTime are
 * read whole: on every run, or daily for the seldom-changing reference lists (`REFRESH_INTERVAL_MS`).
 *
 * Skipping lists whose parent did not change: the spec names no parent field that moves with its
 * children (a merit's modificationTime does not move when it is granted, spec v2 §2.8–§2.9; an
 * event's not when someone registers, v3 §2), so the fanned-out SYNC lists are each asked with the
 * one-element quiet check — on an incremental run only when their tier is due (every 15 minutes,
 * or `everyList`), as is the event search (`REFRESH_INTERVAL_MS`). The one exception is an event's
 * registrations (a plain array without `ts`): its registered-users listing carries a
 * modificationTime that moves on creation and on each payment-status change (spec v2 §2.16), so on
 * an incremental run the registrations are read only when that listing holds something newer than
 * the newest registration stored, or when the event's attendee count changed unseen.
 * Cancellations vanish without a trace in both lists: a full run reads every list and removes
 * them; an incremental one removes them from an event's registrations whenever it reads them (a
 * whole array), and from its registered users when the event's count changed or anything in the
 * list did (read whole then: `ListSource.wholeWhenChanged`; one who cancelled while another
 * registered leaves the count as it was).
 *
 * On a full run, after a complete error-free pass of a list that held rows before it, its rows
 * the pass did not see are deleted; after every list of a fanned-out resource succeeded, also the
 * rows of lists whose parent is gone; persons no longer referenced go too. Rows an outbox item not
 * yet done refers to stay (`sweepUnseen`; the result's `note` counts them) until it is done or
 * discarded; an event's tombstone is no sweep and removes the event all the same
 * (`deleteElements`). 403 counts as an empty answer (DESIGN §3 rule 6), as do the `goneStatuses`
 * of a child list; any other failure ends that list with its error in the result, and the run
 * carries on — unless the disk fails the database's writes (full, read-only): then the run stops
 * at once (`stoppedBy`). Into a database without persons (a first sync) the member search index
 * is built once at the end of the run instead of row by row, and so are the secondary indexes of
 * `db/bulkLoad.ts` when their tables are empty; a first or full run checkpoints the WAL on a
 * second thread (`db/checkpointer.ts`); at the end, people without current data past the
 * retention are purged (`db/retention.ts`).
 * @throws ApiError when the organization roots cannot be read (bad credentials, unreachable API);
 *   the run is recorded as failed first.
 * @throws UserFacingError `storage-<kind>` when not even the run's start can be recorded.
 */
export async function runSync(db: WritableDB, client: ApiClient, options: SyncOptions = {}): Promise<SyncResult> {
  const started = performance.now()
  limitHeapGrowth()
  const full = options.full === true
  const pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE)))
  const bytesAtStart = client.stats.bytes
  const first = lastSuccessfulSyncAt(db) === null
  const runId = startRunOnDisk(db, full)
  const gate = new Gate(MAX_REQUESTS_IN_FLIGHT)
  const stop = new AbortController()
  if (options.signal?.aborted) stop.abort()
  options.signal?.addEventListener('abort', () => stop.abort(), { once: true })
  const run: Run = {
    db,
    runId,
    full,
    fullRun: full,
    first,
    pageSize,
    signal: stop.signal,
    stop,
    stoppedBy: null,
    recounted: new Set(),
    seenPersons: new Map(),
    touchedPersons: new Set(),
    changedResources: new Set(),
    get: (api, path, query, meter) => gate.run(() => (api === 'v2' ? client.getV2(path, query, meter) : client.getV3(path, query, meter))),
    client,
    options,
    today: options.today ?? localDate(),
    resources: []
  }
  // A bulk load killed before it finished left the search index suspended and indexes dropped: rebuild them first.
  resumeMemberSearch(db)
  restoreDeferredIndexes(db)
  const bulkLoad = suspendMemberSearchForBulkLoad(db)
  const indexesDeferred = deferIndexesForBulkLoad(db)
  // A first or full run rewrites most of the database: its checkpoints go to a second thread.
  const checkpointer = full || bulkLoad || indexesDeferred ? startCheckpointer(db) : null
  try {
    let roots: FederationRoots[]
    try {
      roots = await discoverRoots(run)
    } catch (error) {
      const failure = failureOf(run, error)
      db.transaction(() => {
        recordRunFailure(db, runId, failure)
        finishRun(db, runId, { ok: false, elements: 0, bytes: client.stats.bytes - bytesAtStart, error: failure.message })
      }).immediate()
      throw error
    }
    await syncEverything(run, roots)
    return finish(run, started, bytesAtStart)
  } finally {
    // Normally done in `finish`, inside the measured run; here for failed runs. On a failed disk the next run rebuilds them.
    try {
      if (indexesDeferred) restoreDeferredIndexes(db)
      if (bulkLoad) resumeMemberSearch(db)
    } catch (error) {
      if (storageFailure(error) === null) throw error
    } finally {
      await checkpointer?.stop()
    }
  }
}

/** Steps 2–5 of `runSync`, in order; stops between lists when cancelled. */
async function syncEverything(run: Run, roots: FederationRoots[]): Promise<void> {
  const { db } = run
  const cancelled = () => run.signal?.aborted === true
  for (const root of roots) {
    const scope = federationScope(root.federationId)
    for (const entry of FEDERATION_SOURCES) {
      if (cancelled()) return
      if (!root.readable && entry.resource !== 'organizations') continue
      const extra = entry.resource === 'organizations' ? root.elements : []
      await syncList(run, federationSource(entry, root.federationId), scope, { extra, read: root.readable })
    }
    if (cancelled()) return
    const masterSports = federationMasterSports(root.federationId)
    if (isDue(run, masterSports.resource, scope, 'daily')) await syncList(run, masterSports, scope)
    const events = eventSearch(root.federationId, run.today)
    if (root.readable && isDue(run, events.resource, scope, 'quarter-hour')) await syncList(run, events, scope)
  }
  // One pass over the roots of every federation: a pass's full sweep removes the lists of its kind it did not read.
  const belowFederations = roots.filter((root) => !root.readable).flatMap((root) => root.elements.map((r) => r.id))
  if (belowFederations.length > 0) await syncSuborganizations(run, belowFederations)
  if (cancelled()) return
  if (run.full && roots.length > 0) sweepUnreadFederationLists(run)
  for (const source of REFERENCE_SOURCES) {
    if (cancelled()) return
    if (isDue(run, source.resource, ALL_SCOPE, 'daily')) await syncList(run, source, ALL_SCOPE)
  }
  for (const source of SMALL_SOURCES) {
    if (cancelled()) return
    await syncList(run, source, ALL_SCOPE)
  }
  await fanOut(run, AREA_ASSOCIATION_CHILDREN, () => ourAreaAssociationIds(db).map((id) => ({ id })))
  await fanOut(run, SPORTS_CLUBS, () => ourMasterClubIds(db).map((id) => ({ id })))
  if (cancelled()) return
  const searched = run.resources.some((r) => r.resource === 'event-search-results' && r.error === undefined)
  const recount = async (pass: Pass) => {
    for (const id of await rereadChangedAttendeeCounts(db, pass)) run.recounted.add(id)
  }
  await syncList(run, PUBLIC_EVENTS, PUBLIC_EVENTS_SCOPE, { then: searched ? recount : undefined })
  await fanOut(run, MERIT_GROUPS, () => organizationIds(db).map((id) => ({ id })))
  await fanOut(run, MERITS, () => meritGroupIds(db).map((id) => ({ id })))
  // Persons whose data the registry deleted, known before their copies are read (a sync of another
  // process may add more meanwhile). The lists holding a copy are read whole: a registered user's
  // modification time moves only on creation and payment (spec v2 §2.16), a grant has none (§2.9),
  // so a read by `ts` need not bring the erased copy.
  const erased = erasedPersonIds(db)
  const copies = (resource: ExportResource) => (erased.length > 0 ? scopesNamingErased(db, resource) : new Set<string>())
  const grantCopies = copies('granted-merits')
  await fanOut(run, GRANTED_MERITS, () => meritIds(db).map((id) => ({ id })), { whole: (scope) => grantCopies.has(scope), namesErased: grantCopies.size > 0 })
  // A changed count may be a cancellation, which leaves both lists without a trace: they are read
  // whole then. The registrations, a plain array, are whole whenever read, so always swept.
  const recounted = (scope: string) => run.recounted.has(Number(scope.slice('event '.length)))
  // So are those holding a copy older than a person's profile read since (spec v2 §2.16: the
  // person's change moves no registered user's modificationTime).
  const registeredCopies = copies('registered-event-users')
  let outdated: Set<string> | undefined // looked for only when the lists are read
  const outdatedCopy = (scope: string) => (outdated ??= scopesWithOutdatedCopies(db, parseInstant)).has(scope)
  await fanOut(run, REGISTERED_EVENT_USERS, () => eventsOfOurOrganizers(db), { whole: (scope) => recounted(scope) || registeredCopies.has(scope) || outdatedCopy(scope), namesErased: registeredCopies.size > 0 })
  await fanOut(run, EVENT_REGISTRATIONS, () => eventsOfOurOrganizers(db), { skip: (scope) => !registrationsMayHaveChanged(db, scope) && !recounted(scope), whole: () => true })
  if (erased.length > 0 && !run.signal?.aborted) writeUnlessDiskFailed(run, () => forgetErasedPersons(db, erased, run.runId))
}

/** Sweeps persons after a clean full run, purges inactive ones, finished changes and the privacy log's old entries (retention), refreshes the member summary and records the run. */
function finish(run: Run, started: number, bytesAtStart: number): SyncResult {
  const { db, resources, full, options } = run
  const cancelled = options.signal?.aborted === true
  let purged = 0
  // Before the sweeps, the purge and the summary: they look persons' rows up by user id.
  emitFinishing(run, 'indexes')
  writeUnlessDiskFailed(run, () => restoreDeferredIndexes(db))
  writeUnlessDiskFailed(run, () => {
    if (run.stoppedBy !== null) return
    emitFinishing(run, 'persons')
    // Only after the persons' lists all came through: a licence that failed to arrive must not make its holder look unreferenced or inactive.
    const personsCurrent = !cancelled && !resources.some((r) => r.error && PERSON_RESOURCES.includes(r.resource))
    if (full && personsCurrent) db.transaction(() => sweepUnreferencedPersons(db)).immediate()
    // The outbox's history and the privacy log do not depend on the persons' lists (a resource failing every run must not keep them).
    if (purgeIsDue(db, run.today, full)) {
      purgeFinishedChanges(db, run.today)
      purgeOldPrivacyLog(db, run.today)
      if (personsCurrent) purged = purgeInactivePersons(db, run.today).length
      // The words of those purged today, and of those whose data the registry deleted, leave the index's pages.
      compactMemberSearch(db)
    }
    emitFinishing(run, 'member-summary')
    // A full run may have removed anyone, and a changed licence product (spec v2 §2.4: its days,
    // insurance requirement, birth dates) may change every holder's verdict; an incremental run
    // otherwise marked the persons it received (`markForRecheck`).
    refreshMemberSummary(db, run.today, full || run.changedResources.has('licences') ? undefined : [])
  })
  emitFinishing(run, 'member-search')
  writeUnlessDiskFailed(run, () => resumeMemberSearch(db))
  const failed = resources.find((r) => r.error)
  const result: SyncResult = {
    ok: failed === undefined && !cancelled && run.stoppedBy === null,
    full,
    first: run.first,
    runId: run.runId,
    resources,
    elements: resources.reduce((sum, r) => sum + r.elements, 0),
    bytes: run.client.stats.bytes - bytesAtStart,
    durationMs: performance.now() - started,
    purged
  }
  writeUnlessDiskFailed(run, () =>
    finishRun(db, run.runId, {
      ok: result.ok,
      elements: result.elements,
      bytes: result.bytes,
      error: run.stoppedBy?.message ?? (failed ? `${failed.resource} ${failed.scope}: ${failed.error}` : cancelled ? 'sync cancelled' : undefined)
    })
  )
  if (run.stoppedBy !== null) result.stoppedBy = run.stoppedBy
  return result
}

/**
 * Runs a write of the run's bookkeeping; when the disk fails it (`storageFailure`), stops the run
 * and goes on without it (each write is a whole transaction, so nothing is half done). Other
 * errors are thrown.
 */
function writeUnlessDiskFailed(run: Run, write: () => void): void {
  try {
    write()
  } catch (error) {
    if (stopOnStorageFailure(run, error) === null) throw error
  }
}

/**
 * Reads all roots of `GET /organization` (spec v2 §4.1, PAGE parameters only) and groups them by
 * federation. Roots without a usable federation are ignored.
 */
async function discoverRoots(run: Run): Promise<FederationRoots[]> {
  const federations = new Map<number, FederationRoots>()
  const meter = { bytes: 0 }
  for (let page = 0, seen = 0; ; page++) {
    const envelope = readEnvelope(await run.get('v2', '/organization', { page, size: run.pageSize }, meter), '/api/public/v2/organization')
    for (const root of sortElements(envelope.content).received) {
      const isFederation = root.element.type === 'SPORTS_FEDERATION'
      const federationId = isFederation ? root.id : root.element.federationId
      if (typeof federationId !== 'number') continue
      const entry = federations.get(federationId) ?? { federationId, elements: [], readable: false }
      entry.elements.push(root)
      entry.readable ||= isFederation
      federations.set(federationId, entry)
    }
    seen += envelope.content.length
    if (envelope.content.length < run.pageSize || seen >= envelope.total) break
  }
  return [...federations.values()].sort((a, b) => a.federationId - b.federationId)
}

/**
 * True when a list of tier `refresh` is due: always on a full run and for `every-run`; for
 * `quarter-hour` also when the run asks for `everyList`; otherwise when never read without error,
 * or when the last error-free read is older than the tier's REFRESH_INTERVAL_MS.
 */
function isDue(run: Run, resource: ExportResource, scope: string, refresh: Refresh): boolean {
  if (run.full || refresh === 'every-run' || (refresh === 'quarter-hour' && run.options.everyList === true)) return true
  const last = lastOkRunAt(run.db, resource, scope)
  return last === null || Date.now() - Date.parse(last) >= REFRESH_INTERVAL_MS[refresh]
}

/**
 * Registrations of an event may have changed since they were read when its registered users hold
 * a modification newer than the newest registration stored (spec v2 §2.16; see `runSync`).
 */
function registrationsMayHaveChanged(db: WritableDB, scope: string): boolean {
  const registeredUs = readCursor(db, REGISTERED_EVENT_USERS.resource, scope)
  const registrationsUs = readCursor(db, EVENT_REGISTRATIONS.resource, scope)
  return registeredUs !== null && (registrationsUs === null || registeredUs > registrationsUs)
}

/**
 * Syncs one list, (resource, scope), storing `extra` first (elements that came with another
 * answer); `read` false stores only those; `then` runs after the read, in the same pass (more
 * reads of the list). Never throws: a failure is returned as `error` and recorded.
 */
async function syncList(
  run: Run,
  source: ListSource,
  scope: string,
  { extra = [], read = true, then }: { extra?: ReceivedElement[]; read?: boolean; then?: (pass: Pass) => Promise<unknown> } = {}
): Promise<void> {
  const { db, runId, full } = run
  const startedAt = performance.now()
  const pass: Pass = new Pass(run, source, scope, () => emit(run, source.resource, scope, 'page', pass, startedAt))
  emit(run, source.resource, scope, 'start', pass, startedAt)
  let failure: CodedError | undefined
  let swept: Swept = { removed: 0, kept: 0 }
  try {
    // A first sync's sweep of the user licences read the whole table to delete nothing.
    const sweep = full && hasRowsInScope(db, source.resource, scope)
    if (extra.length > 0) pass.store(extra, 0, null)
    if (read) await pass.run()
    if (then) await then(pass)
    if (sweep || pass.rereadWhole) swept = db.transaction(() => sweepUnseen(db, source.resource, scope, runId)).immediate()
  } catch (caught) {
    failure = failureOf(run, caught)
  }
  const result: ResourceResult = {
    resource: source.resource,
    scope,
    elements: pass.elements,
    changed: pass.changed,
    pages: pass.pages,
    bytes: pass.meter.bytes,
    removed: swept.removed,
    skipped: pass.skipped
  }
  if (failure !== undefined) [result.error, result.errorCode] = [failure.message, failure.code]
  else setNote(result, pass.note, aheadNote(pass.ahead), keptNote(swept.kept))
  writeUnlessDiskFailed(run, () => recordCursorResult(db, source.resource, scope, runId, { failure, elements: pass.elements, changed: pass.changed }))
  emit(run, source.resource, scope, failure === undefined ? 'done' : 'error', pass, startedAt, failure?.message ?? pass.note)
  run.resources.push(result)
}

/**
 * On a full run, removes the rows and cursors of the federation-wide lists (scopes `federation N`:
 * FEDERATION_SOURCES, a federation's master sports, its event search) this run did not read at all
 * (DESIGN §3 rule 5): the credentials no longer read that federation — it left `GET /organization`,
 * or only an organization below it remains (spec v2 §4.1). A list read with an error is kept.
 * Each list removed is reported as a result of no elements with its `removed` rows and a note.
 */
function sweepUnreadFederationLists(run: Run): void {
  const { db } = run
  const resources = new Set<ExportResource>([...FEDERATION_SOURCES.map((entry) => entry.resource), 'federation-master-sports', 'event-search-results'])
  for (const resource of resources) {
    const read = new Set(run.resources.filter((r) => r.resource === resource).map((r) => r.scope))
    const unread = scopesOfKind(db, resource, 'federation').filter((scope) => !read.has(scope))
    if (unread.length === 0) continue
    writeUnlessDiskFailed(run, () => {
      const swept = db.transaction(() => {
        deleteCursorsOfKind(db, resource, 'federation', read)
        return unread.map((scope) => sweepUnseen(db, resource, scope, Number.MAX_SAFE_INTEGER))
      }).immediate()
      unread.forEach((scope, i) => {
        const result: ResourceResult = { resource, scope, elements: 0, changed: 0, pages: 0, bytes: 0, removed: swept[i].removed, skipped: 0 }
        setNote(result, 'the credentials no longer read this federation', keptNote(swept[i].kept))
        run.resources.push(result)
      })
    })
  }
}

/** Suborganizations of `rootIds`, level by level, as one fanned-out resource. */
async function syncSuborganizations(run: Run, rootIds: number[]): Promise<void> {
  const fan = new FanOutPass(run, SUBORGANIZATIONS)
  const seen = new Set<number>()
  for (let level = rootIds; level.length > 0 && !run.signal?.aborted; ) {
    for (const id of level) seen.add(id)
    await fan.read(level.map((id) => ({ id })))
    level = childOrganizationIds(run.db, level).filter((id) => !seen.has(id))
  }
  fan.finish()
}

/**
 * Reads one list per parent of a fanned-out resource (issue 4): parents from `parents()`; on an
 * incremental run the lists `lists.skip` names are left out and those `lists.whole` names are read
 * whole and swept (a full run reads and sweeps every list). A resource whose tier is not due is
 * not read at all.
 */
async function fanOut(run: Run, definition: FanOut, parents: () => Parent[], lists: FanOutLists = {}): Promise<void> {
  if (run.signal?.aborted) return
  if (!lists.namesErased && !isDue(run, definition.resource, `per ${definition.kind}`, definition.refresh)) return
  const fan = new FanOutPass(run, definition)
  await fan.read(parents(), run.full ? {} : lists)
  fan.finish()
}

/**
 * Which lists of a fanned-out resource an incremental run treats differently, by scope: `skip`
 * leaves a list out; `whole` reads it as a full run would, from its beginning, and then removes
 * its rows the read did not see (a list read whole names everything it holds). `namesErased`: its
 * rows name a person whose data the registry deleted (`scopesNamingErased`), so its lists are read
 * now, though their tier is not due, and no copy of that data outlives the run.
 */
interface FanOutLists {
  skip?: (scope: string) => boolean
  whole?: (scope: string) => boolean
  namesErased?: boolean
}


/** The passes of one fanned-out resource: concurrency, aggregated progress, result and sweep. */
class FanOutPass {
  private readonly scope: string
  private readonly startedAt = performance.now()
  private readonly active = new Set<Pass>()
  private readonly visited = new Set<string>()
  private readonly errors: CodedError[] = []
  private done = { elements: 0, changed: 0, pages: 0, skipped: 0, bytes: 0 }
  private lists = 0
  private listsKnown = 0
  private removed = 0
  private kept = 0
  private readonly ahead = { elements: 0, newestUs: 0 }
  private lastEmit = 0

  constructor(
    private readonly run: Run,
    private readonly definition: FanOut
  ) {
    this.scope = `per ${definition.kind}`
    this.emit('start')
  }

  /**
   * Reads the list of each parent, MAX_REQUESTS_IN_FLIGHT at once, but those `lists.skip` leaves
   * out; on a full run, and for the lists `lists.whole` names, reads each whole and sweeps it after
   * its complete pass, as it sweeps a list whose pass found it changed and read it whole
   * (`Pass.rereadWhole`).
   */
  async read(parents: Parent[], lists: FanOutLists = {}): Promise<void> {
    const { db, runId, full } = this.run
    const { resource, kind } = this.definition
    const due = parents.filter((parent) => !lists.skip?.(`${kind} ${parent.id}`))
    this.listsKnown += due.length
    await eachConcurrently(due, MAX_REQUESTS_IN_FLIGHT, async (parent) => {
      if (this.run.signal?.aborted) return
      const scope = `${kind} ${parent.id}`
      this.visited.add(scope)
      const whole = full || lists.whole?.(scope) === true
      const pass = new Pass(whole === full ? this.run : { ...this.run, full: true }, this.definition.source(parent), scope, () => this.emit('page'))
      this.active.add(pass)
      try {
        const sweep = whole && hasRowsInScope(db, resource, scope)
        await pass.run()
        if (sweep || pass.rereadWhole) {
          const swept = db.transaction(() => sweepUnseen(db, resource, scope, runId)).immediate()
          this.removed += swept.removed
          this.kept += swept.kept
        }
      } catch (error) {
        const failure = failureOf(this.run, error)
        this.errors.push({ code: failure.code, message: `${scope}: ${failure.message}` })
      } finally {
        this.active.delete(pass)
        this.ahead.elements += pass.ahead.elements
        this.ahead.newestUs = Math.max(this.ahead.newestUs, pass.ahead.newestUs)
        this.done = {
          elements: this.done.elements + pass.elements,
          changed: this.done.changed + pass.changed,
          pages: this.done.pages + pass.pages,
          skipped: this.done.skipped + pass.skipped,
          bytes: this.done.bytes + pass.meter.bytes
        }
        this.lists++
      }
    })
  }

  /**
   * Ends the resource: after a full run in which every list succeeded, deletes the rows and
   * cursors of lists whose parent is gone; records and reports the result.
   */
  finish(): void {
    const { db, runId, full, signal } = this.run
    const { resource, kind } = this.definition
    if (full && this.errors.length === 0 && !signal?.aborted) {
      writeUnlessDiskFailed(this.run, () => {
        const swept = db.transaction(() => {
          deleteCursorsOfKind(db, resource, kind, this.visited)
          return sweepUnseenOfKind(db, resource, kind, runId)
        }).immediate()
        this.removed += swept.removed
        // Every scope of the kind: the rows the lists' own sweeps kept are counted here again.
        this.kept = swept.kept
      })
    }
    const first = this.errors[0]
    const failure: CodedError | undefined = first && { code: first.code, message: `${this.errors.length} of ${this.lists} lists failed; first ${first.message}` }
    const totals = this.totals()
    const result: ResourceResult = { resource, scope: this.scope, ...totals, removed: this.removed, lists: this.lists }
    if (failure !== undefined) [result.error, result.errorCode] = [failure.message, failure.code]
    else setNote(result, aheadNote(this.ahead), keptNote(this.kept))
    writeUnlessDiskFailed(this.run, () => recordCursorResult(db, resource, this.scope, runId, { failure, elements: totals.elements, changed: totals.changed }))
    this.emit(failure === undefined ? 'done' : 'error', failure?.message)
    this.run.resources.push(result)
  }

  private totals(): { elements: number; changed: number; pages: number; skipped: number; bytes: number } {
    const sum = { ...this.done }
    for (const pass of this.active) {
      sum.elements += pass.elements
      sum.changed += pass.changed
      sum.pages += pass.pages
      sum.skipped += pass.skipped
      sum.bytes += pass.meter.bytes
    }
    return sum
  }

  private emit(phase: SyncProgress['phase'], error?: string): void {
    const now = performance.now()
    if (phase === 'page' && now - this.lastEmit < FAN_OUT_PROGRESS_MS) return
    this.lastEmit = now
    const totals = this.totals()
    emit(this.run, this.definition.resource, this.scope, phase, { ...totals, meter: { bytes: totals.bytes }, total: undefined }, this.startedAt, error ?? `${this.lists} of ${this.listsKnown} lists`)
  }
}

/** Why a sweep left rows no longer listed (DESIGN §3 rule 5), for a result's `note`; undefined when it kept none. */
function keptNote(kept: number): string | undefined {
  if (kept === 0) return undefined
  return kept === 1 ? 'kept 1 row no longer listed: a pending outbox change refers to it' : `kept ${kept} rows no longer listed: pending outbox changes refer to them`
}

/**
 * Which elements were stamped after the registry's time (`Pass.ahead`), for a result's `note`;
 * undefined when none was.
 */
function aheadNote(ahead: { elements: number; newestUs: number }): string | undefined {
  if (ahead.elements === 0) return undefined
  const which = ahead.elements === 1 ? `1 element stamped ${formatInstant(ahead.newestUs)}` : `${ahead.elements} elements stamped up to ${formatInstant(ahead.newestUs)}`
  return `${which}, after the registry's time; read again each run`
}

/** Sets a result's `note` to the notes given, joined with "; ", unless none is. */
function setNote(result: ResourceResult, ...notes: Array<string | undefined>): void {
  const given = notes.filter((note): note is string => note !== undefined)
  if (given.length > 0) result.note = given.join('; ')
}

/** Sends one progress event (DESIGN §3 rule 7); a failing listener does not break the sync. */
function emit(
  run: Run,
  resource: string,
  scope: string,
  phase: SyncProgress['phase'],
  counts: { elements: number; pages: number; meter: { bytes: number }; total: number | undefined },
  startedAt: number,
  message?: string
): void {
  const onProgress = run.options.onProgress
  if (!onProgress) return
  const seconds = (performance.now() - startedAt) / 1000
  const rate = seconds > 0 ? counts.elements / seconds : 0
  const progress: SyncProgress = { resource, scope, phase, pages: counts.pages, elements: counts.elements, bytes: counts.meter.bytes, elementsPerSecond: rate }
  if (counts.total !== undefined) progress.total = Math.max(counts.total, counts.elements)
  if (phase === 'page' && counts.total !== undefined && rate > 0) progress.etaSeconds = Math.max(0, counts.total - counts.elements) / rate
  if (message !== undefined) progress.message = message
  deliver(onProgress, progress)
}

/**
 * Sends the progress event of a last step of the run (`SyncProgressEvent` phase `finishing`),
 * unless the run is incremental and received no element naming a member (a `user`): its last
 * steps then take a few ms, and reporting them only flashed "Finishing" on the sync page after
 * every quiet sync.
 */
function emitFinishing(run: Run, step: FinishingStep): void {
  const onProgress = run.options.onProgress
  if (!onProgress || (!run.full && run.touchedPersons.size === 0)) return
  const done = FINISHING_STEPS.indexOf(step)
  deliver(onProgress, { resource: '', scope: '', phase: 'finishing', step, pages: 0, elements: done, total: FINISHING_STEPS.length, bytes: 0, elementsPerSecond: 0 })
}

function deliver(onProgress: (p: SyncProgress) => void, progress: SyncProgress): void {
  try {
    onProgress(progress)
  } catch {
    // A failing progress listener must not break the sync.
  }
}

/**
 * Records the run's start: its first write, so a disk that cannot take writes is found here.
 * @throws UserFacingError `storage-<kind>` saying so, before anything is read.
 */
function startRunOnDisk(db: WritableDB, full: boolean): number {
  try {
    return startRun(db, full)
  } catch (error) {
    const failure = storageFailure(error)
    if (failure !== null) throw new UserFacingError(failure.code, `sync stopped: ${failure.message}`)
    throw error
  }
}

/**
 * When `error` is the disk failing the database, stops the run (the first such failure is kept)
 * and returns it; otherwise null.
 */
function stopOnStorageFailure(run: Run, error: unknown): CodedError | null {
  const failure = storageFailure(error)
  if (failure === null) return null
  if (run.stoppedBy === null) {
    run.stoppedBy = failure
    run.stop.abort()
  }
  return failure
}

/**
 * What a resource's error is recorded as: the disk failing the database stops the run
 * (`stopOnStorageFailure`) and is its `storage-<kind>` failure; any other error keeps its
 * words on one line with its code, an error of no known kind counting as the sync failing.
 */
function failureOf(run: Run, error: unknown): CodedError {
  const storage = stopOnStorageFailure(run, error)
  if (storage !== null) return storage
  const code = errorCodeOf(error)
  return { code: code === 'internal' ? 'sync-failed' : code, message: messageOf(error) }
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s+/g, ' ').trim()
}
