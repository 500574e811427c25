import type { EventRegistration } from '../../shared/api/v2Activity'
import type { CreateEventParticipants, V3MeritGrant } from '../../shared/api/v3'
import { problem, type OutboxProblem } from '../../shared/outboxProblems'
import type { EventParticipantsPayload } from '../../shared/outboxPayloads'
import { openItemsOfKind } from '../db/outbox'
import { checkDate, checkId, checkLength, checkUuid, listSome, localEvent, localRegistrationOf, mirrors, repeatedValues, unknownMembers } from './checks'
import { Problems } from './errors'
import { MAX_EVENT_PARTICIPANTS, MAX_MERIT_ADDITIONAL_INFO_LENGTH, MAX_MERIT_GRANTER_LENGTH } from './limits'
import type { Operation } from './operation'

/**
 * Adds members to an event as participants, optionally granting them the event's merits (spec v3
 * §4 POST /event/{eventUuid}/participants, body CreateEventParticipants, 200 "participants saved").
 *
 * Not idempotent. The merit grant part converges (re-granting updates the grant date, spec v2
 * §4.3), but the spec promises no such thing for the participants: it does not say that adding a
 * participant already registered is ignored, and the registry does hold several registrations of
 * one user to one event (spec v2 §3 "the same user may appear several times"; keeping one per user
 * is the client's responsibility). So a second POST may register everyone twice. After an
 * `unknown` the worker reads the event's registrations back (spec v2 §4.8 GET
 * /event/registration/{eventUuid}): every participant registered → done (the one request's merit
 * grant went with it); none → sent again; some only → left `unknown` for a person, since sending
 * it again would register those twice.
 *
 * Checked before queuing: the UUID; 1..10000 unique participants (`MAX_EVENT_PARTICIPANTS`), each
 * known locally (`unknownMembers`) and not registered to the event already, locally or by an item
 * not yet done; the event is known (once the sync mirrors events), not deleted, and has room for
 * them; with `grantEventMerits`, a `meritGrant` with a real `grantingDate` (and
 * `registrationDate`), a granter (`granterUserId` or `meritGranter` of 1..255 characters) and
 * `meritAdditionalInfo` of at most 2048 characters (spec v2 §8); without it, no `meritGrant`.
 */
export const eventParticipants: Operation<EventParticipantsPayload, EventParticipantsPayload> = {
  kind: 'event-participants',
  idempotent: false,

  prepare(db, input, { editing }) {
    const { eventUuid, participants } = input
    const problems = new Problems()
    problems.add(checkUuid(eventUuid, 'eventUuid'))
    const userIds = Array.isArray(participants.userIds) ? participants.userIds : []
    if (userIds.length < 1 || userIds.length > MAX_EVENT_PARTICIPANTS) problems.add(problem('event-participants.participant-count', { max: MAX_EVENT_PARTICIPANTS, count: userIds.length }))
    const badIds = userIds.filter((id) => checkId(id, 'userIds') !== null)
    if (badIds.length) problems.add(problem('event-participants.participant-ids', { values: listSome(badIds.map((id) => JSON.stringify(id))) }))
    const repeated = repeatedValues(userIds)
    if (repeated.length) problems.add(problem('event-participants.repeated-participants', { ids: listSome(repeated) }))
    if (typeof participants.grantEventMerits !== 'boolean') problems.add(problem('not-a-boolean', { what: 'grantEventMerits' }))
    if (participants.grantEventMerits === true) {
      if (participants.meritGrant === undefined) problems.add(problem('event-participants.no-merit-grant'))
      else for (const found of meritGrantProblems(participants.meritGrant)) problems.add(found)
    } else if (participants.meritGrant !== undefined) problems.add(problem('event-participants.unexpected-merit-grant'))
    if (problems.none) {
      const uuid = eventUuid.toLowerCase()
      const unknown = unknownMembers(db, userIds)
      if (unknown.length) problems.add(problem('unknown-members', { ids: listSome(unknown) }))
      const event = localEvent(db, uuid)
      if (!event && mirrors(db, 'event')) problems.add(problem('unknown-event', { eventUuid }))
      if (event?.deletionTime) problems.add(problem('event-deleted', { event: event.name ?? event.id }))
      const registered = userIds.filter((id) => localRegistrationOf(db, uuid, id) !== undefined)
      if (registered.length) problems.add(problem('event-participants.already-registered', { ids: listSome(registered) }))
      const queuedFor = queuedParticipants(db, uuid, editing)
      const queuedAgain = userIds.filter((id) => queuedFor.has(id))
      if (queuedAgain.length) problems.add(problem('event-participants.already-queued', { entries: listSome(queuedAgain.map((id) => `${id} (#${queuedFor.get(id)})`)) }))
      const taken = (event?.currentAttendeeCount ?? 0) + queuedFor.size
      if (event && event.maxAttendeeCount !== null && taken + userIds.length > event.maxAttendeeCount) {
        problems.add(
          problem('event-participants.no-room', {
            event: event.name ?? event.id,
            free: Math.max(0, event.maxAttendeeCount - taken),
            registered: event.currentAttendeeCount ?? 0,
            queued: queuedFor.size,
            places: event.maxAttendeeCount,
            count: userIds.length
          })
        )
      }
    }
    problems.throwIfAny('the participants')
    const body: CreateEventParticipants = { userIds: [...userIds], grantEventMerits: participants.grantEventMerits }
    if (participants.grantEventMerits) body.meritGrant = grantBody(participants.meritGrant!)
    return { eventUuid: eventUuid.toLowerCase(), participants: body }
  },

  effects: ({ eventUuid, participants }) => participants.userIds.map((personId) => ({ personId, target: `event ${eventUuid}` })),

  names: ({ participants }) => (participants.meritGrant?.granterUserId === undefined ? [] : [participants.meritGrant.granterUserId]),

  refersTo: ({ eventUuid }) => [{ to: 'event', uuid: eventUuid }],

  describe({ eventUuid, participants }) {
    const n = participants.userIds.length
    const who = n === 1 ? `member ${participants.userIds[0]}` : `${n.toLocaleString('en')} members`
    return `add ${who} to event ${eventUuid}${participants.grantEventMerits ? ` and grant the event's merits on ${participants.meritGrant!.grantingDate}` : ''}`
  },

  async send(client, { eventUuid, participants }) {
    const answer = await client.writeV3('POST', `/event/${encodeURIComponent(eventUuid)}/participants`, { body: participants, emptyAnswer: true })
    return { status: answer.status, answer: answer.body ?? null }
  },

  async reconcile(client, { eventUuid, participants }) {
    const listed = await client.getV2<EventRegistration[]>(`/event/registration/${encodeURIComponent(eventUuid)}`)
    const registrations = (Array.isArray(listed) ? listed : []).filter((r) => participants.userIds.includes(r.participantUserId))
    const registered = new Set(registrations.map((r) => r.participantUserId))
    if (registered.size === participants.userIds.length) return { applied: true, status: 200, answer: { registrations } }
    if (registered.size === 0) return { applied: false }
    const missing = participants.userIds.filter((id) => !registered.has(id))
    return { applied: 'undecided', reason: `only ${registered.size} of ${participants.userIds.length} participants are registered (missing ${listSome(missing)}); sending it again would register the others twice` }
  }
}

/** The problems of a v3 MeritGrant (spec v3 §2, limits of spec v2 §8). */
function meritGrantProblems(grant: V3MeritGrant): OutboxProblem[] {
  const found = [checkDate(grant.grantingDate, 'meritGrant.grantingDate')]
  if (grant.registrationDate !== undefined) found.push(checkDate(grant.registrationDate, 'meritGrant.registrationDate'))
  if (grant.granterUserId === undefined && grant.meritGranter === undefined) found.push(problem('event-participants.no-granter'))
  if (grant.granterUserId !== undefined) found.push(checkId(grant.granterUserId, 'meritGrant.granterUserId'))
  if (grant.meritGranter !== undefined) found.push(checkLength(grant.meritGranter, 'meritGrant.meritGranter', 1, MAX_MERIT_GRANTER_LENGTH))
  if (grant.meritAdditionalInfo !== undefined) found.push(checkLength(grant.meritAdditionalInfo, 'meritGrant.meritAdditionalInfo', 0, MAX_MERIT_ADDITIONAL_INFO_LENGTH))
  if (grant.notifyGrantees !== undefined && typeof grant.notifyGrantees !== 'boolean') found.push(problem('not-a-boolean', { what: 'meritGrant.notifyGrantees' }))
  return found.filter((one): one is OutboxProblem => one !== null)
}

/** Exactly the MeritGrant fields given (spec v3 §2). */
function grantBody(grant: V3MeritGrant): V3MeritGrant {
  const body: V3MeritGrant = { grantingDate: grant.grantingDate }
  for (const key of ['granterUserId', 'meritGranter', 'meritAdditionalInfo', 'registrationDate', 'notifyGrantees'] as const) {
    if (grant[key] !== undefined) Object.assign(body, { [key]: grant[key] })
  }
  return body
}

/**
 * Members the outbox is about to register to the event `eventUuid` (lower case): by registrations
 * and by participant additions not done or rejected, except item `editing`, each with the item
 * doing it. Both kinds take places and both make a registration (spec v2 §4.8, v3 §4).
 */
export function queuedParticipants(db: Parameters<typeof openItemsOfKind>[0], eventUuid: string, editing: number | undefined): Map<number, number> {
  const found = new Map<number, number>()
  for (const item of openItemsOfKind(db, 'event-registration')) {
    const { payload } = item
    if (item.id !== editing && item.state !== 'rejected' && payload.eventUuid === eventUuid) found.set(payload.registration.participantUserId, item.id)
  }
  for (const item of openItemsOfKind(db, 'event-participants')) {
    const { payload } = item
    if (item.id !== editing && item.state !== 'rejected' && payload.eventUuid === eventUuid) for (const id of payload.participants.userIds) found.set(id, item.id)
  }
  return found
}
