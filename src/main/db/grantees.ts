import type { ReadableDB } from './open'
import { prepared } from './statements'

const valid = (table: string) => `EXISTS (SELECT 1 FROM ${table} t WHERE t.user_id = j.value
    AND coalesce(substr(t.usage_period_start, 1, 10), '0000') <= :today AND coalesce(substr(t.usage_period_end, 1, 10), '9999') >= :today)`

/** The query of `granteesWithoutValidLicence` (parameters `:ids`, a JSON array, and `:today`); each grantee is looked up by the tables' user indexes. */
export const GRANTEES_WITHOUT_VALID_LICENCE_SQL = `SELECT j.value FROM json_each(:ids) j
  WHERE NOT ${valid('user_licence')} AND NOT ${valid('user_insurance')}
  GROUP BY j.value ORDER BY min(j.key)`

/**
 * Those of `personIds` (user ids) with no user licence and no user insurance whose usage period
 * (spec v2 §2.12, §2.13: local dates, both ends included) covers `today` (ISO local date), in their
 * order, each once. The registry grants a merit only to members the organization may read, "a valid
 * licence, insurance, membership or recent event registration" (spec v2 §4.3), and refuses the
 * whole grant naming the others; memberships appear in no list of the API, and "recent" has no
 * figure, so a member found here may still be readable: a warning to show, never a refusal.
 */
export function granteesWithoutValidLicence(db: ReadableDB, personIds: readonly number[], today: string): number[] {
  return prepared(db, GRANTEES_WITHOUT_VALID_LICENCE_SQL)
    .pluck()
    .all({ ids: JSON.stringify(personIds), today }) as number[]
}
