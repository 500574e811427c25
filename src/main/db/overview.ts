import type { LicencePeriodSummary, MemberFilterOptions, MeritChoice, OrganizationNode } from '../../shared/ipc/contract'
import type { ReadableDB } from './open'
import { prepared } from './statements'

/** Choices for the member list's filters: clubs, licences and licence periods, by name. */
export function readMemberFilterOptions(db: ReadableDB): MemberFilterOptions {
  return {
    clubs: prepared(db, "SELECT id, coalesce(name, '#' || id) AS name FROM organization WHERE type = 'CLUB' ORDER BY name, id").all() as MemberFilterOptions['clubs'],
    licences: prepared(
      db,
      "SELECT id, coalesce(name, '#' || id) AS name, licence_period_id AS licencePeriodId FROM licence ORDER BY licence_period_id DESC, name, id"
    ).all() as MemberFilterOptions['licences'],
    licencePeriods: prepared(db, "SELECT id, coalesce(name, '#' || id) AS name FROM licence_period ORDER BY start_time DESC, id DESC").all() as MemberFilterOptions['licencePeriods']
  }
}

/**
 * Per licence period, newest first: each licence with its number of user licences and each
 * insurance with its number of user insurances (spec v2 §2.4, §2.6, §2.12, §2.13).
 */
export function readLicenceSummary(db: ReadableDB): LicencePeriodSummary[] {
  const periods = prepared(db, 'SELECT id, name, start_time, end_time FROM licence_period ORDER BY start_time DESC, id DESC').all() as Array<{
    id: number
    name: string | null
    start_time: string | null
    end_time: string | null
  }>
  const licences = prepared(
    db,
    `SELECT l.id, l.licence_period_id AS period, coalesce(l.name, '#' || l.id) AS name,
       coalesce(c.n, 0) AS count
     FROM licence l LEFT JOIN (SELECT licence_id, count(*) AS n FROM user_licence GROUP BY licence_id) c ON c.licence_id = l.id
     ORDER BY l.name, l.id`
  ).all() as Array<{ id: number; period: number | null; name: string; count: number }>
  const insurances = prepared(
    db,
    `SELECT i.id, i.licence_period_id AS period, coalesce(i.name, '#' || i.id) AS name,
       coalesce(c.n, 0) AS count
     FROM insurance i LEFT JOIN (SELECT insurance_id, count(*) AS n FROM user_insurance GROUP BY insurance_id) c ON c.insurance_id = i.id
     ORDER BY i.name, i.id`
  ).all() as Array<{ id: number; period: number | null; name: string; count: number }>
  return periods.map((period) => {
    const summary: LicencePeriodSummary = {
      id: period.id,
      name: period.name ?? `#${period.id}`,
      licences: licences.filter((l) => l.period === period.id).map(({ id, name, count }) => ({ id, name, count })),
      insurances: insurances.filter((i) => i.period === period.id).map(({ id, name, count }) => ({ id, name, count }))
    }
    if (period.start_time !== null) summary.startTime = period.start_time
    if (period.end_time !== null) summary.endTime = period.end_time
    return summary
  })
}

/** Every stored organization with its parent, status and federation (spec v2 §2.2), for the tree federation → areas → clubs and the club transfer's choice. */
export function readOrganizations(db: ReadableDB): OrganizationNode[] {
  return prepared(db, "SELECT id, coalesce(name, '#' || id) AS name, type, parent_id AS parentId, status, federation_id AS federationId FROM organization ORDER BY name, id").all() as OrganizationNode[]
}

/**
 * Every stored merit (spec v2 §2.8) for the batch grant's picker, by organization, group and the
 * merit's `orderNumber` (the order the spec says merits sort in).
 */
export function readMeritChoices(db: ReadableDB): MeritChoice[] {
  return prepared(
    db,
    `SELECT m.id, coalesce(m.name, '#' || m.id) AS name, coalesce(g.name, m.raw ->> '$.meritGroupName') AS meritGroupName, o.name AS organizationName
     FROM merit m LEFT JOIN merit_group g ON g.id = m.merit_group_id LEFT JOIN organization o ON o.id = g.organization_id
     ORDER BY o.name, meritGroupName, m.order_number, m.id`
  ).all() as MeritChoice[]
}
