import { groupBy } from '../../shared/groupBy'
import type { Reports } from '../../shared/reports'
import type { ReadableDB } from './open'
import { periodBefore, readLicencePeriod } from './licencePeriods'
import { prepared } from './statements'

/**
 * The reports of issue 7 for the licence period `periodId`, or the latest period that has started
 * by `today` (ISO date) when none is given, with its club transfers from the period before it;
 * see `Reports`. Members without a club, an area (a club right under the federation) or a named
 * licence count under null; a licence the licence list lacks is named as its user licences name
 * it (spec v2 §2.12 `name`). Counted from the indexes `user_licence_period` and `person_order`
 * (migration 0014), never from the rows' JSON; while a first sync has those dropped
 * (db/bulkLoad.ts), SQLite scans the tables instead.
 */
export function readReports(db: ReadableDB, today: string, periodId?: number): Reports {
  const period = readLicencePeriod(db, today, periodId)
  const merits = prepared(db, "SELECT substr(granting_date, 1, 4) AS year, count(*) AS grants FROM granted_merit WHERE granting_date IS NOT NULL GROUP BY year ORDER BY year").all() as Reports['merits']
  const licencePeriods = prepared(db, "SELECT id, coalesce(name, '#' || id) AS name FROM licence_period ORDER BY start_time DESC, id DESC").all() as Reports['licencePeriods']
  if (!period) return { licencePeriod: null, licencePeriods, clubs: [], areas: [], licences: [], ages: [], sales: [], transfers: [], merits }
  const previous = prepared(db, `SELECT ${periodBefore(':period')}`).pluck().get({ period: period.id }) as number | null
  const params = { period: period.id, end: (period.end_time ?? today).slice(0, 10), previous }
  const read = <K extends keyof typeof PERIOD_REPORT_SQL>(report: K) => prepared(db, PERIOD_REPORT_SQL[report]).all(params) as Reports[K]
  const [areas, licences, ages, sales] = [read('areas'), read('licences'), read('ages'), read('sales')]
  const clubs = distinguishClubs(prepared(db, PERIOD_REPORT_SQL.clubs).all(params) as Array<Reports['clubs'][number] & CountedClub>)
  const transfers = distinguishClubs(prepared(db, PERIOD_REPORT_SQL.transfers).all(params) as Array<Reports['transfers'][number] & CountedClub>)
  return { licencePeriod: { id: period.id, name: period.name }, licencePeriods, clubs, areas, licences, ages, sales, transfers, merits }
}

/** What the club reports' SQL gives of a row's club to tell clubs of one name apart: its organization id (null: none given) and its parent's name. */
interface CountedClub {
  clubId: number | null
  parent: string | null
}

/**
 * The rows of a club report with each club's name told apart from another club's of the same name:
 * by its parent's (the area's) when those differ ("Seura B (Pohjoinen)"), else by its organization
 * id ("Seura B (#303)"); a name without an id stays as it is. Drops `parent`.
 */
function distinguishClubs<Row extends { club: string | null } & CountedClub>(rows: Row[]): Array<Omit<Row, 'parent'>> {
  const byName = groupBy(
    rows.filter((row) => row.club !== null),
    (row) => row.club
  )
  return rows.map(({ parent, ...row }) => {
    const namesakes = row.club === null ? [] : byName.get(row.club)!
    if (namesakes.length < 2 || row.clubId === null) return row
    const parents = new Set(namesakes.map((namesake) => namesake.parent))
    const byParent = parent !== null && parents.size === namesakes.length && !parents.has(null)
    return { ...row, club: `${row.club} (${byParent ? parent : `#${row.clubId}`})` }
  })
}

/**
 * A club of a user licence (spec v2 §2.12): its `licenceOrganizationId`, so that a club renamed
 * between two licences stays one club (no transfer) and two clubs of one name stay two; by
 * `licenceOrganizationName` only for a licence without the id. Grouped by `licence_organization_id`
 * and `licence_organization_name`, both in the covering index `user_licence_period`.
 */
const clubKey = (id: string, name: string) => `${id}, CASE WHEN ${id} IS NULL THEN ${name} END`
/** A counted club (`k`: its `id` and a `name` its licences gave) joined to its organization (`o`) and that one's parent (`op`). */
const CLUB_JOINS = 'LEFT JOIN organization o ON o.id = k.id LEFT JOIN organization op ON op.id = o.parent_id'
/** A counted club's name: the organization's own, as the registry names it now; the licences' when it is not stored; else its id ("#301"). */
const CLUB_NAMED = "coalesce(o.name, k.name, '#' || k.id)"

/**
 * The reports of one licence period (`:period`, its id; `:end`, the ISO date ages are counted on;
 * `:previous`, the period before it, null for none), exported for EXPLAIN QUERY PLAN tests.
 * Members are counted once per group (`count(DISTINCT)`, or grouped by member first).
 */
export const PERIOD_REPORT_SQL = {
  clubs: `WITH counted AS (
       SELECT licence_organization_id AS id, max(licence_organization_name) AS name, count(DISTINCT user_id) AS members FROM user_licence
       WHERE licence_period_id = :period GROUP BY ${clubKey('licence_organization_id', 'licence_organization_name')}
     )
     SELECT ${CLUB_NAMED} AS club, k.members, k.id AS clubId, op.name AS parent FROM counted k ${CLUB_JOINS} ORDER BY k.members DESC, club, k.id`,
  areas: `SELECT a.name AS area, count(DISTINCT u.user_id) AS members
     FROM user_licence u LEFT JOIN organization c ON c.id = u.licence_organization_id LEFT JOIN organization a ON a.id = c.parent_id AND a.type = 'AREA'
     WHERE u.licence_period_id = :period GROUP BY area ORDER BY members DESC, area`,
  // Only the user licences of a licence the licence list lacks are read whole, for its name.
  licences: `WITH unlisted AS (
       SELECT licence_id, min(raw ->> '$.name') AS name FROM user_licence
       WHERE licence_period_id = :period AND licence_id IS NOT NULL AND licence_id NOT IN (SELECT id FROM licence) GROUP BY licence_id
     )
     SELECT coalesce(l.name, n.name) AS licence, count(DISTINCT u.user_id) AS members
     FROM user_licence u LEFT JOIN licence l ON l.id = u.licence_id LEFT JOIN unlisted n ON n.licence_id = u.licence_id
     WHERE u.licence_period_id = :period GROUP BY licence ORDER BY members DESC, licence`,
  ages: `WITH holders AS (
       SELECT p.birth_date, p.gender FROM person p
       WHERE p.birth_date IS NOT NULL AND EXISTS (SELECT 1 FROM user_licence u WHERE u.user_id = p.id AND u.licence_period_id = :period)
     ), aged AS (
       SELECT (CAST(substr(:end, 1, 4) AS INTEGER) - CAST(substr(birth_date, 1, 4) AS INTEGER) - (substr(:end, 6, 5) < substr(birth_date, 6, 5))) / 5 * 5 AS low, gender FROM holders
     )
     SELECT printf('%d–%d', low, low + 4) AS band, sum(gender = 'Female') AS female, sum(gender = 'Male') AS male, sum(gender IS NULL OR gender NOT IN ('Female', 'Male')) AS other
     FROM aged GROUP BY low ORDER BY low`,
  sales: `SELECT substr(purchase_time, 1, 7) AS month, count(*) AS licences FROM user_licence WHERE licence_period_id = :period AND purchase_time IS NOT NULL
     GROUP BY month ORDER BY month`,
  // Each member's clubs in the two periods, then the clubs of those licensed in both that differ (an upgrade keeps its club).
  transfers: `WITH held AS (
       SELECT user_id, licence_organization_id AS id, max(licence_organization_name) AS name, max(licence_period_id = :previous) AS before, max(licence_period_id = :period) AS now
       FROM user_licence WHERE licence_period_id IN (:previous, :period) AND (licence_organization_id IS NOT NULL OR licence_organization_name IS NOT NULL)
       GROUP BY user_id, ${clubKey('licence_organization_id', 'licence_organization_name')}
     ), renewed AS (
       SELECT user_id FROM held GROUP BY user_id HAVING max(before) = 1 AND max(now) = 1
     ), counted AS (
       SELECT id, max(name) AS name, sum(now AND NOT before) AS arrived, sum(before AND NOT now) AS departed FROM held
       WHERE user_id IN (SELECT user_id FROM renewed) GROUP BY ${clubKey('id', 'name')} HAVING arrived + departed > 0
     )
     SELECT ${CLUB_NAMED} AS club, k.arrived, k.departed, k.id AS clubId, op.name AS parent FROM counted k ${CLUB_JOINS} ORDER BY k.arrived + k.departed DESC, club, k.id`
} as const
