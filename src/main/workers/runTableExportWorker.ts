import { Worker } from 'node:worker_threads'
import { UserFacingError } from '../services/errors'
import type { ListExporter } from '../services/listExport'
import type { TableWriter } from '../services/tableExport'
import type { WorkerEntry } from './entry'
import type { TableExportJob, TableExportMessage } from './tableExportProtocol'

/**
 * A `TableWriter` that writes each table in a worker thread of its own started from `entry`
 * (src/main/workers/tableExport.ts), so the calling thread (the backend worker) stays free to
 * answer the window. Copying the rows to the worker holds it ~0.15 s for 142,000 members (seven
 * columns), against 1.5 s (CSV) and 4.5 s (XLSX) of writing.
 * @throws Error with `writeTable`'s message when the write failed (e.g. a folder that cannot be
 *   written), or saying the worker stopped.
 */
export function workerTableWriter(entry: WorkerEntry): TableWriter {
  return async (file, format, sheet, columns, rows) => {
    await runExportWorker(entry, { kind: 'table', file, format, sheet, columns, rows })
  }
}

/**
 * A `ListExporter` that runs each list export, its query too, in a worker thread of its own
 * started from `entry`: the queries hold the thread they run on for seconds at 150,000 athletes
 * (see `exportList`), and only the job (query, columns, words) is copied to the worker, not the rows.
 * @returns the rows written.
 * @throws UserFacingError with the worker's code (`no-database`, a database key error, …) and message;
 *   Error with `writeTable`'s message, or saying the worker stopped.
 */
export function workerListExporter(entry: WorkerEntry): ListExporter {
  return (job) => runExportWorker(entry, { kind: 'list', job })
}

/** Starts the worker on `job` and settles with its one message, or with why it stopped without one. */
function runExportWorker(entry: WorkerEntry, job: TableExportJob): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const worker = new Worker(entry.file, { workerData: job, execArgv: entry.execArgv })
    let settled = false
    const settle = (outcome: number | Error) => {
      if (settled) return
      settled = true
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    worker.on('message', (message: TableExportMessage) => {
      if (message.type === 'written') settle(message.rows)
      else settle(message.code ? new UserFacingError(message.code, message.message) : new Error(message.message))
    })
    worker.on('error', (error) => settle(new Error(`the export stopped: ${error.message}`)))
    worker.on('exit', (code) => settle(new Error(`the export stopped unexpectedly (exit code ${code})`)))
  })
}
