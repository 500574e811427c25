import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/**
 * The current user licence of person `p` on `:today` (DESIGN §3b): its usage period contains the
 * day and no other user licence of the person names it in `upgradeFrom`; the latest-ending wins.
 * SQL expression over `person p`, with the parameter `:today` (ISO date).
 */
export const CURRENT_LICENCE = `(SELECT ul.id FROM user_licence ul
  WHERE ul.user_id = p.id AND ul.usage_period_start <= :today AND ul.usage_period_end >= :today
    AND NOT EXISTS (SELECT 1 FROM user_licence up WHERE up.user_id = ul.user_id AND up.upgrade_from = ul.id)
  ORDER BY ul.usage_period_end DESC, ul.id DESC LIMIT 1)`

/**
 * The club of person `p`: the licence organization of their latest-ending user licence that no
 * upgrade replaced (SQL over `person p`).
 */
export const CLUB = `(SELECT ul.licence_organization_name FROM user_licence ul
  WHERE ul.user_id = p.id AND ul.licence_organization_name IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM user_licence up WHERE up.user_id = ul.user_id AND up.upgrade_from = ul.id)
  ORDER BY ul.usage_period_end DESC, ul.id DESC LIMIT 1)`

/** Whether person `p` holds a user insurance valid on `:today` (SQL over `person p`, 0 or 1). */
export const INSURED = `EXISTS (SELECT 1 FROM user_insurance ui
  WHERE ui.user_id = p.id AND ui.usage_period_start <= :today AND ui.usage_period_end >= :today)`

/**
 * Fills `member_summary` by the rules of CURRENT_LICENCE, CLUB and INSURED, set-based (one pass
 * over the licences instead of three lookups per person: 150,000 persons in well under the time).
 * `only` restricts every part to the persons of the JSON array `:ids`.
 */
function fillSql(only: boolean): string {
  const of = (column: string) => (only ? `AND ${column} IN (SELECT value FROM json_each(:ids))` : '')
  return `INSERT INTO member_summary (person_id, club, current_licence_id, licence_end, insured)
    WITH kept AS (
      SELECT ul.user_id, ul.id, ul.licence_organization_name, ul.usage_period_start, ul.usage_period_end FROM user_licence ul
      WHERE ul.user_id IS NOT NULL ${of('ul.user_id')}
        AND NOT EXISTS (SELECT 1 FROM user_licence up WHERE up.user_id = ul.user_id AND up.upgrade_from = ul.id)),
    current AS (
      SELECT user_id, id, usage_period_end, row_number() OVER (PARTITION BY user_id ORDER BY usage_period_end DESC, id DESC) AS n
      FROM kept WHERE usage_period_start <= :today AND usage_period_end >= :today),
    club AS (
      SELECT user_id, licence_organization_name AS name, row_number() OVER (PARTITION BY user_id ORDER BY usage_period_end DESC, id DESC) AS n
      FROM kept WHERE licence_organization_name IS NOT NULL),
    insured AS (
      SELECT DISTINCT user_id FROM user_insurance ui
      WHERE ui.usage_period_start <= :today AND ui.usage_period_end >= :today ${of('ui.user_id')})
    SELECT p.id, club.name, current.id, current.usage_period_end, insured.user_id IS NOT NULL
    FROM person p
      LEFT JOIN current ON current.user_id = p.id AND current.n = 1
      LEFT JOIN club ON club.user_id = p.id AND club.n = 1
      LEFT JOIN insured ON insured.user_id = p.id
    WHERE true ${of('p.id')}`
}

/**
 * The day the member summary was evaluated on (ISO date), or null when it was never filled. The
 * member list uses the summary only when this is the day it asks about.
 */
export function memberSummaryDate(db: ReadableDB): string | null {
  return (prepared(db, 'SELECT on_date FROM member_summary_state WHERE id = 1').pluck().get() as string | undefined) ?? null
}

/**
 * Brings the member summary (migration 0004) up to date for `today` (ISO local date): for the
 * persons in `personIds` only when the summary is already of that day and has a row per person,
 * else for everyone (a new day changes whose licence is current). Persons no longer stored lose
 * their row. One transaction.
 * @returns the number of persons evaluated.
 */
export function refreshMemberSummary(db: WritableDB, today: string, personIds?: Iterable<number>): number {
  return db.transaction(() => {
    // A run killed after storing persons left some without a row: then everyone is evaluated.
    const complete = prepared(db, 'SELECT (SELECT count(*) FROM person) = (SELECT count(*) FROM member_summary)').pluck().get() === 1
    if (personIds !== undefined && complete && memberSummaryDate(db) === today) {
      const ids = JSON.stringify([...personIds])
      prepared(db, 'DELETE FROM member_summary WHERE person_id IN (SELECT value FROM json_each(?))').run(ids)
      return prepared(db, fillSql(true)).run({ ids, today }).changes
    }
    prepared(db, 'DELETE FROM member_summary').run()
    const evaluated = prepared(db, fillSql(false)).run({ today }).changes
    prepared(db, 'INSERT OR REPLACE INTO member_summary_state (id, on_date) VALUES (1, ?)').run(today)
    return evaluated
  })()
}
