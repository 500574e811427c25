/**
 * Wire types of the Public Data API v2 (spec v2 §2). Field names are the API's own; these types
 * describe what crosses the wire, so the sandbox produces them and the sync engine consumes them.
 *
 * Units and formats:
 * - `Instant`: ISO 8601 date-time with offset (`Z` or `+02:00`) and 0–9 fractional digits; never
 *   compare as strings, parse with `parseInstant` (src/shared/instant.ts).
 * - `DateOnly`: `yyyy-mm-dd`, a calendar date without zone.
 * - `LocalDateTime`: date and time without a relevant zone (spec v2 "datetime-only").
 * - Money is integer cents (`…InCents`).
 */

/** ISO 8601 date-time with offset; see `parseInstant`. */
export type Instant = string
/** `yyyy-mm-dd` calendar date. */
export type DateOnly = string
/** Date and time without zone (`yyyy-mm-ddTHH:MM:SS[.fff]`), spec v2 "datetime-only". */
export type LocalDateTime = string

/** Paging metadata of every list response (spec v2 §2.1). `total` counts all retrievable elements. */
export interface Pageable {
  page: number
  size: number
  total: number
}

/** List response envelope (spec v2 §2.1). */
export interface Page<T> {
  content: T[]
  pageable: Pageable
}

/** Postal address (spec v2 §2.2, §2.11). */
export interface Address {
  streetAddress: string
  postCode: string
  postOffice: string
  state?: string
  countryCode?: string
}

export type OrganizationType = 'SPORTS_FEDERATION' | 'AREA' | 'CLUB' | 'GROUP' | 'ORGANIZATION_COLLECTION'
export type CollectionType = 'MASTER_CLUB' | 'AREA_ASSOCIATION'
export type OrganizationStatus = 'ACTIVE' | 'PASSIVE'

/** Organization (spec v2 §2.2). `sportId` is the organization's Sport-ID (10000000…999999999). */
export interface Organization {
  id: number
  type: OrganizationType
  collectionType: CollectionType
  name: string
  officialName?: string
  shortName?: string
  description?: string
  sportId: number
  address?: Address
  parentId?: number
  federationId?: number
  modificationTime: Instant
  status: OrganizationStatus
  businessId?: string
  emailAddress?: string
  masterClubId?: number
  areaAssociationId?: number
  federationName?: string
  masterClubName?: string
  masterClubModificationTime?: Instant
  areaAssociationName?: string
  iban?: string
  bic?: string
  municipalityId?: number
  url: string
  contactPerson: string
  phone: string
  established: DateOnly
  terminated: DateOnly
}

/** Licence period (spec v2 §2.3): a season of a federation, `startTime`…`endTime` inclusive dates. */
export interface LicencePeriod {
  id: number
  modificationTime: Instant
  federationId: number
  name: string
  startTime: DateOnly
  endTime: DateOnly
}

export type LicenceType = 'Competition' | 'Hobby' | 'Judge' | 'Trustee'
export type InsuranceRequirement = 'SpecificInsurance' | 'AnyInsurance' | 'InsuranceNotRequired'

/** Licence product (spec v2 §2.4). Prices in cents; sales and usage periods are inclusive dates. */
export interface Licence {
  id: number
  federationId: number
  licencePeriodId: number
  modificationTime: Instant
  name: string
  description?: string
  priceInCents: number
  salesStartTime: DateOnly
  salesEndTime: DateOnly
  usageStartTime: DateOnly
  usageEndTime: DateOnly
  earliestBirthDate?: DateOnly
  latestBirthDate?: DateOnly
  type?: LicenceType
  validityDurationInDays?: number
  insuranceRequirement: InsuranceRequirement
  requireExternalInsuranceInfo: boolean
  insuranceIds?: number[]
  sportsIds: number[]
  costCenter?: string
}

/** Sport of a federation (spec v2 §2.5). */
export interface Sport {
  id: number
  modificationTime: Instant
  federationId: number
  name: string
  description?: string
}

export type Gender = 'Male' | 'Female' | 'Both'

/** Insurance product (spec v2 §2.6). Price in cents. */
export interface Insurance {
  id: number
  federationId: number
  licencePeriodId: number
  modificationTime: Instant
  name: string
  description?: string
  priceInCents: number
  earliestBirthDate?: DateOnly
  latestBirthDate?: DateOnly
  gender?: Gender
  insuranceCompany: string
  insuranceNumber?: string
  insuranceSubCode?: string
  transferInsuranceAutomatically: boolean
  termsLink?: string
  infoLink?: string
  costCenter?: string
}

/** Guardian of a user without own contact information, e.g. a minor (spec v2 §2.10). */
export interface GuardianInformation {
  firstName: string
  lastName: string
  email?: string
  phone?: string
}

/** A dependant of a user (spec v2 §2.10). */
export interface DependantInformation {
  id: number
  firstName: string
  lastName: string
}

/** A user's value of a sport parameter (spec v2 §2.11). */
export interface UserSportParameter {
  id: number
  modificationTime: Instant
  sportId: number
  sportName: string
  sportParameterId: number
  name: string
  value: string
}

export type LanguageCode = 'FI' | 'SV' | 'EN'
export type Locale = 'fi_FI' | 'sv_SE' | 'en_GB'

/**
 * User profile nested in user licences, insurances and registrations (spec v2 §2.11). Which
 * optional fields are present depends on the client's personal-data permission (spec v2 §5):
 * absent means "not permitted", never "empty".
 */
export interface UserProfile {
  id: number
  sportId: number
  modificationTime: Instant
  deletionTime?: Instant
  firstName?: string
  nickname?: string
  lastName?: string
  birthDate?: DateOnly
  email?: string
  phone?: string
  address?: Address
  marketingPermission?: boolean
  languageCode?: LanguageCode
  locale?: Locale
  username?: string
  city?: string
  gender?: Gender
  socialSecurityNumber?: string
  hasSocialSecurityNumber?: boolean
  nationality?: string
  deceasedDate?: DateOnly
  guardians?: GuardianInformation[]
  dependants?: DependantInformation[]
  sportParameters?: UserSportParameter[]
  isAuthenticatedWithPassword: boolean
  isEventInstructor: boolean
}

/** A licence bought by a user (spec v2 §2.12). `upgradeFrom` names the user licence it replaces. */
export interface UserLicence {
  id: number
  modificationTime: Instant
  federationId: number
  federationName: string
  licencePeriodId: number
  licencePeriodName: string
  licenceId: number
  name: string
  user: UserProfile
  usagePeriodStart: DateOnly
  usagePeriodEnd: DateOnly
  salesPriceInCents: number
  purchaseTime: LocalDateTime
  licenceOrganizationId: number
  licenceOrganizationSportId: number
  licenceOrganizationName: string
  licenceOrganizationOfficialName: string
  upgradeFrom?: number
  externalInsuranceCompany?: string
  externalInsuranceNumber?: string
  licencePrimarySportId?: number
  licencePrimarySportName?: string
}

/** An insurance bought by a user (spec v2 §2.13). */
export interface UserInsurance {
  id: number
  modificationTime: Instant
  federationId: number
  federationName: string
  licencePeriodId: number
  licencePeriodName: string
  insuranceId: number
  name: string
  user: UserProfile
  usagePeriodStart: DateOnly
  usagePeriodEnd: DateOnly
  salesPriceInCents: number
  purchaseTime: LocalDateTime
  upgradeFrom?: number
  insuranceTransferTime?: LocalDateTime
}

export type SportParameterType = 'ShotText' | 'LongText'

/** Sport parameter definition (spec v2 §2.14). */
export interface SportParameter {
  id: number
  modificationTime: Instant
  sportId: number
  sportName: string
  name: string
  type: SportParameterType
  maxLength: number
  athleteCanModify: boolean
  apiCanModify: boolean
}

/** Answer of the token endpoint (spec v2 §5 rule 3). `expires_in` is in seconds. */
export interface TokenResponse {
  access_token: string
  token_type: string
  expires_in: number
}
