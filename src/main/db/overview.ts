import type { LicencePeriodSummary, MemberFilterOptions, MeritChoice, OrganizationLicenceHolders, OrganizationNode } from '../../shared/ipc/contract'
import { readLicencePeriod } from './licencePeriods'
import type { ReadableDB } from './open'
import { prepared } from './statements'

/** Choices for the member list's filters: clubs, areas, licences and licence periods, by name. */
export function readMemberFilterOptions(db: ReadableDB): MemberFilterOptions {
  const ofType = (type: 'CLUB' | 'AREA') => prepared(db, "SELECT id, coalesce(name, '#' || id) AS name FROM organization WHERE type = ? ORDER BY name, id").all(type) as Array<{ id: number; name: string }>
  return {
    clubs: ofType('CLUB'),
    areas: ofType('AREA'),
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

/** SQL: each member's clubs (`user_id`, `licence_organization_id`) of licence period `?`, in member order; exported for EXPLAIN QUERY PLAN tests. */
export const CLUBS_OF_PERIOD_SQL = 'SELECT user_id, licence_organization_id FROM user_licence WHERE licence_period_id = ? AND licence_organization_id IS NOT NULL ORDER BY user_id'

/**
 * The licence holders of each organization for the tree (`OrganizationLicenceHolders`) in the
 * licence period containing `today` (ISO date): each member's clubs of the period, read in member
 * order from the covering index `user_licence_period` (migration 0014), are counted for the club and
 * every organization above it, once per member however many of its clubs lie below. A parent
 * chain that loops is followed once round. About 0.1 s at 150,000 athletes.
 */
export function readOrganizationLicenceHolders(db: ReadableDB, today: string): OrganizationLicenceHolders {
  const period = readLicencePeriod(db, today)
  if (period === undefined) return { licencePeriod: null, holders: [] }
  const parents = new Map(prepared(db, 'SELECT id, parent_id FROM organization').raw().all() as Array<[number, number | null]>)
  const holders = new Map<number, number>()
  let member: number | null = null
  const counted = new Set<number>()
  const clubs = prepared(db, CLUBS_OF_PERIOD_SQL)
  for (const [userId, clubId] of clubs.raw().iterate(period.id) as Iterable<[number, number]>) {
    if (userId !== member) {
      member = userId
      counted.clear()
    }
    for (let id: number | null | undefined = clubId; id !== null && id !== undefined && !counted.has(id); id = parents.get(id)) {
      counted.add(id)
      holders.set(id, (holders.get(id) ?? 0) + 1)
    }
  }
  return { licencePeriod: { id: period.id, name: period.name }, holders: [...holders].map(([organizationId, members]) => ({ organizationId, members })) }
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
