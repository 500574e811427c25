/**
 * Stored records of the sandbox's merits, events, registrations and orders (spec v2 §2.7–§2.9,
 * §2.15–§2.18, spec v3 §2 events). Merit groups and merits are kept as wire objects; grants,
 * events and registrations are kept normalised and rendered per request, because they embed
 * people whose fields depend on the client's personal-data level.
 */
import type { Merit, MeritGroup, DiscountType, EventPurpose, OrderPurchase, OrderStatus, PaymentStatus } from '../shared/api/v2Activity'
import type { Stamped } from './collection'
import type { WireRecord } from './records'

export type MeritGroupRecord = WireRecord<MeritGroup>
export type MeritRecord = WireRecord<Merit>

/** One user's grant of one merit (spec v2 §2.9); `id` is the user id, unique per merit. */
export interface GrantRecord extends Stamped {
  meritId: number
  grantingDate: string
  meritGranter: string
  additionalInfo: string
  registrationDate?: string
}

/** A master sport (spec v3 §2 ApiMasterSport). */
export interface MasterSport {
  id: number
  nameFi: string
  nameSe: string
  description: string
}

/** An event (spec v2 §2.18, spec v3 §2). Local date-times are `yyyy-mm-ddTHH:MM:SS` at the event location. */
export interface EventRecord extends Stamped {
  uuid: string
  name: string
  description: string
  organizerId: number
  federationId: number
  start: string
  end: string
  registrationStart: string
  registrationEnd: string
  priceInCents: number
  maxAttendeeCount?: number
  /** Who may register by birth date (spec v3 §4 `registrationMinBirthDate`, `registrationMaxBirthDate`: dates, both included); absent for anyone. */
  registrationMinBirthDate?: string
  registrationMaxBirthDate?: string
  /** Who may register by gender (spec v3 §4 `allowedGender`); absent for anyone. */
  allowedGender?: 'MALE' | 'FEMALE'
  municipalityId?: number
  lat: number
  lon: number
  locationAddress: string
  locationDescription: string
  masterSportIds: number[]
  tags: string[]
  purpose: EventPurpose
  visibility: 'PUBLIC' | 'PRIVATE'
  status: 'DRAFT' | 'PUBLISHED'
  allowedRegisterer: 'ATHLETE' | 'ORGANIZATION_USER' | 'BOTH'
  registrationCancellable: boolean
  contactPersonName: string
  contactPersonEmail: string
  contactPersonPhone: string
  meritIds: number[]
  /** Milliseconds since the epoch. */
  creationMs: number
  /** Set when the event was deleted (ms since epoch); deleted events leave every list but v3's includeDeletedEvents. */
  deletionMs?: number
  /** Listener of spec v3 §6, set at creation. */
  webhookUrl?: string
}

/** Where a registration stands: listed, cancelled by DELETE, or dropped unpaid after 7 days (spec v2 §3). */
export type RegistrationState = 'ACTIVE' | 'CANCELLED' | 'DROPPED'

/** An event registration (spec v2 §2.15), also listed as a registered event user (§2.16) with the same id. */
export interface RegistrationRecord extends Stamped {
  eventId: number
  userId: number
  organizationId: number
  registrationDate: string
  paidAmountInCents: number
  activeDiscountType: DiscountType
  paymentStatus: PaymentStatus
  state: RegistrationState
  registrationInfo?: string
  additionalDetails?: string
  /** Start of the current payment attempt (simulated ms); the 7-day limit counts from here. */
  attemptMs?: number
  /** When the payment confirmation arrives (simulated ms), once the payer completed the payment. */
  confirmAtMs?: number
}

/** An order (spec v2 §2.17) and who placed it. */
export interface OrderRecord {
  orderId: number
  clientId: string
  status: OrderStatus
  userId: number
  organizationId?: number
  purchases: OrderPurchase[]
  /** Registrations the order pays for. */
  registrationIds: number[]
  amountInCents: number
  paymentMethodCode?: string
}
