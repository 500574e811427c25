import type { EventRegistration } from '../../shared/api/v2Activity'
import { problem } from '../../shared/outboxProblems'
import type { EventRegistrationPayload, RegistrationCancelPayload } from '../../shared/outboxPayloads'
import { openItemsOfKind, type OutboxRow } from '../db/outbox'
import { checkId, checkUuid, localRegistration, mirrors } from './checks'
import { Problems, UnsendableChangeError } from './errors'
import { registrationIdOf } from './eventRegistration'
import type { Operation } from './operation'

/**
 * Cancels an event registration (spec v2 §4.8 DELETE /event/registration/{eventUuid}/{id}, 200).
 * Not idempotent in its answer (a second DELETE finds nothing: 404), so after an `unknown` the
 * worker reads back `GET /event/registration/{eventUuid}` and counts the cancellation done when
 * the registration is no longer listed.
 *
 * A registration still in the outbox is cancelled through a dependency on its item: the
 * cancellation waits until that item is done and takes the id from its answer. A registration
 * the registry has must be known locally (once the sync mirrors registrations) and be to this
 * event; no other item not yet done may cancel it already.
 */
export const registrationCancel: Operation<RegistrationCancelPayload, RegistrationCancelPayload> = {
  kind: 'registration-cancel',
  idempotent: false,

  prepare(db, input, { dependency, editing }) {
    const problems = new Problems()
    problems.add(checkUuid(input.eventUuid, 'eventUuid'))
    const eventUuid = String(input.eventUuid).toLowerCase()
    if (dependency) {
      checkRegisteringItem(problems, dependency, eventUuid)
      if (input.eventRegistrationId !== undefined) problems.add(problem('registration-cancel.id-and-item'))
    } else {
      problems.add(checkId(input.eventRegistrationId, 'eventRegistrationId'))
    }
    const local = problems.none && !dependency ? localRegistration(db, input.eventRegistrationId!) : undefined
    if (problems.none && !dependency && !local && mirrors(db, 'event_registration')) problems.add(problem('registration-cancel.no-registration', { registrationId: input.eventRegistrationId! }))
    if (local?.eventUuid && local.eventUuid.toLowerCase() !== eventUuid) problems.add(problem('registration-cancel.other-event', { registrationId: input.eventRegistrationId!, registrationEvent: local.eventUuid, eventUuid }))
    if (problems.none) {
      const same = openItemsOfKind(db, 'registration-cancel').find((item) => {
        if (item.id === editing) return false
        return dependency ? item.dependsOn === dependency.id : item.payload.eventRegistrationId === input.eventRegistrationId
      })
      if (same) problems.add(problem('registration-cancel.already-queued', { itemId: same.id, state: same.state }))
    }
    problems.throwIfAny('the cancellation')
    const participantUserId = dependency ? (dependency.payload as EventRegistrationPayload).registration.participantUserId : (local?.participantUserId ?? undefined)
    const payload: RegistrationCancelPayload = dependency ? { eventUuid } : { eventUuid, eventRegistrationId: input.eventRegistrationId }
    if (participantUserId !== undefined) payload.participantUserId = participantUserId
    return payload
  },

  /** A cancellation of a registration still in the outbox cancels it only while it registers to the same event, and names its member. */
  refit(payload, dependency) {
    const problems = new Problems()
    checkRegisteringItem(problems, dependency, payload.eventUuid)
    problems.throwIfAny('the cancellation')
    const { participantUserId } = (dependency.payload as EventRegistrationPayload).registration
    return participantUserId === payload.participantUserId ? payload : { ...payload, participantUserId }
  },

  effects: ({ eventUuid, participantUserId }) => (participantUserId === undefined ? [] : [{ personId: participantUserId, target: `event ${eventUuid}` }]),

  refersTo: ({ eventUuid, eventRegistrationId }) => [{ to: 'event', uuid: eventUuid }, ...(eventRegistrationId === undefined ? [] : [{ to: 'event-registration' as const, id: eventRegistrationId }])],

  describe: ({ eventUuid, eventRegistrationId }) =>
    eventRegistrationId === undefined ? `cancel the registration to event ${eventUuid} queued before it` : `cancel registration ${eventRegistrationId} to event ${eventUuid}`,

  async send(client, payload, dependency) {
    const id = registrationId(payload, dependency)
    const answer = await client.writeV2('DELETE', `/event/registration/${encodeURIComponent(payload.eventUuid)}/${id}`, { emptyAnswer: true })
    return { status: answer.status, answer: answer.body ?? { eventRegistrationId: id } }
  },

  async reconcile(client, payload, dependency) {
    const id = registrationId(payload, dependency)
    const listed = await client.getV2<EventRegistration[]>(`/event/registration/${encodeURIComponent(payload.eventUuid)}`)
    const stillThere = (Array.isArray(listed) ? listed : []).some((r) => r.eventRegistrationId === id)
    return stillThere ? { applied: false } : { applied: true, status: 200, answer: { eventRegistrationId: id, cancelled: true } }
  }
}

/** Notes a problem unless `dependency` is an item that registers someone to `eventUuid` (lower case). */
function checkRegisteringItem(problems: Problems, dependency: OutboxRow, eventUuid: string): void {
  const registering = dependency.kind === 'event-registration' ? (dependency.payload as EventRegistrationPayload) : undefined
  if (!registering) problems.add(problem('registration-cancel.not-a-registration', { itemId: dependency.id }))
  else if (registering.eventUuid !== eventUuid) problems.add(problem('registration-cancel.item-other-event', { itemId: dependency.id, itemEvent: registering.eventUuid, eventUuid }))
}

/**
 * The id to cancel: the payload's, or the one the dependency's registration got.
 * @throws UnsendableChangeError when neither is known (the registration item's answer named none).
 */
function registrationId(payload: RegistrationCancelPayload, dependency: OutboxRow | undefined): number {
  const id = payload.eventRegistrationId ?? registrationIdOf(dependency?.lastAnswer ?? null)
  if (id === undefined) {
    throw new UnsendableChangeError(
      `the registration to cancel in event ${payload.eventUuid} has no id: outbox item #${dependency?.id} (${dependency?.state}) holds no eventRegistrationId from the registry; discard this item and queue it again with the registration's id`
    )
  }
  return id
}
