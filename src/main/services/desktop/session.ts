import { existsSync } from 'node:fs'
import { EventEmitter } from 'node:events'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { localDate } from '../../../shared/localDate'
import type { AppState, KansliaEvent, SyncStatus, SyncSummary } from '../../../shared/ipc/contract'
import { judgeFreshness, type DataFreshness } from '../../../shared/freshness'
import { autoSyncEnabled, setAutoSyncEnabled } from '../../db/autoSync'
import { sqliteCode } from '../../db/storageFailure'
import { lastFullSyncAt, lastSuccessfulSyncAt, lastSyncStartedAt } from '../../db/runs'
import type { PushSummary } from '../../../shared/outbox'
import { exportList, type ListExportJob, type ListExporter } from '../listExport'
import {
  readConnectionProfile,
  resolveConnection,
  validateProfile,
  type Connection,
  type ConnectionProfile
} from '../../config/connection'
import { connectionProfileFile, defaultDatabaseFile, demoDatabaseFile } from '../../config/paths'
import { ensureVerdicts } from '../verdicts'
import { countWaiting } from '../../db/outbox'
import { readRetention, setRetentionMonths } from '../../db/retention'
import { readStatus } from '../../db/status'
import { connectAndSave } from '../connect'
import { REFRESH_INTERVAL_MS } from '../../sync/resources'
import { withWritableDatabase } from '../database'
import { pushOutboxNow } from '../outbox'
import { removeConnectionData, type WipeResult } from '../wipe'
import { removeWrittenPaymentForms } from '../paymentForm'
import { UserFacingError } from '../errors'
import type { SessionContext } from './context'
import type { DesktopSessionOptions } from './options'
import { SessionExports } from './exports'
import { SessionOutbox } from './outbox'
import { SessionPayments } from './payments'
import { ShownDatabaseReader } from './reader'
import { SessionReads } from './reads'
import { summarizeSync } from './syncSummary'

/**
 * The background sync's default interval: the per-parent lists' tier (REFRESH_INTERVAL_MS
 * `quarter-hour`), so a sync the app runs by itself reads them too. A quiet incremental sync at
 * 150,000 athletes costs ~0.2 s and ~17 KB, so the mirror can stay this fresh while the app is open.
 */
export const AUTO_SYNC_INTERVAL_MS = REFRESH_INTERVAL_MS['quarter-hour']

/** Longest time between two looks at whether a background sync is due, ms. */
const AUTO_SYNC_CHECK_MS = 60_000

/**
 * Days after the last successful full run when the app's sync reconciles again by itself: only a
 * full run removes what the registry stopped listing (cancelled registrations, clubs turned
 * PASSIVE: DESIGN §3 rule 5), and the person at the desk should not have to know that. Weekly
 * keeps that cost rare: a read of everything, at 150,000 athletes ~46 s and ~500 MB.
 */
export const FULL_SYNC_INTERVAL_DAYS = 7

/**
 * The desktop app's state and operations (issue 3), one instance per app: which database it shows
 * (the connected one or the demo), the embedded demo sandbox while it runs, and the sync in
 * progress. Every IPC method lands here or in one of its parts (`reads`, `exports`, `outbox`,
 * `payments`, each in a module of this folder) and uses the same `services/`, `config/` and `db/`
 * code as the CLI. The session keeps the state, runs the syncs and pushes (on demand and by
 * itself), and closes. Emits `KansliaEvent`s on `events` ('event').
 */
export class DesktopSession {
  /** Emits 'event' with a `KansliaEvent` (sync progress, finished, failed). */
  readonly events = new EventEmitter()
  /** What the pages read; see `SessionReads`. */
  readonly reads: SessionReads
  /** Exports, prints, copied addresses and revealed identity numbers, recorded in the privacy log; see `SessionExports`. */
  readonly exports: SessionExports
  /** Queuing, editing, retrying and discarding changes; see `SessionOutbox`. */
  readonly outbox: SessionOutbox
  /** Paying an order; see `SessionPayments`. */
  readonly payments: SessionPayments
  private readonly env: NodeJS.ProcessEnv
  private readonly today: () => string
  private readonly now: () => Date
  private readonly exportList: ListExporter
  private demo: Sandbox | null = null
  private demoMode = false
  private running: Promise<SyncSummary> | null = null
  private lastError: string | null = null
  private readonly reader = new ShownDatabaseReader({ dbFile: () => this.dbFile, today: () => this.today(), emit: (event) => this.emit(event) })
  private pushing: Promise<PushSummary> | null = null
  /** List exports under way: each reads the database on a connection of its own until it is written. */
  private readonly listExports = new Set<Promise<number>>()
  /** Set while the local data is removed, and once the session closes: no sync or push may start then. */
  private stopping = false
  private pushTimer: NodeJS.Timeout | null = null
  private readonly autoPush: boolean
  private syncTimer: NodeJS.Timeout | null = null

  constructor(private readonly options: DesktopSessionOptions) {
    this.env = options.env ?? process.env
    this.today = options.today ?? (() => localDate())
    this.now = options.now ?? (() => new Date())
    this.exportList = options.exportList ?? exportList
    // The parts reach the session only through this context: its state stays private here.
    const context: SessionContext = {
      dbFile: () => this.dbFile,
      today: () => this.today(),
      now: () => this.now(),
      read: (use) => this.reader.read(use),
      currentVerdicts: () => this.currentVerdicts(),
      exportList: (job) => this.exportingList(job),
      connection: () => this.connection(),
      outboxWaiting: () => this.outboxWaiting(),
      outboxChanged: () => this.outboxChanged(),
      pushInBackground: () => this.pushInBackground(),
      emit: (event) => this.emit(event)
    }
    this.reads = new SessionReads(context)
    this.exports = new SessionExports(context, this.reads, options)
    this.outbox = new SessionOutbox(context)
    this.payments = new SessionPayments(context)
    this.demoMode = readConnectionProfile(connectionProfileFile(this.env)) === null && existsSync(demoDatabaseFile(this.env))
    const interval = options.autoPushIntervalMs ?? 60_000
    this.autoPush = interval > 0
    if (this.autoPush) {
      this.pushTimer = setInterval(() => this.pushInBackground(), interval)
      this.pushTimer.unref()
    }
    const syncInterval = options.autoSyncIntervalMs ?? AUTO_SYNC_INTERVAL_MS
    if (syncInterval > 0) {
      this.syncTimer = setInterval(() => this.syncInBackground(syncInterval), Math.min(syncInterval, AUTO_SYNC_CHECK_MS))
      this.syncTimer.unref()
    }
  }

  /** The database the app shows now. */
  get dbFile(): string {
    return this.demoMode ? demoDatabaseFile(this.env) : defaultDatabaseFile(this.env)
  }

  /** First run, connected or demo; the saved profile (never the secret); whether a sync runs. */
  state(): AppState {
    const profile = this.demoMode ? null : readConnectionProfile(connectionProfileFile(this.env))
    const mode = this.demoMode ? 'demo' : profile !== null && existsSync(this.dbFile) ? 'connected' : 'first-run'
    return { mode, profile, syncing: this.running !== null, outboxWaiting: this.outboxWaiting() }
  }

  private outboxWaiting(): number {
    return existsSync(this.dbFile) ? this.reader.read(countWaiting) : 0
  }

  /**
   * Checks the credentials against the registry and only then stores the client secret in the OS
   * keychain and saves the connection (`connectAndSave`, as `kanslia connect`), and leaves demo
   * mode; the renderer then starts the first sync.
   * @throws ConnectionConfigError for a bad URL or client id; ApiError when the registry cannot be
   *   reached or refuses the credentials (nothing is stored then); KeychainUnavailableError when
   *   there is no usable keychain (on Linux: no Secret Service), so the secret is never kept where
   *   it would not persist.
   */
  async connect(input: ConnectionProfile & { clientSecret: string }): Promise<AppState> {
    const profile = validateProfile(input)
    await connectAndSave(profile, input.clientSecret, { storeSecret: true, profileFile: connectionProfileFile(this.env) })
    this.demoMode = false
    await this.stopDemo()
    return { ...this.state(), mode: 'connected' }
  }

  /**
   * Starts the embedded Federation Sandbox on loopback (DESIGN §5), seeded, and switches to the demo
   * database; the renderer then starts the sync. @param athletes size of the demo federation.
   */
  async startDemo(athletes?: number): Promise<AppState> {
    await this.ensureDemoSandbox(athletes)
    this.demoMode = true
    return this.state()
  }

  private async ensureDemoSandbox(athletes?: number): Promise<Sandbox> {
    if (this.demo === null) this.demo = await startSandbox({ athletes: athletes ?? this.options.demoAthletes ?? 5000, seed: 1, writesOwnFederation: true })
    return this.demo
  }

  private async stopDemo(): Promise<void> {
    const sandbox = this.demo
    this.demo = null
    if (sandbox) await sandbox.close()
  }

  /**
   * Syncs the shown database, streaming progress as events; a second call while one runs joins the
   * running sync. The run is a full reconciliation on the first sync, when `full`, and when the
   * last successful full run finished FULL_SYNC_INTERVAL_DAYS or more ago on the session's clock.
   * @throws UserFacingError `not-connected` before a connection or the demo is chosen;
   *   `sync-failed`/`api-*` when the run could not start (bad credentials, unreachable API).
   */
  sync(full = false): Promise<SyncSummary> {
    if (this.running) return this.running
    if (this.stopping) return Promise.reject(stoppingError())
    const run = this.runSyncOnce(full).finally(() => {
      this.running = null
    })
    this.running = run
    return run
  }

  private async runSyncOnce(full: boolean): Promise<SyncSummary> {
    // One writer of cursors at a time: a push re-pulls with the same engine.
    await this.pushing?.catch(() => undefined)
    try {
      // Inside: a background sync that cannot find its connection (the secret gone from the keychain) says so too.
      const connection = await this.connection()
      const dbFile = this.dbFile
      const result = await this.options.runSync({ dbFile, connection, full: full || this.reconciliationDue(), today: this.today() }, (progress) =>
        this.emit({ type: 'sync-progress', progress })
      )
      const summary = summarizeSync(result)
      this.lastError = summary.errors[0]?.message ?? null
      this.emit({ type: 'sync-finished', summary })
      if (summary.ok) setImmediate(() => this.pushInBackground())
      return summary
    } catch (error) {
      const failure = error instanceof UserFacingError ? error : new UserFacingError('sync-failed', String((error as Error).message ?? error))
      this.lastError = failure.message
      this.emit({ type: 'sync-failed', error: { code: failure.code, message: failure.message } })
      throw failure
    }
  }

  /**
   * A sync the app runs by itself: when a database exists and has it turned on (`setAutoSync`),
   * nothing else runs, and the last sync began `intervalMs` or more ago on the session's clock,
   * whatever its outcome (so an offline laptop tries once an interval, not on every look). Its
   * progress and outcome reach the window as any sync's do (`sync-progress`, `sync-finished`,
   * `sync-failed`); a failure stays in the sync status.
   */
  private syncInBackground(intervalMs: number): void {
    if (this.stopping || this.running || this.pushing || !existsSync(this.dbFile)) return
    let stored: { enabled: boolean; last: string | null }
    try {
      stored = this.reader.read((db) => ({ enabled: autoSyncEnabled(db), last: lastSyncStartedAt(db) }))
    } catch {
      // A database that does not open (its key missing) is the start screen's to explain.
      return
    }
    const { enabled, last } = stored
    if (!enabled || (last !== null && this.now().getTime() - Date.parse(last) < intervalMs)) return
    this.sync().catch(() => undefined)
  }

  /** True when the shown database is new or its last successful full run is FULL_SYNC_INTERVAL_DAYS old. */
  private reconciliationDue(): boolean {
    if (!existsSync(this.dbFile)) return true
    const last = this.reader.read(lastFullSyncAt)
    return last === null || this.now().getTime() - Date.parse(last) >= FULL_SYNC_INTERVAL_DAYS * 86_400_000
  }

  private async connection(): Promise<Connection> {
    if (this.demoMode) return (await this.ensureDemoSandbox()).credentials()
    if (readConnectionProfile(connectionProfileFile(this.env)) === null) {
      throw new UserFacingError('not-connected', 'connect to the registry or explore the demo federation first')
    }
    return resolveConnection({}, connectionProfileFile(this.env), this.env)
  }

  private emit(event: KansliaEvent): void {
    this.events.emit('event', event)
  }

  /** Sync panel data: rows and last result per (resource, scope), whether a sync runs, the last error, the API version, the retention and whether the app syncs by itself. */
  syncStatus(): SyncStatus {
    const stored = existsSync(this.dbFile)
      ? this.reader.read((db) => ({ cursors: readStatus(db), retentionMonths: readRetention(db).months, autoSync: autoSyncEnabled(db), lastFullSyncAt: lastFullSyncAt(db) }))
      : { cursors: [], retentionMonths: null, autoSync: null, lastFullSyncAt: null }
    const resources = stored.cursors.map(({ resource, scope, rows, lastRunAt, lastResult, lastError, lastErrorCode, lastChanged }) => ({
      resource,
      scope,
      rows,
      lastRunAt,
      lastResult,
      lastError,
      lastErrorCode,
      lastChanged
    }))
    const apiVersion = stored.cursors.find((cursor) => cursor.resource === 'api-version-info' && cursor.value !== undefined)?.value ?? null
    return {
      syncing: this.running !== null,
      resources,
      lastError: this.lastError,
      apiVersion,
      retentionMonths: stored.retentionMonths,
      autoSync: stored.autoSync,
      lastFullSyncAt: stored.lastFullSyncAt,
      fullSyncIntervalDays: FULL_SYNC_INTERVAL_DAYS
    }
  }

  /**
   * Sets how many months a person without a current licence, insurance, registration or merit is
   * kept (issue 6 "Retention"); the next sync purges with it.
   * @throws UserFacingError `no-database` before the first sync; RangeError outside 1…120.
   */
  async setRetention(months: number): Promise<{ months: number }> {
    await withWritableDatabase(this.dbFile, (db) => setRetentionMonths(db, months))
    return { months }
  }

  /**
   * Turns the app's own syncs of the shown database (`syncInBackground`) on or off; "Sync now"
   * works either way.
   * @throws UserFacingError `no-database` before the first sync.
   */
  async setAutoSync(enabled: boolean): Promise<{ enabled: boolean }> {
    await withWritableDatabase(this.dbFile, (db) => setAutoSyncEnabled(db, enabled))
    return { enabled }
  }

  /**
   * When the shown data was last synced successfully and whether that is more than a day before
   * the session's clock (issue 7: the stale-data banner); never synced counts as stale.
   * @throws UserFacingError `no-database` before the first sync.
   */
  dataFreshness(): DataFreshness {
    return judgeFreshness(this.reader.read(lastSuccessfulSyncAt), this.now())
  }

  /**
   * Before a list of verdicts (members, renewal lists), their export or addresses: evaluates
   * today's licence verdicts when the member summary is of another day (the app left open over
   * midnight, or opened offline the next day), was never evaluated, or has persons a stopped sync
   * left due; see `ensureVerdicts`. Not while a sync runs (it evaluates them when it ends; the
   * lists say they are pending meanwhile) or the session stops, and never waiting for another
   * writer: a list must answer.
   */
  private currentVerdicts(): void {
    if (this.running !== null || this.stopping) return
    try {
      this.reader.read((db) => ensureVerdicts(this.dbFile, db, this.today(), { waitForWriter: false }))
    } catch (error) {
      // Another process's sync holds the database, or the disk refuses writes: the lists answer
      // with the verdicts as stored (or say they are pending), and the next one tries again.
      if (sqliteCode(error) === null) throw error
    }
  }

  /** Today's date (ISO, local) as the session judges licences. */
  todayDate(): string {
    return this.today()
  }

  /** Runs a whole list's export (recorded, then written) with the session's exporter, noted in `listExports` until it ends. */
  private exportingList(job: ListExportJob): Promise<number> {
    const running = this.exportList(job)
    this.listExports.add(running)
    void running.catch(() => undefined).finally(() => this.listExports.delete(running))
    return running
  }

  /**
   * Waits until no sync, push or list export runs, whatever their outcomes; with `stopping` set,
   * none starts meanwhile (a sync ending schedules a push: the loop waits for that too).
   */
  private async settled(): Promise<void> {
    while (this.pushing || this.running || this.listExports.size > 0) {
      await this.pushing?.catch(() => undefined)
      await this.running?.catch(() => undefined)
      await this.exportsDone()
    }
  }

  /** Waits for the list exports under way, whatever their outcome. */
  private async exportsDone(): Promise<void> {
    await Promise.allSettled([...this.listExports])
  }

  /**
   * Pushes the outbox now (DESIGN §4), after a running sync; a second call while one runs joins it.
   * @throws UserFacingError `not-connected`, `no-database`, `push-running` (another process pushes); ApiError `unauthorized`.
   */
  push(): Promise<PushSummary> {
    if (this.pushing) return this.pushing
    if (this.stopping) return Promise.reject(stoppingError())
    const run = this.pushOnce().finally(() => {
      this.pushing = null
      this.outboxChanged()
    })
    this.pushing = run
    return run
  }

  private async pushOnce(): Promise<PushSummary> {
    await this.running?.catch(() => undefined)
    return pushOutboxNow({ dbFile: this.dbFile, connection: await this.connection() })
  }

  /** An automatic push: only when something waits and nothing else runs; failures stay in the items (the outbox panel shows them). */
  private pushInBackground(): void {
    if (!this.autoPush || this.stopping || this.pushing || this.running || !existsSync(this.dbFile)) return
    try {
      if (this.outboxWaiting() === 0) return
    } catch {
      // A database that does not open (its key missing) is the start screen's to explain; a throw here would end the worker.
      return
    }
    this.push().catch(() => undefined)
  }

  /**
   * Tells the window that the outbox changed and how many items wait (`outbox-changed`), after an
   * action that has succeeded (queue, edit, retry, discard, a push, a wipe). A count the shown
   * database fails to give (busy, a disk error, its key gone) goes out as null instead of being
   * thrown: thrown, it would replace the action's result, and a person told that a queued change
   * failed queues it again.
   */
  private outboxChanged(): void {
    let waiting: number | null
    try {
      waiting = this.outboxWaiting()
    } catch {
      // No notice of its own: right after the change it would read as the change failing. The
      // pages this event reloads read the same database and show a lasting failure in place.
      waiting = null
    }
    this.emit({ type: 'outbox-changed', waiting })
  }

  /**
   * Removes the connection and its local data (issue 6 "Wipe", see `removeConnectionData`): waits
   * for a running sync, push or list export (each holds the database open), refusing to start
   * another meanwhile (a sync would make the database again), closes the database,
   * stops the demo, and returns to the first run.
   * @throws Error from the file system when a file cannot be deleted.
   */
  async removeConnection(): Promise<WipeResult & { state: AppState }> {
    this.stopping = true
    try {
      await this.settled()
      this.reader.close()
      await this.stopDemo()
      this.demoMode = false
      this.lastError = null
      const result = removeConnectionData(this.env)
      this.outboxChanged()
      return { ...result, state: this.state() }
    } finally {
      this.stopping = false
    }
  }

  /**
   * Waits for a running sync, push and list export and stops the demo sandbox (app quit, test
   * teardown); removes the payment start pages it opened that are still on disk (their timers
   * would not run).
   */
  async close(): Promise<void> {
    this.stopping = true
    removeWrittenPaymentForms()
    if (this.pushTimer) clearInterval(this.pushTimer)
    if (this.syncTimer) clearInterval(this.syncTimer)
    await this.settled()
    await this.stopDemo()
    this.reader.close()
  }
}

/** Why a sync or push does not start while the local data is removed or the session closes. */
function stoppingError(): UserFacingError {
  return new UserFacingError('not-connected', 'the connection and its local data are being removed, or Kanslia is closing: nothing is synced or pushed now')
}
