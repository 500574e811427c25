import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'
import { deleteElements, deleteScope } from './synced'

/**
 * The parents the sync engine fans out over (issue 4), read from what is stored, and the removal
 * of a deleted event with everything listed under it. Ids ascend, so runs read lists in a stable
 * order.
 */

/** Ids of every stored organization (spec v2 §2.2): the owners of merit groups. */
export function organizationIds(db: ReadableDB): number[] {
  return prepared(db, 'SELECT id FROM organization ORDER BY id').pluck().all() as number[]
}

/** Ids of the organizations listed under these parents (`parentId`, spec v2 §2.2). */
export function childOrganizationIds(db: ReadableDB, parentIds: readonly number[]): number[] {
  const children = prepared(db, 'SELECT id FROM organization WHERE parent_id = ? ORDER BY id').pluck()
  return parentIds.flatMap((id) => children.all(id) as number[])
}

/** Ids of every stored merit group. */
export function meritGroupIds(db: ReadableDB): number[] {
  return prepared(db, 'SELECT id FROM merit_group ORDER BY id').pluck().all() as number[]
}

/** Ids of every stored merit. */
export function meritIds(db: ReadableDB): number[] {
  return prepared(db, 'SELECT id FROM merit ORDER BY id').pluck().all() as number[]
}

/**
 * Events (v3 listing and v2 event search) whose organizer is a stored organization: the only ones
 * whose registrations the credentials may read (spec v2 §4.8; others answer 403).
 */
export function eventsOfOurOrganizers(db: ReadableDB): Array<{ id: number; uuid: string }> {
  return prepared(
    db,
    `SELECT id, uuid FROM event WHERE uuid IS NOT NULL AND organizer_id IN (SELECT id FROM organization)
     UNION SELECT id, uuid FROM event_search_result WHERE uuid IS NOT NULL AND organizer_id IN (SELECT id FROM organization)
     ORDER BY id`
  ).all() as Array<{ id: number; uuid: string }>
}

/** Area associations (spec v3 §4) that are stored organizations: whose children are our directory. */
export function ourAreaAssociationIds(db: ReadableDB): number[] {
  return prepared(db, 'SELECT id FROM area_association WHERE id IN (SELECT id FROM organization) ORDER BY id').pluck().all() as number[]
}

/** Master clubs that stored organizations belong to (`masterClubId`, spec v2 §2.2). */
export function ourMasterClubIds(db: ReadableDB): number[] {
  return prepared(
    db,
    "SELECT DISTINCT raw ->> '$.masterClubId' AS id FROM organization WHERE json_type(raw, '$.masterClubId') = 'integer' ORDER BY id"
  )
    .pluck()
    .all() as number[]
}

/**
 * Forgets deleted events (spec v3 §3 `deletionTime`): the events, their search results, their
 * registrations and registered users, and the cursors of those lists. Call inside the page's
 * transaction.
 */
export function forgetEvents(db: WritableDB, ids: number[]): void {
  deleteElements(db, 'events', ids)
  deleteElements(db, 'event-search-results', ids)
  const cursor = prepared(db, 'DELETE FROM sync_cursor WHERE resource = ? AND scope = ?')
  for (const id of ids) {
    for (const resource of ['registered-event-users', 'event-registrations'] as const) {
      deleteScope(db, resource, `event ${id}`)
      cursor.run(resource, `event ${id}`)
    }
  }
}
