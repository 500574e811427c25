import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'
import { TABLES, type ExportResource } from './tables'

export { EXPORT_RESOURCES, type ExportResource } from './tables'

/**
 * The stored elements of `resource`, each as the JSON text last received from the API (all
 * fields, API names), in ascending id order. A nested user stored as a reference (see
 * `upsertElements`) gets the person's profile back in its place, with the `sportParameters` the
 * element carried. Streams row by row, so any size fits in memory.
 */
export function exportRaw(db: ReadableDB | WritableDB, resource: ExportResource): IterableIterator<string> {
  const { table, columns } = TABLES[resource]
  const sql = columns.includes('user_id')
    ? `SELECT CASE WHEN p.raw IS NOT NULL AND json_remove(t.raw -> '$.user', '$.sportParameters') = json_object('id', t.user_id)
         THEN json_set(t.raw, '$.user', CASE WHEN json_type(t.raw, '$.user.sportParameters') IS NULL THEN json(p.raw)
           ELSE json_set(p.raw, '$.sportParameters', t.raw -> '$.user.sportParameters') END)
         ELSE t.raw END
       FROM ${table} t LEFT JOIN person p ON p.id = t.user_id ORDER BY t.id`
    : `SELECT raw FROM ${table} ORDER BY id`
  return prepared(db, sql).pluck().iterate() as IterableIterator<string>
}
