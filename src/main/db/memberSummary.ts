import { groupBy } from '../../shared/groupBy'
import { checkLicence, insurancesValidOn, lastValidDay, nextChangeDay, type LicenceCheck, type LicenceProduct } from '../../shared/licenceValidity'
import { byUser, HELD_INSURANCE_COLUMNS, HELD_LICENCE_COLUMNS, heldInsuranceRowOf, heldInsurancesOf, heldLicenceRowOf, heldLicencesOf, licenceProducts, type HeldLicenceRow } from './heldLicences'
import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/**
 * `column` of person `p`'s club licence: their latest-ending user licence that names a licence
 * organization and that no upgrade replaced (SQL over `person p`; spec v2 §2.10). `clubLicenceOf` is
 * the same rule for the member summary.
 */
function ofClubLicence(column: 'licence_organization_name' | 'licence_organization_id'): string {
  return `(SELECT ul.${column} FROM user_licence ul
  WHERE ul.user_id = p.id AND ul.licence_organization_name IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM user_licence up WHERE up.user_id = ul.user_id AND up.upgrade_from = ul.id)
  ORDER BY ul.usage_period_end DESC, ul.id DESC LIMIT 1)`
}

/** The club of person `p`, by name: the member list's Club column (SQL, `ofClubLicence`). */
export const CLUB = ofClubLicence('licence_organization_name')

/** SQL: person `p` held a user licence bound to club :clubId (`licenceOrganizationId`, spec v2 §2.10) in any licence period. */
export const HELD_LICENCE_OF_CLUB = 'p.id IN (SELECT user_id FROM user_licence WHERE licence_organization_id = :clubId)'

/**
 * SQL: the club of person `p` is :clubId, by CLUB's rule (the Club column's): someone who moved on
 * to another club, or whose licence with it was replaced by one elsewhere, is no longer its member.
 * HELD_LICENCE_OF_CLUB first, so only those who ever held a licence with it are looked at.
 */
export const MEMBER_OF_CLUB = `${HELD_LICENCE_OF_CLUB} AND ${ofClubLicence('licence_organization_id')} = :clubId`

/** SQL: the clubs of area (area association) :areaId, the organizations whose parent it is (spec v2 §2.2 `parentId`). */
const CLUBS_OF_AREA = 'SELECT id FROM organization WHERE parent_id = :areaId'

/** SQL: person `p` held a user licence bound to one of area :areaId's clubs in any licence period, as HELD_LICENCE_OF_CLUB for a club. */
export const HELD_LICENCE_OF_AREA = `p.id IN (SELECT user_id FROM user_licence WHERE licence_organization_id IN (${CLUBS_OF_AREA}))`

/**
 * SQL: the club of person `p` is one of area :areaId's, by CLUB's rule (the Club column's), as
 * MEMBER_OF_CLUB for a club: only those who ever held a licence with one of them are looked at.
 */
export const MEMBER_OF_AREA = `${HELD_LICENCE_OF_AREA} AND ${ofClubLicence('licence_organization_id')} IN (${CLUBS_OF_AREA})`

/** SQL over a user licence (`alias`, default `f`): bought through one of area :areaId's clubs. */
export function licenceOfArea(alias = 'f'): string {
  return `${alias}.licence_organization_id IN (${CLUBS_OF_AREA})`
}

/**
 * CLUB's rule over one person's user licences, SQL's order (a missing end sorts last): the licence
 * that names their club (`licence_organization_name`, with its `licence_organization_id`), or null.
 */
export function clubLicenceOf(rows: readonly HeldLicenceRow[]): HeldLicenceRow | null {
  const replaced = new Set(rows.flatMap((row) => (row.upgrade_from === null ? [] : [row.upgrade_from])))
  let best: HeldLicenceRow | null = null
  for (const row of rows) {
    if (row.licence_organization_name === null || replaced.has(row.id)) continue
    const end = row.usage_period_end ?? ''
    const bestEnd = best?.usage_period_end ?? ''
    if (best === null || end > bestEnd || (end === bestEnd && row.id > best.id)) best = row
  }
  return best
}

/**
 * SQL over the member summary `s` of the day (migration 0022): the member's club, by CLUB's rule,
 * is :clubId. MEMBER_OF_CLUB's answer, picked from the summary's club index.
 */
export const SUMMARY_OF_CLUB = 's.club_id = :clubId'

/** SQL over the member summary `s` of the day: the member's club is one of area :areaId's, as MEMBER_OF_AREA. */
export const SUMMARY_OF_AREA = `s.club_id IN (${CLUBS_OF_AREA})`

/**
 * Marks stored persons whose licences, insurances or profile a sync is storing or removing, in
 * the same transaction, as due (`recheck_on` ''; a person without a row gets one without a
 * verdict), so that a run stopped before its end leaves them to the next `refreshMemberSummary`
 * rather than judged on old data for good. Ids not in `person` (a registered event user who is no
 * member) are left out. Nothing while the summary was never filled: its first refresh judges everyone.
 */
export function markForRecheck(db: WritableDB, personIds: readonly number[]): void {
  if (personIds.length === 0 || memberSummaryDate(db) === null) return
  prepared(
    db,
    "INSERT INTO member_summary (person_id, insured, recheck_on) SELECT p.id, 0, '' FROM json_each(?) j JOIN person p ON p.id = j.value WHERE true ON CONFLICT (person_id) DO UPDATE SET recheck_on = ''"
  ).run(JSON.stringify(personIds))
}

/** Whether some person's verdict is due on `today` (ISO date): marked by a sync, or its `recheck_on` has come. */
export function verdictsDue(db: ReadableDB, today: string): boolean {
  return prepared(db, 'SELECT 1 FROM member_summary WHERE recheck_on <= ? LIMIT 1').get(today) !== undefined
}

/** SQL: the summary row `s` is marked due by a sync not ended yet (`markForRecheck`), so its verdict is pending. */
export const MARKED_DUE = "s.recheck_on = ''"

/**
 * Whether every stored person's verdict is of `today` (ISO date): the summary was evaluated on
 * that day and no sync has marked anyone due since (one runs, or one stopped before its end).
 */
export function verdictsCurrent(db: ReadableDB, today: string): boolean {
  return memberSummaryDate(db) === today && !verdictsDue(db, today)
}

/**
 * The day the member summary was evaluated on (ISO date), or null when it was never filled. The
 * member list shows licence verdicts only when this is the day it asks about.
 */
export function memberSummaryDate(db: ReadableDB): string | null {
  return (prepared(db, 'SELECT on_date FROM member_summary_state WHERE id = 1').pluck().get() as string | undefined) ?? null
}

/** Persons evaluated per step: their licences and insurances are read by person id, a step's rows at a time. */
const STEP = 5_000

/** A stored person, as the rules need them: the birth date for the licences' ranges. */
interface Person {
  id: number
  birth_date: string | null
}

/** One person's row of the summary (migrations 0016, 0022). */
interface SummaryRow {
  person_id: number
  club: string | null
  club_id: number | null
  verdict: LicenceCheck['verdict']
  licence_id: number | null
  valid_until: string | null
  held_until: string | null
  insured: number
  recheck_on: string | null
}

/**
 * Judges persons (ids ascending) on `today` by `checkLicence` (DESIGN §3b, the venue check's
 * rules), with their club and its id (CLUB's rule), whether an insurance is valid, and the day to look again.
 * `ranged`: the persons are every stored one between the first and the last, so their licences
 * and insurances are read as a range of the per-person indexes rather than looked up one by one.
 */
function evaluate(db: WritableDB, persons: readonly Person[], products: ReadonlyMap<number, LicenceProduct>, today: string, ranged: boolean): SummaryRow[] {
  const of = (alias: string) => (ranged ? `${alias}.user_id BETWEEN ? AND ?` : `${alias}.user_id IN (SELECT value FROM json_each(?))`)
  const params = ranged ? [persons[0].id, persons[persons.length - 1].id] : [JSON.stringify(persons.map((p) => p.id))]
  const licencesOf = groupBy((prepared(db, `SELECT ${HELD_LICENCE_COLUMNS} FROM user_licence ul WHERE ${of('ul')}`).raw(true).all(...params) as unknown[][]).map(heldLicenceRowOf), byUser)
  const insurancesOf = groupBy((prepared(db, `SELECT ${HELD_INSURANCE_COLUMNS} FROM user_insurance ui WHERE ${of('ui')}`).raw(true).all(...params) as unknown[][]).map(heldInsuranceRowOf), byUser)
  return persons.map(({ id, birth_date }) => {
    const rows = licencesOf.get(id) ?? []
    const licences = heldLicencesOf(rows)
    const insurances = heldInsurancesOf(insurancesOf.get(id) ?? [])
    const input = { date: today, birthDate: birth_date ?? undefined, licences, products, insurances }
    const check = checkLicence(input)
    const club = clubLicenceOf(rows)
    return {
      person_id: id,
      club: club?.licence_organization_name ?? null,
      club_id: club?.licence_organization_id ?? null,
      verdict: check.verdict,
      licence_id: check.userLicenceId ?? null,
      valid_until: check.validUntil ?? null,
      held_until: lastValidDay(licences, products),
      insured: insurancesValidOn(insurances, today).length > 0 ? 1 : 0,
      recheck_on: nextChangeDay(input)
    }
  })
}

/**
 * Brings the member summary (migrations 0004, 0016, 0022) up to date for `today` (ISO local date), in
 * one transaction. When it is complete (a row per person) and of `today` or an earlier day, only
 * the persons in `personIds` and those whose `recheck_on` has come (or whom a sync marked,
 * `markForRecheck`) are evaluated again: the others' verdicts cannot have changed. Otherwise
 * (`personIds` omitted, a first fill, a run killed half-way, a clock set back) everyone is.
 * Persons no longer stored lose their row.
 * @returns the number of persons evaluated.
 */
export function refreshMemberSummary(db: WritableDB, today: string, personIds?: Iterable<number>): number {
  return db.transaction(() => {
    const complete = prepared(db, 'SELECT (SELECT count(*) FROM person) = (SELECT count(*) FROM member_summary)').pluck().get() === 1
    const on = memberSummaryDate(db)
    const products = licenceProducts(db)
    const insert = prepared(
      db,
      'INSERT INTO member_summary (person_id, club, club_id, verdict, licence_id, valid_until, held_until, insured, recheck_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
    )
    const write = (persons: Person[], ranged: boolean) => {
      for (const row of evaluate(db, persons, products, today, ranged)) {
        insert.run(row.person_id, row.club, row.club_id, row.verdict, row.licence_id, row.valid_until, row.held_until, row.insured, row.recheck_on)
      }
      return persons.length
    }
    // A step's persons at a time, so that 150,000 members are never all held at once.
    let evaluated = 0
    if (personIds !== undefined && complete && on !== null && on <= today) {
      const due = prepared(db, 'SELECT person_id FROM member_summary WHERE recheck_on <= ?').pluck().all(today) as number[]
      const ids = [...new Set([...personIds, ...due])]
      for (let from = 0; from < ids.length; from += STEP) {
        const step = JSON.stringify(ids.slice(from, from + STEP))
        prepared(db, 'DELETE FROM member_summary WHERE person_id IN (SELECT value FROM json_each(?))').run(step)
        evaluated += write(prepared(db, 'SELECT id, birth_date FROM person WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id').all(step) as Person[], false)
      }
    } else {
      // Every row anew: the summary's own indexes are made again after the rows, each sorted once, rather
      // than kept while 150,000 rows go in (0.05–0.1 s of a 1.6–1.7 s refresh at 150,000 athletes).
      const indexes = prepared(db, "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'member_summary' AND sql IS NOT NULL").all() as Array<{ name: string; sql: string }>
      for (const { name } of indexes) db.exec(`DROP INDEX ${name}`)
      prepared(db, 'DELETE FROM member_summary').run()
      const next = prepared(db, `SELECT id, birth_date FROM person WHERE id > ? ORDER BY id LIMIT ${STEP}`)
      for (let persons = next.all(Number.MIN_SAFE_INTEGER) as Person[]; persons.length > 0; persons = next.all(persons[persons.length - 1].id) as Person[]) {
        evaluated += write(persons, true)
      }
      for (const { sql } of indexes) db.exec(sql)
    }
    prepared(db, 'INSERT OR REPLACE INTO member_summary_state (id, on_date) VALUES (1, ?)').run(today)
    return evaluated
  }).immediate()
}
