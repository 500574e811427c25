import type { TableCell, TableColumn, TableFormat } from '../services/tableExport'

/** What the table export worker receives as `workerData`: `writeTable`'s arguments. */
export interface TableExportJob {
  file: string
  format: TableFormat
  sheet: string
  columns: readonly TableColumn[]
  rows: ReadonlyArray<Record<string, TableCell>>
}

/** What the table export worker posts, once: the file is written, or why not. */
export type TableExportMessage = { type: 'written' } | { type: 'error'; message: string }
