import { Worker } from 'node:worker_threads'
import { refuseDatabaseAsTarget } from '../db/openedFiles'
import { UserFacingError } from '../services/errors'
import type { AddressReader } from '../services/addresses'
import type { ListExporter } from '../services/listExport'
import type { TableWriter } from '../services/tableExport'
import type { WorkerEntry } from './entry'
import type { ExportJob, ExportMessage } from './exportProtocol'

/**
 * A `TableWriter` that writes each table in a worker thread of its own started from `entry`
 * (src/main/workers/export.ts), so the calling thread (the backend worker) stays free to
 * answer the window. Copying the rows to the worker holds it ~0.15 s for 142,000 members (seven
 * columns), against 1.5 s (CSV) and 4.5 s (XLSX) of writing.
 * @throws UserFacingError `export-over-database` as `writeTable`; Error with `writeTable`'s message
 *   when the write failed (e.g. a folder that cannot be written), or saying the worker stopped.
 */
export function workerTableWriter(entry: WorkerEntry): TableWriter {
  return async (file, format, sheet, columns, rows) => {
    // Here, where the database was opened: the worker thread knows of no database.
    refuseDatabaseAsTarget(file)
    await runExportWorker(entry, { kind: 'table', file, format, sheet, columns, rows })
  }
}

/**
 * An `AddressReader` that reads each list's e-mail addresses in a worker thread of its own started
 * from `entry` (every member of a federation takes ~3 s): only the addresses come back.
 * @throws UserFacingError with the worker's code and message; Error saying the worker stopped.
 */
export function workerAddressReader(entry: WorkerEntry): AddressReader {
  return async (job) => {
    const answer = await runExportWorker(entry, { kind: 'addresses', job })
    if (answer.type !== 'addresses') throw new Error(`the export worker answered ${answer.type} to an address job`)
    return answer.addresses
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
  return async (job) => {
    const answer = await runExportWorker(entry, { kind: 'list', job })
    if (answer.type !== 'written') throw new Error(`the export worker answered ${answer.type} to an export job`)
    return answer.rows
  }
}

/** An answer of the worker that is not an error. */
type Answer = Exclude<ExportMessage, { type: 'error' }>

/** Starts the worker on `job` and settles with its one answer, or with why it failed or stopped without one. */
function runExportWorker(entry: WorkerEntry, job: ExportJob): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const worker = new Worker(entry.file, { workerData: job, execArgv: entry.execArgv })
    let settled = false
    const settle = (outcome: Answer | Error) => {
      if (settled) return
      settled = true
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    worker.on('message', (message: ExportMessage) => {
      if (message.type === 'error') settle(message.code ? new UserFacingError(message.code, message.message) : new Error(message.message))
      else settle(message)
    })
    worker.on('error', (error) => settle(new Error(`the export stopped: ${error.message}`)))
    worker.on('exit', (code) => settle(new Error(`the export stopped unexpectedly (exit code ${code})`)))
  })
}
