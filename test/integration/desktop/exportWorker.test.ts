import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateVerdicts } from '../../../src/main/services/verdicts'
import { readMeritCandidates, readOrderedMeritGroups } from '../../../src/main/db/meritCandidates'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { readPrivacyLog } from '../../../src/main/db/privacyLog'
import { UserFacingError } from '../../../src/main/services/errors'
import { readAddresses, type AddressJob } from '../../../src/main/services/addresses'
import { exportList, type ListExportJob } from '../../../src/main/services/listExport'
import { syncDatabase } from '../../../src/main/services/sync'
import { writeTable } from '../../../src/main/services/tableExport'
import { workerAddressReader, workerListExporter, workerTableWriter } from '../../../src/main/workers/runExportWorker'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'

const support = (name: string) => fileURLToPath(new URL(`../../support/${name}`, import.meta.url))
const COLUMNS = [
  { key: 'name', label: 'Nimi' },
  { key: 'sportId', label: 'Sport-ID' }
]
const ROWS = Array.from({ length: 20_000 }, (_, i) => ({ name: `Mäkelä ${i}`, sportId: 10_000_000 + i }))

/** The desktop app's exports written in a worker thread (`workerTableWriter`), as the backend worker writes them. */
describe('workerTableWriter', () => {
  const write = workerTableWriter({ file: support('export-worker.mjs') })

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

/** The exports of whole lists run in a worker thread, their queries too (`workerListExporter`), as the backend worker runs them. */
describe('workerListExporter', () => {
  const exporter = workerListExporter({ file: support('export-worker.mjs') })
  const folder = mkdtempSync(join(tmpdir(), 'kanslia-list-export-'))
  const dbFile = join(folder, 'kanslia.db')
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ athletes: 200, seed: 5 })
    expect((await syncDatabase({ dbFile, connection: sandbox.credentials() })).ok).toBe(true)
    // The lists below are of one day: its licence verdicts, as the app evaluates them before an export.
    evaluateVerdicts(dbFile, '2026-06-01')
  })
  afterAll(async () => {
    await sandbox.close()
    rmSync(folder, { recursive: true, force: true })
  })
  const members = (file: string, text = ''): ListExportJob => ({
    list: 'members',
    dbFile,
    file,
    today: '2026-06-01',
    request: {
      text,
      status: 'all',
      sort: 'sportId',
      direction: 'desc',
      format: 'csv',
      columns: [
        { key: 'sportId', label: 'Sport-ID' },
        { key: 'name', label: 'Nimi' },
        { key: 'licenceStatus', label: 'Lisenssi' }
      ],
      values: { valid: 'voimassa', expiring: 'päättymässä', expired: 'päättynyt', missing: 'puuttuu', 'insurance-missing': 'vakuutus puuttuu', 'outside-birth-range': 'ikä ei sovi', insured: 'kyllä', uninsured: 'ei' }
    }
  })
  const lines = (file: string) => readFileSync(join(folder, file), 'utf8').trimEnd().split('\n')

  it('queries the member list there and writes what the export on this thread writes', async () => {
    const rows = await exporter(members(join(folder, 'worker.csv')))
    expect(rows).toBeGreaterThan(100)
    expect(await exportList(members(join(folder, 'thread.csv')))).toBe(rows)
    expect(lines('worker.csv')).toEqual(lines('thread.csv'))
    expect(lines('worker.csv')).toHaveLength(rows + 1)
    // Both are in the privacy log, the worker's written from its own thread.
    const db = openDatabaseReadonly(dbFile)
    const logged = readPrivacyLog(db).map((entry) => JSON.parse(entry.detail ?? '{}') as { file?: string; rows?: number })
    db.close()
    expect(logged).toEqual(expect.arrayContaining([expect.objectContaining({ file: join(folder, 'worker.csv'), rows }), expect.objectContaining({ file: join(folder, 'thread.csv'), rows })]))
    expect(lines('worker.csv')[0]).toBe('\uFEFFSport-ID,Nimi,Lisenssi')
    // Sport-IDs descending, as asked.
    const sportIds = lines('worker.csv').slice(1).map((line) => Number(line.split(',')[0]))
    expect(sportIds).toEqual([...sportIds].sort((a, b) => b - a))
    // A search narrows it there too.
    expect(await exporter(members(join(folder, 'one.csv'), String(sportIds[0])))).toBe(1)
    expect(lines('one.csv')[1]).toBe(lines('worker.csv')[1])
  })

  it('queries a whole renewal list there, guardians joined in one cell', async () => {
    const renewals = (file: string): ListExportJob => ({
      list: 'renewals',
      dbFile,
      file,
      today: '2026-06-01',
      request: { kind: 'licence-ending', days: 366, format: 'csv', columns: [{ key: 'lastName', label: 'Sukunimi' }, { key: 'guardianEmails', label: 'Huoltajat' }] }
    })
    const rows = await exporter(renewals(join(folder, 'ending-worker.csv')))
    expect(rows).toBeGreaterThan(10)
    expect(await exportList(renewals(join(folder, 'ending-thread.csv')))).toBe(rows)
    expect(lines('ending-worker.csv')).toEqual(lines('ending-thread.csv'))
    expect(lines('ending-worker.csv')).toHaveLength(rows + 1)
    // Some minor's guardians, more than one address in one quoted cell.
    expect(lines('ending-worker.csv').some((line) => /,"[^",]+@[^",]+, [^",]+@[^",]+"$/.test(line))).toBe(true)
  })

  it('queries a whole merit candidate list there, every candidate with the columns asked', async () => {
    const db = openDatabaseReadonly(dbFile)
    const group = readOrderedMeritGroups(db).find((g) => readMeritCandidates(db, g.id, 1, { limit: 1, idsUpTo: 0 }).total > 0)!
    const all = readMeritCandidates(db, group.id, 1, { limit: 100_000, idsUpTo: 0 })
    db.close()
    const candidates = (file: string): ListExportJob => ({
      list: 'merit-candidates',
      dbFile,
      file,
      today: '2026-06-01',
      request: { groupId: group.id, seasons: 1, format: 'csv', columns: [{ key: 'sportId', label: 'Sport-ID' }, { key: 'nextMerit', label: 'Seuraava' }, { key: 'seasons', label: 'Kausia' }] }
    })
    expect(await exporter(candidates(join(folder, 'candidates-worker.csv')))).toBe(all.total)
    expect(await exportList(candidates(join(folder, 'candidates-thread.csv')))).toBe(all.total)
    expect(lines('candidates-worker.csv')).toEqual(lines('candidates-thread.csv'))
    expect(lines('candidates-worker.csv')).toEqual(['\uFEFFSport-ID,Seuraava,Kausia', ...all.rows.map((row) => [row.sportId, row.nextMeritName, row.seasons ?? ''].join(','))])
  })

  it('reads the e-mail addresses of a member list query or a renewal list there, as on this thread', async () => {
    const reader = workerAddressReader({ file: support('export-worker.mjs') })
    const jobs: AddressJob[] = [
      { list: 'members', dbFile, today: '2026-06-01', to: 'clipboard', query: { text: '', status: 'all', sort: 'name', direction: 'asc' } },
      { list: 'renewals', dbFile, today: '2026-06-01', to: 'clipboard', kind: 'licence-ending', days: 366 }
    ]
    for (const job of jobs) {
      const addresses = await reader(job)
      expect(addresses.length, job.list).toBeGreaterThan(10)
      expect(addresses).toEqual(await readAddresses(job))
    }
    await expect(reader({ ...jobs[0], dbFile: join(folder, 'missing.db') })).rejects.toMatchObject({ code: 'no-database' })
  })

  it("keeps the error's code across the thread: no database is `no-database`, and nothing is written", async () => {
    const missing = { ...members(join(folder, 'none.csv')), dbFile: join(folder, 'missing.db') }
    const failure = await exporter(missing).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(UserFacingError)
    expect(failure).toMatchObject({ code: 'no-database', message: expect.stringContaining('missing.db') })
    expect(readdirSync(folder).filter((name) => name.startsWith('none') || name.startsWith('.'))).toEqual([])
  })
})
