import type { EventRegistration, EventRegistrationRequest } from '../../shared/api/v2Activity'
import { problem, type OutboxProblem } from '../../shared/outboxProblems'
import type { EventRegistrationPayload } from '../../shared/outboxPayloads'
import { registrationWindowAt } from '../../shared/events'
import { helsinkiLocalDateTime } from '../../shared/helsinkiTime'
import type { ApiClient } from '../api/client'
import { openItemsOfKind } from '../db/outbox'
import { notTheAnswer } from '../api/errors'
import { answeredId } from './answers'
import { checkId, checkUuid, localEvent, localRegistrationOf, mirrors, unknownMembers } from './checks'
import { Problems } from './errors'
import { queuedParticipants } from './eventParticipants'
import type { Operation } from './operation'

/**
 * Registers a member to an event (spec v2 §4.8; 201 with the registration echoed, its
 * `eventRegistrationId` filled). Not idempotent: a second POST makes a second registration, so
 * after an `unknown` the worker reads back `GET /event/registration/user/{userId}` and adopts the
 * member's registration to the event instead of posting again (DESIGN §4; one registration per
 * member and event is the client's responsibility, spec v2 §3). The same read precedes every
 * POST, so a registration made meanwhile elsewhere is adopted too (answer status 200, not 201).
 * A 2xx naming no `eventRegistrationId`, in its body or its `Location`, is no answer
 * (`notTheAnswer`): a cancellation queued on it would have no id to act on, so the item is
 * `unknown` and read back, the member's registrations telling whether it was made and its id.
 *
 * Checked before queuing: the UUID's form; the participant is known locally (`unknownMembers`);
 * `additionalDetails` is not empty when given; the event is known (once the sync mirrors events)
 * and not deleted; the member is not registered to it already, locally or by an outbox item not
 * yet done (a registration, or a v3 participant addition); and it has a free place counting the
 * registrations and participants the outbox is about to add; and its registration window, as
 * the last sync saw it, has opened and not ended at the time of queuing or editing
 * (`registrationClosed`).
 */
export const eventRegistration: Operation<EventRegistrationPayload, EventRegistrationPayload> = {
  kind: 'event-registration',
  idempotent: false,

  prepare(db, input, { editing, now }) {
    const { eventUuid, registration } = input
    const userId = registration.participantUserId
    const problems = new Problems()
    problems.add(checkUuid(eventUuid, 'eventUuid'))
    problems.add(checkId(userId, 'participantUserId'))
    const details = registration.additionalDetails
    if (details !== undefined && (typeof details !== 'string' || details.trim() === '')) problems.add(problem('empty-when-given', { what: 'additionalDetails' }))
    if (problems.none) {
      if (unknownMembers(db, [userId]).length) problems.add(problem('unknown-members', { ids: userId }))
      const event = localEvent(db, eventUuid)
      if (!event && mirrors(db, 'event')) problems.add(problem('unknown-event', { eventUuid }))
      if (event?.deletionTime) problems.add(problem('event-deleted', { event: event.name ?? event.id }))
      if (event) problems.add(registrationClosed(event, now))
      const registered = localRegistrationOf(db, eventUuid, userId)
      if (registered !== undefined) problems.add(problem('event-registration.already-registered', { userId, registrationId: registered }))
      const toEvent = openItemsOfKind(db, 'event-registration').filter((item) => item.id !== editing && item.payload.eventUuid === eventUuid.toLowerCase())
      const same = toEvent.find((item) => item.payload.registration.participantUserId === userId)
      // Registrations and participant additions (v3) the outbox is about to make.
      const queuedFor = queuedParticipants(db, eventUuid.toLowerCase(), editing)
      const addingItem = queuedFor.get(userId)
      if (same) problems.add(problem('event-registration.already-queued', { userId, itemId: same.id, state: same.state }))
      else if (addingItem !== undefined) problems.add(problem('event-registration.already-participant', { userId, itemId: addingItem }))
      // The places the last sync saw taken, and those the outbox is about to take.
      const queued = queuedFor.size
      const taken = (event?.currentAttendeeCount ?? 0) + queued
      if (event && event.maxAttendeeCount !== null && taken >= event.maxAttendeeCount) {
        problems.add(problem('event-registration.event-full', { event: event.name ?? event.id, registered: event.currentAttendeeCount ?? 0, queued, places: event.maxAttendeeCount }))
      }
    }
    problems.throwIfAny('the registration')
    const body: EventRegistrationRequest = { participantUserId: userId }
    if (registration.additionalDetails !== undefined) body.additionalDetails = registration.additionalDetails
    return { eventUuid: eventUuid.toLowerCase(), registration: body }
  },

  effects: ({ eventUuid, registration }) => [{ personId: registration.participantUserId, target: `event ${eventUuid}` }],

  refersTo: ({ eventUuid }) => [{ to: 'event', uuid: eventUuid }],

  describe: ({ eventUuid, registration }) => `register member ${registration.participantUserId} to event ${eventUuid}`,

  async send(client, payload) {
    // A registration made meanwhile elsewhere (the web, another laptop) is adopted, not doubled.
    const existing = await findRegistration(client, payload)
    if (existing) return { status: 200, answer: existing }
    const path = `/event/registration/${encodeURIComponent(payload.eventUuid)}`
    const answer = await client.writeV2<EventRegistrationRequest>('POST', path, { body: payload.registration })
    // The body echoes the request with the id filled; the Location header names it too (spec v2 §4.8).
    const id = answeredId(answer.body, 'eventRegistrationId') ?? idInLocation(answer.location)
    // A cancellation acts on the id: an answer naming none is not the answer, and a read-back finds it.
    if (id === undefined) throw notTheAnswer(`POST /api/public/v2${path}`, answer.status, 'a registration without an eventRegistrationId, and no Location naming one')
    return { status: answer.status, answer: { ...answer.body, eventRegistrationId: id } }
  },

  async reconcile(client, payload) {
    const found = await findRegistration(client, payload)
    return found ? { applied: true, status: 200, answer: found } : { applied: false }
  }
}

/**
 * Why a registration to `event` is refused at `now`, or null when its window is open or unknown:
 * `registration-not-open` before `registrationStart`, `registration-ended` after
 * `registrationEnd`, both ends included in the window (spec v2 §2.18
 * `registrationStartDateTime`/`registrationEndDateTime`, v3 §2 `registrationStartTime`/
 * `registrationEndTime`). The window is in the local time of the event's location, which is in
 * Finland, so `now` (an instant) is read as Europe/Helsinki local time and the two compare as
 * `yyyy-mm-ddTHH:MM:SS` text, to the second. A bound that is missing or of another form refuses
 * nothing: the registry decides.
 */
function registrationClosed(
  event: { id: number; name: string | null; registrationStart: unknown; registrationEnd: unknown },
  now: Date
): OutboxProblem | null {
  const local = helsinkiLocalDateTime(now.getTime())
  const window = registrationWindowAt({ start: event.registrationStart, end: event.registrationEnd }, local)
  const name = event.name ?? event.id
  if (window.state === 'not-open') return problem('event-registration.registration-not-open', { event: name, start: window.start, now: local })
  if (window.state === 'ended') return problem('event-registration.registration-ended', { event: name, end: window.end, now: local })
  return null
}

/** The member's registration to the event on the server (GET /event/registration/user/{userId}, spec v2 §4.8), if any. */
async function findRegistration(client: ApiClient, { eventUuid, registration }: EventRegistrationPayload): Promise<EventRegistration | undefined> {
  const registrations = await client.getV2<EventRegistration[]>(`/event/registration/user/${registration.participantUserId}`)
  return (Array.isArray(registrations) ? registrations : []).find((r) => typeof r.eventUuid === 'string' && r.eventUuid.toLowerCase() === eventUuid)
}

/** The registration id in a done registration item's answer (the POST's echo or the adopted registration), if any. */
export function registrationIdOf(answer: string | null): number | undefined {
  return answer === null ? undefined : answeredId(JSON.parse(answer), 'eventRegistrationId')
}

/**
 * The registration id a POST's `Location` header ends with, as the cancellation's path names it
 * (`.../event/registration/{eventUuid}/{id}`; spec v2 §4.8 shows no form for the header), or undefined when it names none.
 */
function idInLocation(location: string | undefined): number | undefined {
  const last = location?.split('/').at(-1)
  // Digits only: `Number` would read an empty last segment (a Location ending in `/`) as 0.
  return last !== undefined && /^\d+$/.test(last) && Number.isSafeInteger(Number(last)) ? Number(last) : undefined
}
