/**
 * Worker-thread entry of a table export (issue 7 "Exports"): receives one `TableExportJob` as
 * `workerData`, runs `writeTable` and posts one `TableExportMessage`. The backend worker answers
 * the window's calls meanwhile: writing 142,000 members as XLSX held it 3–5 s.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { writeTable } from '../services/tableExport'
import type { TableExportJob, TableExportMessage } from './tableExportProtocol'

const { file, format, sheet, columns, rows } = workerData as TableExportJob
const post = (message: TableExportMessage) => parentPort?.postMessage(message)

writeTable(file, format, sheet, columns, rows).then(
  () => post({ type: 'written' }),
  (error: unknown) => post({ type: 'error', message: error instanceof Error ? error.message : String(error) })
)
