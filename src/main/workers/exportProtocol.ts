import type { ErrorCode } from '../../shared/errorCodes'
import type { AddressJob } from '../services/addresses'
import type { ListExportJob } from '../services/listExport'
import type { TableCell, TableColumn, TableFormat } from '../services/tableExport'

/**
 * What the export worker receives as `workerData`: `writeTable`'s arguments (`table`), a
 * whole list's export, its query included (`list`: `exportList`'s job), or a list's e-mail
 * addresses to read (`addresses`: `readAddresses`' job, for "copy e-mail addresses").
 */
export type ExportJob =
  | {
      kind: 'table'
      file: string
      format: TableFormat
      sheet: string
      columns: readonly TableColumn[]
      rows: ReadonlyArray<Record<string, TableCell>>
    }
  | { kind: 'list'; job: ListExportJob }
  | { kind: 'addresses'; job: AddressJob }

/**
 * What the export worker posts, once: the rows written, the addresses read, or why not (`code`: the error's
 * `errorCodeOf` unless `internal`, e.g. `no-database`, a database key error or a full disk, so the
 * app words it as its own).
 */
export type ExportMessage = { type: 'written'; rows: number } | { type: 'addresses'; addresses: string[] } | { type: 'error'; message: string; code?: ErrorCode }
