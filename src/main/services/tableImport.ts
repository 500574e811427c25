import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import ExcelJS from 'exceljs'
import { UserFacingError } from './errors'

/**
 * The rows of a spreadsheet a person picked (issue 7 "Import", the venue check's start list) as
 * lines of text, a row's cells joined by `;`, empty rows left out: the first worksheet of an XLSX
 * file, or the lines of a CSV or text file (UTF-8, a byte order mark dropped). What the lines mean
 * is for the caller (e.g. `checkStartList` finds a Sport-ID or a name in each).
 * @throws UserFacingError `bad-file` for a file that is neither, or an XLSX that cannot be read.
 */
export async function readTableLines(file: string): Promise<string[]> {
  const extension = extname(file).toLowerCase()
  if (extension === '.xlsx') {
    const workbook = new ExcelJS.Workbook()
    try {
      await workbook.xlsx.readFile(file)
    } catch (error) {
      throw new UserFacingError('bad-file', `${file} is not a readable XLSX workbook (${(error as Error).message})`)
    }
    const sheet = workbook.worksheets[0]
    const lines: string[] = []
    sheet?.eachRow((row) => {
      const cells = (row.values as unknown[]).slice(1).map((value) => cellText(value))
      const line = cells.join(';').replace(/;+$/, '')
      if (line.trim() !== '') lines.push(line)
    })
    return lines
  }
  if (extension === '.csv' || extension === '.txt') return textLines(readFileSync(file, 'utf8'))
  throw new UserFacingError('bad-file', `${file} is not a CSV, text or XLSX file`)
}

/** The non-empty lines of CSV or plain text, a byte order mark dropped. */
export function textLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
}

/** A cell's value as text: rich text, hyperlinks and formula results by their text, dates as ISO dates. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    const cell = value as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> }
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('')
    if (cell.text !== undefined) return String(cell.text)
    if (cell.result !== undefined) return String(cell.result)
  }
  return String(value)
}
