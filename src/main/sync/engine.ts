import { formatInstant, parseInstant } from '../../shared/instant'
import type { SyncProgressEvent } from '../../shared/ipc/contract'
import { ApiError, type ApiClient } from '../api/client'
import type { WritableDB } from '../db/open'
import { advanceCursor, finishRun, readCursor, recordCursorResult, startRun } from '../db/runs'
import { countInWindow, sweepUnreferencedPersons, sweepUnseen, upsertElements, type ReceivedElement, type SeenPersons } from '../db/synced'
import { resumeMemberSearch, suspendMemberSearchForBulkLoad } from '../db/memberSearch'
import { refreshMemberSummary } from '../db/memberSummary'
import { localDate } from '../../shared/localDate'
import { readEnvelope, sortElements, type ListPage } from './elements'
import { federationScope, SYNC_SOURCES, type ResourceSource } from './resources'

/** Options of one sync run. */
export interface SyncOptions {
  /** Full reconciliation: read everything without `ts` and remove what is no longer listed (DESIGN §3 rule 5). */
  full?: boolean
  /** Elements per request, 1…100000 (spec v2 §8); default 5000. */
  pageSize?: number
  /** Called at the start and end of each (resource, scope) and after each page (DESIGN §3 rule 7). */
  onProgress?: (p: SyncProgress) => void
  /** ISO local date on which the member summary is evaluated (DESIGN §3b); default: today's local date. */
  today?: string
  /** Stops the run between requests; the pages already committed stay. */
  signal?: AbortSignal
}

/**
 * Progress of one (resource, scope): the IPC contract's `SyncProgressEvent`, the one definition.
 * `elements` counts elements received so far (re-reads of the overlap included), `bytes` response
 * bytes, `total` the API's estimate of the elements of the pass, `elementsPerSecond` since the
 * resource started, `etaSeconds` from both.
 */
export type SyncProgress = SyncProgressEvent

/**
 * Outcome of a run. Per (resource, scope): elements received, pages, response bytes, rows removed
 * by a full pass, elements skipped (no id or modificationTime) and the error, if it failed.
 * `ok` is false when any resource failed; the others are kept. `runId` numbers the run.
 */
export interface SyncResult {
  ok: boolean
  full: boolean
  runId: number
  resources: Array<{ resource: string; scope: string; elements: number; pages: number; bytes: number; removed: number; skipped: number; error?: string }>
  elements: number
  bytes: number
  durationMs: number
}

/** How far back each request re-reads (µs): covers late commits and coarser server clocks. */
export const OVERLAP_US = 2_000_000
/** Re-reads of one window whose row count stays short before the resource fails. */
const MAX_RESCANS = 3
const DEFAULT_PAGE_SIZE = 5000

type ResourceResult = SyncResult['resources'][number]

/** A window (afterUs, upToUs] that was read with page++ and must be checked for skipped rows. */
interface Window {
  afterUs: number | null
  upToUs: number
}

/**
 * Mirrors what `client`'s credentials may read into `db` (DESIGN §3, spec v2 "Generic
 * synchronisation procedure"):
 * 1. discovers the federation scopes from the roots of `GET /organization` (a federation root is
 *    its own scope, any other root names its `federationId`);
 * 2. for each scope and resource of the catalogue, reads pages with `tsOrder=asc`, re-anchoring
 *    every request on the newest stored instant minus OVERLAP_US (not `page++`, which skips rows
 *    modified meanwhile); when a whole page lies inside the overlap window (a bulk import with one
 *    instant), it pages through that window with `page++` and afterwards checks, by the API's
 *    `total`s, that no row of the window is missing, re-reading it when one is;
 * 3. commits each page's rows and the advanced cursor in one transaction, never letting an older
 *    modificationTime replace a newer one, so a crash at any point loses nothing;
 * 4. on a full run, after a complete error-free pass of a (resource, scope), deletes its rows the
 *    pass did not see; persons no longer referenced go too.
 * An incremental run first asks for the newest element after the cursor's window and skips the
 * resource when nothing is newer and the window holds no row it lacks (quiet sync: one tiny request).
 * Into a database without persons (a first sync) the member search index is built once at the end
 * of the run instead of row by row (db/memberSearch.ts).
 * 403 counts as an empty answer (DESIGN §3 rule 6; so a full run then removes that (resource,
 * scope)'s rows, which the credentials may no longer read); any other failure ends that (resource, scope)
 * with its error in the result, and the run carries on with the next one.
 * @throws ApiError when the organization roots cannot be read (bad credentials, unreachable API);
 *   the run is recorded as failed first.
 */
export async function runSync(db: WritableDB, client: ApiClient, options: SyncOptions = {}): Promise<SyncResult> {
  const started = performance.now()
  const full = options.full === true
  const pageSize = Math.max(1, Math.min(100_000, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE)))
  const bytesAtStart = client.stats.bytes
  const runId = startRun(db, full)
  // A bulk load killed before it finished left the search index suspended: rebuild it first.
  resumeMemberSearch(db)
  const bulkLoad = suspendMemberSearchForBulkLoad(db)
  try {
    return await syncScopes(db, client, options, { runId, full, pageSize, bytesAtStart, started })
  } finally {
    // Normally done at the end of syncScopes, inside the measured run; here for failed runs.
    if (bulkLoad) resumeMemberSearch(db)
  }
}

/** The run itself: scopes, then each resource of each scope; see `runSync`. */
async function syncScopes(
  db: WritableDB,
  client: ApiClient,
  options: SyncOptions,
  run: { runId: number; full: boolean; pageSize: number; bytesAtStart: number; started: number }
): Promise<SyncResult> {
  const { runId, full, pageSize, bytesAtStart, started } = run
  let roots: Array<{ scope: string; federationId: number; elements: ReceivedElement[] }>
  try {
    roots = await discoverScopes(client, pageSize)
  } catch (error) {
    finishRun(db, runId, { ok: false, elements: 0, bytes: client.stats.bytes - bytesAtStart, error: messageOf(error) })
    throw error
  }
  const resources: ResourceResult[] = []
  const seenPersons: SeenPersons = new Map()
  const touchedPersons = new Set<number>()
  let personsComplete = full
  for (const root of roots) {
    for (const source of SYNC_SOURCES) {
      if (options.signal?.aborted) break
      const extra = source.resource === 'organizations' ? root.elements : []
      const result = await syncResource({ db, client, source, scope: root.scope, federationId: root.federationId, runId, full, pageSize, options, seenPersons, touchedPersons }, extra)
      resources.push(result)
      if (result.error && (source.resource === 'user-licences' || source.resource === 'user-insurances')) personsComplete = false
    }
  }
  if (personsComplete && !options.signal?.aborted) db.transaction(() => sweepUnreferencedPersons(db))()
  // A full run may have removed anyone; an incremental one touched only the persons it received.
  refreshMemberSummary(db, options.today ?? localDate(), full ? undefined : touchedPersons)
  resumeMemberSearch(db)
  const failed = resources.find((r) => r.error)
  const cancelled = options.signal?.aborted === true
  const result: SyncResult = {
    ok: failed === undefined && !cancelled,
    full,
    runId,
    resources,
    elements: resources.reduce((sum, r) => sum + r.elements, 0),
    bytes: client.stats.bytes - bytesAtStart,
    durationMs: performance.now() - started
  }
  finishRun(db, runId, {
    ok: result.ok,
    elements: result.elements,
    bytes: result.bytes,
    error: failed ? `${failed.resource} ${failed.scope}: ${failed.error}` : cancelled ? 'sync cancelled' : undefined
  })
  return result
}

/**
 * Reads all roots of `GET /organization` (spec v2 §4.1, PAGE parameters only) and groups them by
 * federation scope. Roots without a usable federation are ignored.
 */
async function discoverScopes(client: ApiClient, pageSize: number): Promise<Array<{ scope: string; federationId: number; elements: ReceivedElement[] }>> {
  const scopes = new Map<number, ReceivedElement[]>()
  for (let page = 0, seen = 0; ; page++) {
    const envelope = readEnvelope(await client.getV2('/organization', { page, size: pageSize }), '/api/public/v2/organization')
    const { received } = sortElements(envelope.content)
    for (const root of received) {
      const federationId = root.element.type === 'SPORTS_FEDERATION' ? root.id : root.element.federationId
      if (typeof federationId !== 'number') continue
      const list = scopes.get(federationId) ?? []
      list.push(root)
      scopes.set(federationId, list)
    }
    seen += envelope.content.length
    if (envelope.content.length < pageSize || seen >= envelope.total) break
  }
  return [...scopes.entries()].sort(([a], [b]) => a - b).map(([federationId, elements]) => ({ scope: federationScope(federationId), federationId, elements }))
}

interface ResourceContext {
  db: WritableDB
  client: ApiClient
  source: ResourceSource
  scope: string
  federationId: number
  runId: number
  full: boolean
  pageSize: number
  options: SyncOptions
  /** Persons written in this run: user id → µs (see upsertElements). */
  seenPersons: SeenPersons
  /** User ids of every element received in this run, for the member summary. */
  touchedPersons: Set<number>
}

/** Syncs one (resource, scope); never throws: a failure is returned as `error` and recorded. */
async function syncResource(ctx: ResourceContext, extra: ReceivedElement[]): Promise<ResourceResult> {
  const { db, client, source, scope, runId } = ctx
  const pass = new Pass(ctx)
  pass.emit('start')
  let error: string | undefined
  let removed = 0
  try {
    if (extra.length > 0) pass.store(extra, 0, null)
    await pass.run()
    if (ctx.full) removed = db.transaction(() => sweepUnseen(db, source.resource, scope, runId))()
  } catch (caught) {
    error = messageOf(caught)
  }
  const result: ResourceResult = {
    resource: source.resource,
    scope,
    elements: pass.elements,
    pages: pass.pages,
    bytes: client.stats.bytes - pass.bytesAtStart,
    removed,
    skipped: pass.skipped
  }
  if (error !== undefined) result.error = error
  recordCursorResult(db, source.resource, scope, runId, { error, elements: pass.elements })
  pass.emit(error === undefined ? 'done' : 'error', error ?? pass.note)
  return result
}

/** One pass over a (resource, scope): the paging rules of DESIGN §3 rules 2–4. */
class Pass {
  elements = 0
  pages = 0
  skipped = 0
  total: number | undefined
  note: string | undefined
  readonly bytesAtStart: number
  private readonly startedAt = performance.now()

  constructor(private readonly ctx: ResourceContext) {
    this.bytesAtStart = ctx.client.stats.bytes
  }

  async run(): Promise<void> {
    const { db, source, scope, full } = this.ctx
    const cursor = readCursor(db, source.resource, scope)
    const anchor = full || cursor === null ? null : cursor - OVERLAP_US
    try {
      if (anchor !== null && cursor !== null && (await this.isQuiet(anchor, cursor))) return
      const windows = await this.readFrom(anchor, null)
      await this.verify(windows)
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'forbidden') {
        // DESIGN §3 rule 6: no rights is an answer (nothing readable), not an error to retry.
        this.note = 'no rights to read this (403)'
        return
      }
      throw error
    }
  }

  /**
   * True when the API has nothing newer than `cursor` and no more rows after `anchor` than are
   * stored: one request of one element, newest first.
   */
  private async isQuiet(anchor: number, cursor: number): Promise<boolean> {
    const page = await this.fetch(anchor, 0, 1, 'desc')
    const newest = page.content[0] as { modificationTime?: unknown } | undefined
    let newestUs: number | null = null
    if (newest && typeof newest.modificationTime === 'string') {
      try {
        newestUs = parseInstant(newest.modificationTime)
      } catch {
        return false
      }
    }
    if (page.total > 0 && (newestUs === null || newestUs > cursor)) return false
    return page.total <= countInWindow(this.ctx.db, this.ctx.source.resource, this.ctx.scope, anchor, Number.MAX_SAFE_INTEGER)
  }

  /**
   * Reads from `anchor` (null: from the beginning) until the last page, or, when `stopAfterUs` is
   * given, until a page passes that instant. Re-anchors after every page on the newest stored
   * instant minus the overlap; where that cannot move the anchor, continues with page++.
   * @returns the windows read with page++, to verify.
   */
  private async readFrom(anchor: number | null, stopAfterUs: number | null): Promise<Window[]> {
    const windows: Window[] = []
    const size = this.ctx.pageSize
    let newest: number | null = null
    let page = 0
    let pending = this.fetch(anchor, page, size, 'asc')
    for (;;) {
      const envelope = await pending
      this.total = this.elements + Math.max(0, envelope.total - page * size)
      const sorted = sortElements(envelope.content)
      if (sorted.newestUs !== null && (newest === null || sorted.newestUs > newest)) newest = sorted.newestUs
      const last = envelope.content.length < size || (page + 1) * size >= envelope.total
      const passed = stopAfterUs !== null && sorted.newestUs !== null && sorted.newestUs > stopAfterUs
      const thisAnchor = anchor
      const thisPage = page
      if (!last && !passed) {
        const next = newest === null ? null : newest - OVERLAP_US
        if (next !== null && (anchor === null || next > anchor)) {
          if (page > 0) windows.push({ afterUs: anchor, upToUs: next })
          anchor = next
          page = 0
        } else {
          page++
        }
        // The next request depends only on this page's instants, so it runs while this page is
        // written; the server prepares it meanwhile.
        pending = this.fetch(anchor, page, size, 'asc')
        pending.catch(() => undefined)
      }
      this.skipped += sorted.skipped
      this.store(sorted.received, 1, sorted.newestUs)
      this.emit('page')
      if (last || passed) {
        if (thisPage > 0 && newest !== null) windows.push({ afterUs: thisAnchor, upToUs: newest })
        return windows
      }
    }
  }

  /**
   * Checks each window read with page++: rows modified meanwhile move to the end and shift the
   * pages, so one may have been skipped. Compares the API's count in the window (two `total`s)
   * with the rows stored there, and re-reads a window that is short.
   * @throws Error when a window is still short after MAX_RESCANS re-reads.
   */
  private async verify(windows: Window[]): Promise<void> {
    for (const window of windows) {
      for (let rescans = 0; ; rescans++) {
        const after = await this.fetch(window.afterUs, 0, 1, 'asc')
        const upTo = await this.fetch(window.upToUs, 0, 1, 'asc')
        const listed = after.total - upTo.total
        const stored = countInWindow(this.ctx.db, this.ctx.source.resource, this.ctx.scope, window.afterUs ?? Number.MIN_SAFE_INTEGER, window.upToUs)
        if (stored >= listed) break
        if (rescans >= MAX_RESCANS) {
          throw new Error(
            `${listed - stored} of ${listed} elements modified between ${formatWindowEdge(window.afterUs)} and ${formatInstant(window.upToUs)} are still missing after ${MAX_RESCANS} re-reads`
          )
        }
        await this.readFrom(window.afterUs, window.upToUs)
      }
    }
  }

  /** Stores a page's elements and the advanced cursor in one transaction (DESIGN §3 rule 4). */
  store(received: ReceivedElement[], pages: number, newestUs: number | null): void {
    const { db, source, scope, runId, seenPersons, touchedPersons } = this.ctx
    try {
      db.transaction(() => {
        upsertElements(db, source.resource, scope, runId, received, parseInstant, seenPersons)
        if (newestUs !== null) advanceCursor(db, source.resource, scope, newestUs)
      })()
    } catch (error) {
      // The transaction was rolled back: persons noted as written may not be.
      seenPersons.clear()
      throw error
    }
    for (const item of received) {
      const user = item.element.user as { id?: unknown } | undefined
      if (user && typeof user === 'object' && Number.isSafeInteger(user.id)) touchedPersons.add(user.id as number)
    }
    this.elements += received.length
    this.pages += pages
  }

  private async fetch(anchor: number | null, page: number, size: number, tsOrder: 'asc' | 'desc'): Promise<ListPage> {
    const { client, source, federationId, options } = this.ctx
    if (options.signal?.aborted) throw new Error('sync cancelled')
    const path = source.path(federationId)
    const body = await client.getV2(path, { ...source.query, ts: anchor === null ? undefined : formatInstant(anchor), tsOrder, page, size })
    return readEnvelope(body, `/api/public/v2${path}`)
  }

  emit(phase: SyncProgress['phase'], message?: string): void {
    const onProgress = this.ctx.options.onProgress
    if (!onProgress) return
    const seconds = (performance.now() - this.startedAt) / 1000
    const rate = seconds > 0 ? this.elements / seconds : 0
    const progress: SyncProgress = {
      resource: this.ctx.source.resource,
      scope: this.ctx.scope,
      phase,
      pages: this.pages,
      elements: this.elements,
      bytes: this.ctx.client.stats.bytes - this.bytesAtStart,
      elementsPerSecond: rate
    }
    if (this.total !== undefined) progress.total = Math.max(this.total, this.elements)
    if (phase === 'page' && this.total !== undefined && rate > 0) progress.etaSeconds = Math.max(0, this.total - this.elements) / rate
    if (message !== undefined) progress.message = message
    try {
      onProgress(progress)
    } catch {
      // A failing progress listener must not break the sync.
    }
  }
}

function formatWindowEdge(us: number | null): string {
  return us === null ? 'the beginning' : formatInstant(us)
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s+/g, ' ').trim()
}
