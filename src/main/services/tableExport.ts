import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { createPrivateFile } from '../config/fileModes'
import { refuseDatabaseAsTarget } from '../db/openedFiles'
import { stringify } from 'csv-stringify/sync'
import ExcelJS from 'exceljs'
import { csvOptionsFor } from './csv'

/** The spreadsheet formats every table of the app exports to (issue 7 "Exports"). */
export type TableFormat = 'csv' | 'xlsx'

/** One exported column: the row field it shows and its heading in the user's language. */
export interface TableColumn {
  key: string
  label: string
}

/** A cell's value: text, a number, or empty. Dates are ISO date text (YYYY-MM-DD), which spreadsheets read as dates. */
export type TableCell = string | number | null | undefined

/**
 * Writes a table as it is shown (issue 7: columns chosen and in the order given, headings in the
 * user's language) to `file`: CSV in UTF-8 with a byte order mark (so Excel reads ä and ö) and a
 * heading row, or XLSX with one worksheet named `sheet`, the heading row bold and frozen. XLSX is
 * written as a stream, row by row: the whole workbook in memory took 1.5 GB and 12 s for 142,000
 * members. The file is written beside `file` and renamed onto it when complete, so a failure
 * never leaves a half-written `file` (nor replaces an earlier one).
 * @throws UserFacingError `export-over-database` when `file` is a database this process opened;
 *   Error from the file system (e.g. a folder that cannot be written).
 */
export async function writeTable(file: string, format: TableFormat, sheet: string, columns: readonly TableColumn[], rows: ReadonlyArray<Record<string, TableCell>>): Promise<void> {
  refuseDatabaseAsTarget(file)
  const records = rows.map((row) => columns.map((column) => row[column.key] ?? null))
  const partial = join(dirname(file), `.${basename(file)}.${process.pid}.part`)
  try {
    createPrivateFile(partial)
    if (format === 'csv') writeFileSync(partial, stringify([columns.map((column) => column.label), ...records], csvOptionsFor('file')))
    else await writeWorkbook(partial, sheet, columns, records)
    renameSync(partial, file)
  } catch (error) {
    try {
      rmSync(partial, { force: true })
    } catch {
      // The write's own error is what to report; a part file still held open (Windows) stays hidden beside it.
    }
    throw error
  }
}

/** Something that writes tables as `writeTable` does: `writeTable` itself, or the app's worker-thread writer (`workerTableWriter`). */
export type TableWriter = typeof writeTable

async function writeWorkbook(file: string, sheet: string, columns: readonly TableColumn[], records: ReadonlyArray<TableCell[]>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false })
  // Worksheet names are at most 31 characters and may not hold []:*?/\ (Excel's rule).
  const worksheet = workbook.addWorksheet(sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  // A streamed sheet takes its column widths before its first row.
  worksheet.columns = columns.map((column, index) => {
    const widest = records.reduce((most, record) => Math.max(most, String(record[index] ?? '').length), column.label.length)
    return { width: Math.min(60, Math.max(10, widest + 2)) }
  })
  const heading = worksheet.addRow(columns.map((column) => column.label))
  heading.font = { bold: true }
  heading.commit()
  for (const record of records) worksheet.addRow(record).commit()
  worksheet.commit()
  await workbook.commit()
}
