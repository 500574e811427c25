import { writeFileSync } from 'node:fs'
import { stringify } from 'csv-stringify/sync'
import ExcelJS from 'exceljs'

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
 * heading row, or XLSX with one worksheet named `sheet`, the heading row bold and frozen.
 * @throws Error from the file system (e.g. a folder that cannot be written); nothing is half-written
 *   to `file` for CSV, as the text is built first.
 */
export async function writeTable(file: string, format: TableFormat, sheet: string, columns: readonly TableColumn[], rows: ReadonlyArray<Record<string, TableCell>>): Promise<void> {
  const records = rows.map((row) => columns.map((column) => row[column.key] ?? null))
  if (format === 'csv') {
    writeFileSync(file, stringify([columns.map((column) => column.label), ...records], { bom: true }))
    return
  }
  const workbook = new ExcelJS.Workbook()
  // Worksheet names are at most 31 characters and may not hold []:*?/\ (Excel's rule).
  const worksheet = workbook.addWorksheet(sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  worksheet.addRow(columns.map((column) => column.label)).font = { bold: true }
  for (const record of records) worksheet.addRow(record)
  worksheet.columns.forEach((column, index) => {
    const widest = records.reduce((most, record) => Math.max(most, String(record[index] ?? '').length), columns[index].label.length)
    column.width = Math.min(60, Math.max(10, widest + 2))
  })
  await workbook.xlsx.writeFile(file)
}
