import type { TFunction } from 'i18next'
import type { OutboxItem, OutboxNames, PushSummary } from '../../../shared/outbox'
import type { OutboxPayloads } from '../../../shared/outboxPayloads'

/** How the page writes an ISO date and a local date-time (i18n `formatDate`, `formatDateTime` in the user's language). */
export interface DateFormats {
  date(isoDate: string): string
  dateTime(isoDateTime: string): string
}

/**
 * What an outbox item does, in the user's language, from its payload, with members, events,
 * merits, organizations and licences by name where this computer has them (`names`), else by
 * id. The outbox's own one-line summary (English, as the CLI shows it) when the payload is not as
 * expected, e.g. from a newer Kanslia.
 */
export function describeOutboxItem(item: OutboxItem, t: TFunction, format: DateFormats, names: OutboxNames): string {
  try {
    return describe(item, t, format, names)
  } catch {
    return item.summary
  }
}

function describe(item: OutboxItem, t: TFunction, format: DateFormats, names: OutboxNames): string {
  const event = (uuid: string) => names.events[uuid.toLowerCase()] ?? uuid.slice(0, 8)
  const person = (id: number) => names.persons[id] ?? String(id)
  const organization = (id: number) => names.organizations[id] ?? String(id)
  const order = (id: number | undefined) => (id === undefined ? t('outbox.describe.queuedOrder') : t('outbox.describe.order', { id }))
  const key = `outbox.describe.${item.kind}`
  switch (item.kind) {
    case 'merit-grant': {
      const { meritId, grant } = item.payload as OutboxPayloads['merit-grant']
      return t('outbox.meritGrantSummary', {
        merit: names.merits[meritId] ?? `#${meritId}`,
        count: grant.meritGrantees.length,
        date: format.date(grant.grantingDate),
        granter: grant.meritGranter ?? (grant.granterUserId === undefined ? '' : person(grant.granterUserId))
      })
    }
    case 'event-registration': {
      const { eventUuid, registration } = item.payload as OutboxPayloads['event-registration']
      return t(key, { member: person(registration.participantUserId), event: event(eventUuid) })
    }
    case 'registration-cancel': {
      const { eventUuid, eventRegistrationId, participantUserId } = item.payload as OutboxPayloads['registration-cancel']
      if (eventRegistrationId === undefined) return t('outbox.describe.registration-cancel-queued', { event: event(eventUuid) })
      return participantUserId === undefined
        ? t(key, { registration: eventRegistrationId, event: event(eventUuid) })
        : t('outbox.describe.registration-cancel-member', { member: person(participantUserId), event: event(eventUuid) })
    }
    case 'club-transfer': {
      const { userLicenceId, userId, targetClubId } = item.payload as OutboxPayloads['club-transfer']
      return t(key, { licence: names.userLicences[userLicenceId] ?? userLicenceId, member: person(userId), club: organization(targetClubId) })
    }
    case 'client-data-put':
      return t(key, { count: (item.payload as OutboxPayloads['client-data-put']).content.length })
    case 'client-data-delete':
      return t(key)
    case 'club-create': {
      const { parentId, club } = item.payload as OutboxPayloads['club-create']
      return t(key, { name: club.name, parent: organization(parentId) })
    }
    case 'organization-user-access': {
      const { authorizedOrganizationUser: grant, inviterName } = item.payload as OutboxPayloads['organization-user-access']
      const access = t(grant.write ? 'outbox.describe.write' : 'outbox.describe.read')
      return t(key, { user: person(grant.userId), access, organization: organization(grant.organizationId), inviter: inviterName })
    }
    case 'merit-create': {
      const { name, meritGroupId } = item.payload as OutboxPayloads['merit-create']
      return t(key, { name, group: names.meritGroups[meritGroupId] ?? meritGroupId })
    }
    case 'event-create': {
      const { name, organizerId, startDateTime } = item.payload as OutboxPayloads['event-create']
      // Local date and time of the event's place, as given (spec v3 EventDateTime): no instant to convert.
      const start = startDateTime.time === undefined ? format.date(startDateTime.date) : `${format.date(startDateTime.date)} ${startDateTime.time}`
      return t(key, { name, organizer: organization(organizerId), start })
    }
    case 'event-participants': {
      const { eventUuid, participants } = item.payload as OutboxPayloads['event-participants']
      const values = { count: participants.userIds.length, event: event(eventUuid) }
      return participants.grantEventMerits && participants.meritGrant
        ? t('outbox.describe.event-participants-merits', { ...values, date: format.date(participants.meritGrant.grantingDate) })
        : t(key, values)
    }
    case 'order-create': {
      const order = item.payload as OutboxPayloads['order-create']
      const payer =
        order.organizationId === undefined ? t('outbox.describe.payerMember', { id: person(order.userId) }) : t('outbox.describe.payerOrganization', { id: organization(order.organizationId) })
      return t(key, { count: order.purchases.reduce((sum, p) => sum + p.products.length, 0), payer })
    }
    case 'order-payment': {
      const { orderId, paymentMethodCode } = item.payload as OutboxPayloads['order-payment']
      return t(key, { order: order(orderId), method: paymentMethodCode })
    }
    case 'order-cancel':
      return t(key, { order: order((item.payload as OutboxPayloads['order-cancel']).orderId) })
    default:
      return item.summary
  }
}

/**
 * What a push did, in the user's language, and how it went: sent and still waiting, why it stopped
 * (offline, the registry's fault with its words, a change read back only later: when, in local
 * time), how many the registry rejected. `green` when all went, `orange` when something stopped
 * or was rejected.
 */
export function describePush(summary: PushSummary, t: TFunction, format: Pick<DateFormats, 'dateTime'>): { color: 'green' | 'orange'; text: string } {
  const parts = [t('outbox.pushed', { count: summary.done.length, waiting: summary.waiting })]
  const stopped = summary.stopped
  if (stopped?.reason === 'offline') parts.push(t('outbox.offline'))
  else if (stopped?.reason === 'read-back') parts.push(t('outbox.readBack', { id: stopped.itemId, time: format.dateTime(stopped.at) }))
  else if (stopped?.reason === 'no-api') parts.push(t('outbox.noApi'))
  else if (stopped) parts.push(t('outbox.serverError', { message: stopped.message }))
  if (summary.rejected.length > 0) parts.push(t('outbox.rejectedCount', { count: summary.rejected.length }))
  return { color: summary.rejected.length > 0 || summary.stopped ? 'orange' : 'green', text: parts.join(' ') }
}
