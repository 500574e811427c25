/**
 * Worker-thread entry of the desktop app's backend (DESIGN §1; Actual Budget's backend off the UI
 * thread): the `DesktopSession`, its SQLite connections and the IPC handlers live here, so no query
 * (renewal lists, merit candidates: up to ~0.6 s at 150,000 athletes) or push blocks Electron's
 * main thread, which keeps only windows, dialogs and the sender check. Receives `BackendRequest`s,
 * answers each call with the `IpcResult` of `dispatch`, forwards the session's events, and asks the
 * main thread for what only it can do (`MainCapabilities`).
 */
import { tmpdir } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { createHandlers, dispatch } from '../ipc/handlers'
import { DesktopSession } from '../services/desktop/session'
import { removeOldPaymentForms } from '../services/paymentForm'
import type { BackendMessage, BackendRequest, BackendWorkerData, MainCapability } from './backendProtocol'
import { workerSyncRunner } from './runSyncWorker'
import { workerAddressReader, workerListExporter, workerTableWriter } from './runExportWorker'

const data = workerData as BackendWorkerData
const port = parentPort!
const fixedToday = data.today
const post = (message: BackendMessage) => port.postMessage(message)

const session = new DesktopSession({
  demoAthletes: data.demoAthletes,
  autoPushIntervalMs: data.autoPushIntervalMs,
  autoSyncIntervalMs: data.autoSyncIntervalMs,
  today: fixedToday === undefined ? undefined : () => fixedToday,
  runSync: workerSyncRunner(data.syncWorker),
  writeTable: workerTableWriter(data.exportWorker),
  exportList: workerListExporter(data.exportWorker),
  readAddresses: workerAddressReader(data.exportWorker)
})
session.events.on('event', (event) => post({ type: 'event', event }))
// Payment start pages a Kanslia that crashed left behind (the gateway's fields may name the payer).
removeOldPaymentForms(tmpdir())

const asked = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
let nextAsk = 0
/** Has the main thread run one of its capabilities; settles with its answer. */
function ask<T>(what: MainCapability, ...args: unknown[]): Promise<T> {
  const id = nextAsk++
  return new Promise<T>((resolve, reject) => {
    asked.set(id, { resolve: resolve as (value: unknown) => void, reject })
    post({ type: 'ask', id, what, args })
  })
}

const handlers = createHandlers({
  session,
  openExternal: (url) => ask('openExternal', url),
  chooseSaveFile: (suggestedName, format) => ask('chooseSaveFile', suggestedName, format),
  openFile: (path) => ask('openFile', path),
  chooseOpenFile: (extensions) => ask('chooseOpenFile', extensions)
})

port.on('message', (request: BackendRequest) => {
  if (request.type === 'call') {
    void dispatch(handlers, request.method, request.input).then((result) => post({ type: 'result', id: request.id, result }))
  } else if (request.type === 'answer') {
    const waiting = asked.get(request.id)
    asked.delete(request.id)
    if (request.ok) waiting?.resolve(request.value)
    else waiting?.reject(new Error(request.message))
  } else {
    // Ends this thread even when a keep-alive socket or timer would hold it.
    void session.close().finally(() => process.exit(0))
  }
})
