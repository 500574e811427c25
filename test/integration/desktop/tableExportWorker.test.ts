import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { writeTable } from '../../../src/main/services/tableExport'
import { workerTableWriter } from '../../../src/main/workers/runTableExportWorker'

const support = (name: string) => fileURLToPath(new URL(`../../support/${name}`, import.meta.url))
const COLUMNS = [
  { key: 'name', label: 'Nimi' },
  { key: 'sportId', label: 'Sport-ID' }
]
const ROWS = Array.from({ length: 20_000 }, (_, i) => ({ name: `Mäkelä ${i}`, sportId: 10_000_000 + i }))

/** The desktop app's exports written in a worker thread (`workerTableWriter`), as the backend worker writes them. */
describe('workerTableWriter', () => {
  const write = workerTableWriter({ file: support('table-export-worker.mjs') })

  it('writes what writeTable writes, while the calling thread goes on', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanslia-export-worker-'))
    let turns = 0
    let writing = true
    const turn = () => {
      turns++
      if (writing) setImmediate(turn)
    }
    setImmediate(turn)
    await write(join(folder, 'jäsenet.xlsx'), 'xlsx', 'Jäsenet', COLUMNS, ROWS)
    writing = false
    // The thread kept turning: more turns than rows (writing on this thread itself, 20,000 rows gave ~3,400).
    expect(turns).toBeGreaterThan(ROWS.length)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(join(folder, 'jäsenet.xlsx'))
    expect(workbook.worksheets[0].rowCount).toBe(ROWS.length + 1)
    expect(workbook.worksheets[0].getRow(ROWS.length + 1).values).toEqual([undefined, 'Mäkelä 19999', 10_019_999])

    await write(join(folder, 'worker.csv'), 'csv', 'Jäsenet', COLUMNS, ROWS.slice(0, 3))
    await writeTable(join(folder, 'thread.csv'), 'csv', 'Jäsenet', COLUMNS, ROWS.slice(0, 3))
    expect(readFileSync(join(folder, 'worker.csv'), 'utf8')).toBe(readFileSync(join(folder, 'thread.csv'), 'utf8'))
  })

  it("fails with writeTable's reason, and says so when the worker cannot start", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanslia-export-worker-'))
    await expect(write(join(folder, 'missing', 'jäsenet.csv'), 'csv', 'Jäsenet', COLUMNS, ROWS.slice(0, 3))).rejects.toThrow(/ENOENT/)
    expect(readdirSync(folder)).toEqual([])
    const broken = workerTableWriter({ file: join(folder, 'no-such-worker.mjs') })
    await expect(broken(join(folder, 'jäsenet.csv'), 'csv', 'Jäsenet', COLUMNS, ROWS.slice(0, 3))).rejects.toThrow(/the export stopped/)
  })
})
