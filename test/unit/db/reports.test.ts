import { describe, expect, it } from 'vitest'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { PERIOD_REPORT_SQL, readReports } from '../../../src/main/db/reports'
import { elementStore } from '../../support/elements'

const T = '2026-01-05T12:00:00+02:00'

const store = elementStore(T)

/** Periods 2025 and 2026; in 2026 three members of two clubs (A in area Pohjoinen, B right under the federation) (ages 9, 10 and 44 on 2026-12-31), one of them with two licences; grants in two years. */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  store(db, 'licence-periods', 'federation 100', [
    { id: 2025, name: '2025', startTime: '2025-01-01T00:00:00', endTime: '2025-12-31T23:59:59' },
    { id: 2026, name: '2026', startTime: '2026-01-01T00:00:00', endTime: '2026-12-31T23:59:59' }
  ])
  store(db, 'licences', 'federation 100', [
    { id: 1, licencePeriodId: 2026, name: 'Juniori' },
    { id: 2, licencePeriodId: 2026, name: 'Aikuinen' }
  ])
  const user = (id: number, birthDate: string, gender: string) => ({ id, sportId: 10_000_000 + id, birthDate, gender, modificationTime: T })
  store(db, 'organizations', 'federation 100', [
    { id: 100, type: 'SPORTS_FEDERATION', name: 'Liitto' },
    { id: 200, type: 'AREA', name: 'Pohjoinen', parentId: 100 },
    { id: 301, type: 'CLUB', name: 'Seura A', parentId: 200 },
    { id: 302, type: 'CLUB', name: 'Seura B', parentId: 100 }
  ])
  const clubIds: Record<string, number> = { 'Seura A': 301, 'Seura B': 302 }
  const licence = (id: number, u: ReturnType<typeof user>, licenceId: number, club: string, purchaseTime: string, period = 2026) => ({
    id,
    userId: u.id,
    licencePeriodId: period,
    licenceId,
    licenceOrganizationId: clubIds[club],
    licenceOrganizationName: club,
    purchaseTime,
    usagePeriodStart: `${period}-01-01`,
    usagePeriodEnd: `${period}-12-31`,
    user: u
  })
  const a = user(1, '2017-06-01', 'Female')
  const b = user(2, '2016-12-31', 'Male')
  const c = user(3, '1982-03-03', 'Male')
  store(db, 'user-licences', 'federation 100', [
    licence(11, a, 1, 'Seura A', '2026-01-15T10:00:00'),
    licence(12, b, 1, 'Seura A', '2026-01-20T10:00:00'),
    licence(13, c, 2, 'Seura B', '2026-03-02T10:00:00'),
    licence(14, c, 1, 'Seura B', '2026-03-05T10:00:00'),
    licence(15, c, 2, 'Seura B', '2025-02-01T10:00:00', 2025)
  ])
  const grant = (userId: number, date: string) => ({ id: userId, grantedMerit: { grantingDate: date } })
  store(db, 'granted-merits', 'merit 5', [grant(1, '2025-05-01'), grant(2, '2026-05-01'), grant(3, '2026-06-01')])
  return db
}

describe('readReports (issue 7)', () => {
  it('reports the current period: members per club, area and licence, ages by gender, sales per month; merits per year', () => {
    const reports = readReports(seed(), '2026-11-23')
    expect(reports.licencePeriod).toEqual({ id: 2026, name: '2026' })
    expect(reports.licencePeriods).toEqual([
      { id: 2026, name: '2026' },
      { id: 2025, name: '2025' }
    ])
    expect(reports.areas).toEqual([
      { area: 'Pohjoinen', members: 2 },
      { area: null, members: 1 }
    ])
    expect(reports.clubs).toEqual([
      { club: 'Seura A', members: 2, clubId: 301 },
      { club: 'Seura B', members: 1, clubId: 302 }
    ])
    expect(reports.licences).toEqual([
      { licence: 'Juniori', members: 3 },
      { licence: 'Aikuinen', members: 1 }
    ])
    expect(reports.ages).toEqual([
      { band: '5–9', female: 1, male: 0, other: 0 },
      { band: '10–14', female: 0, male: 1, other: 0 },
      { band: '40–44', female: 0, male: 1, other: 0 }
    ])
    expect(reports.sales).toEqual([
      { month: '2026-01', licences: 2 },
      { month: '2026-03', licences: 2 }
    ])
    expect(reports.merits).toEqual([
      { year: '2025', grants: 1 },
      { year: '2026', grants: 2 }
    ])
  })

  it('reports an earlier period when asked', () => {
    expect(readReports(seed(), '2026-11-23', 2025).clubs).toEqual([{ club: 'Seura B', members: 1, clubId: 302 }])
  })

  it('counts club transfers from the period before: who holds a licence with a club now and held none with it then, and who left it, of those licensed in both', () => {
    const db = seed()
    const user = (id: number) => ({ id, sportId: 10_000_000 + id, birthDate: '1990-01-01', modificationTime: T })
    const licence = (id: number, userId: number, club: string, period: number, extra: Record<string, unknown> = {}) => ({
      id,
      userId,
      licencePeriodId: period,
      licenceId: 2,
      licenceOrganizationName: club,
      usagePeriodStart: `${period}-01-01`,
      usagePeriodEnd: `${period}-12-31`,
      user: user(userId),
      ...extra
    })
    store(db, 'user-licences', 'federation 100', [
      // 5 and 6 moved from B to A; 7 from A to C, upgrading there; 8 stayed with B;
      // 9 held one with B then and none now (not renewed: no transfer); 10 is new with C (no transfer).
      licence(21, 5, 'Seura B', 2025),
      licence(22, 5, 'Seura A', 2026),
      licence(23, 6, 'Seura B', 2025),
      licence(24, 6, 'Seura A', 2026),
      licence(25, 7, 'Seura A', 2025),
      licence(26, 7, 'Seura C', 2026),
      licence(27, 7, 'Seura C', 2026, { upgradeFrom: 26 }),
      licence(28, 8, 'Seura B', 2025),
      licence(29, 8, 'Seura B', 2026),
      licence(30, 9, 'Seura B', 2025),
      licence(31, 10, 'Seura C', 2026)
    ])
    expect(readReports(db, '2026-11-23').transfers).toEqual([
      { club: 'Seura A', arrived: 2, departed: 1, clubId: null },
      { club: 'Seura B', arrived: 0, departed: 2, clubId: null },
      { club: 'Seura C', arrived: 1, departed: 0, clubId: null }
    ])
    // The first period has none before it.
    expect(readReports(db, '2026-11-23', 2025).transfers).toEqual([])
  })

  it('tells clubs apart by organization id: a club renamed between licences is one club and no transfer; namesakes are told apart by area, else by id', () => {
    const db = seed()
    store(db, 'organizations', 'federation 100', [
      { id: 201, type: 'AREA', name: 'Eteläinen', parentId: 100 },
      { id: 303, type: 'CLUB', name: 'Seura B', parentId: 201 },
      { id: 304, type: 'CLUB', name: 'Seura D', parentId: 200 },
      { id: 305, type: 'CLUB', name: 'Seura D', parentId: 200 }
    ])
    const user = (id: number) => ({ id, sportId: 10_000_000 + id, birthDate: '1990-01-01', modificationTime: T })
    const licence = (id: number, userId: number, clubId: number, club: string, period: number) => ({
      id,
      userId,
      licencePeriodId: period,
      licenceId: 2,
      licenceOrganizationId: clubId,
      licenceOrganizationName: club,
      usagePeriodStart: `${period}-01-01`,
      usagePeriodEnd: `${period}-12-31`,
      user: user(userId)
    })
    store(db, 'user-licences', 'federation 100', [
      // 5 renewed with club 301, which its 2025 licence named by its old name: no transfer.
      licence(41, 5, 301, 'Seura A:n vanha nimi', 2025),
      licence(42, 5, 301, 'Seura A', 2026),
      // 6 moved from 302 to 303, another club of the same name.
      licence(43, 6, 302, 'Seura B', 2025),
      licence(44, 6, 303, 'Seura B', 2026),
      licence(45, 7, 304, 'Seura D', 2026),
      licence(46, 8, 305, 'Seura D', 2026)
    ])
    const reports = readReports(db, '2026-11-23')
    expect(reports.clubs).toEqual([
      { club: 'Seura A', members: 3, clubId: 301 },
      { club: 'Seura B (Liitto)', members: 1, clubId: 302 },
      { club: 'Seura B (Eteläinen)', members: 1, clubId: 303 },
      { club: 'Seura D (#304)', members: 1, clubId: 304 },
      { club: 'Seura D (#305)', members: 1, clubId: 305 }
    ])
    expect(reports.transfers).toEqual([
      { club: 'Seura B (Liitto)', arrived: 0, departed: 1, clubId: 302 },
      { club: 'Seura B (Eteläinen)', arrived: 1, departed: 0, clubId: 303 }
    ])
    // The earlier period's club is named as the registry names it now.
    expect(readReports(db, '2026-11-23', 2025).clubs).toEqual([
      { club: 'Seura B', members: 2, clubId: 302 },
      { club: 'Seura A', members: 1, clubId: 301 }
    ])
  })

  it('names a licence the licence list lacks as its user licences name it', () => {
    const db = seed()
    const user = { id: 4, sportId: 10_000_004, birthDate: '2000-01-01', modificationTime: T }
    store(db, 'user-licences', 'federation 100', [
      { id: 16, userId: 4, licencePeriodId: 2026, licenceId: 9, name: 'Kertalisenssi', licenceOrganizationName: 'Seura B', purchaseTime: '2026-04-01T10:00:00', user }
    ])
    expect(readReports(db, '2026-11-23').licences).toEqual([
      { licence: 'Juniori', members: 3 },
      { licence: 'Aikuinen', members: 1 },
      { licence: 'Kertalisenssi', members: 1 }
    ])
  })

  it("counts from indexes, never reading a user licence's or person's JSON but for a licence the licence list lacks (migration 0014)", () => {
    const db = seed()
    for (const [report, sql] of Object.entries(PERIOD_REPORT_SQL)) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ period: 2026, end: '2026-12-31', previous: 2025 }) as Array<{ detail: string }>).map((row) => row.detail)
      const reads = plan.filter((line) => /^(SCAN|SEARCH) (user_licence|u|person|p)\b/.test(line))
      expect(reads.length, report).toBeGreaterThan(0)
      const whole = reads.filter((line) => !line.includes('USING COVERING INDEX'))
      // The licences' names of a licence not listed: only its user licences of the period, found by the index.
      expect(whole, report).toEqual(report === 'licences' ? ['SEARCH user_licence USING INDEX user_licence_period (licence_period_id=?)'] : [])
    }
  })
})
