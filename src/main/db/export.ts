import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'
import { TABLES, type ExportResource } from './tables'

export { EXPORT_RESOURCES, type ExportResource } from './tables'

/**
 * The stored elements of `resource`, each as the JSON text last received from the API (all
 * fields, API names), in ascending id order (then by scope, for tables keyed by (scope, id)). A
 * nested user stored as a reference (see `upsertElements`) gets the person's profile back in its
 * place, with the `sportParameters` the element carried. Where the element does not name the
 * list it came from (`exportParent`), that field is added last. Streams row by row, so any size
 * fits in memory.
 */
export function exportRaw(db: ReadableDB | WritableDB, resource: ExportResource): IterableIterator<string> {
  const { table, persons, exportParent } = TABLES[resource]
  const raw = exportParent ? `json_set(t.raw, '$.${exportParent.field}', t.${exportParent.column})` : 't.raw'
  const sql = persons
    ? `SELECT CASE WHEN p.raw IS NOT NULL AND json_remove(t.raw -> '$.user', '$.sportParameters') = json_object('id', t.user_id)
         THEN json_set(t.raw, '$.user', CASE WHEN json_type(t.raw, '$.user.sportParameters') IS NULL THEN json(p.raw)
           ELSE json_set(p.raw, '$.sportParameters', t.raw -> '$.user.sportParameters') END)
         ELSE t.raw END
       FROM ${table} t LEFT JOIN person p ON p.id = t.user_id ORDER BY t.id`
    : `SELECT ${raw} FROM ${table} t ORDER BY t.id, t.scope`
  return prepared(db, sql).pluck().iterate() as IterableIterator<string>
}

/** How many elements `exportRaw` gives for `resource`: its stored rows. */
export function countExported(db: ReadableDB | WritableDB, resource: ExportResource): number {
  return prepared(db, `SELECT count(*) FROM ${TABLES[resource].table}`).pluck().get() as number
}
