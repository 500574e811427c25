import type { IpcResult, KansliaEvent } from '../../shared/ipc/contract'
import type { HandlerDeps } from '../ipc/handlers'
import type { WorkerEntry } from './entry'

/** What only the Electron main thread can do for the backend: dialogs and handing URLs or files to the system. */
export type MainCapabilities = Omit<HandlerDeps, 'session'>
/** The name of one of `MainCapabilities`. */
export type MainCapability = keyof MainCapabilities

/** What the backend worker receives as `workerData`: where its sync and export workers are, and its session's settings. */
export interface BackendWorkerData {
  syncWorker: WorkerEntry
  exportWorker: WorkerEntry
  /** Athletes of the demo federation (`DesktopSessionOptions.demoAthletes`). */
  demoAthletes?: number
  /** `DesktopSessionOptions.autoPushIntervalMs`. */
  autoPushIntervalMs?: number
  /** `DesktopSessionOptions.autoSyncIntervalMs`. */
  autoSyncIntervalMs?: number
  /** A fixed `DesktopSessionOptions.today` (ISO date; tests judge verdicts on a chosen day); default the local date. */
  today?: string
}

/**
 * Main thread → backend: a contract call to dispatch (`method` and `input` unchecked: the worker
 * validates them as `dispatch` does), the answer to one of the backend's `ask`s, or the request to
 * close the session and exit.
 */
export type BackendRequest =
  | { type: 'call'; id: number; method: unknown; input: unknown }
  | { type: 'answer'; id: number; ok: true; value: unknown }
  | { type: 'answer'; id: number; ok: false; message: string }
  | { type: 'close' }

/**
 * Backend → main thread: a call's `IpcResult`, an event for the windows, or a main-thread
 * capability the handlers need (a save dialog, opening a URL). After `close` the worker exits.
 */
export type BackendMessage =
  | { type: 'result'; id: number; result: IpcResult<unknown> }
  | { type: 'event'; event: KansliaEvent }
  | { type: 'ask'; id: number; what: MainCapability; args: unknown[] }
