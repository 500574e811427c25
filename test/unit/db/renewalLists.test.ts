import { describe, expect, it } from 'vitest'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { indexesDeferred } from '../../../src/main/db/bulkLoad'
import { readRenewalEmails, readRenewalList, renewalListSql } from '../../../src/main/db/renewalLists'
import { markForRecheck, refreshMemberSummary } from '../../../src/main/db/memberSummary'
import type { ExportResource } from '../../../src/main/db/tables'
import { RENEWAL_LIST_KINDS } from '../../../src/shared/renewalLists'
import { elementStore, testPerson, type TestElement } from '../../support/elements'

const T = '2026-01-05T12:00:00+02:00'
const TODAY = '2026-12-10'

const storeAt = elementStore(T)
const store = (db: WritableDB, resource: ExportResource, elements: TestElement[]) => storeAt(db, resource, 'federation 100', elements)

const person = (id: number, lastName: string, birthDate: string, extra: Record<string, unknown> = {}) => testPerson(T, id, lastName, birthDate, extra)

/**
 * Licence periods 2025 and 2026; a junior licence (born 2008–2020) and an adult one. Members:
 * 1 adult, licence ends 2026-12-31 (ending); 2 minor with guardians, same; 3 renewed already
 * (a 2027 licence follows); 4 held 2025 only (not renewed); 5 born 2000 on a junior licence
 * (outside the range); 6 upgraded from a licence that ends soon to one that ends later; 9 on a
 * 30-day trial bought on 1 December (ends 30 December) though its usage period runs to the year's
 * end; 10 upgraded from a licence that ends later to one that ends soon (the replaced one is no
 * renewal); 11 on a licence ending 20 December, with a trial from January whose days are long
 * over though its usage period runs to the year's end (no renewal either). The member summary is
 * evaluated for TODAY, as `ensureVerdicts` leaves it.
 */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  store(db, 'licence-periods', [
    { id: 2025, name: '2025', startTime: '2025-01-01T00:00:00', endTime: '2025-12-31T23:59:59' },
    { id: 2026, name: '2026', startTime: '2026-01-01T00:00:00', endTime: '2026-12-31T23:59:59' }
  ])
  store(db, 'licences', [
    { id: 1, licencePeriodId: 2026, name: 'Juniori', earliestBirthDate: '2008-01-01', latestBirthDate: '2020-12-31' },
    { id: 2, licencePeriodId: 2026, name: 'Aikuinen' },
    { id: 3, licencePeriodId: 2025, name: 'Aikuinen 2025' },
    { id: 4, licencePeriodId: 2026, name: 'Kokeilu', validityDurationInDays: 30 }
  ])
  const guardians = [{ firstName: 'Huoltaja', lastName: 'Kaksi', email: 'huoltaja@example.fi' }]
  const licence = (id: number, user: ReturnType<typeof person>, licenceId: number, start: string, end: string, extra: Record<string, unknown> = {}) => ({
    id,
    userId: user.id,
    licencePeriodId: start.startsWith('2025') ? 2025 : 2026,
    licenceId,
    licenceOrganizationName: 'Seura',
    usagePeriodStart: start,
    usagePeriodEnd: end,
    user,
    ...extra
  })
  store(db, 'user-licences', [
    licence(11, person(1, 'Aho', '1980-02-02'), 2, '2026-01-01', '2026-12-31'),
    licence(12, person(2, 'Berg', '2012-03-03', { guardians }), 1, '2026-01-01', '2026-12-31'),
    licence(13, person(3, 'Carlson', '1990-04-04'), 2, '2026-01-01', '2026-12-31'),
    licence(14, person(3, 'Carlson', '1990-04-04'), 2, '2027-01-01', '2027-12-31'),
    licence(15, person(4, 'Dahl', '1985-05-05'), 3, '2025-01-01', '2025-12-31'),
    licence(16, person(5, 'Eklund', '2000-06-06'), 1, '2026-01-01', '2027-06-30'),
    licence(17, person(6, 'Forsman', '1970-07-07'), 2, '2026-01-01', '2026-12-20'),
    licence(18, person(6, 'Forsman', '1970-07-07'), 2, '2026-01-01', '2027-03-31', { upgradeFrom: 17 }),
    licence(19, person(9, 'Grönroos', '1995-09-09'), 4, '2026-01-01', '2026-12-31', { purchaseTime: '2026-12-01T17:00:00' }),
    licence(20, person(10, 'Heino', '1975-10-10'), 3, '2026-01-01', '2027-02-28'),
    licence(22, person(10, 'Heino', '1975-10-10'), 2, '2026-06-01', '2026-12-31', { upgradeFrom: 20 }),
    licence(23, person(11, 'Ilola', '1965-11-11'), 2, '2026-01-01', '2026-12-20'),
    licence(24, person(11, 'Ilola', '1965-11-11'), 4, '2026-01-01', '2026-12-31', { purchaseTime: '2026-01-10T09:00:00' })
  ])
  store(db, 'user-insurances', [{ id: 21, userId: 2, licencePeriodId: 2026, insuranceId: 9, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-15', user: person(2, 'Berg', '2012-03-03', { guardians }) }])
  refreshMemberSummary(db, TODAY)
  return db
}

const names = (db: WritableDB, kind: Parameters<typeof readRenewalList>[1], days = 30) => readRenewalList(db, kind, TODAY, days).rows.map((row) => row.lastName)

describe('readRenewalList (issue 7)', () => {
  it('licence ending within N days: the licence held today by the rules of DESIGN §3b, not renewed yet, not replaced by an upgrade', () => {
    const db = seed()
    expect(names(db, 'licence-ending')).toEqual(['Aho', 'Berg', 'Grönroos', 'Heino', 'Ilola'])
    expect(names(db, 'licence-ending', 5)).toEqual([])
    // An empty list of endings says when the next one ends; a list with rows does not.
    expect(readRenewalList(db, 'licence-ending', TODAY, 5).nextEnd).toBe('2026-12-20')
    expect(readRenewalList(db, 'licence-ending', TODAY, 20).nextEnd).toBeUndefined()
    expect(names(db, 'licence-ending', 20)).toEqual(['Grönroos', 'Ilola'])
    expect(readRenewalList(db, 'licence-ending', TODAY, 20).rows[0]).toMatchObject({ item: 'Kokeilu', ends: '2026-12-30' })
    expect(readRenewalList(db, 'licence-ending', TODAY, 30).rows[3]).toMatchObject({ item: 'Aikuinen', ends: '2026-12-31' })
    // On a day the verdicts are not of yet, the lists of verdicts say so and list no one; the others answer.
    expect(readRenewalList(db, 'licence-ending', '2026-12-11', 30)).toMatchObject({ total: 0, rows: [], verdictsPending: true })
    expect(readRenewalEmails(db, 'outside-birth-range', '2026-12-11', 30)).toEqual([])
    expect(readRenewalList(db, 'insurance-ending', '2026-12-11', 5)).toMatchObject({ total: 1, verdictsPending: false })
    const [aho] = readRenewalList(db, 'licence-ending', TODAY, 30).rows
    expect(aho).toMatchObject({ sportId: 10_000_001, item: 'Aikuinen', ends: '2026-12-31', club: 'Seura', email: 'aho@example.fi', minor: false, guardianEmails: [] })
  })

  it('leaves out of the lists of verdicts the members a running sync marked due, and says their verdicts are pending', () => {
    const db = seed()
    db.transaction(() => markForRecheck(db, [1, 5]))()
    expect(readRenewalList(db, 'licence-ending', TODAY, 30)).toMatchObject({ verdictsPending: true, total: 4 })
    expect(names(db, 'licence-ending')).toEqual(['Berg', 'Grönroos', 'Heino', 'Ilola'])
    expect(readRenewalList(db, 'outside-birth-range', TODAY, 30)).toMatchObject({ verdictsPending: true, total: 0 })
    expect(readRenewalEmails(db, 'licence-ending', TODAY, 30)).not.toContain('aho@example.fi')
    // The lists that read no verdicts are whole.
    expect(readRenewalList(db, 'not-renewed', TODAY, 30)).toMatchObject({ verdictsPending: false, total: 1 })
    refreshMemberSummary(db, TODAY, [])
    expect(readRenewalList(db, 'licence-ending', TODAY, 30)).toMatchObject({ verdictsPending: false, total: 5 })
    expect(names(db, 'outside-birth-range')).toEqual(['Eklund'])
  })

  it('insurance ending, not renewed this period, and outside the licence’s birth-date range', () => {
    const db = seed()
    expect(names(db, 'insurance-ending', 5)).toEqual(['Berg'])
    expect(names(db, 'not-renewed')).toEqual(['Dahl'])
    expect(names(db, 'outside-birth-range')).toEqual(['Eklund'])
  })

  it("renewed with another club: last period's licence with one club, this period's only with others; the row names the club the member is in now and the one left", () => {
    const db = seed()
    db.prepare('UPDATE user_licence SET licence_organization_id = 300').run()
    expect(names(db, 'moved-club')).toEqual([])
    // Dahl renewed with club 400: no longer "not renewed", but club 300's member gone elsewhere.
    store(db, 'user-licences', [
      { id: 30, userId: 4, licencePeriodId: 2026, licenceId: 2, licenceOrganizationId: 400, licenceOrganizationName: 'Toinen Seura', usagePeriodStart: '2026-03-01', usagePeriodEnd: '2026-12-31', user: person(4, 'Dahl', '1985-05-05') }
    ])
    expect(names(db, 'not-renewed')).toEqual([])
    expect(readRenewalList(db, 'moved-club', TODAY, 30).rows).toMatchObject([{ lastName: 'Dahl', item: 'Aikuinen 2025', ends: '2025-12-31', club: 'Toinen Seura', previousClub: 'Seura' }])
    expect(readRenewalList(db, 'moved-club', TODAY, 30, { clubId: 300 }).rows.map((row) => row.lastName)).toEqual(['Dahl'])
    expect(readRenewalList(db, 'moved-club', TODAY, 30, { clubId: 400 }).rows).toEqual([])
    // The same club under a new name is no move either.
    db.prepare("UPDATE user_licence SET licence_organization_id = 300, licence_organization_name = 'Seura ry' WHERE id = 30").run()
    expect(names(db, 'moved-club')).toEqual([])
    db.prepare("UPDATE user_licence SET licence_organization_id = 400, licence_organization_name = 'Toinen Seura' WHERE id = 30").run()
    expect(names(db, 'moved-club')).toEqual(['Dahl'])
    // A licence this period with the same club as well is no move.
    store(db, 'user-licences', [
      { id: 31, userId: 4, licencePeriodId: 2026, licenceId: 2, licenceOrganizationId: 300, licenceOrganizationName: 'Seura', usagePeriodStart: '2026-03-01', usagePeriodEnd: '2026-12-31', user: person(4, 'Dahl', '1985-05-05') }
    ])
    expect(names(db, 'moved-club')).toEqual([])
  })

  it("gives a minor's guardians' addresses, copies each address once, and counts past the rows it returns", () => {
    const db = seed()
    const list = readRenewalList(db, 'licence-ending', TODAY, 30, { limit: 1 })
    expect(list).toMatchObject({ total: 5, rows: [{ lastName: 'Aho' }] })
    const all = readRenewalList(db, 'licence-ending', TODAY, 30).rows
    expect(all[1]).toMatchObject({ lastName: 'Berg', minor: true, guardianEmails: ['huoltaja@example.fi'] })
    expect(readRenewalEmails(db, 'licence-ending', TODAY, 30)).toEqual(['aho@example.fi', 'huoltaja@example.fi', 'berg@example.fi', 'grönroos@example.fi', 'heino@example.fi', 'ilola@example.fi'])
  })

  it("gives every list's addresses as its rows do, in their order: a minor's guardians before the minor, each once", () => {
    const db = seed()
    // A second minor with the same guardian and no address of their own; an adult whose guardians do not count.
    const guardians = [{ firstName: 'Huoltaja', lastName: 'Kaksi', email: 'huoltaja@example.fi' }, { firstName: 'Ilman', lastName: 'Osoitetta' }]
    store(db, 'user-licences', [
      { id: 31, userId: 7, licencePeriodId: 2026, licenceId: 1, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: person(7, 'Aalto', '2014-01-01', { guardians, email: null }) },
      { id: 32, userId: 8, licencePeriodId: 2026, licenceId: 2, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: person(8, 'Öhman', '1999-01-01', { guardians: [{ email: 'vanhempi@example.fi' }] }) }
    ])
    refreshMemberSummary(db, TODAY, [7, 8])
    expect(readRenewalEmails(db, 'licence-ending', TODAY, 30)).toEqual(['huoltaja@example.fi', 'aho@example.fi', 'berg@example.fi', 'grönroos@example.fi', 'heino@example.fi', 'ilola@example.fi', 'öhman@example.fi'])
    for (const kind of RENEWAL_LIST_KINDS) {
      for (const days of [5, 30, 400]) {
        const fromRows = readRenewalList(db, kind, TODAY, days).rows.flatMap((row) => (row.minor ? [...row.guardianEmails, row.email] : [row.email]))
        expect(readRenewalEmails(db, kind, TODAY, days), `${kind} ${days}`).toEqual([...new Set(fromRows.filter(Boolean))])
      }
    }
  })

  it('counts and finds addresses from the per-person indexes of user licences or insurances and of persons alone, and never scans their rows (migrations 0012, 0010)', () => {
    const db = seed()
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ today: TODAY, until: TODAY, limit: 10, adultBornBy: TODAY }) as Array<{ detail: string }>).map((row) => row.detail)
    for (const kind of RENEWAL_LIST_KINDS) {
      const index = `${kind === 'insurance-ending' ? 'user_insurance' : 'user_licence'}_user_period`
      const uses = (lines: string[], alias: string, name: string) => lines.some((line) => new RegExp(`^(SCAN|SEARCH) ${alias} USING (COVERING )?INDEX ${name}\\b`).test(line))
      const sql = renewalListSql(kind, { indexesDropped: false })
      const count = plan(sql.count)
      const covered = (alias: string, name: string) => count.some((line) => new RegExp(`^(SCAN|SEARCH) ${alias} USING COVERING INDEX ${name}\\b`).test(line))
      // "Renewed with another club" reads a licence's row for its club's id, but only where the club's name, in the index, differs.
      expect((kind === 'moved-club' ? uses(count, 'u', index) : covered('u', index)) && covered('p', 'person_order'), `${kind}: ${count.join(' | ')}`).toBe(true)
      const rows = plan(sql.rows)
      expect(uses(rows, 'u', index) && uses(rows, 'p', 'person_order'), `${kind}: ${rows.join(' | ')}`).toBe(true)
      // The walk in name order may look up each person's rows by the index.
      const walk = plan(renewalListSql(kind, { indexesDropped: false, walk: true }).rows)
      expect(uses(walk, 'u', index), `${kind}: ${walk.join(' | ')}`).toBe(true)
      // The addresses: the list as the count finds it, then each person's row by id.
      const emails = plan(sql.emails)
      expect(uses(emails, 'u', index) && uses(emails, 'p', 'person_order'), `${kind}: ${emails.join(' | ')}`).toBe(true)
      // When the next ending comes: as the count.
      const firstEnd = plan(sql.firstEnd)
      expect(uses(firstEnd, 'u', index) && uses(firstEnd, 'p', 'person_order'), `${kind}: ${firstEnd.join(' | ')}`).toBe(true)
      for (const lines of [count, rows, walk, emails, firstEnd]) expect(lines.filter((line) => line === 'SCAN u' || line === 'SCAN p')).toEqual([])
    }
  })

  it("lists an area's as its clubs' together: their licences and their members' insurances, alone or with one of its clubs", () => {
    const db = seed()
    db.prepare('UPDATE user_licence SET licence_organization_id = CASE WHEN user_id IN (2, 4) THEN 300 WHEN user_id = 6 THEN 301 ELSE 400 END').run()
    // Clubs 300 and 301 under area 90; club 400 under area 91.
    db.prepare("INSERT INTO organization (id, scope, modification_us, generation, raw, type, name, parent_id) VALUES (90, 'x', 0, 1, '{}', 'AREA', 'Pohjoinen', NULL), (300, 'x', 0, 1, '{}', 'CLUB', 'Seura', 90), (301, 'x', 0, 1, '{}', 'CLUB', 'Seura 2', 90), (400, 'x', 0, 1, '{}', 'CLUB', 'Toinen Seura', 91)").run()
    for (const kind of RENEWAL_LIST_KINDS) {
      const all = readRenewalList(db, kind, TODAY, 30).rows
      const ofArea = readRenewalList(db, kind, TODAY, 30, { areaId: 90 })
      expect(ofArea.rows, kind).toEqual(all.filter((row) => [2, 4, 6].includes(row.id)))
      expect(readRenewalList(db, kind, TODAY, 30, { areaId: 90, clubId: 301 }).rows, kind).toEqual(all.filter((row) => row.id === 6))
      expect(readRenewalEmails(db, kind, TODAY, 30, { areaId: 90 }), kind).toEqual(readRenewalEmails(db, kind, TODAY, 30).filter((address) => ofArea.rows.some((row) => row.email === address || row.guardianEmails.includes(address))))
    }
    expect(readRenewalList(db, 'insurance-ending', TODAY, 30, { areaId: 90 }).rows.map((row) => row.lastName)).toEqual(['Berg'])
    expect(readRenewalList(db, 'licence-ending', TODAY, 30, { areaId: 92 })).toMatchObject({ total: 0, rows: [] })
  })

  it("lists a club's licences, those bound to it, and its members' insurances (their latest licence's club), reading who held one with it from a covering index", () => {
    const db = seed()
    db.prepare('UPDATE user_licence SET licence_organization_id = CASE WHEN user_id IN (2, 4, 6) THEN 300 ELSE 400 END').run()
    for (const kind of RENEWAL_LIST_KINDS) {
      const all = readRenewalList(db, kind, TODAY, 30).rows
      const ofClub = readRenewalList(db, kind, TODAY, 30, { clubId: 300 })
      expect(ofClub.rows, kind).toEqual(all.filter((row) => [2, 4, 6].includes(row.id)))
      expect(ofClub.total).toBe(ofClub.rows.length)
      expect(readRenewalEmails(db, kind, TODAY, 30, { clubId: 300 }), kind).toEqual(readRenewalEmails(db, kind, TODAY, 30).filter((address) => ofClub.rows.some((row) => row.email === address || row.guardianEmails.includes(address))))
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${renewalListSql(kind, { indexesDropped: false, ofClub: true }).count}`).all({ today: TODAY, until: TODAY, clubId: 300 }) as Array<{ detail: string }>).map((row) => row.detail)
      expect(plan, kind).toContain('SCAN user_licence USING COVERING INDEX user_licence_period')
    }
    // Berg's insurance ends, Dahl was not renewed: each list of club 300 has someone.
    expect(readRenewalList(db, 'insurance-ending', TODAY, 30, { clubId: 300 }).rows.map((row) => row.lastName)).toEqual(['Berg'])
    expect(readRenewalList(db, 'not-renewed', TODAY, 30, { clubId: 300 }).rows.map((row) => row.lastName)).toEqual(['Dahl'])
    expect(readRenewalList(db, 'licence-ending', TODAY, 30, { clubId: 999 })).toMatchObject({ total: 0, rows: [] })
    // Aho held a licence with club 300 last year and holds one with club 400, ending: club 400's to remind, not 300's.
    db.prepare("UPDATE user_licence SET licence_organization_id = 300 WHERE id = 15").run()
    db.prepare("UPDATE user_licence SET user_id = 1 WHERE id = 15").run()
    expect(readRenewalList(db, 'licence-ending', TODAY, 30, { clubId: 400 }).rows.map((row) => row.lastName)).toContain('Aho')
    expect(readRenewalList(db, 'licence-ending', TODAY, 30, { clubId: 300 }).rows.map((row) => row.lastName)).not.toContain('Aho')
    // Berg held last year's licence with club 300 and holds this year's with club 400: her ending insurance is club 400's.
    db.prepare('UPDATE user_licence SET user_id = 2 WHERE id = 15').run()
    db.prepare('UPDATE user_licence SET licence_organization_id = 400 WHERE id = 12').run()
    expect(readRenewalList(db, 'insurance-ending', TODAY, 30, { clubId: 300 }).rows).toEqual([])
    expect(readRenewalList(db, 'insurance-ending', TODAY, 30, { clubId: 400 }).rows.map((row) => row.lastName)).toEqual(['Berg'])
  })

  it('gives the same rows whether the window walks persons in name order or sorts the matches', () => {
    const db = seed()
    const params = { today: TODAY, until: '2027-01-09' }
    for (const kind of RENEWAL_LIST_KINDS) {
      for (const limit of [1, 2, -1]) {
        const rows = (walk: boolean) => db.prepare(renewalListSql(kind, { indexesDropped: false, walk }).rows).all({ ...params, limit })
        expect(rows(true), `${kind}, limit ${limit}`).toEqual(rows(false))
      }
    }
    expect(db.prepare(renewalListSql('licence-ending', { indexesDropped: false, walk: true }).rows).all({ ...params, limit: -1 }).map((row) => (row as { lastName: string }).lastName)).toEqual(['Aho', 'Berg', 'Grönroos', 'Heino', 'Ilola'])
  })

  it('gives the same lists while a first sync has dropped those indexes', () => {
    const db = seed()
    const lists = () => RENEWAL_LIST_KINDS.map((kind) => readRenewalList(db, kind, TODAY, 30))
    const withIndexes = lists()
    expect(withIndexes.map((list) => list.total)).toEqual([5, 1, 1, 0, 1])
    db.exec(`INSERT INTO deferred_index (name, sql) SELECT name, sql FROM sqlite_master WHERE name IN ('user_licence_user_period', 'user_insurance_user_period');
      DROP INDEX user_licence_user_period; DROP INDEX user_insurance_user_period;`)
    expect(indexesDeferred(db)).toBe(true)
    expect(lists()).toEqual(withIndexes)
  })
})
