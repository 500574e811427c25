/**
 * The copies of a person's names and contacts kept by the lists that carry their own (spec v2
 * §2.9 a merit's grants, §2.16 an event's registered users), read for someone no profile
 * (`person`) is stored for: one rule wherever such a person is named.
 */

/**
 * SQL selecting the newest copy of person `id`'s (an SQL expression) names and contacts: a row
 * `(source, copy)`, `source` 'registration' with a registered event user's `user` (§2.16: basic
 * contact information) as `copy`, or 'grant' with the grant (§2.9: the grantee's fields at its top
 * level, `phoneNumber` for the phone). Newest by the list element's modificationTime; a grant may
 * carry none and then counts as the oldest, and on a tie the registered user's copy wins, being
 * the registry's user profile itself. No row when neither list names the person.
 */
export function newestCopySql(id: string): string {
  return `SELECT 'registration' AS source, coalesce(raw -> '$.user', '{}') AS copy, modification_us, 1 AS preference, event_id AS list_id FROM registered_event_user WHERE user_id = ${id}
     UNION ALL SELECT 'grant', raw, modification_us, 0, merit_id FROM granted_merit WHERE user_id = ${id}
     ORDER BY modification_us DESC, preference DESC, list_id DESC LIMIT 1`
}

/** SQL, a scalar subquery: the top-level `field` (e.g. `firstName`) of person `id`'s newest copy (`newestCopySql`), else NULL. */
export function copiedFieldSql(id: string, field: string): string {
  return `(SELECT c.copy ->> '$.${field}' FROM (${newestCopySql(id)}) c)`
}

/** SQL, a scalar subquery: person `id`'s Sport-ID from the newest registered event user's copy that gives one (§2.16; a grant, §2.9, has none), else NULL. */
export function copiedSportIdSql(id: string): string {
  return `(SELECT u.raw ->> '$.user.sportId' FROM registered_event_user u WHERE u.user_id = ${id} AND typeof(u.raw ->> '$.user.sportId') = 'integer' ORDER BY u.modification_us DESC LIMIT 1)`
}
