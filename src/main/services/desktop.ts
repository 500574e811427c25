import { existsSync } from 'node:fs'
import { EventEmitter } from 'node:events'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { localDate } from '../../shared/localDate'
import type {
  AppState,
  KansliaEvent,
  LicencePeriodSummary,
  MemberDetail,
  MemberFilterOptions,
  MemberPage,
  OrganizationNode,
  SyncStatus,
  SyncSummary
} from '../../shared/ipc/contract'
import {
  readConnectionProfile,
  resolveConnection,
  saveConnectionProfile,
  validateProfile,
  type Connection,
  type ConnectionProfile
} from '../config/connection'
import { connectionProfileFile, defaultDatabaseFile, demoDatabaseFile } from '../config/paths'
import { readMemberDetail } from '../db/memberDetail'
import { listMembers, type MemberListQuery } from '../db/memberList'
import { readLicenceSummary, readMemberFilterOptions, readOrganizations } from '../db/overview'
import { readStatus } from '../db/status'
import { storeClientSecret } from '../secrets/keychain'
import type { SyncResult } from '../sync/engine'
import type { SyncRunner } from '../workers/runSyncWorker'
import type { ReadableDB } from '../db/open'
import { openExistingDatabase } from './database'
import { UserFacingError } from './errors'

/** Where a desktop session keeps its files, and how it syncs. */
export interface DesktopSessionOptions {
  /** Environment that decides the data folder (`KANSLIA_HOME` etc., see config/paths). */
  env?: NodeJS.ProcessEnv
  /** Runs a sync; the app passes a worker-thread runner. */
  runSync: SyncRunner
  /** Athletes of the demo federation when `startDemo` names none; default 5000. */
  demoAthletes?: number
  /** Today's date (ISO YYYY-MM-DD) for licence status; default the local date now. */
  today?: () => string
}

/** Turns a run's result into what the renderer shows: totals and failed resources in plain words. */
export function summarizeSync(result: SyncResult): SyncSummary {
  return {
    ok: result.ok,
    full: result.full,
    elements: result.elements,
    bytes: result.bytes,
    durationMs: result.durationMs,
    errors: result.resources.flatMap((r) => (r.error ? [{ resource: r.resource, scope: r.scope, message: r.error }] : []))
  }
}

/**
 * The desktop app's state and operations (issue 3), one instance per app: which database it shows
 * (the connected one or the demo), the embedded demo sandbox while it runs, and the sync in
 * progress. Every IPC method lands here and uses the same `services/`, `config/` and `db/` code
 * as the CLI. Emits `KansliaEvent`s on `events` ('event').
 */
export class DesktopSession {
  /** Emits 'event' with a `KansliaEvent` (sync progress, finished, failed). */
  readonly events = new EventEmitter()
  private readonly env: NodeJS.ProcessEnv
  private readonly today: () => string
  private demo: Sandbox | null = null
  private demoMode = false
  private running: Promise<SyncSummary> | null = null
  private lastError: string | null = null
  private reader: { file: string; db: ReadableDB } | null = null

  constructor(private readonly options: DesktopSessionOptions) {
    this.env = options.env ?? process.env
    this.today = options.today ?? (() => localDate())
    this.demoMode = readConnectionProfile(connectionProfileFile(this.env)) === null && existsSync(demoDatabaseFile(this.env))
  }

  /** The database the app shows now. */
  get dbFile(): string {
    return this.demoMode ? demoDatabaseFile(this.env) : defaultDatabaseFile(this.env)
  }

  /** First run, connected or demo; the saved profile (never the secret); whether a sync runs. */
  state(): AppState {
    const profile = this.demoMode ? null : readConnectionProfile(connectionProfileFile(this.env))
    const mode = this.demoMode ? 'demo' : profile !== null && existsSync(this.dbFile) ? 'connected' : 'first-run'
    return { mode, profile, syncing: this.running !== null }
  }

  /**
   * Checks and saves the connection (spec v2 §5), stores the client secret in the OS keychain and
   * leaves demo mode; the renderer then starts the first sync.
   * @throws ConnectionConfigError for a bad URL or client id; KeychainUnavailableError when there is
   *   no usable keychain (on Linux: no Secret Service), so the secret is never kept where it would not persist.
   */
  async connect(input: ConnectionProfile & { clientSecret: string }): Promise<AppState> {
    const profile = validateProfile(input)
    storeClientSecret(profile.clientId, input.clientSecret)
    saveConnectionProfile(connectionProfileFile(this.env), profile)
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
    if (this.demo === null) this.demo = await startSandbox({ athletes: athletes ?? this.options.demoAthletes ?? 5000, seed: 1 })
    return this.demo
  }

  private async stopDemo(): Promise<void> {
    const sandbox = this.demo
    this.demo = null
    if (sandbox) await sandbox.close()
  }

  /**
   * Syncs the shown database (full reconciliation on the first sync or when `full`), streaming
   * progress as events; a second call while one runs joins the running sync.
   * @throws UserFacingError `not-connected` before a connection or the demo is chosen;
   *   `sync-failed`/`api-*` when the run could not start (bad credentials, unreachable API).
   */
  sync(full = false): Promise<SyncSummary> {
    if (this.running) return this.running
    const run = this.runSyncOnce(full).finally(() => {
      this.running = null
    })
    this.running = run
    return run
  }

  private async runSyncOnce(full: boolean): Promise<SyncSummary> {
    const connection = await this.connection()
    const dbFile = this.dbFile
    try {
      const result = await this.options.runSync({ dbFile, connection, full: full || !existsSync(dbFile), today: this.today() }, (progress) =>
        this.emit({ type: 'sync-progress', progress })
      )
      const summary = summarizeSync(result)
      this.lastError = summary.errors[0]?.message ?? null
      this.emit({ type: 'sync-finished', summary })
      return summary
    } catch (error) {
      const failure = error instanceof UserFacingError ? error : new UserFacingError('sync-failed', String((error as Error).message ?? error))
      this.lastError = failure.message
      this.emit({ type: 'sync-failed', error: { code: failure.code, message: failure.message } })
      throw failure
    }
  }

  private async connection(): Promise<Connection> {
    if (this.demoMode) return (await this.ensureDemoSandbox()).credentials()
    if (readConnectionProfile(connectionProfileFile(this.env)) === null) {
      throw new UserFacingError('not-connected', 'connect to the registry or explore the demo federation first')
    }
    return resolveConnection({}, connectionProfileFile(this.env), this.env)
  }

  /**
   * Runs a read on one long-lived read-only connection to the shown database (its prepared
   * statements stay cached between keystrokes; WAL lets it read while the worker writes).
   * @throws UserFacingError `no-database` before the first sync.
   */
  private read<T>(use: (db: ReadableDB) => T): T {
    if (this.reader?.file !== this.dbFile) {
      this.reader?.db.close()
      this.reader = null
      this.reader = { file: this.dbFile, db: openExistingDatabase(this.dbFile) }
    }
    return use(this.reader.db)
  }

  private emit(event: KansliaEvent): void {
    this.events.emit('event', event)
  }

  /** Sync panel data: rows and last result per (resource, scope), whether a sync runs, the last error. */
  syncStatus(): SyncStatus {
    const cursors = existsSync(this.dbFile) ? this.read(readStatus) : []
    const resources = cursors.map(({ resource, scope, rows, lastRunAt, lastResult, lastError }) => ({ resource, scope, rows, lastRunAt, lastResult, lastError }))
    const apiVersion = cursors.find((cursor) => cursor.resource === 'api-version-info' && cursor.value !== undefined)?.value ?? null
    return { syncing: this.running !== null, resources, lastError: this.lastError, apiVersion }
  }

  /** One window of the member list; see `listMembers` in db/memberList. @throws UserFacingError `no-database` before the first sync. */
  members(query: MemberListQuery): MemberPage {
    return this.read((db) => listMembers(db, query, this.today()))
  }

  /** One member's detail, or null. @throws UserFacingError `no-database` before the first sync. */
  memberDetail(id: number): MemberDetail | null {
    return this.read((db) => readMemberDetail(db, id, this.today()))
  }

  /** Choices for the member list's filters. */
  memberFilters(): MemberFilterOptions {
    return this.read(readMemberFilterOptions)
  }

  /** Licences and insurances per licence period with counts. */
  licenceSummary(): LicencePeriodSummary[] {
    return this.read(readLicenceSummary)
  }

  /** Organizations with parents, for the tree. */
  organizations(): OrganizationNode[] {
    return this.read(readOrganizations)
  }

  /** Waits for a running sync and stops the demo sandbox (app quit, test teardown). */
  async close(): Promise<void> {
    await this.running?.catch(() => undefined)
    await this.stopDemo()
    this.reader?.db.close()
    this.reader = null
  }
}
