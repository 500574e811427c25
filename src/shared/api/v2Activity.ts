/**
 * Wire types of the Public Data API v2 beyond the season and licence data of `v2.ts`: merits
 * (spec v2 §2.7–§2.9, §4.3), event registrations (§2.15, §2.16, §4.8), orders and payments
 * (§2.17, §4.9), event search (§2.18, §4.11), client data (§4.10) and the write bodies of §4.1
 * and §4.6. Field names are the API's own.
 */
import type { Address, DateOnly, GuardianInformation, Instant, LocalDateTime, OrganizationType, CollectionType, UserProfile } from './v2'

/** Merit group (spec v2 §2.7). */
export interface MeritGroup {
  id: number
  isOrdered: boolean
  isSportBound: boolean
  modificationTime: Instant
  name: string
  organizationId: number
  sportId: number
}

export type MeritGrantingAuthorType = 'BOTH' | 'CLUB' | 'FEDERATION'
export type MeritValidityPeriodType = 'PERPETUAL' | 'FIXED_DURATION' | 'FIXED_DATE'
export type MeritType = 'COMPETITION' | 'CARD'

/**
 * Merit (spec v2 §2.8). `validityFixedDate` is given only for FIXED_DATE and
 * `validityFixedDurationInMonths` only for FIXED_DURATION, so both are optional here.
 */
export interface Merit {
  id: number
  description: string
  meritGrantingAuthorType: MeritGrantingAuthorType
  meritGroupId: number
  meritGroupName: string
  meritValidityPeriodType: MeritValidityPeriodType
  modificationTime: Instant
  name: string
  orderNumber: number
  type: MeritType
  validityFixedDate?: DateOnly
  validityFixedDurationInMonths?: number
  masterSportIds?: number[]
}

/** Organization reference inside a granted merit (spec v2 §2.9). */
export interface GrantedMeritOrganization {
  id: number
  primaryName: string
  type: OrganizationType
  collectionType: CollectionType
}

/** The grant itself inside a granted-merit list item (spec v2 §2.9). */
export interface GrantedMeritDetails {
  id: number
  grantingDate: DateOnly
  meritGroupId: number
  meritGroupName: string
  meritId: number
  meritGranter: string
  meritName: string
  registrationDate?: DateOnly
  organizations: GrantedMeritOrganization[]
  masterSports: { id: number; name: string }[]
  validUntilDate?: DateOnly
}

/**
 * List item of GET /granted-merit/{meritId} (spec v2 §2.9); `id` is the user id. The contact
 * fields follow the client's personal-data level (spec v2 §5). `modificationTime` is not in the
 * spec's field list; the sandbox sends it because the list is SYNC-paged by it, and the sync reads
 * the list whole when it is missing (`ListSource.timesOptional`).
 */
export interface GrantedMerit {
  id: number
  modificationTime?: Instant
  additionalInformation?: string
  email?: string
  firstName?: string
  nickname?: string
  lastName?: string
  phoneNumber?: string
  guardians?: GuardianInformation[]
  grantedMerit: GrantedMeritDetails
}

/** Body of POST /merit-grant/grant/{meritId} (spec v2 §4.3). */
export interface MeritGrantRequest {
  grantingDate: DateOnly
  granterUserId?: number
  meritGranter?: string
  meritAdditionalInfo?: string
  registrationDate?: DateOnly
  meritGrantees: number[]
  notifyGrantees?: boolean
}

export type DiscountType = 'NONE' | 'PUBLIC' | 'PRICE_STEP' | 'CODE'

/** Body of POST /event/registration/{eventUuid} (spec v2 §2.15 request). */
export interface EventRegistrationRequest {
  eventRegistrationId?: number
  eventUuid?: string
  participantUserId: number
  additionalDetails?: string
  additionalProducts?: unknown[]
}

/** Answer to an additional question of a registration (spec v2 §2.15). */
export interface AdditionalDetailAnswer {
  additionalQuestionId: number
  additionalQuestion: string
  additionalQuestionAnswer?: string
  preconditionAccepted?: boolean
}

/** Event registration read item (spec v2 §2.15). */
export interface EventRegistration {
  eventRegistrationId: number
  eventUuid: string
  participantUserId: number
  additionalDetails?: string
  additionalProducts?: unknown[]
  additionalDetailAnswers?: AdditionalDetailAnswer[]
  modificationTime: Instant
  paidAmountInCents: number
  activeDiscountType: DiscountType
  registrationDate: DateOnly
  organizationId: number
  organizationPrimaryName: string
  organizationOfficialName: string
}

export type PaymentStatus = 'FREE' | 'PAID' | 'WAITING_PAYMENT_CONFIRMATION'

/** Registered event user (spec v2 §2.16); `user` carries basic contact information only. */
export interface RegisteredEventUser {
  id: number
  modificationTime: Instant
  eventId: number
  user: UserProfile
  registrationInfo?: string
  paymentStatus: PaymentStatus
  paidAmountInCents: number
  activeDiscountType: DiscountType
}

export type OrderStatus = 'CANCELLED' | 'COMPLETED' | 'ERROR' | 'IN_PROGRESS' | 'WAITING_PAYMENT_CONFIRMATION'

/** A product of an order purchase (spec v2 §2.17). */
export interface OrderProduct {
  productType: 'EVENT_REGISTRATION'
  productId: number
  productStatusRowId?: number
}

/** A purchase of an order (spec v2 §2.17). */
export interface OrderPurchase {
  beneficiaryUserId?: number
  beneficiaryOrganizationId?: number
  products: OrderProduct[]
}

/** Order request and response (spec v2 §2.17). */
export interface Order {
  orderId?: number
  status?: OrderStatus
  userId: number
  organizationId?: number
  source: 'EVENT_REGISTRATION'
  purchases: OrderPurchase[]
}

/** A payment method offered for an order (spec v2 §2.17). */
export interface PaymentMethod {
  paymentMethodCode: string
  costInCents: number
  totalOrderAmountInCents: number
  displayName: string
  image: { width: number; height: number; mimeType: string; url: string }
}

/** Response of GET /order/{orderId}/payment/methods (spec v2 §2.17). */
export interface PaymentMethods {
  language: string
  termsText: string
  termsUrl: string
  paymentMethods: PaymentMethod[]
}

/** Response of POST /order/{orderId}/payment/{paymentMethodCode} (spec v2 §2.17). */
export interface PaymentInitiation {
  paymentGatewayUrl: string
  requestData: { key: string; value: string }[]
}

/** Product discount of an event (spec v2 §2.18). */
export interface ProductDiscount {
  id: number
  discountType: 'PUBLIC' | 'PRICE_STEP'
  name: string
  description?: string
  priceInCents: number
  validityPeriod?: { start: Instant; end: Instant }
}

export type EventPurpose = 'SPORTS' | 'EDUCATION' | 'ORGANIZATIONAL' | 'OTHER' | 'PROMOTION'

/** Event search result (spec v2 §2.18). Date-times are local to the event location. */
export interface EventSearchResult {
  eventId: number
  name: string
  sports: string[]
  organizerId: number
  organizerName: string
  startDateTime: LocalDateTime
  endDateTime: LocalDateTime
  registrationStartDateTime: LocalDateTime
  registrationEndDateTime: LocalDateTime
  currentAttendeeCount: number
  maxAttendeeCount: number
  imageUrl: string
  locationAddress: string
  locationDescription: string
  locationCoordinates: { lat: number; lon: number }
  uuid: string
  priceInCents: number
  productDiscounts: ProductDiscount[]
  parentSeriesEventId: number
  parentSeriesEventUuid: string
  parentSeriesEventName: string
  tags?: string[]
  purpose?: EventPurpose
  eventCategory?: string
}

/** Client data (spec v2 §2.18 end, §4.10): at most 2048 characters. */
export interface ClientData {
  content: string
}

/** Body of POST /organization/{id}/suborganizations (spec v2 §2.2 create). */
export interface CreateSuborganizationRequest {
  type: 'CLUB'
  name: string
  shortName?: string
  description?: string
  address?: Address
  parentId?: number
  federationId?: number
  businessId?: string
  emailAddress?: string
  url?: string
  contactPerson?: string
  phone?: string
  established?: DateOnly
  terminated?: DateOnly
}

/** Body of PUT /organization/{id}/users (spec v2 §4.1). */
export interface OrganizationUserGrantRequest {
  authorizedOrganizationUser: { organizationId: number; userId: number; write: boolean }
  inviterName: string
}

/** Body of POST /user-licence-club-transfer/... (spec v2 §4.6). */
export interface ClubTransferRequest {
  targetClubId: number
}
