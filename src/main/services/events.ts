import type { EventLimits, EventRow, ParticipantRow, QueuedParticipantRow } from '../../shared/events'
import { readEventLimits, readEventParticipants, readEvents, readQueuedParticipants } from '../db/events'
import { localEvent } from '../outbox/checks'
import { withDatabase } from './database'
import { UserFacingError } from './errors'

/**
 * The stored events (issue 7 "Events": the v3 listing and the v2 event search, spec v3 §4, v2
 * §4.11) whose name, organizer or place contains `text`, starting on `from`…`to` (ISO dates,
 * either open), newest first, from `dbFile`: what the app's Events page lists, for `kanslia
 * events`. Events name no member, so the privacy log records nothing.
 * @throws UserFacingError `no-database`.
 */
export function listEvents(dbFile: string, filter: { text?: string; from?: string; to?: string }): EventRow[] {
  return withDatabase(dbFile, (db) => readEvents(db, filter))
}

/** An event's participants as `kanslia participants` prints them. */
export interface EventParticipants {
  /** The event's UUID in lower case, as stored. */
  uuid: string
  name: string
  participants: ParticipantRow[]
  queued: QueuedParticipantRow[]
}

/**
 * The participants of the stored event `uuid` (any case) from `dbFile` (issue 7 "Events"): its
 * registrations (spec v2 §2.15, with their ids, which `cancel-registration` and `order create`
 * take) with each member's name, Sport-ID, club and payment status (`readEventParticipants`), and
 * the members the outbox is about to register (`readQueuedParticipants`).
 * @throws UserFacingError `bad-input` when no stored event has that UUID; `no-database`.
 */
export function listEventParticipants(dbFile: string, uuid: string): EventParticipants {
  const lower = uuid.trim().toLowerCase()
  return withDatabase(dbFile, (db) => {
    const event = localEvent(db, lower)
    if (event === undefined) throw new UserFacingError('bad-input', `no event with UUID ${JSON.stringify(uuid)} is stored (\`kanslia events\` lists them)`)
    return { uuid: lower, name: event.name ?? `#${event.id}`, participants: readEventParticipants(db, lower), queued: readQueuedParticipants(db, lower) }
  })
}

/**
 * The limits the stored event `uuid` sets on who may register and which of `userIds` they leave
 * out (`readEventLimits`), from `dbFile`: for `kanslia register`'s warning.
 * @throws UserFacingError `no-database`.
 */
export function eventLimitsIn(dbFile: string, uuid: string, userIds: readonly number[]): EventLimits {
  return withDatabase(dbFile, (db) => readEventLimits(db, uuid, userIds))
}
