import { readFileSync, statSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveConnectionProfile } from '../../../src/main/config/connection'
import { connectionProfileFile, defaultDatabaseFile } from '../../../src/main/config/paths'
import { openDatabase, openDatabaseReadonly } from '../../../src/main/db/open'
import { updateItem } from '../../../src/main/db/outbox'
import { readPrivacyLog } from '../../../src/main/db/privacyLog'
import { sweepUnreferencedPersons } from '../../../src/main/db/synced'
import { printRecordSchema } from '../../../src/shared/ipc/contract'
import { syncDatabase } from '../../../src/main/services/sync'
import { editOutboxItem, queueMeritGrant } from '../../../src/main/services/outbox'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { createTestSession } from '../../support/desktop'
import { dayWithValidLicences } from '../../support/dataDay'

/**
 * For a grant to queue: a member holding a granted merit (the first by id, or the last), a merit
 * of the database and a stored person other than that member.
 */
function grantees(dbFile: string, last = false): { id: number; merit: number; other: number } {
  const db = openDatabaseReadonly(dbFile)
  try {
    const id = db.prepare(`SELECT user_id FROM granted_merit ORDER BY user_id ${last ? 'DESC' : 'ASC'} LIMIT 1`).pluck().get() as number
    return {
      id,
      merit: db.prepare('SELECT id FROM merit ORDER BY id LIMIT 1').pluck().get() as number,
      other: db.prepare('SELECT id FROM person WHERE id <> ? ORDER BY id LIMIT 1').pluck().get(id) as number
    }
  } finally {
    db.close()
  }
}

/**
 * Issue 6 "Personal data": with credentials of the SSN personal-data level, member detail hides
 * identity numbers until revealed on purpose, and each reveal and each export is in the privacy log.
 */
describe('identity numbers and the privacy log', () => {
  let sandbox: Sandbox
  /** The session's clock: a member's export is stamped by it, not by the system's. */
  const clock = new Date('2026-05-04T09:30:00.000Z')
  /** Its date for licence verdicts, apart from the clock: a day with `valid` members to export (none in December). */
  const day = dayWithValidLicences()
  const test = createTestSession({ now: () => clock, today: () => day })
  beforeAll(async () => {
    sandbox = await startSandbox({ athletes: 200, seed: 3, personalDataLevel: 'PERMISSION_USER_SSN' })
    const env = { KANSLIA_HOME: test.home }
    const credentials = sandbox.credentials()
    saveConnectionProfile(connectionProfileFile(env), { baseUrl: credentials.baseUrl, authUrl: credentials.authUrl, clientId: credentials.clientId })
    expect((await syncDatabase({ dbFile: defaultDatabaseFile(env), connection: credentials })).ok).toBe(true)
  })
  afterAll(async () => {
    await test.dispose()
    await sandbox.close()
  })

  it('hides the identity number in member detail; a reveal shows it and is logged with who and whose', async () => {
    const db = openDatabaseReadonly(test.session.dbFile)
    const [id, ssn] = db.prepare("SELECT id, raw ->> '$.socialSecurityNumber' FROM person WHERE raw ->> '$.socialSecurityNumber' IS NOT NULL ORDER BY id LIMIT 1").raw().get() as [number, string]
    db.close()
    const detail = test.session.reads.memberDetail(id)!
    expect(detail.identityNumberHidden).toBe(true)
    expect(JSON.stringify(detail)).not.toContain(ssn)
    expect(await test.session.exports.revealIdentityNumber(id)).toEqual({ socialSecurityNumber: ssn })
    const log = openDatabaseReadonly(test.session.dbFile)
    expect(readPrivacyLog(log, id)).toEqual([expect.objectContaining({ action: 'reveal-identity-number', personId: id, actor: expect.any(String) })])
    log.close()
  })

  it('exports everything stored about one member as JSON, identity number included, and logs it', async () => {
    // A change of theirs in the outbox, with what it carries.
    const { id, merit, other } = grantees(test.session.dbFile)
    const queued = await queueMeritGrant({ dbFile: test.session.dbFile, meritId: merit, grant: { grantingDate: '2026-11-01', meritGranter: 'Hallitus', meritAdditionalInfo: '25 vuotta seuran toimitsijana', meritGrantees: [other, id] } })
    // The registry refused it, naming the other member in its message.
    const writable = openDatabase(test.session.dbFile)
    updateItem(writable, queued.id, { state: 'rejected', at: new Date().toISOString(), lastStatus: 400, lastAnswer: `users not readable by organization 100: ${other}` })
    writable.close()
    const file = `${test.home}/member.json`
    await test.session.exports.member(id, file)
    // Identity number and all: for its owner's eyes only on a shared computer.
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    const record = JSON.parse(readFileSync(file, 'utf8'))
    expect(record.exportedAt).toBe('2026-05-04T09:30:00.000Z')
    expect(record.person).toMatchObject({ id, socialSecurityNumber: expect.any(String) })
    expect(record.user_licence.length).toBeGreaterThan(0)
    expect(record.granted_merit.length).toBeGreaterThan(0)
    expect(record.granted_merit.every((g: { id: number }) => g.id === id)).toBe(true)
    expect(record.outbox).toEqual([
      expect.objectContaining({ id: queued.id, kind: 'merit-grant', state: 'rejected', lastAnswer: 'users not readable by organization 100: …', payload: expect.objectContaining({ grant: expect.objectContaining({ meritAdditionalInfo: '25 vuotta seuran toimitsijana' }) }), audit: [expect.objectContaining({ event: 'queued' })] })
    ])
    // Of the members the grant names, only this one: the other is none of this export's business.
    expect(record.outbox[0].payload.grant.meritGrantees).toEqual([id])
    expect(JSON.parse(record.outbox[0].audit[0].detail).grant.meritGrantees).toEqual([id])
    const log = openDatabaseReadonly(test.session.dbFile)
    expect(readPrivacyLog(log, id).map((e) => e.action)).toContain('export-person')
    log.close()
  })

  it('exports everything stored about a person no profile is stored for from the lists that name them, and logs it', async () => {
    // A grantee with a registration whom the credentials no longer read as a member: their user
    // licences and insurances leave the lists, and the person sweep takes the profile (DESIGN §3
    // rule 6; test/integration/sync/rights.test.ts narrows real rights).
    const writable = openDatabase(test.session.dbFile)
    const id = writable
      .prepare('SELECT g.user_id FROM granted_merit g JOIN event_registration r ON r.participant_user_id = g.user_id WHERE g.user_id NOT IN (SELECT person_id FROM outbox_effect) ORDER BY g.user_id LIMIT 1 OFFSET 1')
      .pluck()
      .get() as number
    writable.transaction(() => {
      for (const table of ['user_licence', 'user_insurance']) writable.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(id)
      sweepUnreferencedPersons(writable)
    })()
    writable.close()
    expect(test.session.reads.memberDetail(id)).toMatchObject({ id, source: expect.stringMatching(/^(grant|registration)$/), licences: [] })

    const file = `${test.home}/non-member.json`
    await test.session.exports.member(id, file)
    const record = JSON.parse(readFileSync(file, 'utf8'))
    expect(record).toMatchObject({ exportedAt: '2026-05-04T09:30:00.000Z', person: null, user_licence: [], user_insurance: [] })
    expect(record.granted_merit.length).toBeGreaterThan(0)
    expect(record.granted_merit.every((g: { id: number; lastName: string }) => g.id === id && g.lastName.length > 0)).toBe(true)
    expect(record.event_registration.length).toBeGreaterThan(0)
    expect(record.event_registration.every((r: { participantUserId: number }) => r.participantUserId === id)).toBe(true)
    const log = openDatabaseReadonly(test.session.dbFile)
    expect(readPrivacyLog(log, id)).toEqual([expect.objectContaining({ action: 'export-person', personId: id, detail: JSON.stringify({ file }) })])
    log.close()
  })

  it('exports a change an edit took the member out of, with its history naming only them', async () => {
    const { id, merit, other } = grantees(test.session.dbFile, true)
    const grant = { grantingDate: '2026-11-02', meritGranter: 'Hallitus', meritGrantees: [id, other] }
    const queued = await queueMeritGrant({ dbFile: test.session.dbFile, meritId: merit, grant })
    await editOutboxItem({ dbFile: test.session.dbFile, id: queued.id, input: { meritId: merit, grant: { ...grant, meritGrantees: [other] } } })

    const file = `${test.home}/removed.json`
    await test.session.exports.member(id, file)
    const change = JSON.parse(readFileSync(file, 'utf8')).outbox.find((c: { id: number }) => c.id === queued.id)
    expect(change.payload.grant.meritGrantees).toEqual([])
    expect(change.audit.map((entry: { event: string; detail: string }) => [entry.event, JSON.parse(entry.detail).grant.meritGrantees])).toEqual([
      ['queued', [id]],
      ['edited', []]
    ])
  })

  it("exports a grant to a member whose granter is another (spec v2 §4.3 granterUserId), without the grantees, to the granter's record", async () => {
    const { id: granter, merit, other } = grantees(test.session.dbFile)
    const queued = await queueMeritGrant({ dbFile: test.session.dbFile, meritId: merit, grant: { grantingDate: '2026-11-03', granterUserId: granter, meritGrantees: [other] } })
    const file = `${test.home}/granter.json`
    await test.session.exports.member(granter, file)
    const change = JSON.parse(readFileSync(file, 'utf8')).outbox.find((c: { id: number }) => c.id === queued.id)
    expect(change.payload.grant).toMatchObject({ granterUserId: granter, meritGrantees: [] })
  })

  it('logs a list export with its rows, columns and file', async () => {
    const file = `${test.home}/ending.csv`
    const rows = await test.session.exports.renewalList({ kind: 'licence-ending', days: 366, format: 'csv', columns: [{ key: 'lastName', label: 'Last name' }] }, file)
    expect(rows).toBeGreaterThan(0)
    const log = openDatabaseReadonly(test.session.dbFile)
    const entry = readPrivacyLog(log).find((e) => e.action === 'export-list')!
    log.close()
    expect(JSON.parse(entry.detail!)).toEqual({ list: 'licence-ending', days: 366, format: 'csv', rows, columns: ['lastName'], file })
  })

  it('records an export before writing it: a write that fails still leaves its entry', async () => {
    const folder = `${test.home}/no-such-folder`
    await expect(test.session.exports.renewalList({ kind: 'licence-ending', days: 366, format: 'csv', columns: [{ key: 'lastName', label: 'Last name' }] }, `${folder}/ending.csv`)).rejects.toThrow(/ENOENT/)
    const db = openDatabaseReadonly(test.session.dbFile)
    const id = db.prepare('SELECT user_id FROM granted_merit ORDER BY user_id LIMIT 1').pluck().get() as number
    db.close()
    await expect(test.session.exports.member(id, `${folder}/member.json`)).rejects.toThrow(/ENOENT/)
    const log = openDatabaseReadonly(test.session.dbFile)
    const files = readPrivacyLog(log).map((entry) => JSON.parse(entry.detail ?? '{}').file)
    log.close()
    expect(files).toEqual(expect.arrayContaining([`${folder}/ending.csv`, `${folder}/member.json`]))
  })

  it('records a print of a list, with what narrowed it, or of one member as an export whose format is print', async () => {
    const event = '7f2adc5e-39f8-460f-98f2-dba05525ad73'
    await test.session.exports.recordPrint({ list: 'renewals', kind: 'licence-ending', days: 30, rows: 12, columns: ['lastName', 'email'] })
    await test.session.exports.recordPrint({ list: 'member', personId: 5_000_001, rows: 1, columns: [] })
    await test.session.exports.recordPrint(printRecordSchema.parse({ list: 'event-participants', event, rows: 3, columns: ['lastName'] }))
    const query = { text: 'virta', status: 'expiring' as const, sort: 'name' as const, direction: 'asc' as const }
    await test.session.exports.recordPrint(printRecordSchema.parse({ list: 'members', query, rows: 7, columns: ['lastName'] }))
    await test.session.exports.recordPrint(printRecordSchema.parse({ list: 'merit-candidates', groupId: 4, seasons: 3, rows: 2, columns: ['lastName'] }))
    const log = openDatabaseReadonly(test.session.dbFile)
    const [list, member, participants, members, candidates] = readPrivacyLog(log).slice(-5)
    log.close()
    expect(JSON.parse(participants.detail!)).toEqual({ list: 'event-participants', event, rows: 3, columns: ['lastName'], format: 'print' })
    expect(JSON.parse(members.detail!)).toEqual({ list: 'members', query, rows: 7, columns: ['lastName'], format: 'print' })
    expect(JSON.parse(candidates.detail!)).toEqual({ list: 'merit-candidates', groupId: 4, seasons: 3, rows: 2, columns: ['lastName'], format: 'print' })
    expect(list).toMatchObject({ action: 'export-list', personId: null })
    // What narrowed the list, in the words of its export's entry.
    expect(JSON.parse(list.detail!)).toEqual({ list: 'licence-ending', days: 30, rows: 12, columns: ['lastName', 'email'], format: 'print' })
    expect(member).toMatchObject({ action: 'export-person', personId: 5_000_001 })
    expect(JSON.parse(member.detail!)).toEqual({ list: 'member', rows: 1, columns: [], format: 'print' })
  })

  it('records e-mail addresses copied from a list as an export whose format is emails', async () => {
    const query = { text: '', status: 'all' as const, sort: 'name' as const, direction: 'asc' as const }
    const members = await test.session.exports.memberEmails(query)
    const ending = await test.session.exports.renewalListEmails({ kind: 'licence-ending', days: 366 })
    expect(members.length).toBeGreaterThan(ending.length)
    expect(ending.length).toBeGreaterThan(0)
    const log = openDatabaseReadonly(test.session.dbFile)
    const [fromMembers, fromRenewals] = readPrivacyLog(log).slice(-2)
    log.close()
    expect(fromMembers).toMatchObject({ action: 'export-list', personId: null, actor: expect.any(String) })
    expect(JSON.parse(fromMembers.detail!)).toEqual({ list: 'members', query, format: 'emails', rows: members.length, to: 'clipboard' })
    expect(JSON.parse(fromRenewals.detail!)).toEqual({ list: 'licence-ending', days: 366, format: 'emails', rows: ending.length, to: 'clipboard' })
  })

  it('logs an export of merit candidates with the list asked for, its rows and columns', async () => {
    const group = test.session.reads.orderedMeritGroups().find((g) => test.session.reads.meritCandidates(g.id, 1).total > 0)!
    const file = `${test.home}/candidates.csv`
    const request = { groupId: group.id, seasons: 1, format: 'csv' as const, columns: [{ key: 'sportId' as const, label: 'Sport-ID' }] }
    const rows = await test.session.exports.meritCandidates(request, file)
    expect(rows).toBe(test.session.reads.meritCandidates(group.id, 1).total)
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(rows + 1)
    const log = openDatabaseReadonly(test.session.dbFile)
    const entry = readPrivacyLog(log).filter((e) => e.action === 'export-list').at(-1)!
    log.close()
    expect(JSON.parse(entry.detail!)).toEqual({ list: 'merit-candidates', groupId: group.id, seasons: 1, format: 'csv', rows, columns: ['sportId'], file })
  })

  it('exports the whole filtered member list in its order with the columns shown, and logs it', async () => {
    const query = { text: '', status: 'valid' as const, sort: 'birthYear' as const, direction: 'desc' as const }
    const all = test.session.reads.members({ ...query, offset: 0, limit: 10_000 })
    expect(all.total).toBeGreaterThan(0)
    const file = `${test.home}/members.xlsx`
    const columns = [
      { key: 'sportId' as const, label: 'Sport-ID' },
      { key: 'name' as const, label: 'Nimi' },
      { key: 'licenceStatus' as const, label: 'Lisenssi' },
      { key: 'insurance' as const, label: 'Vakuutus' }
    ]
    const values = { valid: 'Voimassa', expiring: 'Päättymässä', expired: 'Päättynyt', missing: 'Puuttuu', 'insurance-missing': 'Vakuutus puuttuu', 'outside-birth-range': 'Ikä ei sovi', insured: 'Vakuutettu', uninsured: 'Ei vakuutusta' }
    expect(await test.session.exports.members({ ...query, format: 'xlsx', columns, values }, file)).toBe(all.total)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(file)
    const sheet = workbook.getWorksheet('members')!
    expect(sheet.rowCount).toBe(all.total + 1)
    expect(sheet.getRow(1).values).toEqual([undefined, 'Sport-ID', 'Nimi', 'Lisenssi', 'Vakuutus'])
    const last = all.rows.at(-1)!
    expect(sheet.getRow(all.total + 1).values).toEqual([undefined, last.sportId, `${last.lastName}, ${last.firstName}`, 'Voimassa', last.insured ? 'Vakuutettu' : 'Ei vakuutusta'])
    const log = openDatabaseReadonly(test.session.dbFile)
    const entry = readPrivacyLog(log).filter((e) => e.action === 'export-list').at(-1)!
    log.close()
    expect(JSON.parse(entry.detail!)).toEqual({ list: 'members', query, format: 'xlsx', rows: all.total, columns: ['sportId', 'name', 'licenceStatus', 'insurance'], file })
  })

  it("exports an event's participants with the amount paid in euros, as the list shows it, and logs it", async () => {
    const paid = test.session.reads
      .eventList({})
      .flatMap((event) => test.session.reads.eventParticipants(event.uuid).map((row) => ({ event, row })))
      .find(({ row }) => (row.paidAmountInCents ?? 0) > 0)!
    expect(paid).toBeDefined()
    const file = `${test.home}/participants.csv`
    const columns = [{ key: 'sportId' as const, label: 'Sport-ID' }, { key: 'paidAmountInCents' as const, label: 'Maksettu (€)' }]
    const rows = await test.session.exports.eventParticipants({ uuid: paid.event.uuid, format: 'csv', columns }, file)
    expect(rows).toBe(test.session.reads.eventParticipants(paid.event.uuid).length)
    const lines = readFileSync(file, 'utf8').trim().split('\n')
    expect(lines).toContain(`${paid.row.sportId},${paid.row.paidAmountInCents! / 100}`)
    const log = openDatabaseReadonly(test.session.dbFile)
    const entry = readPrivacyLog(log).filter((e) => e.action === 'export-list').at(-1)!
    log.close()
    expect(JSON.parse(entry.detail!)).toMatchObject({ list: 'event-participants', event: paid.event.uuid, rows })
  })

  it('exports a checked start list as shown and logs it, but not a table without personal data', async () => {
    const logged = () => {
      const log = openDatabaseReadonly(test.session.dbFile)
      const entries = readPrivacyLog(log).filter((e) => e.action === 'export-list')
      log.close()
      return entries
    }
    const before = logged().length
    const file = `${test.home}/start.csv`
    const columns = [{ key: 'line', label: 'Rivi' }, { key: 'result', label: 'Tulos' }]
    expect(await test.session.exports.table({ table: 'start-list', format: 'csv', columns, rows: [{ line: '12345678;Virtanen', result: 'Saa kilpailla' }] }, file)).toBe(1)
    expect(readFileSync(file, 'utf8')).toBe('\uFEFFRivi,Tulos\n12345678;Virtanen,Saa kilpailla\n')
    expect(logged()).toHaveLength(before + 1)
    await test.session.exports.table({ table: 'licences', format: 'csv', columns: [{ key: 'name', label: 'Lisenssi' }], rows: [{ name: 'Kuntolisenssi' }] }, `${test.home}/licences.csv`)
    expect(logged()).toHaveLength(before + 1)
  })
})
