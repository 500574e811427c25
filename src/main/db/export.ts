import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'
import { TABLES, type ExportResource } from './tables'

export { EXPORT_RESOURCES, type ExportResource } from './tables'

/**
 * The stored elements of `resource`, each as the JSON text last received from the API (all
 * fields, API names), in ascending id order. Streams row by row, so any size fits in memory.
 */
export function exportRaw(db: ReadableDB | WritableDB, resource: ExportResource): IterableIterator<string> {
  const statement = prepared(db, `SELECT raw FROM ${TABLES[resource].table} ORDER BY id`).pluck()
  return statement.iterate() as IterableIterator<string>
}
