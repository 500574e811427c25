import type { EventLimits, EventRow, ParticipantRow, QueuedParticipantRow } from '../../shared/events'
import { CLUB } from './memberSummary'
import type { ReadableDB } from './open'
import { copiedFieldSql, copiedSportIdSql } from './personCopies'
import { prepared } from './statements'

/**
 * A common table expression `event_day (uuid, id, organizer_id, day)`: every stored event, of the
 * v3 listing and of the v2 event search (§2.18), with the local date it ends on, else starts on.
 */
export const EVENT_DAY = `event_day (uuid, id, organizer_id, day) AS (
    SELECT uuid, id, organizer_id, coalesce(substr(end_date_time, 1, 10), substr(start_date_time, 1, 10)) FROM event
    UNION ALL
    SELECT uuid, id, organizer_id, coalesce(substr(end_date_time, 1, 10), substr(start_date_time, 1, 10)) FROM event_search_result)`

/** Copies the non-null values of `row` onto `target` under the same keys. */
function present<T extends object>(target: T, row: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(row)) if (value !== null && value !== undefined) Object.assign(target, { [key]: value })
  return target
}

/**
 * The stored events (issue 7 "Events"), each with the number of registrations stored in its list
 * (scope `event <id>`): the v3 listing (spec v3 §4 `GET /event`) and the v2 event
 * search (§4.11, which also finds private events), once per UUID (the listing's row wins), whose
 * name, organizer or place contains `text` (any case) and that start on `from`…`to` (ISO dates,
 * either open), by start, newest first.
 */
export function readEvents(db: ReadableDB, filter: { text?: string; from?: string; to?: string }): EventRow[] {
  const rows = prepared(
    db,
    `WITH events AS (
       SELECT id, uuid, raw FROM event WHERE uuid IS NOT NULL
       UNION ALL SELECT s.id, s.uuid, s.raw FROM event_search_result s WHERE s.uuid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM event e WHERE e.uuid = s.uuid)
     )
     SELECT e.id, e.uuid, coalesce(e.raw ->> '$.name', '#' || e.id) AS name, e.raw ->> '$.organizerName' AS organizerName,
       e.raw ->> '$.startDateTime' AS startDateTime, e.raw ->> '$.endDateTime' AS endDateTime, e.raw ->> '$.locationAddress' AS locationAddress,
       e.raw ->> '$.maxAttendeeCount' AS maxAttendeeCount, e.raw ->> '$.priceInCents' AS priceInCents,
       coalesce(e.raw ->> '$.registrationStartTime', e.raw ->> '$.registrationStartDateTime') AS registrationStart,
       coalesce(e.raw ->> '$.registrationEndTime', e.raw ->> '$.registrationEndDateTime') AS registrationEnd,
       (SELECT count(*) FROM event_registration r WHERE r.scope = 'event ' || e.id) AS registrations,
       coalesce(e.raw ->> '$.name', '') || ' ' || coalesce(e.raw ->> '$.organizerName', '') || ' ' || coalesce(e.raw ->> '$.locationAddress', '') AS searched
     FROM events e
     WHERE (:from IS NULL OR substr(e.raw ->> '$.startDateTime', 1, 10) >= :from)
       AND (:to IS NULL OR substr(e.raw ->> '$.startDateTime', 1, 10) <= :to)
     ORDER BY startDateTime DESC, e.id DESC`
  ).all({ from: filter.from ?? null, to: filter.to ?? null }) as Array<Record<string, unknown> & { id: number; uuid: string; name: string; registrations: number; searched: string }>
  // Matched here, not by SQLite's lower(), which folds only ASCII: "HÄMEENLINNA" must find "Hämeenlinna".
  const text = filter.text?.trim().toLowerCase() ?? ''
  return rows
    .filter((row) => text === '' || row.searched.toLowerCase().includes(text))
    .map(({ id, uuid, name, registrations, searched: _searched, ...rest }) => present<EventRow>({ id, uuid, name, registrations }, rest))
}

/**
 * The order of a user's entries in an event's registered users `u` (spec v2 §2.16) that puts the
 * valid one first: the PAID one (spec v2 §3: "when one PAID and several
 * WAITING_PAYMENT_CONFIRMATION registrations exist for a user, the PAID one is valid"), else the newest.
 */
export const VALID_ENTRY_FIRST = "u.payment_status = 'PAID' DESC, u.modification_us DESC"

/**
 * The registrations stored for the event `uuid` (spec v2 §2.15) with each participant's name,
 * Sport-ID and club, and the payment status of the registered users list (§2.16) of the valid entry
 * (VALID_ENTRY_FIRST), by last name. Name and Sport-ID are the member's profile (`person`, §2.11)
 * when one is stored, else the valid entry's own copy (§2.16: basic contact information), else
 * absent: a registration names only the user id.
 */
export function readEventParticipants(db: ReadableDB, uuid: string): ParticipantRow[] {
  const copy = (field: string, column: string) => `CASE WHEN p.id IS NULL THEN v.raw ->> '$.user.${field}' ELSE p.${column} END`
  const rows = prepared(
    db,
    `SELECT r.id AS eventRegistrationId, r.participant_user_id AS userId, ${copy('sportId', 'sport_id')} AS sportId,
       ${copy('firstName', 'first_name')} AS firstName, ${copy('lastName', 'last_name')} AS lastName,
       ${CLUB} AS club, r.registration_date AS registrationDate, r.paid_amount_in_cents AS paidAmountInCents, v.payment_status AS paymentStatus
     FROM event_registration r LEFT JOIN person p ON p.id = r.participant_user_id
       LEFT JOIN registered_event_user v ON v.rowid = (SELECT u.rowid FROM registered_event_user u WHERE u.user_id = r.participant_user_id AND u.scope = 'event ' || coalesce(
          (SELECT id FROM event WHERE uuid = r.event_uuid), (SELECT id FROM event_search_result WHERE uuid = r.event_uuid))
        ORDER BY ${VALID_ENTRY_FIRST} LIMIT 1)
     WHERE r.event_uuid = ? ORDER BY lastName, firstName, r.id`
  ).all(uuid) as Array<Record<string, unknown> & { eventRegistrationId: number; userId: number }>
  return rows.map(({ eventRegistrationId, userId, ...rest }) => present<ParticipantRow>({ eventRegistrationId, userId }, rest))
}

/**
 * The members the outbox is about to register to the event `uuid` (lower case): the effects of
 * registrations and participant additions not rejected (migration 0006 `outbox_effect`, target
 * `event <uuid>`). A sent item (`done`) stays listed until the sync after the push has stored its
 * registration (`clearDoneEffects`). Each with the member's name, Sport-ID and club, by last name:
 * from the profile (`person`, spec v2 §2.11) when one is stored, else as the member detail names
 * such a person: the newest copy a grant (§2.9) or a registered user (§2.16) of any event gave
 * (`copiedFieldSql`, `copiedSportIdSql`), as a grantee or registrant without a profile may be
 * queued (`unknownMembers`).
 */
export function readQueuedParticipants(db: ReadableDB, uuid: string): QueuedParticipantRow[] {
  const rows = prepared(
    db,
    `SELECT e.person_id AS userId, min(e.item_id) AS outboxItemId, i.state, CASE WHEN p.id IS NULL THEN ${copiedSportIdSql('e.person_id')} ELSE p.sport_id END AS sportId,
       CASE WHEN p.id IS NULL THEN ${copiedFieldSql('e.person_id', 'firstName')} ELSE p.first_name END AS firstName,
       CASE WHEN p.id IS NULL THEN ${copiedFieldSql('e.person_id', 'lastName')} ELSE p.last_name END AS lastName, ${CLUB} AS club
     FROM outbox_effect e JOIN outbox_item i ON i.id = e.item_id LEFT JOIN person p ON p.id = e.person_id
     WHERE e.target = 'event ' || ? AND i.kind IN ('event-registration', 'event-participants') AND i.state <> 'rejected'
     GROUP BY e.person_id ORDER BY lastName, firstName, e.person_id`
  ).all(uuid) as Array<Record<string, unknown> & { userId: number; outboxItemId: number; state: QueuedParticipantRow['state'] }>
  return rows.map(({ userId, outboxItemId, state, ...rest }) => present<QueuedParticipantRow>({ userId, outboxItemId, state }, rest))
}

/**
 * The limits the stored v3 listing of event `uuid` sets on who may register, and which of the
 * members `userIds` they leave out by their stored birth date and gender (spec v2 §2.11, `Male` or
 * `Female`); see `EventLimits`. An event only the v2 search found (§2.18) gives no limits. The spec
 * does not say the registry refuses such a registration, so this is for the person queuing it to
 * see, not an outbox check.
 */
export function readEventLimits(db: ReadableDB, uuid: string, userIds: readonly number[]): EventLimits {
  const event = prepared(
    db,
    `SELECT raw ->> '$.registrationMinBirthDate' AS minBirthDate, raw ->> '$.registrationMaxBirthDate' AS maxBirthDate, raw ->> '$.allowedGender' AS allowedGender
     FROM event WHERE lower(uuid) = ? ORDER BY id LIMIT 1`
  ).get(uuid.toLowerCase()) as { minBirthDate: string | null; maxBirthDate: string | null; allowedGender: string | null } | undefined
  // Another value of allowedGender than the spec's two says nothing this can judge.
  const allowedGender = event?.allowedGender === 'MALE' || event?.allowedGender === 'FEMALE' ? event.allowedGender : null
  const limits = present<EventLimits>({ outside: [] }, { ...event, allowedGender })
  if (limits.minBirthDate === undefined && limits.maxBirthDate === undefined && limits.allowedGender === undefined) return limits
  // Comparisons with a NULL limit are NULL: that limit leaves no one out.
  limits.outside = prepared(
    db,
    `SELECT id AS userId, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name,
       CASE WHEN birth_date < :min THEN 'born-before' WHEN birth_date > :max THEN 'born-after'
         WHEN gender IN ('Male', 'Female') AND gender <> :gender THEN 'gender' END AS reason
     FROM person WHERE id IN (SELECT value FROM json_each(:ids)) AND reason IS NOT NULL ORDER BY last_name, first_name, id`
  ).all({
    min: limits.minBirthDate?.slice(0, 10) ?? null,
    max: limits.maxBirthDate?.slice(0, 10) ?? null,
    gender: { MALE: 'Male', FEMALE: 'Female', none: null }[allowedGender ?? 'none'],
    ids: JSON.stringify(userIds)
  }) as EventLimits['outside']
  return limits
}
