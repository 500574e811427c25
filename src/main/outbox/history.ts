import type { AuditEntry } from '../../shared/outbox'
import { readAuditLog } from '../db/auditLog'
import type { ReadableDB } from '../db/open'
import { listItems, type OutboxRow } from '../db/outbox'
import { operationOf } from './operations'

/** An outbox change as a per-person export holds it: the item as stored, and its audit log. */
export type ChangeWithHistory = OutboxRow & { audit: AuditEntry[] }

/**
 * The outbox's changes whose members (`Operation.effects`) include `personId`, in any state —
 * done ones the retention still keeps too (db/retention.ts `purgeFinishedChanges`) —, oldest
 * first, each with its audit log (issue 5). A change keeps what it carried, e.g. a registrant's
 * additional details (spec v2 §2.15) or a merit's additional information (§4.3), so the per-person
 * export (issue 6) holds it: the pending badge's rows (`outbox_effect`) go when a change is done.
 */
export function changesNaming(db: ReadableDB, personId: number): ChangeWithHistory[] {
  const items = listItems(db)
  const byId = new Map(items.map((item) => [item.id, item]))
  return items
    .filter((item) => {
      const dependency = item.dependsOn === null ? undefined : byId.get(item.dependsOn)
      return operationOf(item.kind).effects(item.payload, dependency).some((effect) => effect.personId === personId)
    })
    .map((item) => ({ ...item, audit: readAuditLog(db, item.id) }))
}
