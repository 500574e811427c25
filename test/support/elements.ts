import { parseInstant } from '../../src/shared/instant'
import type { WritableDB } from '../../src/main/db/open'
import { upsertElements } from '../../src/main/db/synced'
import type { ExportResource } from '../../src/main/db/tables'

/** Elements as a test writes them: API field names, an `id`, no modificationTime (the store adds it). */
export type TestElement = Record<string, unknown> & { id: number }

/**
 * A writer of synced elements for query tests: stores `elements` of `resource` listed under
 * `scope` as one sync run (generation 1) would, each with `modificationTime` (an instant) unless it
 * gives its own.
 */
export function elementStore(modificationTime: string): (db: WritableDB, resource: ExportResource, scope: string, elements: TestElement[]) => void {
  const modificationUs = parseInstant(modificationTime)
  return (db, resource, scope, elements) =>
    upsertElements(db, resource, scope, 1, elements.map((element) => ({ id: element.id, modificationUs, element: { modificationTime, ...element } })), parseInstant)
}
