import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { readTableLines } from '../../../src/main/services/tableImport'

const dir = mkdtempSync(join(tmpdir(), 'kanslia-import-test-'))

describe('readTableLines (issue 7 import)', () => {
  it("reads an XLSX's first worksheet, a row's cells joined by ';', empty rows left out", async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Lähtölista')
    sheet.addRow([12345678, 'Virtanen', 'Anna'])
    sheet.addRow([])
    sheet.addRow([{ richText: [{ text: 'Lind' }, { text: 'qvist' }] }, new Date(Date.UTC(2010, 4, 6))])
    workbook.addWorksheet('Muuta').addRow(['ignored'])
    const file = join(dir, 'list.xlsx')
    await workbook.xlsx.writeFile(file)
    expect(await readTableLines(file)).toEqual(['12345678;Virtanen;Anna', 'Lindqvist;2010-05-06'])
  })

  it('reads the lines of a CSV without its byte order mark, and refuses other files clearly', async () => {
    const csv = join(dir, 'list.csv')
    writeFileSync(csv, '\uFEFF12345678;Virtanen\r\n\r\nÄijö Åberg\n')
    expect(await readTableLines(csv)).toEqual(['12345678;Virtanen', 'Äijö Åberg'])
    const pdf = join(dir, 'list.pdf')
    writeFileSync(pdf, '%PDF-1.4')
    await expect(readTableLines(pdf)).rejects.toThrow(/not a CSV, text or XLSX file/)
    const broken = join(dir, 'broken.xlsx')
    writeFileSync(broken, 'not a zip')
    await expect(readTableLines(broken)).rejects.toThrow(/not a readable XLSX workbook/)
  })
})
