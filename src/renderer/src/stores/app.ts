import { create } from 'zustand'
import type { AppState, IpcError, MemberQuery, SyncProgressEvent, SyncSummary } from '../../../shared/ipc/contract'
import { call, describeError, ipcErrorOf, onEvent } from '../api'

/** The app's pages. */
export type Page = 'members' | 'licences' | 'organizations' | 'outbox' | 'venue' | 'renewals' | 'candidates' | 'events' | 'reports' | 'sync' | 'settings'

/** Filters another page opens the member list with (`showMembers`). */
export type MembersShown = Pick<MemberQuery, 'clubId' | 'areaId' | 'licenceId' | 'licencePeriodId'>

/** App-wide state: which database is shown, the page, the running sync's progress and its outcome. */
interface AppStore {
  /** Null until the app's state has been read (`start`), and while that fails. */
  app: AppState | null
  /** Why the app's state could not be read at start (a database it cannot open); null otherwise. */
  startFailure: IpcError | null
  /** True while the main process upgrades an earlier Kanslia's database before the first read. */
  upgrading: boolean
  page: Page
  /** Progress per `resource/scope` of the running sync, in arrival order. */
  progress: Record<string, SyncProgressEvent>
  syncing: boolean
  lastSummary: SyncSummary | null
  syncError: string | null
  /** Bumped after every finished sync so pages reload their data. */
  dataVersion: number
  /** Bumped whenever the outbox changes (queued, pushed, retried, discarded) so the outbox panel reloads. */
  outboxVersion: number
  setPage(page: Page): void
  /** The filters the member list opens with next (`showMembers`); null for none. */
  membersToShow: MembersShown | null
  /** Opens the member list filtered as `filters` say: by a club or an area (the organization tree's), a licence or a licence period (the licences page's). */
  showMembers(filters: MembersShown): void
  /** Reads the app's state (`load`); a failure is kept as `startFailure` for the start screen instead of thrown. */
  start(): Promise<void>
  /** Reads the app's state. @throws KansliaError when the main process cannot (e.g. the database's key is missing). */
  load(): Promise<void>
  startDemo(): Promise<void>
  connect(input: { baseUrl: string; authUrl: string; clientId: string; clientSecret: string }): Promise<void>
  /** Syncs the shown database; `full` asks for a full check (reconciliation) now. @throws KansliaError when the run could not start. */
  syncNow(full?: boolean): Promise<void>
}

/** The one store of app-level state (zustand); pages keep their own view state locally. */
export const useAppStore = create<AppStore>((set, get) => ({
  app: null,
  startFailure: null,
  upgrading: false,
  page: 'members',
  progress: {},
  syncing: false,
  lastSummary: null,
  syncError: null,
  dataVersion: 0,
  outboxVersion: 0,
  setPage: (page) => set({ page }),
  membersToShow: null,
  showMembers: (filters) => set({ page: 'members', membersToShow: filters }),
  start: async () => {
    set({ startFailure: null })
    try {
      await get().load()
    } catch (error) {
      set({ startFailure: ipcErrorOf(error) })
    } finally {
      set({ upgrading: false })
    }
  },
  load: async () => set({ app: await call('getAppState'), startFailure: null }),
  startDemo: async () => {
    const app = await call('startDemo', {})
    set({ app: { ...app, mode: 'first-run' } })
    await get().syncNow()
    set({ app: await call('getAppState') })
  },
  connect: async (input) => {
    await call('connect', input)
    await get().syncNow()
    set({ app: await call('getAppState') })
  },
  syncNow: async (full) => {
    set({ syncing: true, progress: {}, syncError: null })
    try {
      // Pages reload on the `sync-finished` event (any sync's, the app's own background ones too).
      const summary = await call('syncNow', full ? { full } : {})
      set({ lastSummary: summary, syncError: syncErrorText(summary) })
    } catch (error) {
      set({ syncError: syncFailureText(ipcErrorOf(error)) })
      throw error
    } finally {
      set({ syncing: false })
    }
  }
}))

/**
 * Feeds the main process's sync and outbox events into the store; call once at start-up. A sync's
 * events arrive whoever started it (the person, or the app in the background), so they, not the
 * `syncNow` call, mark it running and finished and make pages reload (`dataVersion`).
 */
export function subscribeToEvents(): () => void {
  return onEvent((event) => {
    if (event.type === 'outbox-changed') {
      useAppStore.setState((s) => ({ app: s.app && { ...s.app, outboxWaiting: event.waiting ?? s.app.outboxWaiting }, outboxVersion: s.outboxVersion + 1 }))
    }
    if (event.type === 'database-upgrading') useAppStore.setState({ upgrading: true })
    if (event.type === 'sync-progress') {
      const key = `${event.progress.resource}/${event.progress.scope}`
      // The first event of a sync the app started by itself begins a new progress list.
      useAppStore.setState((s) => ({ syncing: true, progress: { ...(s.syncing ? s.progress : {}), [key]: event.progress } }))
    }
    if (event.type === 'sync-finished') {
      useAppStore.setState((s) => ({ syncing: false, lastSummary: event.summary, syncError: syncErrorText(event.summary), dataVersion: s.dataVersion + 1 }))
    }
    if (event.type === 'sync-failed') useAppStore.setState({ syncing: false, syncError: syncFailureText(event.error) })
    // A sync shown running ended with the worker that ran it.
    if (event.type === 'backend-stopped') useAppStore.setState((s) => (s.syncing ? { syncing: false, syncError: syncFailureText(event.error) } : {}))
  })
}

/** Why a finished sync did not succeed, in the app's words (`syncFailureText`): the disk that stopped it, or the first resource that failed; null when it succeeded. */
export function syncErrorText(summary: SyncSummary): string | null {
  if (summary.stoppedBy !== undefined) return syncFailureText(summary.stoppedBy)
  const failed = summary.errors[0]
  return failed === undefined ? null : syncFailureText(failed)
}

/**
 * A sync's error as the sync page shows it, under its own "the sync did not finish" (`sync.error`):
 * `describeError`, but `sync-failed` without its headline, which would say the same again.
 */
export function syncFailureText(error: IpcError): string {
  return describeError(error.code === 'sync-failed' ? { code: null, message: error.message, problems: error.problems } : error)
}
