import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { ROOT, runCli, spawnCli } from '../../support/cli'
import { spawnSync } from 'node:child_process'
import ExcelJS from 'exceljs'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { readRenewalEmails, readRenewalList } from '../../../src/main/db/renewalLists'
import { readMeritCandidates, readOrderedMeritGroups } from '../../../src/main/db/meritCandidates'
import { readReports } from '../../../src/main/db/reports'
import { listMembers } from '../../../src/main/db/memberList'
import { localDate } from '../../../src/shared/localDate'
import { MAY_COMPETE, type LicenceVerdict } from '../../../src/shared/licenceValidity'
import { expectMirrorsSandbox } from '../../support/sync-compare'

let sandbox: Sandbox
let home: string
let env: NodeJS.ProcessEnv
let connection: string[]

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 300, seed: 11 })
  home = mkdtempSync(join(tmpdir(), 'kanslia-cli-'))
  env = { KANSLIA_HOME: home, KANSLIA_CLIENT_SECRET: sandbox.clientSecret }
  connection = ['--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId]
})

afterAll(async () => {
  await sandbox?.close()
})

describe('kanslia CLI contract (issue 2)', () => {
  it('sync fills the default database (in KANSLIA_HOME) with exactly what the sandbox lists', async () => {
    const result = await runCli(['sync', ...connection], { env })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/sync done/)
    await expectMirrorsSandbox(join(home, 'kanslia.db'), sandbox)
  })

  it('status --json reports rows, cursor and the last result per resource', async () => {
    const result = await runCli(['status', '--json'], { env })
    expect(result.code).toBe(0)
    const rows = JSON.parse(result.stdout) as Array<{ resource: string; rows: number; cursor: string | null; lastResult: string }>
    const userLicences = rows.find((r) => r.resource === 'user-licences')
    expect(userLicences?.rows).toBeGreaterThan(0)
    expect(userLicences?.lastResult).toBe('ok')
    expect(userLicences?.cursor).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('export writes CSV with the API field names as header; a file starts with a byte order mark (for Excel), standard output not', async () => {
    const out = join(home, 'licences.csv')
    const result = await runCli(['export', 'licences', '--format', 'csv', '--out', out], { env })
    expect(result.code).toBe(0)
    const text = readFileSync(out, 'utf8')
    expect(text.startsWith('\ufeffid,')).toBe(true)
    const [header, ...lines] = text.slice(1).trim().split('\n')
    expect(header.split(',')).toEqual(expect.arrayContaining(['id', 'name', 'priceInCents', 'insuranceRequirement', 'sportsIds']))
    expect(lines.length).toBeGreaterThan(0)
    // Booleans as the JSON says them: `false` is no empty cell.
    const parameters = JSON.parse((await runCli(['export', 'sport-parameters'], { env })).stdout) as Array<{ id: number; apiCanModify: boolean }>
    const csv = (await runCli(['export', 'sport-parameters', '--format', 'csv'], { env })).stdout.trim().split('\n')
    expect(csv[0].startsWith('id,')).toBe(true)
    const column = csv[0].split(',').indexOf('apiCanModify')
    expect(csv.slice(1).map((line) => line.split(',')[column])).toEqual(parameters.map((p) => String(p.apiCanModify)))
    expect(parameters.some((p) => !p.apiCanModify)).toBe(true)
  })

  it('export of a list that names people is written to the privacy log, with its rows and file; other lists are not', async () => {
    const privacyLog = async () => JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as Array<{ action: string; detail: string | null }>
    const before = (await privacyLog()).length
    const out = join(home, 'user-licences.json')
    expect((await runCli(['export', 'user-licences', '--out', out], { env })).code).toBe(0)
    if (process.platform !== 'win32') expect(statSync(out).mode & 0o777).toBe(0o600)
    const rows = (JSON.parse(readFileSync(out, 'utf8')) as unknown[]).length
    expect((await runCli(['export', 'sports'], { env })).code).toBe(0)
    expect((await runCli(['export', 'granted-merits', '--format', 'csv'], { env })).code).toBe(0)
    const added = (await privacyLog()).slice(before)
    expect(added.map((entry) => entry.action)).toEqual(['export-list', 'export-list'])
    expect(added.map((entry) => JSON.parse(entry.detail!))).toEqual([
      { list: 'user-licences', format: 'json', rows, file: out },
      { list: 'granted-merits', format: 'csv', rows: expect.any(Number), file: '-' }
    ])
  })

  it('renewals prints a whole renewal list, its addresses, or writes it to a file that the privacy log records', async () => {
    const db = openDatabaseReadonly(join(home, 'kanslia.db'))
    const list = readRenewalList(db, 'licence-ending', localDate(), 366)
    const emails = readRenewalEmails(db, 'licence-ending', localDate(), 366)
    // One club's: the club with the most licences.
    const clubId = db.prepare('SELECT licence_organization_id FROM user_licence GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1').pluck().get() as number
    const ofClub = readRenewalList(db, 'licence-ending', localDate(), 366, { clubId })
    const clubEmails = readRenewalEmails(db, 'licence-ending', localDate(), 366, { clubId })
    const areaId = db.prepare('SELECT parent_id FROM organization WHERE id = ?').pluck().get(clubId) as number
    const ofArea = readRenewalList(db, 'licence-ending', localDate(), 366, { areaId })
    db.close()
    expect(list.total).toBeGreaterThan(0)
    expect(ofClub.total).toBeGreaterThan(0)
    expect(ofClub.total).toBeLessThan(list.total)
    const json = await runCli(['renewals', '--days', '366', '--json'], { env })
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual(list.rows)
    // A script's JSON is kept as a file is: recorded, and so is the table sent to a pipe or a file; a terminal's table is not.
    const privacyLog = async () => JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as Array<{ action: string; detail: string }>
    const recorded = await privacyLog()
    expect(recorded.at(-1)!.action).toBe('export-list')
    expect(JSON.parse(recorded.at(-1)!.detail)).toEqual({ list: 'licence-ending', days: 366, format: 'json', rows: list.rows.length, file: '-' })
    const text = await runCli(['renewals', '--days', '366'], { env })
    expect(text.stdout.trim().split('\n')).toHaveLength(list.total + 3)
    expect(text.stdout).toContain(`${list.rows[0].sportId}  ${list.rows[0].lastName}, ${list.rows[0].firstName}`)
    const piped = await privacyLog()
    expect(piped).toHaveLength(recorded.length + 1)
    expect(JSON.parse(piped.at(-1)!.detail)).toEqual({ list: 'licence-ending', days: 366, format: 'table', rows: list.rows.length, file: '-' })
    // On a terminal (util-linux `script` gives the CLI one): shown, not recorded.
    if (process.platform !== 'linux') return
    const terminal = spawnSync('script', ['-qec', `'${process.execPath}' bin/kanslia.mjs renewals --days 366`, '/dev/null'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' })
    expect(terminal.status).toBe(0)
    expect(terminal.stdout).toContain(`${list.rows[0].sportId}  ${list.rows[0].lastName}, ${list.rows[0].firstName}`)
    expect(await privacyLog()).toHaveLength(piped.length)
    expect((await runCli(['renewals', '--days', '366', '--emails'], { env })).stdout).toBe(emails.map((address) => `${address}\n`).join(''))
    const mailed = JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as Array<{ action: string; detail: string }>
    expect(mailed.at(-1)!.action).toBe('export-list')
    expect(JSON.parse(mailed.at(-1)!.detail)).toEqual({ list: 'licence-ending', days: 366, format: 'emails', rows: emails.length, to: 'stdout' })

    const out = join(home, 'ending.xlsx')
    const written = await runCli(['renewals', '--days', '366', '--out', out, '--format', 'xlsx'], { env })
    expect(written.code).toBe(0)
    expect(written.stderr).toContain(`${list.total.toLocaleString('en')} row(s) written`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(out)
    const sheet = workbook.getWorksheet('licence-ending')!
    expect(sheet.rowCount).toBe(list.total + 1)
    expect(sheet.getRow(1).getCell(1).value).toBe('Last name')
    const log = JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as Array<{ detail: string }>
    expect(JSON.parse(log.at(-1)!.detail)).toMatchObject({ list: 'licence-ending', days: 366, format: 'xlsx', rows: list.total, file: out })

    // --club: that club's members alone, and the privacy log says which club.
    const club = await runCli(['renewals', '--days', '366', '--club', String(clubId), '--json'], { env })
    expect(club.code).toBe(0)
    expect(JSON.parse(club.stdout)).toEqual(ofClub.rows)
    expect(JSON.parse((await privacyLog()).at(-1)!.detail)).toEqual({ list: 'licence-ending', days: 366, clubId, format: 'json', rows: ofClub.rows.length, file: '-' })
    expect((await runCli(['renewals', '--days', '366', '--club', String(clubId), '--emails'], { env })).stdout).toBe(clubEmails.map((address) => `${address}\n`).join(''))
    expect(JSON.parse((await privacyLog()).at(-1)!.detail)).toEqual({ list: 'licence-ending', days: 366, clubId, format: 'emails', rows: clubEmails.length, to: 'stdout' })
    // --area: its clubs' together, at least the club's.
    expect(ofArea.total).toBeGreaterThanOrEqual(ofClub.total)
    const area = await runCli(['renewals', '--days', '366', '--area', String(areaId), '--json'], { env })
    expect(JSON.parse(area.stdout)).toEqual(ofArea.rows)
    expect(JSON.parse((await privacyLog()).at(-1)!.detail)).toEqual({ list: 'licence-ending', days: 366, areaId, format: 'json', rows: ofArea.rows.length, file: '-' })

    // --kind moved-club: those renewed with another club (the sandbox moves about 1 in 25), each row naming the club they are in now and the one they left.
    const again = openDatabaseReadonly(join(home, 'kanslia.db'))
    const moved = readRenewalList(again, 'moved-club', localDate(), 30)
    again.close()
    expect(moved.total).toBeGreaterThan(0)
    for (const row of moved.rows) expect(row.previousClub === undefined || row.previousClub === row.club, row.lastName).toBe(false)
    const movedJson = await runCli(['renewals', '--kind', 'moved-club', '--json'], { env })
    expect(movedJson.code).toBe(0)
    expect(JSON.parse(movedJson.stdout)).toEqual(moved.rows)
    const movedTable = await runCli(['renewals', '--kind', 'moved-club'], { env })
    expect(movedTable.stdout.split('\n')[0]).toMatch(/\bclub +previous club +licence or insurance\b/)
    expect(movedTable.stdout).toContain(moved.rows[0].previousClub!)
  })

  it('renewals refuses days beyond a year and --emails with --json as usage errors (exit 2)', async () => {
    for (const args of [['--days', '367'], ['--days', 'soon'], ['--emails', '--json'], ['--kind', 'expired']]) {
      const result = await runCli(['renewals', ...args], { env })
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(/^kanslia: [^\n]+ \(see `kanslia renewals --help`\)\n$/)
    }
    const unknown = await runCli(['renewls'], { env })
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toBe("kanslia: unknown command 'renewls' (Did you mean renewals?) (see `kanslia --help`)\n")
  })

  it("reports prints a licence period's reports as tables or JSON, or writes one to a file; an unknown period is refused", async () => {
    const db = openDatabaseReadonly(join(home, 'kanslia.db'))
    const current = readReports(db, localDate())
    const earlier = current.licencePeriods.find((period) => period.id !== current.licencePeriod!.id)!
    const before = readReports(db, localDate(), earlier.id)
    db.close()
    expect(current.clubs.length).toBeGreaterThan(0)
    const json = await runCli(['reports', '--json'], { env })
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual(current)
    expect(JSON.parse((await runCli(['reports', '--period', String(earlier.id), '--report', 'clubs', '--json'], { env })).stdout)).toEqual(before.clubs)

    const text = (await runCli(['reports'], { env })).stdout.split('\n')
    expect(text[0]).toBe(`Reports of licence period ${current.licencePeriod!.name} (${current.licencePeriod!.id})`)
    for (const title of ['Members per club', 'Members per area', 'Members per licence', 'Members by age and gender', 'Licence sales per month', 'Club transfers since the previous licence period', 'Merits granted per year']) expect(text).toContain(title)
    const clubs = text.indexOf('Members per club')
    expect(text[clubs + 1]).toMatch(/^club +members$/)
    expect(text[clubs + 3]).toMatch(new RegExp(`^${current.clubs[0].club} +${current.clubs[0].members.toLocaleString('en')}$`))

    const out = join(mkdtempSync(join(tmpdir(), 'kanslia-reports-')), 'seurat.csv')
    const written = await runCli(['reports', '--report', 'clubs', '--out', out], { env })
    expect(written).toMatchObject({ code: 0, stderr: `${current.clubs.length} row(s) written to ${out}\n` })
    const csv = readFileSync(out, 'utf8').slice(1).trim().split('\n')
    expect(csv[0]).toBe('club,members')
    expect(csv).toHaveLength(current.clubs.length + 1)

    expect((await runCli(['reports', '--out', out], { env })).code).toBe(2)
    const unknown = await runCli(['reports', '--period', '999999'], { env })
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/licence period 999999 is not in the database/)
  })

  it("candidates lists a merit group's candidates, their user ids for grant-merit, or writes them to a file that the privacy log records", async () => {
    const db = openDatabaseReadonly(join(home, 'kanslia.db'))
    const group = readOrderedMeritGroups(db).find((g) => readMeritCandidates(db, g.id, 1, { limit: 1, idsUpTo: 0 }).total > 0)!
    const list = readMeritCandidates(db, group.id, 1, { limit: 100_000, idsUpTo: 100_000 })
    db.close()
    const args = ['candidates', '--group', String(group.id), '--seasons', '1']
    expect(JSON.parse((await runCli([...args, '--json'], { env })).stdout)).toEqual(list.rows)
    const recorded = JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as Array<{ detail: string }>
    expect(JSON.parse(recorded.at(-1)!.detail)).toEqual({ list: 'merit-candidates', groupId: group.id, seasons: 1, format: 'json', rows: list.rows.length, file: '-' })
    expect((await runCli([...args, '--ids'], { env })).stdout).toBe(`${list.ids!.join(',')}\n`)
    // User ids sent to a pipe are recorded as the JSON is.
    const afterIds = JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as Array<{ detail: string }>
    expect(JSON.parse(afterIds.at(-1)!.detail)).toEqual({ list: 'merit-candidates', groupId: group.id, seasons: 1, format: 'ids', rows: list.rows.length, file: '-' })
    const text = (await runCli(args, { env })).stdout
    expect(text.trim().split('\n')).toHaveLength(list.total + 3)
    expect(text).toContain(`${list.total.toLocaleString('en')} candidate(s)`)

    const out = join(home, 'candidates.csv')
    expect((await runCli([...args, '--out', out], { env })).code).toBe(0)
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(list.total + 1)
    const log = JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as Array<{ detail: string }>
    expect(JSON.parse(log.at(-1)!.detail)).toMatchObject({ list: 'merit-candidates', groupId: group.id, seasons: 1, format: 'csv', rows: list.total, file: out })
    expect((await runCli(['candidates'], { env })).code).toBe(2)
  })

  it('stops quietly with exit 0 when its reader closes the pipe early (`| head`)', async () => {
    const { child, done } = spawnCli(['export', 'user-licences'], { env })
    child.stdout!.once('data', () => child.stdout!.destroy())
    const result = await done
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    // A failure keeps its exit code though no one reads its output (`kanslia check … | true`).
    const unread = spawnCli(['check', 'Eiketäänolemassa'], { env })
    unread.child.stdout!.destroy()
    expect((await unread.done).code).toBe(3)
  })

  it.skipIf(!existsSync('/dev/full'))('says in one line that it cannot write its output to a full disk, and exits 1', () => {
    // As `kanslia export … > backup.json` on a full disk: the shell hands it the file as standard output.
    const full = openSync('/dev/full', 'w')
    try {
      const result = spawnSync(process.execPath, [join(ROOT, 'bin', 'kanslia.mjs'), 'export', 'licences'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', full, 'pipe'], encoding: 'utf8' })
      expect(result.status).toBe(1)
      expect(result.stderr).toBe('kanslia: cannot write the output: ENOSPC: no space left on device, write\n')
    } finally {
      closeSync(full)
    }
  })

  it('refuses an empty client id as a usage error (exit 2), for connect as for sync', async () => {
    for (const command of ['connect', 'sync']) {
      const refused = await runCli([command, '--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', ' '], { env })
      expect(refused.code, command).toBe(2)
      expect(refused.stderr, command).toBe(`kanslia: option '--client-id <id>' argument ' ' is invalid. must not be empty (see \`kanslia ${command} --help\`)\n`)
    }
  })

  it('refuses the demo database, encrypted with a public key, as the target of a sync or push with a registry; creates nothing', async () => {
    const demo = join(home, 'demo.db')
    const connection = ['--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId]
    for (const command of ['sync', 'push']) {
      const refused = await runCli([command, '--db', demo, ...connection], { env })
      expect(refused.code, command).toBe(2)
      expect(refused.stderr, command).toBe(
        `kanslia: option '--db <file>' argument '${demo}' is invalid. it is the demo database, encrypted with a public key for the demo federation's made-up people: a registry's data goes to another file (by default ${join(home, 'kanslia.db')}) (see \`kanslia ${command} --help\`)\n`
      )
    }
    expect(existsSync(demo)).toBe(false)
  })

  it('refuses to write an export over the database or its files, records no export, and leaves the database as it was', async () => {
    const dbFile = join(home, 'kanslia.db')
    const licences = (await runCli(['export', 'licences'], { env })).stdout
    const privacyEntries = async () => (JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as unknown[]).length
    const recorded = await privacyEntries()
    for (const args of [
      ['export', 'licences', '--out', dbFile],
      ['export', 'user-licences', '--format', 'csv', '--out', `${dbFile}-wal`],
      ['audit', '--out', dbFile],
      ['renewals', '--days', '60', '--out', join(home, '.', 'kanslia.db')]
    ]) {
      const refused = await runCli(args, { env })
      expect(refused.stderr, args.join(' ')).toMatch(/^kanslia: .*kanslia\.db(-wal)? is the database kanslia\.db or one of its files; choose another file for the export\n$/)
      expect(refused.code, args.join(' ')).toBe(1)
    }
    expect((await runCli(['export', 'licences'], { env })).stdout).toBe(licences)
    expect(await privacyEntries()).toBe(recorded)
  })

  it("members filters by club, licence status and insurance as the app's member list does", async () => {
    const db = openDatabaseReadonly(join(home, 'kanslia.db'))
    const club = (db.prepare('SELECT licence_organization_id AS id, licence_organization_name AS name FROM user_licence GROUP BY 1 ORDER BY count(*) DESC LIMIT 1').get() as { id: number; name: string })
    // The CLI judges on today's date (in December no licence is `valid`): the first verdict letting a member compete (DESIGN §3b) that has members today.
    const query = (status: LicenceVerdict) => listMembers(db, { text: '', clubId: club.id, status, insurance: 'uninsured', sort: 'name', direction: 'asc', offset: 0, limit: 1000 }, localDate())
    const status = [...MAY_COMPETE].find((verdict) => query(verdict).total > 0) ?? 'valid'
    const expected = query(status)
    db.close()
    expect(expected.total).toBeGreaterThan(0)
    const result = await runCli(['members', '--club', String(club.id), '--status', status, '--insurance', 'uninsured', '--limit', '1000', '--json'], { env })
    expect(result.code).toBe(0)
    const found = JSON.parse(result.stdout) as Array<{ id: number; clubs: string[] }>
    expect(found.map((member) => member.id)).toEqual(expected.rows.map((row) => row.id))
    expect(found.every((member) => member.clubs.includes(club.name))).toBe(true)
    const recorded = JSON.parse((await runCli(['audit', '--privacy'], { env })).stdout) as Array<{ detail: string }>
    expect(JSON.parse(recorded.at(-1)!.detail)).toEqual({
      list: 'members',
      query: { text: '', limit: 1000, clubId: club.id, status, insurance: 'uninsured' },
      format: 'json',
      rows: found.length,
      file: '-'
    })
    expect((await runCli(['members', '--status', 'lapsed'], { env })).code).toBe(2)
  })

  it("members filters by an area's clubs, by a licence or a licence period held, with a club by those bought through it, as the app's member list does", async () => {
    const db = openDatabaseReadonly(join(home, 'kanslia.db'))
    const held = db.prepare('SELECT licence_id AS licenceId, licence_period_id AS periodId, licence_organization_id AS clubId FROM user_licence GROUP BY 1, 3 ORDER BY count(*) DESC LIMIT 1').get() as { licenceId: number; periodId: number; clubId: number }
    const list = (filters: object) => listMembers(db, { text: '', status: 'all', sort: 'name', direction: 'asc', offset: 0, limit: 1000, ...filters }, localDate()).rows.map((row) => row.id)
    const byLicence = list({ licenceId: held.licenceId })
    const byPeriodOfClub = list({ licencePeriodId: held.periodId, clubId: held.clubId })
    const area = db.prepare("SELECT parent_id FROM organization WHERE id = ? AND parent_id IN (SELECT id FROM organization WHERE type = 'AREA')").pluck().get(held.clubId) as number
    const byArea = list({ areaId: area })
    const holders = db.prepare('SELECT DISTINCT user_id FROM user_licence WHERE licence_id = ?').pluck().all(held.licenceId) as number[]
    db.close()
    expect(byLicence.length).toBeGreaterThan(0)
    // The app's rule, read from the rows themselves: every holder of the licence, no one else.
    expect([...byLicence].sort((a, b) => a - b)).toEqual([...holders].sort((a, b) => a - b))
    expect(byPeriodOfClub.length).toBeGreaterThan(0)
    const ids = async (args: string[]) => (JSON.parse((await runCli(['members', ...args, '--limit', '1000', '--json'], { env })).stdout) as Array<{ id: number }>).map((member) => member.id)
    expect(await ids(['--licence', String(held.licenceId)])).toEqual(byLicence)
    expect(await ids(['--period', String(held.periodId), '--club', String(held.clubId)])).toEqual(byPeriodOfClub)
    expect(byArea.length).toBeGreaterThan(0)
    expect(await ids(['--area', String(area)])).toEqual(byArea)
  })

  it('members answers any search text with a JSON array', async () => {
    const all = JSON.parse((await runCli(['members', '--json', '--limit', '1000'], { env })).stdout) as Array<{ sportId: number; lastName: string }>
    expect(all.length).toBeGreaterThan(0)
    const someone = all[0]
    const bySportId = JSON.parse((await runCli(['members', '--json', '--search', String(someone.sportId)], { env })).stdout)
    expect(bySportId.map((m: { sportId: number }) => m.sportId)).toContain(someone.sportId)
    // A smaller --limit gives the first rows of a larger one (by name); the largest, filtered too, still answers, and one beyond it is refused, not cut.
    const text = someone.lastName.slice(0, 1)
    const many = JSON.parse((await runCli(['members', '--json', '--search', text, '--limit', '100'], { env })).stdout) as Array<{ id: number }>
    expect(many.length).toBeGreaterThan(3)
    const few = JSON.parse((await runCli(['members', '--json', '--search', text, '--limit', '3'], { env })).stdout) as Array<{ id: number }>
    expect(few.map((m) => m.id)).toEqual(many.slice(0, 3).map((m) => m.id))
    const largest = await runCli(['members', '--json', '--status', 'valid', '--limit', '100000'], { env })
    expect(largest.code).toBe(0)
    expect(Array.isArray(JSON.parse(largest.stdout))).toBe(true)
    const huge = await runCli(['members', '--json', '--status', 'valid', '--limit', '99999999999999999999'], { env })
    expect(huge.code).toBe(2)
    expect(huge.stdout).toBe('')
    for (const text of ['"', "O'Brien", 'a AND b', 'NEAR(x y)', '*', '@', '-', 'x'.repeat(10_000), '"unterminated', 'ä ö å']) {
      const result = await runCli(['members', '--json', '--search', text], { env })
      expect(result.code, `search ${text.slice(0, 20)}`).toBe(0)
      expect(Array.isArray(JSON.parse(result.stdout))).toBe(true)
    }
  })

  it('fails with one line and a non-zero exit when the secret is missing', async () => {
    const result = await runCli(['sync', ...connection, '--db', join(home, 'other.db')], { env: { KANSLIA_HOME: home, KANSLIA_CLIENT_SECRET: '' , DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } })
    expect(result.code).not.toBe(0)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/^kanslia: /)
  })

  it('fails with one line on wrong credentials', async () => {
    const result = await runCli(['sync', ...connection, '--db', join(home, 'wrong.db')], { env: { ...env, KANSLIA_CLIENT_SECRET: 'wrong' } })
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('refuses an unknown resource with the valid names', async () => {
    const result = await runCli(['export', 'no-such-list'], { env })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/user-licences/)
  })

  it('status tells a script that the last sync failed before it read anything, and why; the next sync clears it', async () => {
    const refused = await runCli(['sync', ...connection], { env: { ...env, KANSLIA_CLIENT_SECRET: 'not the secret' } })
    expect(refused.code).toBe(1)
    const failed = JSON.parse((await runCli(['status', '--json'], { env })).stdout) as Array<{ resource: string; rows: number; lastResult: string; lastError: string | null }>
    expect(failed.length).toBeGreaterThan(5)
    expect(failed.every((row) => row.lastResult === 'error' && /401/.test(row.lastError ?? ''))).toBe(true)
    // What is stored stays, and so do the rows counted.
    expect(failed.find((row) => row.resource === 'user-licences')!.rows).toBeGreaterThan(0)
    expect((await runCli(['sync', ...connection], { env })).code).toBe(0)
    const synced = JSON.parse((await runCli(['status', '--json'], { env })).stdout) as Array<{ lastResult: string }>
    expect(synced.every((row) => row.lastResult === 'ok')).toBe(true)
  })

  it('reading commands never create a database; a path naming no file is said in words', async () => {
    const result = await runCli(['status', '--db', join(home, 'missing.db')], { env })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/no Kanslia database/)
    // A folder named as the database: said in words, not as a system error.
    const folder = await runCli(['members', '--db', `${home}/`], { env })
    expect(folder.code).toBe(1)
    expect(folder.stderr).toMatch(/^kanslia: .* is a folder, not a Kanslia database file; name the file, e\.g\. .*\/kanslia\.db\n$/)
    // So does a sync, which creates a database where there is none, and an empty path.
    const syncIntoFolder = await runCli(['sync', '--db', home, ...connection], { env })
    expect(syncIntoFolder.code).toBe(1)
    expect(syncIntoFolder.stderr).toBe(`kanslia: ${home} is a folder, not a Kanslia database file; name the file, e.g. ${home}/kanslia.db\n`)
    const syncIntoNothing = await runCli(['sync', '--db', '', ...connection], { env })
    expect(syncIntoNothing.stderr).toBe('kanslia: the database file is named by an empty path; name the file, e.g. --db kanslia.db\n')
  })

  it('names a damaged database file and what to do, not SQLite words alone', async () => {
    const damaged = join(home, 'damaged.db')
    copyFileSync(join(home, 'kanslia.db'), damaged)
    // The middle half of the file overwritten, as a disk fault or a copy cut short leaves it: whatever
    // the data's layout, it holds pages that status reads.
    const fd = openSync(damaged, 'r+')
    const pages = Math.floor(statSync(damaged).size / 8192)
    try {
      writeSync(fd, Buffer.alloc(Math.floor(pages / 2) * 8192, 0x5a), 0, Math.floor(pages / 2) * 8192, Math.floor(pages / 4) * 8192)
    } finally {
      closeSync(fd)
    }
    const result = await runCli(['status', '--db', damaged], { env })
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('kanslia: the database file is damaged: remove the local data (`kanslia disconnect`, or Settings in the app) and sync again, which reads the registry anew; changes still queued in it are lost\n')
  })

  it('refuses a database written by a newer schema and leaves it unchanged', async () => {
    const file = join(home, 'future.db')
    const seed = new Database(file)
    seed.exec('CREATE TABLE t (x); PRAGMA user_version = 9999;')
    seed.close()
    const before = readFileSync(file)
    for (const args of [['status', '--db', file], ['sync', ...connection, '--db', file]]) {
      const result = await runCli(args, { env })
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(/newer/)
    }
    expect(readFileSync(file).equals(before)).toBe(true)
  })

  it('rejects a malformed connection profile without touching it, unless the flags name the whole connection', async () => {
    const otherHome = mkdtempSync(join(tmpdir(), 'kanslia-cli-profile-'))
    writeFileSync(join(otherHome, 'connection.json'), '{"baseUrl": 12')
    const result = await runCli(['sync'], { env: { KANSLIA_HOME: otherHome, KANSLIA_CLIENT_SECRET: 'x' } })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/connection profile .* not valid JSON/)
    expect(readFileSync(join(otherHome, 'connection.json'), 'utf8')).toBe('{"baseUrl": 12')
    // Flags that name the whole connection do without it.
    const flagged = await runCli(['sync', ...connection], { env: { KANSLIA_HOME: otherHome, KANSLIA_CLIENT_SECRET: sandbox.clientSecret } })
    expect(flagged.stderr).toBe('')
    expect(flagged.code).toBe(0)
    expect(readFileSync(join(otherHome, 'connection.json'), 'utf8')).toBe('{"baseUrl": 12')
  })
})
