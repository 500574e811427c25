import type { Address } from './api/v2'
import type { EventRegistrationRequest, MeritGrantRequest, Order } from './api/v2Activity'
import type { CreateEvent, CreateEventParticipants, CreateMerit } from './api/v3'

/**
 * What the outbox stores for each kind of change (DESIGN §4, issue 5): the wire body and path ids
 * its operation module in src/main/outbox/ prepared, with API field names. The main process sends
 * them; the renderer says what they do (pages/outboxText.ts) and edits them. Dates are date-only
 * `yyyy-mm-dd`, money in cents, as the spec writes them.
 */

/** A merit grant: the merit and the body of POST /merit-grant/grant/{meritId} exactly as sent (spec v2 §4.3). */
export interface MeritGrantPayload {
  meritId: number
  grant: MeritGrantRequest
}

/** An event registration: the event's UUID and the body of POST /event/registration/{eventUuid} (spec v2 §2.15, §4.8). */
export interface EventRegistrationPayload {
  eventUuid: string
  registration: EventRegistrationRequest
}

/**
 * A registration cancellation: the event's UUID and the registration's id; without the id, the
 * registration is the one the item's dependency (an `event-registration` item) creates.
 */
export interface RegistrationCancelPayload {
  eventUuid: string
  eventRegistrationId?: number
  /** The registered member when known locally (the pending badge), not sent. */
  participantUserId?: number
}

/** What a person asks: move this user licence to that club. */
export interface ClubTransferInput {
  userLicenceId: number
  targetClubId: number
}

/**
 * A club transfer as stored: the path ids and body of POST
 * /user-licence-club-transfer/sports-federation/{sportsFederationId}/user-licence/{userLicenceId}
 * (spec v2 §4.6), and from the local user licence its member and licence period, for the read-back.
 */
export interface ClubTransferPayload extends ClubTransferInput {
  sportsFederationId: number
  userId: number
  licencePeriodId: number
}

/** The body of PUT /client-data (spec v2 §4.10). */
export interface ClientDataPutPayload {
  content: string
}

/**
 * Body of POST /organization/{id}/suborganizations (spec v2 §2.2 "Create-suborganization request
 * body"): `type` is always CLUB (the only type allowed), `name` required, the rest optional.
 */
export interface CreateClubRequest {
  type: 'CLUB'
  name: string
  shortName?: string
  description?: string
  address?: Address
  businessId?: string
  emailAddress?: string
  url?: string
  contactPerson?: string
  phone?: string
  /** Date-only yyyy-mm-dd. */
  established?: string
  /** Date-only yyyy-mm-dd. */
  terminated?: string
}

/** A club creation: the parent organization (the path id) and the body (spec v2 §4.1). */
export interface ClubCreatePayload {
  parentId: number
  club: CreateClubRequest
}

/** Body of PUT /organization/{id}/users (spec v2 §4.1). */
export interface OrganizationUserAccessRequest {
  authorizedOrganizationUser: {
    organizationId: number
    userId: number
    /** True for write-level rights, false for read. */
    write: boolean
  }
  /** Who grants it, named in the notification e-mail. */
  inviterName: string
}

/** Participants added to an event: its UUID and the body of v3 POST /event/{eventUuid}/participants. */
export interface EventParticipantsPayload {
  eventUuid: string
  participants: CreateEventParticipants
}

/**
 * A payment initiation: the order (its id, or none when the item depends on the `order-create`
 * item that places it), the payment method chosen from the order's payment methods, and the
 * optional `clientId` query parameter (spec v2 §4.9: the id of the service client).
 */
export interface OrderPaymentPayload {
  orderId?: number
  paymentMethodCode: string
  clientId?: string
}

/** An order cancellation: the order's id, or none when the item depends on the `order-create` item that places it. */
export interface OrderCancelPayload {
  orderId?: number
}

/** The stored payload of each outbox kind; the operation modules are checked against it (src/main/outbox/operations.ts). */
export interface OutboxPayloads {
  'merit-grant': MeritGrantPayload
  'event-registration': EventRegistrationPayload
  'registration-cancel': RegistrationCancelPayload
  'club-transfer': ClubTransferPayload
  'client-data-put': ClientDataPutPayload
  'client-data-delete': Record<string, never>
  'club-create': ClubCreatePayload
  'organization-user-access': OrganizationUserAccessRequest
  'merit-create': CreateMerit
  'event-create': CreateEvent
  'event-participants': EventParticipantsPayload
  /** The body of POST /order (spec v2 §2.17) as sent. */
  'order-create': Order
  'order-payment': OrderPaymentPayload
  'order-cancel': OrderCancelPayload
}
