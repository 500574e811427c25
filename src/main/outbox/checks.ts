import { isCalendarDate } from '../../shared/localDate'
import { problem, type OutboxProblem } from '../../shared/outboxProblems'
import type { ReadableDB } from '../db/open'
import { prepared } from '../db/statements'
import { SYNCED_PERSON_COLUMNS } from '../db/tables'

/**
 * Small checks the operation modules share when they validate a change (issue 5). Each returns
 * the problem (src/shared/outboxProblems/checks.ts), or null when the value is fine. `what` is the
 * API field's name as the spec writes it.
 */

/** An id of the API: a positive safe integer. */
export function checkId(value: unknown, what: string): OutboxProblem | null {
  return Number.isSafeInteger(value) && (value as number) > 0 ? null : problem('not-an-id', { what, value: JSON.stringify(value) })
}

/** A date-only value (spec v2 §2: ISO 8601 yyyy-mm-dd) that exists in the calendar. */
export function checkDate(value: unknown, what: string): OutboxProblem | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return problem('not-a-date', { what, value: JSON.stringify(value) })
  return isCalendarDate(value) ? null : problem('not-in-calendar', { what, value })
}

/** Text of `min..max` characters (UTF-16 code units, as the API's length limits count them). */
export function checkLength(value: unknown, what: string, min: number, max: number): OutboxProblem | null {
  if (typeof value !== 'string') return problem('not-text', { what })
  if (value.length < min) return min === 1 ? problem('empty-text', { what }) : problem('text-too-short', { what, min })
  return value.length > max ? problem('text-too-long', { what, length: value.length, max }) : null
}

/** An event UUID as the API prints it (8-4-4-4-12 hexadecimal digits). */
export function checkUuid(value: unknown, what: string): OutboxProblem | null {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? null : problem('not-a-uuid', { what, value: JSON.stringify(value) })
}

/**
 * Where the local database names a person: their profile (spec v2 §2.11) or the lists that keep
 * their own copy of them, grants (§2.9) and registrations (§2.15, §2.16). A full sync keeps a
 * profile only while a user licence or insurance names it (`PROFILE_KEEPERS`), so a grantee or
 * registrant of the organizations read may have none and is still known.
 */
const NAMING_PERSONS = [{ table: 'person', column: 'id' }, ...SYNCED_PERSON_COLUMNS]

const UNKNOWN_MEMBERS_SQL = `SELECT value FROM json_each(?) WHERE ${NAMING_PERSONS.map(({ table, column }) => `NOT EXISTS (SELECT 1 FROM ${table} WHERE ${column} = value)`).join(' AND ')}`

/** The ids among `ids` that no row of the local database names as a person (`NAMING_PERSONS`), in their order. */
export function unknownMembers(db: ReadableDB, ids: readonly number[]): number[] {
  return prepared(db, UNKNOWN_MEMBERS_SQL).pluck().all(JSON.stringify(ids)) as number[]
}

/** Up to `max` values joined with commas, then how many more in a form every language reads: `1, 2, … (+5)`. */
export function listSome(values: readonly (number | string)[], max = 10): string {
  const shown = values.slice(0, max).join(', ')
  return values.length > max ? `${shown}, … (+${values.length - max})` : shown
}

/** A user licence of the local database (spec v2 §2.12 columns the outbox needs), or undefined. */
export function localUserLicence(db: ReadableDB, id: number): { userId: number; federationId: number; licencePeriodId: number; clubId: number } | undefined {
  return prepared(db, 'SELECT user_id AS userId, federation_id AS federationId, licence_period_id AS licencePeriodId, licence_organization_id AS clubId FROM user_licence WHERE id = ?').get(id) as
    | { userId: number; federationId: number; licencePeriodId: number; clubId: number }
    | undefined
}

/** An organization of the local database (spec v2 §2.2 columns the outbox needs), or undefined. */
export function localOrganization(db: ReadableDB, id: number): { type: string | null; status: string | null; federationId: number | null; name: string | null } | undefined {
  return prepared(db, 'SELECT type, status, federation_id AS federationId, name FROM organization WHERE id = ?').get(id) as
    | { type: string | null; status: string | null; federationId: number | null; name: string | null }
    | undefined
}

/**
 * True when the local database holds any row of `table`: the sync has mirrored that resource, so
 * an id missing from it is unknown rather than not yet synced.
 */
export function mirrors(db: ReadableDB, table: 'merit' | 'event' | 'event_registration'): boolean {
  return prepared(db, `SELECT EXISTS (SELECT 1 FROM ${table})`).pluck().get() === 1
}

/** Whether the local database knows merit `id` (spec v2 §2.8). */
export function localMeritExists(db: ReadableDB, id: number): boolean {
  return prepared(db, 'SELECT EXISTS (SELECT 1 FROM merit WHERE id = ?)').pluck().get(id) === 1
}

/**
 * A local event by UUID with what registering needs, or undefined: from the v3 listing (spec v3
 * §2: attendee counts, deletion, the registration window `registrationStartTime`…
 * `registrationEndTime`) or, for an event only the v2 event search found (§2.18: attendee counts,
 * `registrationStartDateTime`…`registrationEndDateTime`; no deletion time), from the search; the
 * listing's row wins, as on the events page (db/events.ts `readEvents`), so every event offered
 * there can be registered to. The window's bounds are local times of the event's location as the
 * registry writes them, null when not given. `maxAttendeeCount` is null for no limit: v3 leaves it
 * out, the v2 search (where it is required) says 0, which no event can mean otherwise (v3
 * CreateEvent takes ≥ 1).
 */
export function localEvent(
  db: ReadableDB,
  uuid: string
):
  | {
      id: number
      name: string | null
      currentAttendeeCount: number | null
      maxAttendeeCount: number | null
      deletionTime: string | null
      registrationStart: unknown
      registrationEnd: unknown
    }
  | undefined {
  return prepared(
    db,
    `SELECT id, name, raw ->> '$.currentAttendeeCount' AS currentAttendeeCount, nullif(raw ->> '$.maxAttendeeCount', 0) AS maxAttendeeCount, raw ->> '$.deletionTime' AS deletionTime,
       coalesce(raw ->> '$.registrationStartTime', raw ->> '$.registrationStartDateTime') AS registrationStart,
       coalesce(raw ->> '$.registrationEndTime', raw ->> '$.registrationEndDateTime') AS registrationEnd
     FROM (SELECT 0 AS listed, id, name, raw FROM event WHERE lower(uuid) = :uuid
       UNION ALL SELECT 1, id, name, raw FROM event_search_result WHERE lower(uuid) = :uuid)
     ORDER BY listed, id LIMIT 1`
  ).get({ uuid: uuid.toLowerCase() }) as ReturnType<typeof localEvent>
}

/** A local event registration (spec v2 §2.15) by id, or undefined. */
export function localRegistration(db: ReadableDB, id: number): { eventUuid: string | null; participantUserId: number | null } | undefined {
  return prepared(db, 'SELECT event_uuid AS eventUuid, participant_user_id AS participantUserId FROM event_registration WHERE id = ?').get(id) as ReturnType<typeof localRegistration>
}

/** The id of a member's local registration to an event, or undefined. */
export function localRegistrationOf(db: ReadableDB, uuid: string, userId: number): number | undefined {
  return prepared(db, 'SELECT id FROM event_registration WHERE lower(event_uuid) = ? AND participant_user_id = ? ORDER BY id LIMIT 1').pluck().get(uuid.toLowerCase(), userId) as number | undefined
}

/** An organization's active clubs directly under it in the local database whose name is `name` (case-insensitive). */
export function localClubsNamed(db: ReadableDB, parentId: number, name: string): number[] {
  return prepared(db, "SELECT id FROM organization WHERE parent_id = ? AND type = 'CLUB' AND status = 'ACTIVE' AND lower(name) = lower(?) ORDER BY id").pluck().all(parentId, name) as number[]
}

/** A merit group of the local database (spec v2 §2.7: its owning organization), or undefined. */
export function localMeritGroup(db: ReadableDB, id: number): { organizationId: number | null; name: string | null } | undefined {
  return prepared(db, 'SELECT organization_id AS organizationId, name FROM merit_group WHERE id = ?').get(id) as { organizationId: number | null; name: string | null } | undefined
}

/** The ids of the group's merits in the local database whose name is `name` (case-insensitive). */
export function localMeritsNamed(db: ReadableDB, meritGroupId: number, name: string): number[] {
  return prepared(db, 'SELECT id FROM merit WHERE merit_group_id = ? AND lower(name) = lower(?) ORDER BY id').pluck().all(meritGroupId, name) as number[]
}

/** A time of day `HH:MM` (spec v3 EventDateTime `time`). */
export function checkTime(value: unknown, what: string): OutboxProblem | null {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : problem('not-a-time', { what, value: JSON.stringify(value) })
}

/** One of `allowed`. */
export function checkOneOf(value: unknown, what: string, allowed: readonly string[]): OutboxProblem | null {
  return typeof value === 'string' && allowed.includes(value) ? null : problem('not-one-of', { what, allowed: allowed.join(', '), value: JSON.stringify(value) })
}

/** An absolute http or https URL. */
export function checkHttpUrl(value: unknown, what: string): OutboxProblem | null {
  if (typeof value !== 'string') return problem('not-a-url', { what })
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : problem('not-an-http-url', { what, value: JSON.stringify(value) })
  } catch {
    return problem('not-an-absolute-url', { what, value: JSON.stringify(value) })
  }
}

/** Values of `values` that occur more than once. */
export function repeatedValues<T>(values: readonly T[]): T[] {
  const seen = new Set<T>()
  const repeated = new Set<T>()
  for (const value of values) (seen.has(value) ? repeated : seen).add(value)
  return [...repeated]
}
