/**
 * Events and their participants (issue 7 "Events") as the IPC contract and the UI see them.
 * Date-times are datetime-only, local time of the event location (spec v2 §2.18).
 */
import type { OutboxState } from './outbox'

/** An event of the v3 listing or the v2 event search (private ones too), with its registrations stored. */
export interface EventRow {
  id: number
  uuid: string
  name: string
  organizerName?: string
  startDateTime?: string
  endDateTime?: string
  locationAddress?: string
  /** Registrations stored for it (the lists of spec v2 §4.8). */
  registrations: number
  /** 0 or absent: no limit. */
  maxAttendeeCount?: number
  priceInCents?: number
  /** When registration opens and ends, as the registry writes them (v3 §2 `registrationStartTime`/`registrationEndTime`, v2 §2.18 `registration…DateTime`); absent when not given. */
  registrationStart?: string
  registrationEnd?: string
}

/**
 * A registration window bound as `yyyy-mm-ddTHH:MM:SS` (seconds `:00` when not given, a fraction
 * or anything after the seconds dropped), or undefined when `value` does not start with a local
 * date-time.
 */
function localDateTimeOf(value: unknown): string | undefined {
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?/.exec(value) : null
  return match ? match[1] + (match[2] ?? ':00') : undefined
}

/**
 * Where `now` (the event location's local time `yyyy-mm-ddTHH:MM:SS`: Helsinki's,
 * `helsinkiLocalDateTime`) stands against an event's registration window (spec v2 §2.18, v3 §2;
 * local times of the event's location, both ends in the window, compared to the second):
 * `not-open` before its start, `ended` after its end, with that bound normalised; `open` inside it
 * or when a bound is missing or of another form (the registry decides).
 */
export function registrationWindowAt(
  window: { start: unknown; end: unknown },
  now: string
): { state: 'open' } | { state: 'not-open'; start: string } | { state: 'ended'; end: string } {
  const start = localDateTimeOf(window.start)
  const end = localDateTimeOf(window.end)
  if (start !== undefined && now < start) return { state: 'not-open', start }
  if (end !== undefined && now > end) return { state: 'ended', end }
  return { state: 'open' }
}

/** One registration of an event (spec v2 §2.15) with the member and, where listed, the payment status (§2.16). */
export interface ParticipantRow {
  eventRegistrationId: number
  userId: number
  sportId?: number
  firstName?: string
  lastName?: string
  club?: string
  registrationDate?: string
  paidAmountInCents?: number
  paymentStatus?: string
}

/**
 * A member the outbox is about to register to an event: a registration (spec v2 §4.8) or
 * participant addition (v3 §4) not rejected. The list shows them until the sync after the push
 * brings the registration (`state` is then `done` until it does).
 */
export interface QueuedParticipantRow {
  userId: number
  sportId?: number
  firstName?: string
  lastName?: string
  club?: string
  outboxItemId: number
  state: OutboxState
}

/** The columns of a participants list that export, in order. */
export const PARTICIPANT_COLUMNS = ['lastName', 'firstName', 'sportId', 'club', 'registrationDate', 'paidAmountInCents', 'paymentStatus'] as const
export type ParticipantColumn = (typeof PARTICIPANT_COLUMNS)[number]

/**
 * The limits an event sets on who may register (spec v3 §4 PublicAPIEventSearchResult
 * `registrationMinBirthDate`, `registrationMaxBirthDate`: dates, both included; `allowedGender`
 * MALE or FEMALE, absent for any), and the members asked about whom they leave out by what is
 * stored: born before the earliest birth date (`born-before`), after the latest (`born-after`),
 * or of the other gender (`gender`). A member whose birth date or gender is not stored is not judged.
 */
export interface EventLimits {
  minBirthDate?: string
  maxBirthDate?: string
  allowedGender?: 'MALE' | 'FEMALE'
  outside: Array<{ userId: number; name: string; reason: 'born-before' | 'born-after' | 'gender' }>
}
