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

/**
 * A user profile (spec v2 §2.11) as a user licence carries it, for query tests: Sport-ID 10,000,000 +
 * `id`, first name "Testi", an address `<last name>@example.fi`, modified at `modificationTime`;
 * `extra` adds or replaces fields (guardians, an e-mail of null).
 */
export function testPerson(modificationTime: string, id: number, lastName: string, birthDate: string, extra: Record<string, unknown> = {}): TestElement {
  return { id, sportId: 10_000_000 + id, firstName: 'Testi', lastName, birthDate, email: `${lastName.toLowerCase()}@example.fi`, modificationTime, ...extra }
}
