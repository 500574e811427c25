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
