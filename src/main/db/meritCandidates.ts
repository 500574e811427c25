import type { MeritCandidate, MeritCandidateList, OrderedMeritGroup } from '../../shared/meritCandidates'
import { indexesDeferred } from './bulkLoad'
import { CLUB } from './memberSummary'
import type { ReadableDB } from './open'
import { prepared } from './statements'

/** The stored ordered merit groups (spec v2 §2.7 `isOrdered`) that have merits, by organization and name, each with its merits in order. */
export function readOrderedMeritGroups(db: ReadableDB): OrderedMeritGroup[] {
  const rows = prepared(
    db,
    `SELECT g.id, coalesce(g.name, '#' || g.id) AS name, o.name AS organizationName,
       (SELECT json_group_array(json_object('id', m.id, 'name', coalesce(m.name, '#' || m.id)))
          FROM (SELECT * FROM merit WHERE merit_group_id = g.id ORDER BY order_number, id) m) AS merits
     FROM merit_group g LEFT JOIN organization o ON o.id = g.organization_id
     WHERE g.raw ->> '$.isOrdered' = 1 AND EXISTS (SELECT 1 FROM merit m WHERE m.merit_group_id = g.id)
     ORDER BY o.name, g.name, g.id`
  ).all() as Array<Omit<OrderedMeritGroup, 'merits'> & { merits: string }>
  return rows.map((row) => ({ ...row, merits: JSON.parse(row.merits) as OrderedMeritGroup['merits'] }))
}

/**
 * One stored merit group as a candidate list needs it: its name (`#id` without one), whether it is
 * ordered (spec v2 §2.7 `isOrdered`) and whether merit `meritId` is of it; undefined when the group
 * is not stored.
 */
export function readCandidateGroup(db: ReadableDB, groupId: number, meritId?: number): { name: string; ordered: boolean; hasMerit: boolean } | undefined {
  const group = prepared(
    db,
    `SELECT coalesce(name, '#' || id) AS name, raw ->> '$.isOrdered' AS ordered,
       EXISTS (SELECT 1 FROM merit WHERE id = ? AND merit_group_id = merit_group.id) AS hasMerit
     FROM merit_group WHERE id = ?`
  ).get(meritId ?? null, groupId) as { name: string; ordered: number | null; hasMerit: number } | undefined
  return group && { name: group.name, ordered: group.ordered === 1, hasMerit: group.hasMerit === 1 }
}

interface Row {
  id: number
  sportId: number
  firstName: string | null
  lastName: string | null
  club: string | null
  nextMeritId: number
  nextMeritName: string
  heldMeritName: string | null
  heldSince: string | null
  seasons: number | null
}

/**
 * The CTE `candidates` of group :groupId (parameter :seasons): holders of merit k without k+1,
 * and members of :seasons licence periods without any merit of the group, for its first merit.
 * Seasons count the user licences bound (`licenceOrganizationId`, spec v2 §2.10) to the group's
 * organization (spec v2 §2.7 `organizationId`) or one below it (`parentId`, §2.1): a club's merits
 * are for its own members, an area association's for its clubs' members, the federation's for all.
 * When that organization is not stored, every licence counts. `+user_id`: grouped by a sort of
 * the rows, the organizations are read from a covering index (`user_licence_period`), not from
 * each row (0.1 s instead of 1–2 s at 150,000 athletes).
 */
export const CANDIDATES = `WITH RECURSIVE ladder AS (
    SELECT id, name, row_number() OVER (ORDER BY order_number, id) AS step FROM merit WHERE merit_group_id = :groupId
  ),
  owner(id) AS (
    SELECT o.id FROM merit_group g JOIN organization o ON o.id = g.organization_id WHERE g.id = :groupId
    UNION SELECT o.id FROM organization o JOIN owner ON o.parent_id = owner.id
  ),
  held AS (
    SELECT DISTINCT g.user_id, l.step, l.name, g.granting_date FROM granted_merit g JOIN ladder l ON l.id = g.merit_id
  ),
  candidates AS (
    SELECT h.user_id, n.id AS next_id, n.name AS next_name, n.step AS next_step, h.name AS held_name, h.granting_date AS held_since, NULL AS seasons
    FROM held h JOIN ladder n ON n.step = h.step + 1
    WHERE NOT EXISTS (SELECT 1 FROM held later WHERE later.user_id = h.user_id AND later.step > h.step)
    UNION ALL
    SELECT s.user_id, f.id, f.name, 1, NULL, NULL, s.seasons
    FROM (SELECT user_id, count(DISTINCT licence_period_id) AS seasons FROM user_licence
          WHERE NOT EXISTS (SELECT 1 FROM owner) OR licence_organization_id IN owner GROUP BY +user_id) s
      JOIN ladder f ON f.step = 1
    WHERE s.seasons >= :seasons AND NOT EXISTS (SELECT 1 FROM held h WHERE h.user_id = s.user_id)
  )`
/**
 * The matching candidates `c` with their person `p`, read through `person_order` (it holds the
 * names the window sorts by; looking each person's row up instead took seconds at 150,000
 * athletes) unless a first sync has dropped it (db/bulkLoad.ts).
 */
const matching = (indexesDropped: boolean) =>
  `candidates c JOIN person p ${indexesDropped ? '' : 'INDEXED BY person_order'} ON p.id = c.user_id WHERE :next IS NULL OR c.next_id = :next`

/**
 * Merit candidates of an ordered merit group (issue 7), by next merit's order and last name:
 * members who hold merit k of the group and not merit k+1 (by `orderNumber`, spec v2 §2.8), and
 * members with a user licence in at least `seasons` licence periods (licences bound to the group's
 * organization or one below it, see `CANDIDATES`) and no merit of the group, for its first merit;
 * with `nextMeritId`, only the candidates of that merit. A grant of the group's merits lists its
 * grantees under the merit (`granted_merit`, spec v2 §2.9).
 * Only the first `limit` rows get their names and club (a group's first merit can have every
 * member as candidate: 142,000 at 150,000 athletes, 3–4 s when all were read, ~0.5 s this way);
 * `ids` lists every candidate in that order when there are at most `idsUpTo`, else it is null.
 * @param options.limit rows wanted, at least 1, or -1 for all (an export's).
 */
export function readMeritCandidates(
  db: ReadableDB,
  groupId: number,
  seasons: number,
  options: { nextMeritId?: number; limit: number; idsUpTo: number }
): MeritCandidateList {
  const from = matching(indexesDeferred(db))
  const params = { groupId, seasons, next: options.nextMeritId ?? null }
  // The count comes with the window (a window function over all matches), so the candidates are found once.
  const rows = prepared(
    db,
    `${CANDIDATES}
     SELECT p.id, p.sport_id AS sportId, p.first_name AS firstName, p.last_name AS lastName, ${CLUB} AS club,
       x.next_id AS nextMeritId, x.next_name AS nextMeritName, x.held_name AS heldMeritName, x.held_since AS heldSince, x.seasons, x.total
     FROM (SELECT c.*, p.last_name AS ln, p.first_name AS fn, count(*) OVER () AS total FROM ${from}
           ORDER BY c.next_step, p.last_name, p.first_name, p.id LIMIT :limit) x
       JOIN person p ON p.id = x.user_id
     ORDER BY x.next_step, x.ln, x.fn, p.id`
  ).all({ ...params, limit: options.limit }) as Array<Row & { total: number }>
  const total = rows[0]?.total ?? 0
  const ids =
    total <= options.idsUpTo
      ? (prepared(db, `${CANDIDATES} SELECT c.user_id FROM ${from} ORDER BY c.next_step, p.last_name, p.first_name, p.id`).pluck().all(params) as number[])
      : null
  return {
    total,
    ids,
    rows: rows.map((row) => {
      const candidate: MeritCandidate = { id: row.id, sportId: row.sportId, nextMeritId: row.nextMeritId, nextMeritName: row.nextMeritName }
      for (const key of ['firstName', 'lastName', 'club', 'heldMeritName', 'heldSince', 'seasons'] as const) if (row[key] !== null) Object.assign(candidate, { [key]: row[key] })
      return candidate
    })
  }
}
