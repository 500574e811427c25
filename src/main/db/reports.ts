import type { Reports } from '../../shared/reports'
import type { ReadableDB } from './open'
import { prepared } from './statements'

/**
 * The reports of issue 7 for the licence period `periodId`, or the latest period that has started
 * by `today` (ISO date) when none is given; see `Reports`. Members without an area (a club right
 * under the federation) count under '—'.
 */
export function readReports(db: ReadableDB, today: string, periodId?: number): Reports {
  const period = (
    periodId === undefined
      ? prepared(db, "SELECT id, coalesce(name, '#' || id) AS name, end_time FROM licence_period WHERE substr(start_time, 1, 10) <= ? ORDER BY start_time DESC LIMIT 1").get(today)
      : prepared(db, "SELECT id, coalesce(name, '#' || id) AS name, end_time FROM licence_period WHERE id = ?").get(periodId)
  ) as { id: number; name: string; end_time: string | null } | undefined
  const merits = prepared(db, "SELECT substr(granting_date, 1, 4) AS year, count(*) AS grants FROM granted_merit WHERE granting_date IS NOT NULL GROUP BY year ORDER BY year").all() as Reports['merits']
  const licencePeriods = prepared(db, "SELECT id, coalesce(name, '#' || id) AS name FROM licence_period ORDER BY start_time DESC, id DESC").all() as Reports['licencePeriods']
  if (!period) return { licencePeriod: null, licencePeriods, clubs: [], areas: [], licences: [], ages: [], sales: [], merits }
  const clubs = prepared(
    db,
    `SELECT coalesce(licence_organization_name, '—') AS club, count(DISTINCT user_id) AS members FROM user_licence WHERE licence_period_id = ?
     GROUP BY club ORDER BY members DESC, club`
  ).all(period.id) as Reports['clubs']
  const areas = prepared(
    db,
    `SELECT coalesce(a.name, '—') AS area, count(DISTINCT u.user_id) AS members
     FROM user_licence u LEFT JOIN organization c ON c.id = u.licence_organization_id LEFT JOIN organization a ON a.id = c.parent_id AND a.type = 'AREA'
     WHERE u.licence_period_id = ? GROUP BY area ORDER BY members DESC, area`
  ).all(period.id) as Reports['areas']
  const licences = prepared(
    db,
    `SELECT coalesce(l.name, u.raw ->> '$.name', '—') AS licence, count(DISTINCT u.user_id) AS members
     FROM user_licence u LEFT JOIN licence l ON l.id = u.licence_id WHERE u.licence_period_id = ? GROUP BY licence ORDER BY members DESC, licence`
  ).all(period.id) as Reports['licences']
  const end = (period.end_time ?? today).slice(0, 10)
  const ages = prepared(
    db,
    `WITH holders AS (
       SELECT p.birth_date, p.raw ->> '$.gender' AS gender FROM person p
       WHERE p.birth_date IS NOT NULL AND EXISTS (SELECT 1 FROM user_licence u WHERE u.user_id = p.id AND u.licence_period_id = :period)
     ), aged AS (
       SELECT (CAST(substr(:end, 1, 4) AS INTEGER) - CAST(substr(birth_date, 1, 4) AS INTEGER) - (substr(:end, 6, 5) < substr(birth_date, 6, 5))) / 5 * 5 AS low, gender FROM holders
     )
     SELECT printf('%d–%d', low, low + 4) AS band, sum(gender = 'Female') AS female, sum(gender = 'Male') AS male, sum(gender IS NULL OR gender NOT IN ('Female', 'Male')) AS other
     FROM aged GROUP BY low ORDER BY low`
  ).all({ period: period.id, end }) as Reports['ages']
  const sales = prepared(
    db,
    "SELECT substr(raw ->> '$.purchaseTime', 1, 7) AS month, count(*) AS licences FROM user_licence WHERE licence_period_id = ? AND raw ->> '$.purchaseTime' IS NOT NULL GROUP BY month ORDER BY month"
  ).all(period.id) as Reports['sales']
  return { licencePeriod: { id: period.id, name: period.name }, licencePeriods, clubs, areas, licences, ages, sales, merits }
}
