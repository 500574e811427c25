import { z } from 'zod'
import type { MethodName } from './channels'
import { OUTBOX_KINDS, type OutboxItem, type OutboxKind, type OutboxNames, type OutboxState, type PushSummary } from '../outbox'
import type { OutboxProblem } from '../outboxProblems'
import type { CodedError, ErrorCode } from '../errorCodes'
import { MAX_RENEWAL_DAYS, RENEWAL_COLUMNS, RENEWAL_LIST_KINDS, type RenewalList } from '../renewalLists'
import { CANDIDATE_COLUMNS, type MeritCandidateList, type OrderedMeritGroup } from '../meritCandidates'
import { PARTICIPANT_COLUMNS, type EventLimits, type EventRow, type ParticipantRow, type QueuedParticipantRow } from '../events'
import { REPORT_NAMES, type Reports } from '../reports'
import type { StartListResult, VenueCheckResult } from '../venueCheck'
import type { OrderStatus, PaymentMethods } from '../api/v2Activity'
import type { DataFreshness } from '../freshness'
import { LICENCE_VERDICTS, type LicenceCheck, type LicenceVerdict } from '../licenceValidity'

/**
 * The desktop app's one IPC contract (DESIGN §1, issue 3): method → zod input schema + output
 * type. `src/main` registers exactly these methods, the preload exposes exactly these (plus
 * `onEvent`), and every answer crosses the boundary as an `IpcResult`.
 */

/** Stored connection settings without the secret (spec v2 §5 `{base_url}`, `{auth_url}`, client id). */
export interface ConnectionProfileView {
  baseUrl: string
  authUrl: string
  clientId: string
}

/**
 * Which database the app shows: `first-run` (none yet), `connected` (the saved connection's
 * database) or `demo` (the demo federation's database, filled from the embedded sandbox).
 */
export interface AppState {
  mode: 'first-run' | 'connected' | 'demo'
  profile: ConnectionProfileView | null
  /** True while a sync runs (in the worker thread). */
  syncing: boolean
  /** Outbox items that wait for the network (queued, sending or unknown): the outbox badge. */
  outboxWaiting: number
}

/**
 * The last steps of a sync, after every list is read, in their order: the indexes a first sync
 * deferred, the persons' sweep and retention purge, the member summary, the member search index.
 * At 150,000 athletes a first sync spends about four seconds on them.
 */
export const FINISHING_STEPS = ['indexes', 'persons', 'member-summary', 'member-search'] as const

/** One of FINISHING_STEPS. */
export type FinishingStep = (typeof FINISHING_STEPS)[number]

/**
 * Progress of one (resource, scope) of a running sync (DESIGN §3 rule 7, `SyncProgress` of the
 * engine); or, with phase `finishing`, of its last steps: `step` is the one starting, `elements`
 * the steps done and `total` all of them (FINISHING_STEPS), `resource` and `scope` are empty.
 */
export interface SyncProgressEvent {
  resource: string
  scope: string
  phase: 'start' | 'page' | 'done' | 'error' | 'finishing'
  pages: number
  elements: number
  bytes: number
  total?: number
  elementsPerSecond: number
  etaSeconds?: number
  message?: string
  step?: FinishingStep
}

/** Outcome of a sync run: totals, and per (resource, scope) the error in plain words if it failed. */
export interface SyncSummary {
  ok: boolean
  full: boolean
  /**
   * The database's first sync: no earlier run of it finished successfully, so every list was read
   * whole (the engine's `SyncResult.first`; the CLI heads its summary "first (full)").
   */
  first: boolean
  elements: number
  /** Stored rows the run added or replaced by different content, of every resource (not the overlap it read again). */
  changed: number
  bytes: number
  durationMs: number
  /** Persons removed by the retention purge (issue 6). */
  purged: number
  /** Elements a full run removed because the API no longer lists them (DESIGN §3 rule 5); 0 on an incremental run. */
  removed: number
  /** Why the run stopped early: the disk is full or read-only (issue 6), as its code (`storage-<kind>`) and English words. */
  stoppedBy?: CodedError
  /** Each resource that failed: its error's code (the app's words for it head the message) and its English words. */
  errors: Array<CodedError & { resource: string; scope: string }>
}

/** The state of one (resource, scope): rows stored and the last run's result. */
export interface ResourceSyncStatus {
  resource: string
  scope: string
  rows: number
  lastRunAt: string | null
  lastResult: 'ok' | 'error' | null
  lastError: string | null
  /** The code of `lastError`; null for an error recorded before Kanslia kept codes (shown in its words only). */
  lastErrorCode: ErrorCode | null
  /** Rows the last run added or changed (not the overlap it read again); null when recorded before Kanslia counted them. */
  lastChanged: number | null
}

/**
 * Sync panel data: whether a sync runs now, the last result per resource, the last run's error,
 * and the API version the last sync read (spec v3 `GET /api-version-info` `fullVersion`), or null.
 */
export interface SyncStatus {
  syncing: boolean
  resources: ResourceSyncStatus[]
  lastError: string | null
  apiVersion: string | null
  /** Months a person without current data is kept (issue 6 "Retention"), or null before the first sync. */
  retentionMonths: number | null
  /** Whether the app syncs the shown database by itself every quarter hour while open, or null before the first sync. */
  autoSync: boolean | null
  /** When the last successful full run (reconciliation) finished, ISO instant; null when none did. */
  lastFullSyncAt: string | null
  /** Days after the last full run when "Sync now" reconciles again by itself (`FULL_SYNC_INTERVAL_DAYS`). */
  fullSyncIntervalDays: number
}

/** Events pushed from the main process on `EVENT_CHANNEL`. */
export type KansliaEvent =
  /**
   * The outbox changed (a change queued, edited, retried, discarded or pushed): what shows it
   * reloads. `waiting` counts the items waiting for the network (the badge); null when the shown
   * database failed to count them: the change stands, and the badge keeps its last count.
   */
  | { type: 'outbox-changed'; waiting: number | null }
  | { type: 'sync-progress'; progress: SyncProgressEvent }
  /**
   * How far the start list being checked (`checkStartList`, `importStartList`) is: `checked` of
   * its `total` lines that name someone. Sent after each step of a list longer than one.
   */
  | { type: 'start-list-progress'; checked: number; total: number }
  | { type: 'sync-finished'; summary: SyncSummary }
  | { type: 'sync-failed'; error: IpcError }
  /**
   * The database of an earlier Kanslia is being upgraded (migrated, encrypted when it was not)
   * before the app can show it: once after an update; ~15 s at 150,000 athletes for schema 14.
   */
  | { type: 'database-upgrading' }
  /**
   * The backend worker stopped unexpectedly (a crash, out of memory): a sync or push it ran did
   * not finish, and its timers stopped; the next call starts a new one.
   */
  | { type: 'backend-stopped'; error: IpcError }

/** Licence status of a member on a date: the verdict of DESIGN §3b (`checkLicence`, shared/licenceValidity.ts). */
export type LicenceStatus = LicenceVerdict

/** The member list's insurance filter: members with, or without, a user insurance valid on the day (spec v2 §2.13). */
export const INSURANCE_FILTERS = ['insured', 'uninsured'] as const
export type InsuranceFilter = (typeof INSURANCE_FILTERS)[number]

/** Sortable member list columns. */
export const MEMBER_SORT_COLUMNS = ['name', 'sportId', 'birthYear', 'club'] as const
export type MemberSortColumn = (typeof MEMBER_SORT_COLUMNS)[number]

/**
 * Columns of the member list's export, the list's columns in its order: the licence column shows
 * a status and an end date, so it exports as two (issue 7 "Exports": exactly what is shown).
 */
export const MEMBER_EXPORT_COLUMNS = ['name', 'sportId', 'birthYear', 'club', 'licenceStatus', 'licenceEnd', 'insurance'] as const
export type MemberExportColumn = (typeof MEMBER_EXPORT_COLUMNS)[number]

/** Tables whose rows the renderer holds and exports as shown (`exportTable`); `start-list` holds personal data, so its export is logged. */
export const SHOWN_TABLES = ['licences', 'organizations', 'events', 'start-list'] as const
export type ShownTable = (typeof SHOWN_TABLES)[number]

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** Query of the member list: search text, filters, sort, and the window of rows (offset, limit ≤ 500). */
export const memberQuerySchema = z.strictObject({
  text: z.string().max(500).default(''),
  clubId: id.optional(),
  /** An area (area association): its clubs' members. */
  areaId: id.optional(),
  licenceId: id.optional(),
  licencePeriodId: id.optional(),
  status: z.enum(['all', ...LICENCE_VERDICTS]).default('all'),
  insurance: z.enum(INSURANCE_FILTERS).optional(),
  sort: z.enum(MEMBER_SORT_COLUMNS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(500).default(100)
})
export type MemberQuery = z.input<typeof memberQuerySchema>

/**
 * One row of the member list. `licenceStatus` is the verdict on the day and `licenceEnd` the last
 * valid day (ISO date) of the user licence it is about; both, and `insured`, are absent while the
 * day's verdicts are pending (`MemberPage.verdictsPending`).
 */
export interface MemberListRow {
  id: number
  sportId: number
  firstName?: string
  lastName?: string
  birthYear?: number
  club?: string
  licenceName?: string
  licenceEnd?: string
  licenceStatus?: LicenceStatus
  insured?: boolean
  /** True when the registry deleted the person's data (spec v2 §2.11 `deletionTime`): the row has no name to show. Set on a window's rows, not on every row at once (`limit` -1). */
  dataDeleted?: true
}

/** A window of the member list and the number of members matching the query. */
export interface MemberPage {
  total: number
  offset: number
  rows: MemberListRow[]
  /**
   * True while licence verdicts of the day are pending: not evaluated yet (a first sync runs; rows
   * carry none, and a status or insurance filter matches no one), or a running sync changed some
   * members (their rows carry none, and no status or insurance filter matches them, until it ends).
   */
  verdictsPending: boolean
}

/** A user licence in member detail (spec v2 §2.12), with its state on today's date. */
export interface MemberLicence {
  id: number
  name: string
  licencePeriodName?: string
  clubName?: string
  /** The club the user licence is bound to (`licenceOrganizationId`) and its federation (`federationId`), spec v2 §2.12. */
  clubId?: number
  federationId?: number
  usagePeriodStart?: string
  usagePeriodEnd?: string
  /** Its last valid day when before the usage period's end (ISO date): a licence valid some days from its activation (DESIGN §3b). */
  validUntil?: string
  upgradeFrom?: number
  upgradedBy?: number
  /** On today's date, by the days it is valid (`validDays`, DESIGN §3b). */
  state: 'valid' | 'expiring' | 'expired' | 'upcoming' | 'upgraded'
}

/** A user insurance in member detail (spec v2 §2.13). */
export interface MemberInsurance {
  id: number
  name: string
  licencePeriodName?: string
  usagePeriodStart?: string
  usagePeriodEnd?: string
  state: 'valid' | 'expiring' | 'expired' | 'upcoming' | 'upgraded'
}

/** A guardian of a minor as the API gives it (spec v2 §2.11 `guardians`). */
export interface Guardian {
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
}

/** A merit granted to the member (spec v2 §2.9 `grantedMerit`), as its merit's grant list gives it. */
export interface MemberMerit {
  meritId: number
  meritName: string
  meritGroupName?: string
  /** Date-only (YYYY-MM-DD). */
  grantingDate?: string
  /** Date-only; absent for a perpetual merit. */
  validUntilDate?: string
  /** Name of the granter. */
  meritGranter?: string
}

/**
 * One of the member's event registrations (spec v2 §2.15), with its event's name and start (v3
 * event listing or v2 §2.18 event search) and, where the registered users list gives it, the
 * payment status (§2.16).
 */
export interface MemberRegistration {
  eventRegistrationId: number
  eventUuid: string
  eventName?: string
  /** Datetime-only, local time of the event location. */
  startDateTime?: string
  /** Date-only, local time of the event location. */
  registrationDate?: string
  paidAmountInCents?: number
  paymentStatus?: string
}

/** A change to the member that waits in the outbox (the pending badge, DESIGN §4): the item, its kind and state, and what it targets (`merit 12`, `event <uuid>`, `club 7`). */
export interface MemberPendingChange {
  itemId: number
  kind: OutboxKind
  state: OutboxState
  target: string
}

/**
 * Where a member detail's name, Sport-ID, contacts and guardians come from: `profile` the member's
 * profile (spec v2 §2.11); for a person without one (not a member of the organizations the
 * credentials read), `registration` an event's registered users list (§2.16, basic contact
 * information; or nothing but an event's registrations, §2.15, which name no one) and `grant` a
 * merit's grants list (§2.9).
 */
export type MemberDetailSource = 'profile' | 'registration' | 'grant'

/**
 * Everything stored about one person: the profile fields the permission level gave (absent ones
 * stay absent), user licences newest first, user insurances, guardians, merits newest first,
 * event registrations by event start, newest first, and the outbox changes that wait for the network.
 * A person without a profile (`source` other than `profile`) has no licences, insurances or
 * identity number, and their profile holds only what the list's copy gives.
 */
export interface MemberDetail {
  id: number
  source: MemberDetailSource
  /** Absent when no copy stored gives one: a grant (spec v2 §2.9) names no Sport-ID. */
  sportId?: number
  /** Profile fields, never the identity number (issue 6). */
  profile: Record<string, string | number | boolean>
  /** True when an identity number is stored: `revealIdentityNumber` shows it, and the privacy log records that. */
  identityNumberHidden: boolean
  /** The verdict on today's date (DESIGN §3b), as the venue check and the member list give it. */
  licenceCheck: LicenceCheck
  /** The member's club by name: their latest licence's, as the member list's Club column and club filter take it; absent when no licence names one. */
  club?: string
  licences: MemberLicence[]
  insurances: MemberInsurance[]
  guardians: Guardian[]
  merits: MemberMerit[]
  registrations: MemberRegistration[]
  pending: MemberPendingChange[]
}

/** The choices of the member list's filters. */
export interface MemberFilterOptions {
  clubs: Array<{ id: number; name: string }>
  /** Areas (area associations, spec v2 §2.2 type AREA), whose clubs' members the list can show. */
  areas: Array<{ id: number; name: string }>
  licences: Array<{ id: number; name: string; licencePeriodId: number | null }>
  licencePeriods: Array<{ id: number; name: string }>
}

/** Per licence period: the licences and insurances with the number of user licences / insurances. */
export interface LicencePeriodSummary {
  id: number
  name: string
  startTime?: string
  endTime?: string
  licences: Array<{ id: number; name: string; count: number }>
  insurances: Array<{ id: number; name: string; count: number }>
}

/** An organization (spec v2 §2.2) for the tree: federation → areas → clubs. */
export interface OrganizationNode {
  id: number
  name: string
  type: string | null
  parentId: number | null
  /** ACTIVE or PASSIVE (spec v2 §2.2); null when the API gave none. */
  status: string | null
  federationId: number | null
}

/**
 * The licence holders of the organization tree: per organization, the members holding a user
 * licence of `licencePeriod` (the current one) bound to it or to an organization below it (spec
 * v2 §2.12 `licenceOrganizationId`, §2.2 `parentId`), each member once. Organizations without any
 * are left out; everything is empty when no licence period is stored.
 */
export interface OrganizationLicenceHolders {
  licencePeriod: { id: number; name: string } | null
  holders: Array<{ organizationId: number; members: number }>
}

/** A merit the batch grant can pick (spec v2 §2.8), with its group and the group's organization. */
export interface MeritChoice {
  id: number
  name: string
  meritGroupName: string | null
  organizationName: string | null
}

/**
 * What "Remove this connection and its local data" did (issue 6): files deleted, the client
 * secret's keychain entry, the databases' key entries, and the app's state after (first run).
 */
export interface WipeSummary {
  files: string[]
  keychain: 'removed' | 'none' | 'unavailable'
  databaseKeys: 'removed' | 'none' | 'unavailable'
  state: AppState
}

/** The outbox panel: every item, oldest first, the names of what they name, and how many wait for the network. */
export interface OutboxView {
  items: OutboxItem[]
  names: OutboxNames
  waiting: number
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')

/**
 * A batch merit grant as the UI gives it (spec v2 §4.3 body; limits of §8: 1..10,000 grantees,
 * granter 1..255 characters, additional info ≤ 2048). The outbox checks it again against the
 * local data before queuing.
 */
export const meritGrantInputSchema = z.strictObject({
  meritId: id,
  meritGrantees: z.array(id).min(1).max(10_000),
  grantingDate: isoDate,
  meritGranter: z.string().trim().min(1).max(255),
  meritAdditionalInfo: z.string().max(2048).optional(),
  notifyGrantees: z.boolean()
})
export type MeritGrantInput = z.input<typeof meritGrantInputSchema>

/** An event's UUID (spec v2 §2.15 `eventUuid`). */
const eventUuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'an event UUID')

/** The window of the renewal lists, in days (issue 7: "ends within N days"). */
const renewalDays = z.number().int().min(0).max(MAX_RENEWAL_DAYS)

/** A renewal list's query (`RenewalQuery`): the kind, the days ahead, and the club when one narrows it. */
const renewalQuery = { kind: z.enum(RENEWAL_LIST_KINDS), days: renewalDays, clubId: id.optional(), areaId: id.optional() }

const tableFormat = z.enum(['csv', 'xlsx'])
const columnLabel = z.string().min(1).max(100)
const cellText = z.string().max(200)

/** A member list export (issue 7): the list's query without its window, and the labels the list shows for statuses. */
export const memberExportSchema = memberQuerySchema.omit({ offset: true, limit: true }).extend({
  format: tableFormat,
  columns: z.array(z.strictObject({ key: z.enum(MEMBER_EXPORT_COLUMNS), label: columnLabel })).min(1).max(MEMBER_EXPORT_COLUMNS.length),
  values: z.strictObject({
    valid: cellText,
    expiring: cellText,
    expired: cellText,
    missing: cellText,
    'insurance-missing': cellText,
    'outside-birth-range': cellText,
    insured: cellText,
    uninsured: cellText
  })
})
export type MemberExportRequest = z.output<typeof memberExportSchema>

/** A table the renderer shows in full, exported with the cells it shows (at most 10,000 rows of 12 columns). */
export const tableExportSchema = z.strictObject({
  table: z.enum(SHOWN_TABLES),
  format: tableFormat,
  columns: z.array(z.strictObject({ key: z.string().regex(/^[a-zA-Z]{1,30}$/), label: columnLabel })).min(1).max(12),
  rows: z.array(z.record(z.string().max(30), z.union([z.string().max(1000), z.number(), z.null()]))).max(10_000)
})
export type TableExportRequest = z.output<typeof tableExportSchema>

/** A merit candidate list's query (issue 7): the merit group, the licence seasons, and the next merit when one is chosen. */
const meritCandidateQuery = {
  groupId: id,
  seasons: z.number().int().min(1).max(100),
  nextMeritId: id.optional()
}

/** What every print record holds: the rows and the column keys printed. */
const printed = {
  rows: z.number().int().min(0).max(1_000_000),
  columns: z.array(z.string().regex(/^[a-zA-Z]{1,30}$/)).max(30)
}

/**
 * A print of personal data, recorded in the privacy log before the print dialog opens (it can also
 * save a PDF), with what narrowed the list as its export's entry has it: the member list's query
 * (text, filters, order), the renewal list's kind and days, the merit candidates' query, the
 * event whose participants (its UUID); a start list (what was pasted is not kept); or one
 * member's detail (`personId`).
 */
export const printRecordSchema = z.discriminatedUnion('list', [
  z.strictObject({ list: z.literal('members'), query: memberQuerySchema.omit({ offset: true, limit: true }), ...printed }),
  z.strictObject({ list: z.literal('renewals'), ...renewalQuery, ...printed }),
  z.strictObject({ list: z.literal('merit-candidates'), ...meritCandidateQuery, ...printed }),
  z.strictObject({ list: z.literal('event-participants'), event: eventUuid, ...printed }),
  z.strictObject({ list: z.literal('start-list'), ...printed }),
  z.strictObject({ list: z.literal('member'), personId: id, ...printed })
])
export type PrintRecord = z.output<typeof printRecordSchema>

const httpUrl = z.string().trim().min(1).max(2000)
const none = z.strictObject({}).optional()

/** Every method: its input schema and (as a type) its output. */
export const CONTRACT = {
  getAppState: { input: none, output: {} as AppState },
  connect: {
    input: z.strictObject({
      baseUrl: httpUrl,
      authUrl: httpUrl,
      clientId: z.string().trim().min(1).max(500),
      clientSecret: z.string().min(1).max(2000)
    }),
    output: {} as AppState
  },
  startDemo: {
    input: z.strictObject({ athletes: z.number().int().min(10).max(200_000).optional() }).optional(),
    output: {} as AppState
  },
  syncNow: { input: z.strictObject({ full: z.boolean().optional() }).optional(), output: {} as SyncSummary },
  getSyncStatus: { input: none, output: {} as SyncStatus },
  getDataFreshness: { input: none, output: {} as DataFreshness },
  listMembers: { input: memberQuerySchema, output: {} as MemberPage },
  getMemberDetail: { input: z.strictObject({ id }), output: {} as MemberDetail | null },
  getMemberFilters: { input: none, output: {} as MemberFilterOptions },
  getLicenceSummary: { input: none, output: {} as LicencePeriodSummary[] },
  getOrganizations: { input: none, output: {} as OrganizationNode[] },
  getOrganizationLicenceHolders: { input: none, output: {} as OrganizationLicenceHolders },
  exportMembers: { input: memberExportSchema, output: {} as { saved: string | null; rows: number } },
  exportTable: { input: tableExportSchema, output: {} as { saved: string | null; rows: number } },
  /** The addresses to write to about every member of a member list query (a minor's guardians' too). */
  getMemberEmails: { input: memberQuerySchema.omit({ offset: true, limit: true }), output: {} as string[] },
  listMemberIds: { input: memberQuerySchema.extend({ limit: z.number().int().min(1).max(10_000).default(10_000) }), output: {} as number[] },
  getMeritChoices: { input: none, output: {} as MeritChoice[] },
  /** Those grantees the merit's organization may not read today by what is stored (`granteesNotReadable`): the registry may refuse a grant naming them. */
  getGranteesNotReadable: { input: meritGrantInputSchema.pick({ meritId: true, meritGrantees: true }), output: {} as number[] },
  getOrderedMeritGroups: { input: none, output: {} as OrderedMeritGroup[] },
  getMeritCandidates: {
    input: z.strictObject(meritCandidateQuery),
    output: {} as MeritCandidateList
  },
  /** Every candidate (not only the rows shown), with the columns shown; logged in the privacy log. */
  exportMeritCandidates: {
    input: z.strictObject({
      ...meritCandidateQuery,
      format: tableFormat,
      columns: z.array(z.strictObject({ key: z.enum(CANDIDATE_COLUMNS), label: columnLabel })).min(1).max(CANDIDATE_COLUMNS.length)
    }),
    output: {} as { saved: string | null; rows: number }
  },
  queueMeritGrant: { input: meritGrantInputSchema, output: {} as OutboxItem },
  queueChange: {
    input: z.strictObject({ kind: z.enum(OUTBOX_KINDS as [OutboxKind, ...OutboxKind[]]), input: z.record(z.string(), z.unknown()), dependsOn: id.optional() }),
    output: {} as OutboxItem
  },
  editChange: { input: z.strictObject({ itemId: id, input: z.record(z.string(), z.unknown()) }), output: {} as OutboxItem },
  editMeritGrant: { input: z.strictObject({ itemId: id, grant: meritGrantInputSchema }), output: {} as OutboxItem },
  getOutbox: { input: none, output: {} as OutboxView },
  pushOutbox: { input: none, output: {} as PushSummary },
  retryOutboxItem: { input: z.strictObject({ itemId: id }), output: {} as OutboxItem },
  discardOutboxItem: { input: z.strictObject({ itemId: id }), output: {} as { removed: number[] } },
  openPaymentPage: { input: z.strictObject({ itemId: id }), output: {} as { opened: true } },
  setRetention: { input: z.strictObject({ months: z.number().int().min(1).max(120) }), output: {} as { months: number } },
  /** Turns the app's own quarter-hourly syncs of the shown database on or off. */
  setAutoSync: { input: z.strictObject({ enabled: z.boolean() }), output: {} as { enabled: boolean } },
  /** Online (spec v2 §4.9): an order's payment methods and terms; costs in cents. */
  getPaymentMethods: { input: z.strictObject({ orderId: id }), output: {} as PaymentMethods },
  /** Online (spec v2 §4.9): the payment status of up to 100 orders, null for one not found. */
  getPaymentStatus: { input: z.strictObject({ orderIds: z.array(id).min(1).max(100) }), output: {} as Array<{ orderId: number; status: OrderStatus | null }> },
  revealIdentityNumber: { input: z.strictObject({ id }), output: {} as { socialSecurityNumber: string } },
  exportMember: { input: z.strictObject({ id }), output: {} as { saved: string | null } },
  recordPrint: { input: printRecordSchema, output: {} as { recorded: true } },
  removeConnection: { input: none, output: {} as WipeSummary },
  checkAtVenue: { input: z.strictObject({ text: z.string().max(500), date: isoDate.optional() }), output: {} as VenueCheckResult },
  getRenewalList: { input: z.strictObject(renewalQuery), output: {} as RenewalList },
  getRenewalEmails: { input: z.strictObject(renewalQuery), output: {} as string[] },
  exportRenewalList: {
    input: z.strictObject({
      ...renewalQuery,
      format: z.enum(['csv', 'xlsx']),
      columns: z.array(z.strictObject({ key: z.enum(RENEWAL_COLUMNS), label: z.string().min(1).max(100) })).min(1).max(RENEWAL_COLUMNS.length)
    }),
    output: {} as { saved: string | null; rows: number }
  },
  getReports: { input: z.strictObject({ licencePeriodId: id.optional() }).optional(), output: {} as Reports },
  exportReport: {
    input: z.strictObject({
      report: z.enum(REPORT_NAMES),
      licencePeriodId: id.optional(),
      format: z.enum(['csv', 'xlsx']),
      columns: z.array(z.strictObject({ key: z.string().regex(/^[a-z]+$/).max(20), label: z.string().min(1).max(100) })).min(1).max(6),
      /** What the table says for a group without a name (no club, no area, an unnamed licence), in the user's language. */
      unnamed: z.string().min(1).max(100).optional()
    }),
    output: {} as { saved: string | null; rows: number }
  },
  getEvents: {
    input: z.strictObject({ text: z.string().max(200).default(''), from: isoDate.optional(), to: isoDate.optional() }),
    output: {} as EventRow[]
  },
  getEventParticipants: { input: z.strictObject({ uuid: eventUuid }), output: {} as ParticipantRow[] },
  /** The limits an event sets on who may register, and which of the members (user ids) they leave out (`readEventLimits`). */
  getEventLimits: { input: z.strictObject({ uuid: eventUuid, userIds: z.array(id).max(10_000) }), output: {} as EventLimits },
  getQueuedParticipants: { input: z.strictObject({ uuid: eventUuid }), output: {} as QueuedParticipantRow[] },
  exportEventParticipants: {
    input: z.strictObject({
      uuid: eventUuid,
      format: z.enum(['csv', 'xlsx']),
      columns: z.array(z.strictObject({ key: z.enum(PARTICIPANT_COLUMNS), label: z.string().min(1).max(100) })).min(1).max(PARTICIPANT_COLUMNS.length)
    }),
    output: {} as { saved: string | null; rows: number }
  },
  importStartList: {
    input: z.strictObject({ date: isoDate.optional() }).optional(),
    output: {} as { file: string | null; result: StartListResult | null }
  },
  checkStartList: { input: z.strictObject({ lines: z.array(z.string().max(500)).max(10_000), date: isoDate.optional() }), output: {} as StartListResult },
  /** Opens an order's terms of sale (the `termsUrl` of its payment methods, online) in the system browser when it is an http(s) address. */
  openPaymentTerms: { input: z.strictObject({ orderId: id }), output: {} as { opened: true } }
} satisfies Record<MethodName, { input: z.ZodType; output: unknown }>

/** Input accepted by a method (before defaults are applied). */
export type MethodInput<M extends MethodName> = z.input<(typeof CONTRACT)[M]['input']>
/** Input after validation (defaults applied). */
export type ParsedInput<M extends MethodName> = z.output<(typeof CONTRACT)[M]['input']>
/** What a method returns on success. */
export type MethodOutput<M extends MethodName> = (typeof CONTRACT)[M]['output']

/**
 * An error crossing the boundary: a stable `code` and a one-line `message` a person can act on
 * (English). A change the outbox refused (`invalid-change`) also lists its `problems`, for the
 * renderer to say in the app's language.
 */
export interface IpcError extends CodedError {
  problems?: OutboxProblem[]
}

/** Every answer of every method. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

/**
 * What the preload exposes as `window.kanslia`: one async function per method, answering an
 * `IpcResult`, and `onEvent`, which returns a function that unsubscribes.
 */
export type KansliaApi = {
  [M in MethodName]: (input?: MethodInput<M>) => Promise<IpcResult<MethodOutput<M>>>
} & { onEvent(listener: (event: KansliaEvent) => void): () => void }
