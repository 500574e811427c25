import { EventEmitter } from 'node:events'
import { Worker } from 'node:worker_threads'
import type { IpcResult, KansliaEvent } from '../../shared/ipc/contract'
import type { BackendMessage, BackendRequest, BackendWorkerData, MainCapabilities } from './backendProtocol'
import type { WorkerEntry } from './entry'

/** The backend as the Electron main thread sees it (src/main/workers/backend.ts runs it). */
export interface Backend {
  /** Dispatches one contract call in the worker. Never throws: a stopped worker answers `{ok: false}` with code `internal`. */
  call(method: unknown, input?: unknown): Promise<IpcResult<unknown>>
  /** Emits `'event'` with each `KansliaEvent` of the session. */
  readonly events: EventEmitter
  /** Closes the session (a running sync or push ends as `DesktopSession.close` ends it) and the worker. Never throws. */
  close(): Promise<void>
}

/** How long `close` waits for the session to close before it stops the worker, ms. */
const CLOSE_WAIT_MS = 10_000

/**
 * Starts the backend worker from `entry` (the built `backend.js`, or the TypeScript entry with a
 * bootstrap in tests) with `env` as its environment (it decides the data folder, config/paths, and
 * passes on to the sync worker) and runs `capabilities` on this thread when its handlers ask. A
 * worker that stops (a crash, an exit) fails the calls it had not answered with a clear message;
 * the next call starts a new one, which reads the saved connection again.
 */
export function startBackendWorker(
  entry: WorkerEntry,
  data: BackendWorkerData,
  capabilities: MainCapabilities,
  env: NodeJS.ProcessEnv = process.env
): Backend {
  const events = new EventEmitter()
  let nextCall = 0
  /** The running worker and the answers it owes (a stopping worker fails only its own calls). */
  let current: { worker: Worker; pending: Map<number, (result: IpcResult<unknown>) => void> } | null = null

  const start = (): NonNullable<typeof current> => {
    const worker = new Worker(entry.file, { workerData: data, execArgv: entry.execArgv, env })
    const started = { worker, pending: new Map<number, (result: IpcResult<unknown>) => void>() }
    const send = (request: BackendRequest) => worker.postMessage(request)
    worker.on('message', (message: BackendMessage) => {
      if (message.type === 'result') {
        started.pending.get(message.id)?.(message.result)
        started.pending.delete(message.id)
      } else if (message.type === 'event') {
        events.emit('event', message.event satisfies KansliaEvent)
      } else {
        const run = capabilities[message.what] as (...args: unknown[]) => Promise<unknown>
        run(...message.args).then(
          (value) => send({ type: 'answer', id: message.id, ok: true, value }),
          (error: unknown) => send({ type: 'answer', id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) })
        )
      }
    })
    const stopped = (reason: string) => {
      const error = { code: 'internal' as const, message: `Kanslia's background worker stopped (${reason}); try again` }
      // Not closed on purpose (`close` lets go of it first): the window learns that what it showed running has ended.
      if (current === started) {
        current = null
        events.emit('event', { type: 'backend-stopped', error } satisfies KansliaEvent)
      }
      for (const answer of started.pending.values()) answer({ ok: false, error })
      started.pending.clear()
    }
    worker.on('error', (error) => stopped(error.message))
    worker.on('exit', (code) => stopped(`exit code ${code}`))
    return started
  }

  return {
    events,
    call(method, input) {
      current ??= start()
      const { worker, pending } = current
      const id = nextCall++
      const answered = new Promise<IpcResult<unknown>>((resolve) => pending.set(id, resolve))
      worker.postMessage({ type: 'call', id, method, input } satisfies BackendRequest)
      return answered
    },
    async close() {
      const running = current?.worker
      current = null
      if (!running) return
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      running.postMessage({ type: 'close' } satisfies BackendRequest)
      const timer = setTimeout(() => void running.terminate(), CLOSE_WAIT_MS)
      await exited
      clearTimeout(timer)
    }
  }
}
