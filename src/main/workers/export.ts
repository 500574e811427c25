/**
 * Worker-thread entry of the export worker (issue 7 "Exports"): receives one `ExportJob` as
 * `workerData` and runs it: `writeTable` for a table the window shows, `exportList` for a whole
 * list (its query of 142,000 members takes ~1.4 s), `readAddresses` for "copy e-mail addresses";
 * then posts one `ExportMessage`. The backend worker answers the window's calls meanwhile: writing
 * 142,000 members as XLSX held it 3–5 s.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { errorCodeOf } from '../services/errorCode'
import { readAddresses } from '../services/addresses'
import { exportList } from '../services/listExport'
import { writeTable } from '../services/tableExport'
import type { ExportJob, ExportMessage } from './exportProtocol'

const job = workerData as ExportJob
const post = (message: ExportMessage) => parentPort?.postMessage(message)

/** The job's one answer (rows written, or the addresses read). */
function run(): Promise<ExportMessage> {
  if (job.kind === 'addresses') return readAddresses(job.job).then((addresses) => ({ type: 'addresses', addresses }))
  const written = job.kind === 'list' ? exportList(job.job) : writeTable(job.file, job.format, job.sheet, job.columns, job.rows).then(() => job.rows.length)
  return written.then((rows) => ({ type: 'written', rows }))
}

run().then(post, (error: unknown) => {
  const code = errorCodeOf(error)
  post({ type: 'error', message: error instanceof Error ? error.message : String(error), code: code === 'internal' ? undefined : code })
})
