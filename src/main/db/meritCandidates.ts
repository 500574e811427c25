import type { MeritCandidate, OrderedMeritGroup } from '../../shared/meritCandidates'
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
 * Merit candidates of an ordered merit group (issue 7), by next merit's order and last name:
 * members who hold merit k of the group and not merit k+1 (by `orderNumber`, spec v2 §2.8), and
 * members with a user licence in at least `seasons` licence periods and no merit of the group,
 * for its first merit; with `nextMeritId`, only the candidates of that merit. A grant of the
 * group's merits lists its grantees under the merit (`granted_merit`, spec v2 §2.9).
 */
export function readMeritCandidates(db: ReadableDB, groupId: number, seasons: number, nextMeritId?: number): MeritCandidate[] {
  const rows = prepared(
    db,
    `WITH ladder AS (
       SELECT id, name, row_number() OVER (ORDER BY order_number, id) AS step FROM merit WHERE merit_group_id = :groupId
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
       FROM (SELECT user_id, count(DISTINCT licence_period_id) AS seasons FROM user_licence GROUP BY user_id) s
         JOIN ladder f ON f.step = 1
       WHERE s.seasons >= :seasons AND NOT EXISTS (SELECT 1 FROM held h WHERE h.user_id = s.user_id)
     )
     SELECT p.id, p.sport_id AS sportId, p.first_name AS firstName, p.last_name AS lastName, ${CLUB} AS club,
       c.next_id AS nextMeritId, c.next_name AS nextMeritName, c.held_name AS heldMeritName, c.held_since AS heldSince, c.seasons
     FROM candidates c JOIN person p ON p.id = c.user_id
     WHERE :next IS NULL OR c.next_id = :next
     ORDER BY c.next_step, p.last_name, p.first_name, p.id`
  ).all({ groupId, seasons, next: nextMeritId ?? null }) as Row[]
  return rows.map((row) => {
    const candidate: MeritCandidate = { id: row.id, sportId: row.sportId, nextMeritId: row.nextMeritId, nextMeritName: row.nextMeritName }
    for (const key of ['firstName', 'lastName', 'club', 'heldMeritName', 'heldSince', 'seasons'] as const) if (row[key] !== null) Object.assign(candidate, { [key]: row[key] })
    return candidate
  })
}
