import { formatInstant, parseInstant } from '../../shared/instant'
import { ApiError, type ResponseMeter } from '../api/client'
import type { WritableDB } from '../db/open'
import { advanceCursor, readCursor, setCursor } from '../db/runs'
import { admitPurged, countInWindow, markSeen, newestStoredUpTo, upsertElements, userIdOf, type ReceivedElement, type SeenPersons } from '../db/synced'
import type { ExportResource } from '../db/tables'
import { UserFacingError } from '../services/errors'
import { cursorLimitUs } from './cursorLimit'
import { pageSizeOf, readEnvelope, sortElements, type ListPage } from './elements'
import { objectOrNone, type ListSource } from './resources'

/** How far back each request re-reads (µs): covers late commits and coarser server clocks. */
export const OVERLAP_US = 2_000_000
/** Re-reads of one window whose row count stays short before the resource fails. */
const MAX_RESCANS = 3
/**
 * Elements of the first request of an incremental run of a `newestFirst` list: the changes since
 * the last run usually fit, and a quiet run reads a few KB instead of the whole list.
 */
const PEEK_SIZE = 10

type Query = Record<string, string | number | boolean | undefined>

/** What a pass needs of its run. */
export interface PassContext {
  db: WritableDB
  /** The run's id: the generation rows seen by it are tagged with. */
  runId: number
  full: boolean
  /** The run is full (`full` is also set for a list an incremental run reads whole): it brings back persons the retention purged (`admitPurged`). */
  fullRun: boolean
  /** Elements per request, 1…100000 (spec v2 §8). */
  pageSize: number
  signal?: AbortSignal
  /** Persons written in this run: user id → µs (see upsertElements). */
  seenPersons: SeenPersons
  /** User ids of every element received in this run: whether its finishing steps have work to show. */
  touchedPersons: Set<number>
  /** Resources of which this run added or replaced a stored row. */
  changedResources: Set<ExportResource>
  /** GET of the run (through its request gate); counts the body bytes and the server's time in `meter`. */
  get(api: 'v2' | 'v3', path: string, query: Query, meter: ResponseMeter): Promise<unknown>
}

/** A window (afterUs, upToUs] that was read with page++ and must be checked for skipped rows. */
interface Window {
  afterUs: number | null
  upToUs: number
}

/**
 * One pass over one list, (resource, scope): the paging rules of DESIGN §3 rules 2–4 for `sync`
 * lists, whole reads for the others. Calls `onPage` after each stored page. 403 and the source's
 * `goneStatuses` end the pass as an empty answer with a `note` (DESIGN §3 rule 6); other errors
 * are thrown.
 */
export class Pass {
  elements = 0
  /** Stored rows this pass added or replaced by different content (`upsertElements`), in committed transactions. */
  changed = 0
  pages = 0
  skipped = 0
  /** The API's estimate of the elements of the pass, once known. */
  total: number | undefined
  /** Why the pass read nothing although it did not fail (403, a list that is gone). */
  note: string | undefined
  /** Response body bytes of this pass, and the registry's time by their `Date` (the cursor's limit: `cursorLimit`). */
  readonly meter: ResponseMeter = { bytes: 0 }
  /**
   * Elements this pass stored that were stamped after the registry's time (`cursorLimit`): how
   * many, and the newest instant among them (µs). The cursor stays short of them, so they are read
   * again on each run until time catches up with them.
   */
  readonly ahead = { elements: 0, newestUs: 0 }
  /** Ids counted in `ahead`: the overlap and the window checks read an element more than once. */
  private readonly aheadIds = new Set<number>()
  /**
   * True when this incremental pass found its list changed and read it whole
   * (`ListSource.wholeWhenChanged`): once it completes, rows of its scope it did not see are gone
   * from the API and may be swept as after a full pass.
   */
  rereadWhole = false
  /**
   * The furthest the cursor may move while windows read with page++ wait for `verify` (DESIGN §3
   * rules 2 and 4): the first window's start plus OVERLAP_US, so a run stopped before the check
   * re-reads that window; null while the first window starts at the beginning (no cursor yet).
   * Undefined when no window waits.
   */
  private cursorCap: number | null | undefined
  /** The newest instant this pass stored, for the cursor once its windows are verified. */
  private newestStored: number | null = null
  /** Elements stored without a modificationTime (`ListSource.timesOptional`): the cursor stays unset. */
  private untimed = 0
  /**
   * For a `newestFirst` PAGE list, the newest modification it listed before this pass read it
   * (null: none); undefined when not known. A read in another order stores elements changed
   * while it ran, newer than changes it had passed already: the cursor goes no further than this.
   */
  private newestBeforeRead: number | null | undefined

  constructor(
    private readonly ctx: PassContext,
    readonly source: ListSource,
    readonly scope: string,
    private readonly onPage: () => void = () => undefined
  ) {}

  async run(): Promise<void> {
    try {
      if (this.source.paging === 'sync') await this.runSync()
      else if (this.source.paging === 'page') {
        if (!(await this.readNewest())) await this.readPages()
      } else await this.readOnce()
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'forbidden') {
        // DESIGN §3 rule 6: no rights is an answer (nothing readable), not an error to retry.
        this.note = 'no rights to read this (403)'
        return
      }
      if (error instanceof ApiError && error.status !== undefined && this.source.goneStatuses?.includes(error.status)) {
        this.note = `the list is gone (${error.status})`
        return
      }
      throw error
    }
  }

  /**
   * SYNC lists: from the cursor's window on, re-anchored on modification time (see runSync). A
   * stored cursor after the registry's time, as the quiet check's answer tells it, is taken back
   * first (`takeCursorBack`).
   */
  private async runSync(): Promise<void> {
    const { db, full } = this.ctx
    let cursor = full ? null : readCursor(db, this.source.resource, this.scope)
    if (cursor !== null) {
      const quiet = await this.isQuiet(cursor - OVERLAP_US, cursor)
      if (cursor > this.cursorLimit()) cursor = this.takeCursorBack()
      else if (quiet) return
    }
    const anchor = cursor === null ? null : cursor - OVERLAP_US
    this.rereadWhole = anchor !== null && this.source.wholeWhenChanged === true
    const start = this.rereadWhole ? null : anchor
    let windows = await this.readFrom(start, null)
    if (this.untimed > 0 && !this.rereadWhole) {
      // Elements without a modificationTime: only a whole read finds every change, and what it did not list may be swept.
      this.rereadWhole = true
      if (start !== null) windows = await this.readFrom(null, null)
    }
    await this.verify(windows)
    this.releaseCursor()
  }

  /**
   * Reads a PAGE list whole, narrowed by the API's own filters in `query` (e.g. v3 `GET /event`'s
   * dateTimeRangeStart, spec v3 §4), and stores every element it lists, as `run` would: for
   * elements whose listed fields changed without their modification time moving, which no
   * incremental read finds. Counts towards the pass's elements, not its total.
   */
  async reread(query: Query): Promise<void> {
    await this.readPages(query)
  }

  /**
   * PAGE lists: every page, page++ (no `ts`; the default order does not move with modifications);
   * `narrowed` adds filters (`reread`). The pages are not in modification order, so the cursor
   * moves only once every page is stored: a read stopped half-way must not leave a cursor that
   * makes the next run's newest-first peek (`readNewest`) take the list for read.
   */
  private async readPages(narrowed?: Query): Promise<void> {
    let size = this.ctx.pageSize
    if (this.newestBeforeRead === undefined) this.newestBeforeRead = await this.peekNewest()
    this.cursorCap = null
    for (let page = 0, seen = 0; ; page++) {
      const envelope = readEnvelope(await this.fetch({ ...narrowed, page, size }), this.where())
      size = pageSizeOf(envelope, size)
      if (narrowed === undefined) this.total = envelope.total
      const sorted = sortElements(envelope.content, this.source)
      this.skipped += sorted.skipped
      this.store(sorted.received, 1, sorted.newestUs, sorted.unreadableIds)
      seen += envelope.content.length
      if (envelope.content.length < size || seen >= envelope.total) {
        this.releaseCursor(narrowed === undefined)
        return
      }
    }
  }

  /**
   * PAGE lists ordered newest first (`source.newestFirst`) on an incremental run: reads the first
   * PEEK_SIZE elements and stores those modified after the cursor's window (cursor minus
   * OVERLAP_US), which are all the changes when older elements follow them in that page.
   * @returns false when the list must be read whole instead: a first or full run, more changes
   *   than fit in the page, an answer that is not ordered newest first, an error status (the
   *   API may not take the ordering), or a cursor after the registry's time (`cursorLimit`; the
   *   whole read sets it back).
   */
  private async readNewest(): Promise<boolean> {
    const { db, full } = this.ctx
    const newestFirst = this.source.newestFirst
    if (full || !newestFirst) return false
    const cursor = readCursor(db, this.source.resource, this.scope)
    if (cursor === null) return false
    let envelope: ListPage
    try {
      envelope = readEnvelope(await this.fetch({ ...newestFirst, page: 0, size: PEEK_SIZE }), this.where())
    } catch (error) {
      // Any error status: the API may not take the ordering (spec v3 §4 shows no sort values; a
      // Spring server answers an unknown one with 400 or 500). The whole list then tells.
      if (error instanceof ApiError && error.status !== undefined) return false
      throw error
    }
    if (cursor > this.cursorLimit()) return false
    const sorted = sortElements(envelope.content, this.source)
    const times = sorted.received.map((item) => item.modificationUs)
    const anchor = cursor - OVERLAP_US
    // Not newest first: an element ascends, or the first is older than the newest stored (an API
    // that ignores the ordering; equal instants alone would not show it).
    if (times.some((us, i) => i > 0 && us > times[i - 1]) || (times.length > 0 && times[0] < anchor)) return false
    this.newestBeforeRead = times[0] ?? null
    const recent = sorted.received.filter((item) => item.modificationUs > anchor)
    const windowDone = recent.length < sorted.received.length || envelope.content.length >= envelope.total
    if (!windowDone) return false
    this.total = recent.length
    this.skipped += sorted.skipped
    this.store(recent, 1, recent.length > 0 ? recent[0].modificationUs : null)
    return true
  }

  /**
   * The newest modification a `newestFirst` PAGE list holds now (null: it is empty), by one
   * request of one element; undefined for another list, or when the API does not take the
   * ordering (an error status, as `readNewest` reads it).
   */
  private async peekNewest(): Promise<number | null | undefined> {
    const newestFirst = this.source.newestFirst
    if (!newestFirst) return undefined
    try {
      const envelope = readEnvelope(await this.fetch({ ...newestFirst, page: 0, size: 1 }), this.where())
      return sortElements(envelope.content, this.source).received[0]?.modificationUs ?? null
    } catch (error) {
      if (error instanceof ApiError && error.status !== undefined) return undefined
      throw error
    }
  }

  /** Plain arrays and single objects: one request. A single object is read whole, so what it no longer holds may be swept (`rereadWhole`). */
  private async readOnce(): Promise<void> {
    const body = await this.fetch({})
    let content: unknown[]
    if (this.source.paging === 'object') {
      const element = (this.source.objectOf ?? objectOrNone)(body)
      if (typeof element === 'string') throw new ApiError('invalid-response', `GET ${this.where()}: ${element}`)
      content = element === null ? [] : [element]
    } else {
      if (!Array.isArray(body)) throw new ApiError('invalid-response', `GET ${this.where()}: the answer is not a JSON array`)
      content = body
    }
    this.rereadWhole = this.source.paging === 'object'
    this.total = content.length
    const sorted = sortElements(content, this.source)
    this.skipped += sorted.skipped
    this.store(sorted.received, 1, sorted.newestUs, sorted.unreadableIds)
  }

  /**
   * True when the API has nothing newer than `cursor` and no more rows after `anchor` than are
   * stored: one request of one element, newest first.
   */
  private async isQuiet(anchor: number, cursor: number): Promise<boolean> {
    const page = await this.fetchWindow(anchor, 0, 1, 'desc')
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
    return page.total <= countInWindow(this.ctx.db, this.source.resource, this.scope, anchor, Number.MAX_SAFE_INTEGER)
  }

  /**
   * Reads from `anchor` (null: from the beginning) until the last page, or, when `stopAfterUs` is
   * given, until a page passes that instant. Re-anchors after every page on the newest stored
   * instant minus the overlap; where that cannot move the anchor, continues with page++.
   * @returns the windows read with page++, to verify.
   */
  private async readFrom(anchor: number | null, stopAfterUs: number | null): Promise<Window[]> {
    const windows: Window[] = []
    let size = this.ctx.pageSize
    let newest: number | null = null
    let page = 0
    let pending = this.fetchWindow(anchor, page, size, 'asc')
    for (;;) {
      const envelope = await pending
      size = pageSizeOf(envelope, size)
      this.total = this.elements + Math.max(0, envelope.total - page * size)
      const sorted = sortElements(envelope.content, this.source)
      this.untimed += sorted.untimed
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
          // Rows modified meanwhile may shift the pages read from here on: hold the cursor.
          if (this.cursorCap === undefined) this.cursorCap = anchor === null ? null : anchor + OVERLAP_US
          page++
        }
        // The next request depends only on this page's instants, so it runs while this page is
        // written; the server prepares it meanwhile. The writing is synchronous: one turn of the
        // event loop first lets undici put the request on the wire (a first sync at 150,000
        // athletes: 50 s → 40 s; a setImmediate is not enough).
        pending = this.fetchWindow(anchor, page, size, 'asc')
        pending.catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      this.skipped += sorted.skipped
      this.store(sorted.received, 1, sorted.newestUs, sorted.unreadableIds)
      if (last || passed) {
        if (thisPage > 0 && newest !== null) windows.push({ afterUs: thisAnchor, upToUs: newest })
        return windows
      }
    }
  }

  /**
   * Checks each window read with page++: rows modified meanwhile move to the end and shift the
   * pages, so one may have been skipped. Compares the API's count in the window (two `total`s)
   * with the rows this run stored or saw there (a copy an earlier run stored would hide a skipped
   * row, and a full run would then sweep it), and re-reads a window that is short.
   * @throws Error when a window is still short after MAX_RESCANS re-reads.
   */
  private async verify(windows: Window[]): Promise<void> {
    for (const window of windows) {
      for (let rescans = 0; ; rescans++) {
        const after = await this.fetchWindow(window.afterUs, 0, 1, 'asc')
        const upTo = await this.fetchWindow(window.upToUs, 0, 1, 'asc')
        const listed = after.total - upTo.total
        const stored = countInWindow(this.ctx.db, this.source.resource, this.scope, window.afterUs ?? Number.MIN_SAFE_INTEGER, window.upToUs, this.ctx.runId)
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

  /**
   * Moves the cursor to the newest instant stored, once nothing holds it (`cursorCap`), but no
   * further than `cursorLimit`; after a whole read (`whole`) of a `newestFirst` PAGE list, sets it
   * there, backward too: a cursor past what the list holds (its newest element gone) would make
   * every newest-first peek read it whole.
   */
  private releaseCursor(whole = false): void {
    if (this.cursorCap === undefined) return
    this.cursorCap = undefined
    // No further than the list's newest before the read, when known: an empty list then moves nothing.
    const cap = this.newestBeforeRead
    let newest = this.newestStored
    if (newest !== null && cap !== undefined) newest = cap === null ? null : Math.min(newest, cap)
    if (newest !== null) newest = Math.min(newest, this.cursorLimit())
    const move = whole && this.source.newestFirst ? setCursor : advanceCursor
    if (newest !== null && this.untimed === 0) this.ctx.db.transaction(() => move(this.ctx.db, this.source.resource, this.scope, newest)).immediate()
  }

  /**
   * Stores a page's elements and the advanced cursor in one transaction (DESIGN §3 rule 4), the
   * cursor no further than `cursorCap` and `cursorLimit` (paging re-anchors on what was stored all
   * the same, so a page of elements stamped in the future is passed, not read forever); tombstones
   * are forgotten in the same transaction, and the rows of `unreadableIds` (listed, not stored:
   * `SortedElements`) are marked seen. `pages` is 0 for elements that came with another answer
   * (the organization roots).
   */
  store(received: ReceivedElement[], pages: number, newestUs: number | null, unreadableIds: readonly number[] = []): void {
    const { db, runId, seenPersons, touchedPersons, changedResources } = this.ctx
    if (newestUs !== null && (this.newestStored === null || newestUs > this.newestStored)) this.newestStored = newestUs
    const cap = this.untimed > 0 ? null : this.cursorCap
    let cursorUs = newestUs === null || cap === null ? null : cap === undefined ? newestUs : Math.min(newestUs, cap)
    if (newestUs !== null) {
      const limit = this.cursorLimit()
      if (newestUs > limit) this.noteAhead(received, limit)
      if (cursorUs !== null && cursorUs > limit) cursorUs = limit
    }
    const { resource, tombstone } = this.source
    const deleted = new Set(tombstone ? received.filter((item) => tombstone.isDeleted(item.element)) : [])
    const live = deleted.size > 0 ? received.filter((item) => !deleted.has(item)) : received
    // Most fanned-out lists are empty: no transaction for them.
    if (received.length > 0 || cursorUs !== null || unreadableIds.length > 0) {
      try {
        const changed = db.transaction(() => {
          const upserted = upsertElements(db, resource, this.scope, runId, admitPurged(db, resource, this.scope, live, this.ctx.fullRun), parseInstant, seenPersons)
          if (unreadableIds.length > 0) markSeen(db, resource, this.scope, runId, unreadableIds)
          if (deleted.size > 0) tombstone!.forget(db, [...deleted].map((item) => item.id))
          if (cursorUs !== null) advanceCursor(db, resource, this.scope, cursorUs)
          return upserted
        }).immediate()
        if (changed > 0) changedResources.add(resource)
        this.changed += changed
      } catch (error) {
        // The transaction was rolled back: persons noted as written may not be.
        seenPersons.clear()
        throw error
      }
    }
    for (const item of live) for (const id of userIdOf(item.element)) touchedPersons.add(id)
    this.elements += received.length
    this.pages += pages
    if (pages > 0) this.onPage()
  }

  /** The latest instant the cursor may be kept at (`cursorLimitUs`), by the `Date` of this pass's responses so far. */
  private cursorLimit(): number {
    return cursorLimitUs(this.meter.serverTimeMs)
  }

  /**
   * Sets the stored cursor, which lies after the registry's time (`cursorLimit`), back to the
   * newest instant stored not after it (null: unset, the list is read from its beginning), and
   * returns that: a version that did not limit the cursor moved it onto an element stamped in the
   * future, or the registry's clock was set back. Cursors otherwise only advance.
   */
  private takeCursorBack(): number | null {
    const { db } = this.ctx
    const back = newestStoredUpTo(db, this.source.resource, this.scope, this.cursorLimit())
    db.transaction(() => setCursor(db, this.source.resource, this.scope, back)).immediate()
    return back
  }

  /** Counts in `ahead` the elements of `received` stamped after `limitUs`: only for a page whose newest is. */
  private noteAhead(received: readonly ReceivedElement[], limitUs: number): void {
    for (const item of received) {
      if (item.modificationUs <= limitUs || this.aheadIds.has(item.id)) continue
      this.aheadIds.add(item.id)
      this.ahead.elements++
      if (item.modificationUs > this.ahead.newestUs) this.ahead.newestUs = item.modificationUs
    }
  }

  private fetchWindow(anchor: number | null, page: number, size: number, tsOrder: 'asc' | 'desc'): Promise<ListPage> {
    return this.fetch({ ts: anchor === null ? undefined : formatInstant(anchor), tsOrder, page, size }).then((body) => readEnvelope(body, this.where()))
  }

  private async fetch(query: Query): Promise<unknown> {
    if (this.ctx.signal?.aborted) throw new UserFacingError('sync-stopped', 'sync cancelled')
    return this.ctx.get(this.source.api, this.source.path, { ...this.source.query, ...query }, this.meter)
  }

  private where(): string {
    return `/api/public/${this.source.api}${this.source.path}`
  }
}

function formatWindowEdge(us: number | null): string {
  return us === null ? 'the beginning' : formatInstant(us)
}
