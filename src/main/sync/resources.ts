import type { WritableDB } from '../db/open'
import type { ExportResource } from '../db/tables'
import { forgetEvents } from '../db/fanOut'

/**
 * How a list endpoint hands out its elements:
 * - `sync`: a paging envelope with the SYNC parameters page, size, ts, tsOrder (spec v2 §2.1),
 *   read by modification time (DESIGN §3 rule 2);
 * - `page`: an envelope with page and size only (spec v2 PAGE, v3 `GET /event`, `listChildren`
 *   whose elements carry no modificationTime to anchor `ts` on): every page on every read, unless
 *   `newestFirst` lets an incremental run read only the changes;
 * - `array`: a plain JSON array (spec v2 §4.8 registrations, the v3 reference lists);
 * - `object`: one JSON object, stored as the list's only element with id 1 (v3 version info,
 *   v2 client data), read whole on every run: an empty answer stores nothing and removes the
 *   element stored before.
 */
export type Paging = 'sync' | 'page' | 'array' | 'object'

/**
 * When a list is read on an incremental run (a full run reads every list): on every run, or once
 * its last complete read is older than `REFRESH_INTERVAL_MS` of its tier.
 */
export type Refresh = 'every-run' | 'quarter-hour' | 'daily'

/** One list the engine reads: where, how, and what its elements are. */
export interface ListSource {
  resource: ExportResource
  api: 'v2' | 'v3'
  /** Path under /api/public/v2 or /api/public/v3. */
  path: string
  /** Extra query parameters of every request. */
  query?: Record<string, string>
  paging: Paging
  /**
   * False when the elements carry no modificationTime: they are stored with modification_us 0,
   * so every read replaces them, and the list is read whole.
   */
  timed: boolean
  /** The element's id; default its `id` field. */
  idOf?: (element: Record<string, unknown>) => unknown
  /**
   * Statuses that mean "this list no longer exists for us", answered like 403 (DESIGN §3 rule 6):
   * the 400 "invalid … id" spec v2 §4.3 documents for merit groups, merits and grants, and the
   * 400/404 the event lists answer for a deleted event (the spec shows none; this is the one place
   * the choice is made). Only lists under a parent stored earlier have them.
   */
  goneStatuses?: readonly number[]
  /**
   * Query parameters that order a `page` list newest modification first, when the API offers such
   * an ordering: an incremental run then reads only the first elements, down to the cursor's
   * window, instead of the whole list (see `Pass`).
   */
  newestFirst?: Record<string, string>
  /**
   * True for a `sync` list whose elements vanish without a trace while others arrive (an event's
   * registered users: a cancellation leaves no tombstone, spec v2 §3): an incremental run that
   * finds it changed reads it whole from its beginning (`Pass.rereadWhole`), so the run can remove
   * what that read did not list. A registration that replaced a cancelled one leaves the event's
   * attendee count as it was, so nothing else would show the cancellation before a full run.
   */
  wholeWhenChanged?: boolean
  /**
   * True for a `sync` list whose elements the spec lists without a modificationTime although it
   * pages the list by one (granted merits: spec v2 §2.9 against §4.3; the sandbox sends one). When
   * elements come without it, they are stored at modification_us 0 (each read replaces them), the
   * cursor stays unset and the list is read whole each time, from its beginning
   * (`Pass.rereadWhole`), so what it no longer lists is swept as after a full pass.
   */
  timesOptional?: boolean
  /** Elements that announce their own deletion (spec v3 §3 `deletionTime`): forgotten, not stored. */
  tombstone?: { isDeleted(element: Record<string, unknown>): boolean; forget(db: WritableDB, ids: number[]): void }
  /**
   * For an `object` list: the element a parsed answer stands for, null for none, or a string
   * saying why the answer is not one (the resource then fails). Default: a JSON object is the
   * element, an empty answer none.
   */
  objectOf?: (body: unknown) => Record<string, unknown> | null | string
}

/** The scope name of a federation, as stored in rows and cursors: `federation 100`. */
export function federationScope(federationId: number): string {
  return `federation ${federationId}`
}

/** Scope of the lists that are the same for every client: the v3 reference lists. */
export const ALL_SCOPE = 'all'
/** Scope of v3 `GET /event`: the public events of every federation. */
export const PUBLIC_EVENTS_SCOPE = 'public'

/**
 * How old the last complete read of a list of each tier may be before an incremental run reads it
 * again, ms:
 * - `daily` (24 h): lists without modificationTime that change seldom (municipalities, master
 *   sports, the organization directory of v3): a day-old directory is fresh enough for a club office;
 * - `quarter-hour` (15 min): the lists read one per parent (merit groups, merits, grants, an event's
 *   registered users) and the federation's event search. Thousands of lists
 *   cost a request each even when nothing changed (a second at 150,000 athletes, and as many
 *   requests on the registry's servers), and no parent tells which of them changed (see
 *   `runSync`). A run that follows a push reads them all anyway (`SyncOptions.everyList`), so a
 *   change made in Kanslia shows at once; changes made elsewhere show within 15 minutes of syncs.
 */
export const REFRESH_INTERVAL_MS: Readonly<Record<Exclude<Refresh, 'every-run'>, number>> = {
  'quarter-hour': 15 * 60_000,
  daily: 24 * 3_600_000
}

/** The federation-wide SYNC lists of spec v2 §4.1, §4.2, §4.4, §4.5, §4.7, in sync order (products before the user data that names them). */
export const FEDERATION_SOURCES: ReadonlyArray<{ resource: ExportResource; path(federationId: number): string; query?: Record<string, string> }> = [
  { resource: 'organizations', path: (f) => `/organization/${f}/list` },
  { resource: 'licence-periods', path: (f) => `/licenceperiod/${f}` },
  { resource: 'licences', path: (f) => `/licence/${f}` },
  { resource: 'sports', path: (f) => `/sport/${f}` },
  { resource: 'insurances', path: (f) => `/insurance/${f}` },
  { resource: 'sport-parameters', path: (f) => `/sport-parameter/${f}` },
  // includeSportParams=true: the person's sport parameters come along (spec v2 §4.4).
  { resource: 'user-licences', path: (f) => `/user-licence/${f}`, query: { includeSportParams: 'true' } },
  { resource: 'user-insurances', path: (f) => `/user-insurance/${f}` }
]

/** A federation-wide SYNC list as a ListSource. */
export function federationSource(entry: (typeof FEDERATION_SOURCES)[number], federationId: number): ListSource {
  return { resource: entry.resource, api: 'v2', path: entry.path(federationId), query: entry.query, paging: 'sync', timed: true }
}

/** Master sports of a federation (spec v3 §4), read daily. */
export function federationMasterSports(federationId: number): ListSource {
  return { resource: 'federation-master-sports', api: 'v3', path: `/sportsfederation/${federationId}/mastersports`, paging: 'array', timed: false }
}

/**
 * Events of a federation by date range (spec v2 §4.11): the only list that also finds PRIVATE
 * events, whose registrations a club reads too. Search results carry no modificationTime, so the
 * list is read whole on every run. The range is chosen here: from 1 January of last year to
 * 31 December of next year, local time of the events (`today` is an ISO local date).
 */
export function eventSearch(federationId: number, today: string): ListSource {
  const year = Number(today.slice(0, 4))
  return {
    resource: 'event-search-results',
    api: 'v2',
    path: `/event/search/${federationId}`,
    query: { dateTimeRangeStart: `${year - 1}-01-01T00:00:00`, dateTimeRangeEnd: `${year + 1}-12-31T23:59:59` },
    paging: 'page',
    timed: false,
    idOf: (e) => e.eventId
  }
}

/** The v3 reference lists, the same for every client (spec v3 §4), read daily. */
export const REFERENCE_SOURCES: readonly ListSource[] = [
  { resource: 'municipalities', api: 'v3', path: '/municipalities', paging: 'array', timed: false },
  { resource: 'master-sports', api: 'v3', path: '/mastersports', paging: 'array', timed: false },
  { resource: 'area-associations', api: 'v3', path: '/area-association', paging: 'array', timed: false },
  { resource: 'sports-federations', api: 'v3', path: '/organization/sports-federation/list', paging: 'array', timed: false }
]

/** One-object lists of a few bytes, read on every run: the API version (spec v3 §9) and the client's data (spec v2 §4.10). */
export const SMALL_SOURCES: readonly ListSource[] = [
  { resource: 'api-version-info', api: 'v3', path: '/api-version-info', paging: 'object', timed: false, idOf: () => 1 },
  { resource: 'client-data', api: 'v2', path: '/client-data', paging: 'object', timed: false, idOf: () => 1, objectOf: clientDataOf }
]

/**
 * The client data an answer of `GET /client-data` stands for. Spec v2 §4.10 gives its shape as
 * "not shown" and says it is "empty when nothing is stored"; this is the one place the choice is
 * made: a JSON object is the value as stored (`{content}`, the shape `PUT` takes); a JSON string
 * is its `content`; an empty answer (the client's null) or an empty string is nothing stored.
 * Anything else makes the resource fail (`objectOrNone`).
 */
export function clientDataOf(body: unknown): Record<string, unknown> | null | string {
  if (body === null || body === '') return null
  if (typeof body === 'string') return { content: body }
  return objectOrNone(body)
}

/** The default of `ListSource.objectOf`: a JSON object is the element, an empty answer (null) none. */
export function objectOrNone(body: unknown): Record<string, unknown> | null | string {
  if (body === null) return null
  if (typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>
  return 'the answer is not a JSON object'
}

/**
 * v3 `GET /event` with `includeDeletedEvents=true` (spec v3 §3, §4): PAGE parameters only, no
 * `ts`; an event carrying `deletionTime` is forgotten at once with its registrations (a tombstone
 * is an explicit deletion, unlike a row that merely stops being listed). A deletion moves the
 * event's modification time (spec v3 §2: the DELETE webhook's `timestamp` is "modification time
 * of the event"), so ordering by it newest first (`sort`, whose values spec v3 §4 does not show:
 * Spring's conventional `field,desc` is chosen here) finds every change since the last run, but
 * for `currentAttendeeCount`, which registrations change without moving it: see
 * sync/attendeeCounts.ts.
 */
export const PUBLIC_EVENTS: ListSource = {
  resource: 'events',
  api: 'v3',
  path: '/event',
  query: { includeDeletedEvents: 'true' },
  paging: 'page',
  timed: true,
  newestFirst: { sort: 'modificationTime,desc' },
  idOf: (e) => e.eventId,
  tombstone: { isDeleted: (e) => e.deletionTime !== undefined && e.deletionTime !== null, forget: forgetEvents }
}

/** The parent a fanned-out list belongs to: its id, and the uuid for an event. */
export interface Parent {
  id: number
  uuid?: string
}

/**
 * A resource read as one list per parent (issue 4 fan-out): scopes are `${kind} ${parent id}`,
 * e.g. `merit 2001`; progress, results and `status` report the resource once, as `per ${kind}`.
 */
export interface FanOut {
  resource: ExportResource
  kind: string
  refresh: Refresh
  source(parent: Parent): ListSource
}

/** Suborganizations level by level (spec v2 §4.1), for clients whose rights start below the federation. */
export const SUBORGANIZATIONS: FanOut = {
  resource: 'organizations',
  kind: 'organization',
  refresh: 'every-run',
  source: (p) => ({ resource: 'organizations', api: 'v2', path: `/organization/${p.id}/suborganizations`, paging: 'sync', timed: true, goneStatuses: [400] })
}

/** Children of an area association (spec v3 §4 listChildren): PublicOrganization has no modificationTime, so read whole, daily. */
export const AREA_ASSOCIATION_CHILDREN: FanOut = {
  resource: 'area-association-children',
  kind: 'area-association',
  refresh: 'daily',
  source: (p) => ({ resource: 'area-association-children', api: 'v3', path: `/area-association/${p.id}/listChildren`, paging: 'page', timed: false, goneStatuses: [400] })
}

/** Sports clubs of a master club (spec v3 §4), daily. */
export const SPORTS_CLUBS: FanOut = {
  resource: 'sports-clubs',
  kind: 'master-club',
  refresh: 'daily',
  source: (p) => ({ resource: 'sports-clubs', api: 'v3', path: `/master-club/${p.id}/sportsClubs`, paging: 'array', timed: false, goneStatuses: [400] })
}

/** Merit groups of an organization (spec v2 §4.3). */
export const MERIT_GROUPS: FanOut = {
  resource: 'merit-groups',
  kind: 'organization',
  refresh: 'quarter-hour',
  source: (p) => ({ resource: 'merit-groups', api: 'v2', path: `/merit-group/${p.id}`, paging: 'sync', timed: true, goneStatuses: [400] })
}

/** Merits of a merit group (spec v2 §4.3). */
export const MERITS: FanOut = {
  resource: 'merits',
  kind: 'merit-group',
  refresh: 'quarter-hour',
  source: (p) => ({ resource: 'merits', api: 'v2', path: `/merit/${p.id}`, paging: 'sync', timed: true, goneStatuses: [400] })
}

/** Grants of a merit (spec v2 §4.3, §2.9: the element id is the user's). */
export const GRANTED_MERITS: FanOut = {
  resource: 'granted-merits',
  kind: 'merit',
  refresh: 'quarter-hour',
  source: (p) => ({ resource: 'granted-merits', api: 'v2', path: `/granted-merit/${p.id}`, paging: 'sync', timed: true, timesOptional: true, goneStatuses: [400] })
}

/** Registered users of an event (spec v2 §4.8, §2.16). */
export const REGISTERED_EVENT_USERS: FanOut = {
  resource: 'registered-event-users',
  kind: 'event',
  refresh: 'quarter-hour',
  source: (p) => ({ resource: 'registered-event-users', api: 'v2', path: `/event/registered-event-users/${p.id}`, paging: 'sync', timed: true, goneStatuses: [400, 404], wholeWhenChanged: true })
}

/**
 * Registrations of an event (spec v2 §4.8, §2.15): a plain array by event uuid. Asked on every run,
 * but only for events whose registered users were read newer than it (see `runSync`), so it follows
 * REGISTERED_EVENT_USERS' tier.
 */
export const EVENT_REGISTRATIONS: FanOut = {
  resource: 'event-registrations',
  kind: 'event',
  refresh: 'every-run',
  source: (p) => ({
    resource: 'event-registrations',
    api: 'v2',
    path: `/event/registration/${encodeURIComponent(p.uuid ?? '')}`,
    paging: 'array',
    timed: true,
    idOf: (e) => e.eventRegistrationId,
    goneStatuses: [400, 404]
  })
}
