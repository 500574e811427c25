import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { writeTable, type TableColumn } from '../../../src/main/services/tableExport'

const COLUMNS: TableColumn[] = [
  { key: 'name', label: 'Nimi' },
  { key: 'sportId', label: 'Sport-ID' },
  { key: 'end', label: 'Lisenssi päättyy' }
]
const ROWS = [
  { name: 'Mäkelä, Aino', sportId: 12345678, end: '2026-12-31' },
  { name: 'Öhman, "Kalle"; Jr', sportId: 23456789 },
  { name: 'x'.repeat(80), sportId: null }
]

describe('writeTable (issue 7 "Exports")', () => {
  it('writes XLSX row by row: the heading bold and frozen, numbers as numbers, empty cells empty, widths from the longest cell', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanslia-export-'))
    const file = join(folder, 'jäsenet.xlsx')
    await writeTable(file, 'xlsx', 'Jäsenet: [kaikki] / 2026 ja vielä pidempi nimi', COLUMNS, ROWS)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(file)
    const sheet = workbook.worksheets[0]
    // Excel's rule for sheet names: at most 31 characters, none of []:*?/\.
    expect(sheet.name).toBe('Jäsenet   kaikki    2026 ja vie')
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nimi', 'Sport-ID', 'Lisenssi päättyy'])
    expect(sheet.getRow(1).font?.bold).toBe(true)
    expect(sheet.getRow(2).values).toEqual([undefined, 'Mäkelä, Aino', 12345678, '2026-12-31'])
    expect(sheet.getRow(3).values).toEqual([undefined, 'Öhman, "Kalle"; Jr', 23456789])
    expect(sheet.rowCount).toBe(4)
    expect(sheet.columns.map((column) => column.width)).toEqual([60, 10, 18])
    expect(readdirSync(folder)).toEqual(['jäsenet.xlsx'])
  })

  it('writes CSV in UTF-8 with a byte order mark, quoting what needs it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kanslia-export-')), 'jäsenet.csv')
    await writeTable(file, 'csv', 'members', COLUMNS, ROWS.slice(0, 2))
    expect(readFileSync(file, 'utf8')).toBe('\uFEFFNimi,Sport-ID,Lisenssi päättyy\n"Mäkelä, Aino",12345678,2026-12-31\n"Öhman, ""Kalle""; Jr",23456789,\n')
  })

  it.skipIf(process.platform === 'win32')('writes a file only its owner may read, also over one others could (issue 6)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanslia-export-'))
    for (const format of ['csv', 'xlsx'] as const) {
      const file = join(folder, `jäsenet.${format}`)
      writeFileSync(file, 'earlier')
      chmodSync(file, 0o644)
      await writeTable(file, format, 'Jäsenet', COLUMNS, ROWS)
      expect(statSync(file).mode & 0o777).toBe(0o600)
    }
  })

  it('writes a text cell a spreadsheet would run as a formula as text, and numbers as they are', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kanslia-export-')), 'seurat.csv')
    const columns: TableColumn[] = [
      { key: 'name', label: 'Nimi' },
      { key: 'phone', label: 'Puhelin' },
      { key: 'balance', label: 'Saldo' }
    ]
    await writeTable(file, 'csv', 'Seurat', columns, [
      { name: '=HYPERLINK("http://evil","Åström")', phone: '+358 40 123 4567', balance: -5 },
      { name: '@SUM(1)', phone: '-2+3', balance: 0 }
    ])
    expect(readFileSync(file, 'utf8')).toBe('\ufeffNimi,Puhelin,Saldo\n"\'=HYPERLINK(""http://evil"",""Åström"")",\'+358 40 123 4567,-5\n\'@SUM(1),\'-2+3,0\n')
  })

  it('leaves an earlier file as it was, and nothing half-written beside it, when the write fails', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanslia-export-'))
    const file = join(folder, 'jäsenet.xlsx')
    writeFileSync(file, 'the earlier export')
    // A row that cannot be written: the writer fails midway (a folder in place of the file fails only at the rename).
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    await expect(writeTable(file, 'xlsx', 'members', COLUMNS, [...ROWS, { name: cyclic as never }])).rejects.toThrow()
    expect(readFileSync(file, 'utf8')).toBe('the earlier export')
    expect(readdirSync(folder)).toEqual(['jäsenet.xlsx'])

    const blocked = join(folder, 'kansio.csv')
    mkdirSync(blocked)
    await expect(writeTable(blocked, 'csv', 'members', COLUMNS, ROWS)).rejects.toThrow()
    expect(readdirSync(folder).sort()).toEqual(['jäsenet.xlsx', 'kansio.csv'])
  })
})
