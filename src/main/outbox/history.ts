import { groupBy } from '../../shared/groupBy'
import type { AuditEntry } from '../../shared/outbox'
import { readAuditLog } from '../db/auditLog'
import type { ReadableDB } from '../db/open'
import { listItems, type OutboxRow } from '../db/outbox'
import { operationOf } from './operations'

/** An outbox change as a per-person export holds it: the item as stored, and its audit log. */
export type ChangeWithHistory = OutboxRow & { audit: AuditEntry[] }

/**
 * The outbox's changes that name `personId` among their members (`Operation.effects`), or as
 * their orderer or granter (`Operation.names`), now or did
 * before an edit (the payloads of their `queued` and `edited` audit entries), in any state — done
 * ones the retention still keeps too (db/retention.ts `purgeFinishedChanges`) —, oldest first, each
 * with its audit log (issue 5). A change keeps what it carried, e.g. a registrant's additional
 * details (spec v2 §2.15) or a merit's additional information (§4.3), so the per-person export
 * (issue 6) holds it: the pending badge's rows (`outbox_effect`) go when a change is done, and a
 * member an edit took out of a grant is still named in its history. Payloads, answers and audit
 * details keep only this member of the members a change named (`aboutOnly`).
 */
export function changesNaming(db: ReadableDB, personId: number): ChangeWithHistory[] {
  const items = listItems(db)
  const byId = new Map(items.map((item) => [item.id, item]))
  const audits = groupBy(readAuditLog(db), (entry) => entry.itemId)
  return items.flatMap((item) => {
    const dependency = item.dependsOn === null ? undefined : byId.get(item.dependsOn)
    const entries = audits.get(item.id) ?? []
    const payloads = [item.payload, ...entries.flatMap((entry) => (PAYLOAD_EVENTS.has(entry.event) && entry.detail !== null ? [JSON.parse(entry.detail) as unknown] : []))]
    const operation = operationOf(item.kind)
    const named = new Set(payloads.flatMap((payload) => operation.effects(payload, dependency).map((effect) => effect.personId)))
    if (!named.has(personId) && !payloads.some((payload) => operation.names?.(payload).includes(personId))) return []
    named.delete(personId)
    const audit = entries.map((entry) => ({ ...entry, detail: textAboutOnly(entry.detail, personId, named) }))
    return [{ ...item, payload: aboutOnly(item.payload, personId), lastAnswer: textAboutOnly(item.lastAnswer, personId, named), audit }]
  })
}

/** The audit events whose detail is the change's payload as queued or edited (outbox/queue.ts). */
const PAYLOAD_EVENTS: ReadonlySet<string> = new Set(['queued', 'edited'])

/** The fields that list users (spec v2 §4.3 `meritGrantees` and the answer's `granted`, `updated`; v3 CreateEventParticipants `userIds`). */
const USER_LISTS = new Set(['meritGrantees', 'userIds', 'granted', 'updated'])

/**
 * `value` (a payload, an answer) with the other members a change named left out, for one member's
 * export: a list of users keeps only `personId`, and an order's purchases (spec v2 §2.17) only those
 * for them (`beneficiaryUserId`) or for no one in particular. A grant to 10,000 members so tells one
 * of them nothing about the other 9,999.
 */
function aboutOnly(value: unknown, personId: number): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((element) => {
        const beneficiary = (element as { beneficiaryUserId?: unknown } | null)?.beneficiaryUserId
        return beneficiary === undefined || beneficiary === personId
      })
      .map((element) => aboutOnly(element, personId))
  }
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, USER_LISTS.has(key) && Array.isArray(field) ? field.filter((id) => id === personId) : aboutOnly(field, personId)])
  )
}

/**
 * `aboutOnly` of JSON text (an answer, an audit entry's detail), and in it or in other text (the
 * registry's message, e.g. "users not readable by organization 100: 1002, 1003") the ids of the
 * change's `others` replaced by `…`.
 */
function textAboutOnly(text: string | null, personId: number, others: ReadonlySet<number>): string | null {
  if (text === null) return null
  let about = text
  try {
    about = JSON.stringify(aboutOnly(JSON.parse(text), personId))
  } catch {
    // Not JSON: a message, kept as written but for the ids.
  }
  return others.size === 0 ? about : about.replace(/\d+/g, (digits) => (others.has(Number(digits)) ? '…' : digits))
}
