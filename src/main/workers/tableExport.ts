/**
 * Worker-thread entry of a table export (issue 7 "Exports"): receives one `TableExportJob` as
 * `workerData`, runs `writeTable` (or, for a whole list, `exportList`, whose query of 142,000
 * members takes ~1.4 s, or `readAddresses`) and posts one `TableExportMessage`. The backend worker answers the
 * window's calls meanwhile: writing 142,000 members as XLSX held it 3–5 s.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { errorCodeOf } from '../services/errorCode'
import { readAddresses } from '../services/addresses'
import { exportList } from '../services/listExport'
import { writeTable } from '../services/tableExport'
import type { TableExportJob, TableExportMessage } from './tableExportProtocol'

const job = workerData as TableExportJob
const post = (message: TableExportMessage) => parentPort?.postMessage(message)

/** The job's one answer (rows written, or the addresses read). */
function run(): Promise<TableExportMessage> {
  if (job.kind === 'addresses') return readAddresses(job.job).then((addresses) => ({ type: 'addresses', addresses }))
  const written = job.kind === 'list' ? exportList(job.job) : writeTable(job.file, job.format, job.sheet, job.columns, job.rows).then(() => job.rows.length)
  return written.then((rows) => ({ type: 'written', rows }))
}

run().then(post, (error: unknown) => {
  const code = errorCodeOf(error)
  post({ type: 'error', message: error instanceof Error ? error.message : String(error), code: code === 'internal' ? undefined : code })
})
