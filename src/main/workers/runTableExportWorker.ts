import { Worker } from 'node:worker_threads'
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
  return (file, format, sheet, columns, rows) =>
    new Promise<void>((resolve, reject) => {
      const job: TableExportJob = { file, format, sheet, columns, rows }
      const worker = new Worker(entry.file, { workerData: job, execArgv: entry.execArgv })
      let settled = false
      const settle = (error?: Error) => {
        if (settled) return
        settled = true
        if (error) reject(error)
        else resolve()
      }
      worker.on('message', (message: TableExportMessage) => settle(message.type === 'written' ? undefined : new Error(message.message)))
      worker.on('error', (error) => settle(new Error(`the export stopped: ${error.message}`)))
      worker.on('exit', (code) => settle(new Error(`the export stopped unexpectedly (exit code ${code})`)))
    })
}
