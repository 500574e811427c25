import type { WritableDB, ReadableDB } from './open'
import { prepared } from './statements'
import { PERSON_COLUMNS, TABLES, personValues, type ExportResource } from './tables'

/** One received element ready to store: id, modificationTime in µs, raw JSON, the parsed object. */
export interface ReceivedElement {
  id: number
  modificationUs: number
  raw: string
  element: Record<string, unknown>
}

function upsertSql(resource: ExportResource): string {
  const { table, columns } = TABLES[resource]
  const all = ['id', 'scope', 'modification_us', 'generation', 'raw', ...columns]
  const set = all
    .slice(1)
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')
  // Rule 3: an element only replaces a stored one that is not newer.
  return (
    `INSERT INTO ${table} (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')}) ` +
    `ON CONFLICT (id) DO UPDATE SET ${set} WHERE excluded.modification_us >= ${table}.modification_us`
  )
}

const PERSON_SQL =
  `INSERT INTO person (id, ${PERSON_COLUMNS.join(', ')}, modification_us, raw) VALUES (?, ${PERSON_COLUMNS.map(() => '?').join(', ')}, ?, ?) ` +
  `ON CONFLICT (id) DO UPDATE SET ${[...PERSON_COLUMNS, 'modification_us', 'raw'].map((c) => `${c} = excluded.${c}`).join(', ')} ` +
  'WHERE excluded.modification_us > person.modification_us'

/**
 * Upserts received elements of `resource` into its table, tagged with `scope` and `generation`
 * (DESIGN §3 rules 3 and 5): an element older than the stored one changes nothing but the
 * generation (it was seen, so a sweep must keep it). Nested `user` profiles go to `person`, where
 * only a strictly newer user `modificationTime` replaces the stored profile.
 * Call inside a transaction. `parseUserInstant` turns a user's modificationTime into µs or throws.
 * `seenPersons` (user id → µs already written or found stored) lets a run skip persons it has
 * already written at that instant; share one map per connection and run.
 * @returns how many stored rows were added or replaced.
 */
export function upsertElements(
  db: WritableDB,
  resource: ExportResource,
  scope: string,
  generation: number,
  elements: readonly ReceivedElement[],
  parseUserInstant: (value: string) => number,
  seenPersons: Map<number, number> = new Map()
): number {
  const spec = TABLES[resource]
  const upsert = prepared(db, upsertSql(resource))
  const touch = prepared(db, `UPDATE ${spec.table} SET generation = ? WHERE id = ?`)
  const person = prepared(db, PERSON_SQL)
  let changed = 0
  for (const item of elements) {
    const result = upsert.run(item.id, scope, item.modificationUs, generation, item.raw, ...spec.values(item.element))
    if (result.changes > 0) changed++
    else touch.run(generation, item.id)
    const user = item.element.user as Record<string, unknown> | undefined
    if (user && typeof user === 'object' && typeof user.id === 'number' && typeof user.modificationTime === 'string') {
      let userUs: number
      try {
        userUs = parseUserInstant(user.modificationTime)
      } catch {
        continue
      }
      const seenUs = seenPersons.get(user.id)
      if (seenUs !== undefined && seenUs >= userUs) continue
      person.run(user.id, ...personValues(user), userUs, JSON.stringify(user))
      seenPersons.set(user.id, userUs)
    }
  }
  return changed
}

/** Rows of `resource` from `scope` whose modification instant lies in (afterUs, upToUs]. */
export function countInWindow(db: ReadableDB, resource: ExportResource, scope: string, afterUs: number, upToUs: number): number {
  const { table } = TABLES[resource]
  const row = prepared(db, `SELECT count(*) AS n FROM ${table} WHERE scope = ? AND modification_us > ? AND modification_us <= ?`).get(scope, afterUs, upToUs) as { n: number }
  return row.n
}

/**
 * Mark-and-sweep (DESIGN §3 rule 5): deletes the rows of `scope` not seen by run `generation`.
 * Only for after a complete, error-free full pass of that (resource, scope).
 * @returns the number of rows removed.
 */
export function sweepUnseen(db: WritableDB, resource: ExportResource, scope: string, generation: number): number {
  const { table } = TABLES[resource]
  return prepared(db, `DELETE FROM ${table} WHERE scope = ? AND generation < ?`).run(scope, generation).changes
}

/** Deletes persons no user licence or user insurance refers to any more. @returns rows removed. */
export function sweepUnreferencedPersons(db: WritableDB): number {
  return prepared(
    db,
    'DELETE FROM person WHERE NOT EXISTS (SELECT 1 FROM user_licence WHERE user_id = person.id) AND NOT EXISTS (SELECT 1 FROM user_insurance WHERE user_id = person.id)'
  ).run().changes
}
