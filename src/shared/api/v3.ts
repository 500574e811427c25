/**
 * Wire types of the Public Data API v3 (spec v3 §2). Fields are optional unless the spec marks
 * them R. Date-times of events are local to the event location.
 */

/** Paging metadata (spec v3 §2 Pageable). */
export interface V3Pageable {
  page: number
  size: number
  total: number
}

/** Address (spec v3 §2 PublicAddress). */
export interface PublicAddress {
  streetAddress?: string
  postCode?: string
  postOffice?: string
  state?: string
  countryCode?: string
}

/** Organization of the public interfaces (spec v3 §2 PublicOrganization). */
export interface PublicOrganization {
  id?: number
  organizationType: string
  organizationCollectionType?: string
  officialName: string
  abbreviation?: string
  description?: string
  sportId?: number
  parentOrganizationId?: number
  sportsFederationId?: number
  masterClubId?: number
  areaAssociationId?: number
  emailAddress?: string
  phoneNumber?: string
  businessId?: string
  registrationNumber?: string
  address?: PublicAddress
  municipalityId?: number
  masterSportId?: number
  iban?: string
  bic?: string
  sportsFederationName?: string
  masterClubName?: string
  areaAssociationName?: string
  imageUrl?: string
}

/** Page of organizations (spec v3 §2 PublicOrganizationPage). */
export interface PublicOrganizationPage {
  content: PublicOrganization[]
  pageable: V3Pageable
}

/** Area association in GET /area-association (spec v3 §2 PublicOrganizationSelectItem). */
export interface PublicOrganizationSelectItem {
  id: number
  officialName: string
  grantStatementGroup?: { primaryName: string; id: number }
}

/** Organization search answer (spec v3 §2 OrganizationSearchResponse). */
export interface OrganizationSearchResponse {
  id: number
  primaryName: string
  organizationType: string
  organizationCollectionType?: string
  organizationOrigin: string
  hasAdminUsers?: boolean
  sportsFederationName?: string
  organizationCollectionDetails?: { superOrganizationId?: number; memberOrganizationCount?: number }
}

/** Short organization answer (spec v3 §2 SimplifiedOrganizationSearchResponse). */
export interface SimplifiedOrganizationSearchResponse {
  id: number
  primaryName: string
}

/** Master sport (spec v3 §2 ApiMasterSport). */
export interface ApiMasterSport {
  id: number
  nameFi: string
  nameSe?: string
  description?: string
}

/** Sports club of a master club (spec v3 §2 ApiSportsClub). */
export interface ApiSportsClub {
  id: number
  primaryName: string
  sportsFederationId?: number
  sportsFederationName?: string
  sports: ApiMasterSport[]
}

/** Municipality (spec v3 §2 MunicipalityListResponse). */
export interface MunicipalityListResponse {
  id: number
  nameFi: string
  nameSe?: string
  areaAssociation?: { id: number; primaryName: string; emailAddress?: string; phoneNumber?: string }
}

export type V3EventPurpose = 'SPORTS' | 'EDUCATION' | 'ORGANIZATIONAL' | 'OTHER' | 'PROMOTION'

/** Event in GET /event (spec v3 §2 PublicAPIEventSearchResult). */
export interface PublicApiEvent {
  eventId: number
  name: string
  description?: string
  sports: string[]
  mastersports: string[]
  organizerId: number
  organizerName: string
  startDateTime: string
  endDateTime: string
  currentAttendeeCount: number
  maxAttendeeCount?: number
  locationAddress?: string
  locationDescription?: string
  locationCoordinates?: { lat: number; lon: number }
  uuid: string
  priceInCents: number
  parentSeriesEventId?: number
  parentSeriesEventUuid?: string
  parentSeriesEventName?: string
  sportEventSponsoringProjectNames: string[]
  sportEventSponsoringProjectIds: number[]
  municipalityNameFi?: string
  municipalityNameSe?: string
  municipalityId?: number
  registrationMaxBirthDate?: string
  registrationMinBirthDate?: string
  registrationStartTime?: string
  registrationEndTime?: string
  tags: string[]
  allowedGender?: 'MALE' | 'FEMALE' | null
  imageUrl?: string
  eventKind: 'INDIVIDUAL' | 'SERIES' | 'ACTIVITY_PROGRAM'
  contactPersonName?: string
  contactPersonEmail?: string
  contactPersonPhone?: string
  creationTime: string
  modificationTime: string
  deletionTime?: string
  purpose: V3EventPurpose
}

/** Page of events (spec v3 §2 ApiEventPage). */
export interface ApiEventPage {
  content: PublicApiEvent[]
  pageable: V3Pageable
}

/** Date and optional local time of an event (spec v3 §2 EventDateTime). */
export interface EventDateTime {
  date: string
  time?: string
}

/** Price row of an event (spec v3 §2 EventPriceDetails). */
export interface EventPriceDetails {
  name: string
  description: string
  priceInCents: number
}

/**
 * Body of POST /event (spec v3 §2 CreateEvent). `webhookUrl` is the listener URL of spec v3 §6
 * (the field name is not shown in the spec).
 */
export interface CreateEvent {
  name: string
  description?: string
  organizerId: number
  locationAddress?: string
  locationDescription?: string
  locationCoordinates?: { lat: number; lon: number }
  priceDetails?: EventPriceDetails | EventPriceDetails[]
  municipalityId?: number
  mastersportIds?: number[]
  startDateTime: EventDateTime
  endDateTime: EventDateTime
  registrationStartDateTime?: EventDateTime
  registrationEndDateTime?: EventDateTime
  maxAttendeeCount?: number
  registrationCancellable: boolean
  registrationCancellationDeadline?: unknown
  educationalSystem?: { name: 'PINJA' | 'PRIIMA'; courseId: string }
  meritIds?: number[]
  allowedRegisterer: 'ATHLETE' | 'ORGANIZATION_USER' | 'BOTH'
  visibility: 'PUBLIC' | 'PRIVATE'
  purpose: V3EventPurpose
  status?: 'DRAFT' | 'PUBLISHED'
  eventKind?: 'INDIVIDUAL' | 'CROWD_REGISTRATION'
  webhookUrl?: string
}

/** Answer of POST /event (spec v3 §2 CreatedEvent). */
export interface CreatedEvent {
  id: number
  uuid: string
  name: string
  organizerId: number
  visibility: 'PUBLIC' | 'PRIVATE'
  status: 'DRAFT' | 'PUBLISHED'
}

/** Merit grant of v3 (spec v3 §2 MeritGrant). */
export interface V3MeritGrant {
  grantingDate: string
  granterUserId?: number
  meritGranter?: string
  meritAdditionalInfo?: string
  registrationDate?: string
  notifyGrantees?: boolean
}

/** Body of POST /event/{eventUuid}/participants (spec v3 §2 CreateEventParticipants). */
export interface CreateEventParticipants {
  userIds: number[]
  grantEventMerits: boolean
  meritGrant?: V3MeritGrant
}

/** Body of POST /merit (spec v3 §2 CreateMerit). */
export interface CreateMerit {
  name: string
  description: string
  meritGroupId: number
  organizationId: number
  meritGrantingAuthorType: 'BOTH' | 'CLUB' | 'FEDERATION'
  meritValidityPeriodType: 'PERPETUAL' | 'FIXED_DURATION' | 'FIXED_DATE'
  type: 'COMPETITION' | 'CARD'
  validityFixedDate?: string
  validityFixedDurationInMonths?: number
  mastersportIds?: number[]
  userProvidedMasterSportRequired?: boolean
}

/** Answer of POST /merit (spec v3 §2 CreatedMerit). */
export interface CreatedMerit {
  id: number
  meritGroupId: number
  name: string
}

/** Answer of GET /user/{sportId}/user-id (spec v3 §2 UserInfo). */
export interface UserInfo {
  userId: number
}

/** Answer of GET /api-version-info (spec v3 §2 Version, §9). */
export interface VersionInfo {
  fullVersion: string
  major: number
  minor: number
  patch: string
}

/** Answer of POST /oauth/tokens (spec v3 §2 Token). */
export interface V3Token {
  access_token: string
  refresh_token: string
  id_token: string
  token_type: 'Bearer'
  expires_in: number
}

/** Webhook payload (spec v3 §2 EventWebhookEvent, §6). */
export interface EventWebhookEvent {
  id: number
  type: 'EVENT' | 'EVENT_REGISTRATION'
  eventPayload?: { type: 'UPDATE' | 'DELETE'; eventId: number; timestamp: string }
  eventRegistrationPayload?: {
    type: 'UPDATE' | 'DELETE' | 'CREATE'
    eventId: number
    eventRegistrationId: number
    userId: number
    timestamp: string
    registrationType: 'CROWD' | 'MEMBERSHIP'
  }
}
