/**
 * The response shapes of the Public Data API, written once from the spec documents
 * (`../shared/spec/public-data-api-v2.md` §2, §5 and `public-data-api-v3.md` §2, §5, §9) and
 * independent of the project's own wire types, so that a test against them can catch the
 * project and the sandbox agreeing on a mistake.
 *
 * v2 (§2: "R = required, O = optional"): every R field is required with its type and limits; O
 * fields are not listed, except optional objects whose own subfields are R (address, guardians,
 * sport parameters), which are checked when present. Extra fields are allowed (zod objects strip
 * unknown keys), so the shapes stay true when the service adds fields.
 *
 * v3 (§2: "Fields are optional unless marked R"): R fields are required; the other documented
 * fields are optional but must have their documented type when present. Where a v3 endpoint's
 * text names what it returns (§5 tokens, §9 version), those fields are required.
 *
 * Deliberate relaxations, each where the spec itself makes an R field conditional:
 * - Merit (v2 §2.8): validityFixedDate is "given only when" FIXED_DATE and
 *   validityFixedDurationInMonths only with FIXED_DURATION.
 * - Granted merit (v2 §2.9): registrationDate is the date an external party acknowledged the
 *   merit and validUntilDate does not exist for PERPETUAL merits, so both are optional.
 * - User fields of a granted merit and of a user profile are required as a client with
 *   PERMISSION_USER_CONTACT_INFO or more sees them; spec v2 §5 removes them below that level
 *   (see PERSONAL_DATA_FIELDS).
 */
import { z } from 'zod'

// ---- scalar types of spec v2 §2 / v3 §2 ----

const int = z.int()
const id = z.int().positive()
/** Sport-ID: min 10000000, max 999999999 (spec v2 §2.2, §2.11). */
const sportId = z.int().min(10_000_000).max(999_999_999)
/** datetime: ISO 8601 date-time with its offset. */
const datetime = z.iso.datetime({ offset: true })
/** date-only: yyyy-mm-dd. */
const dateOnly = z.iso.date()
/** datetime-only: date and time without a zone (local time). */
const datetimeOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/, 'must be a local date-time without a zone')
const organizationType = z.enum(['SPORTS_FEDERATION', 'AREA', 'CLUB', 'GROUP', 'ORGANIZATION_COLLECTION'])
const collectionType = z.enum(['MASTER_CLUB', 'AREA_ASSOCIATION'])
const discountType = z.enum(['NONE', 'PUBLIC', 'PRICE_STEP', 'CODE'])
const eventPurpose = z.enum(['SPORTS', 'EDUCATION', 'ORGANIZATIONAL', 'OTHER', 'PROMOTION'])

// ---- spec v2 ----

/** Paging envelope (spec v2 §2.1): content R, pageable R with page ≥ 0, size ≥ 1, total ≥ 0. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    pageable: z.object({ page: int.min(0), size: int.min(1), total: int.min(0) })
  })
}

/** Address object (spec v2 §2.2, §2.11): streetAddress, postCode, postOffice R. */
const address = z.object({ streetAddress: z.string(), postCode: z.string(), postOffice: z.string() })

/** Organization (spec v2 §2.2). */
export const organization = z.object({
  id,
  type: organizationType,
  collectionType,
  name: z.string(),
  sportId,
  address: address.optional(),
  modificationTime: datetime,
  status: z.enum(['ACTIVE', 'PASSIVE']),
  url: z.string(),
  contactPerson: z.string(),
  phone: z.string(),
  established: dateOnly,
  terminated: dateOnly
})

/** Licence period (spec v2 §2.3). */
export const licencePeriod = z.object({ id, modificationTime: datetime, federationId: id, name: z.string(), startTime: dateOnly, endTime: dateOnly })

/** Licence (spec v2 §2.4); insuranceIds is O but has 1..10000 items when given. */
export const licence = z.object({
  id,
  federationId: id,
  licencePeriodId: id,
  modificationTime: datetime,
  name: z.string(),
  priceInCents: int.min(0),
  salesStartTime: dateOnly,
  salesEndTime: dateOnly,
  usageStartTime: dateOnly,
  usageEndTime: dateOnly,
  insuranceRequirement: z.enum(['SpecificInsurance', 'AnyInsurance', 'InsuranceNotRequired']),
  requireExternalInsuranceInfo: z.boolean(),
  insuranceIds: z.array(id).min(1).max(10_000).optional(),
  sportsIds: z.array(id).min(1).max(10_000)
})

/** Sport (spec v2 §2.5). */
export const sport = z.object({ id, modificationTime: datetime, federationId: id, name: z.string() })

/** Insurance (spec v2 §2.6). */
export const insurance = z.object({
  id,
  federationId: id,
  licencePeriodId: id,
  modificationTime: datetime,
  name: z.string(),
  priceInCents: int.min(0),
  insuranceCompany: z.string(),
  transferInsuranceAutomatically: z.boolean()
})

/** Merit group (spec v2 §2.7). */
export const meritGroup = z.object({
  id,
  isOrdered: z.boolean(),
  isSportBound: z.boolean(),
  modificationTime: datetime,
  name: z.string(),
  organizationId: id,
  sportId: int
})

/** Merit (spec v2 §2.8); the two validity fields are required for their validity type only. */
export const merit = z
  .object({
    id,
    description: z.string(),
    meritGrantingAuthorType: z.enum(['BOTH', 'CLUB', 'FEDERATION']),
    meritGroupId: id,
    meritGroupName: z.string(),
    meritValidityPeriodType: z.enum(['PERPETUAL', 'FIXED_DURATION', 'FIXED_DATE']),
    modificationTime: datetime,
    name: z.string(),
    orderNumber: int.min(1),
    type: z.enum(['COMPETITION', 'CARD']),
    validityFixedDate: dateOnly.optional(),
    validityFixedDurationInMonths: int.min(1).optional(),
    masterSportIds: z.array(id).min(1).max(10_000).optional()
  })
  .refine((m) => m.meritValidityPeriodType !== 'FIXED_DATE' || m.validityFixedDate !== undefined, 'validityFixedDate is given when FIXED_DATE')
  .refine((m) => m.meritValidityPeriodType !== 'FIXED_DURATION' || m.validityFixedDurationInMonths !== undefined, 'validityFixedDurationInMonths is given when FIXED_DURATION')

/** GuardianInformation (spec v2 §2.10): firstName and lastName R. */
export const guardian = z.object({ firstName: z.string(), lastName: z.string() })

/** Granted merit list item (spec v2 §2.9), as a client with contact-information rights sees it. */
export const grantedMerit = z.object({
  id,
  additionalInformation: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  guardians: z.array(guardian),
  grantedMerit: z.object({
    id,
    grantingDate: dateOnly,
    meritGroupId: id,
    meritGroupName: z.string(),
    meritId: id,
    meritGranter: z.string(),
    meritName: z.string(),
    registrationDate: dateOnly.optional(),
    organizations: z.array(z.object({ id, primaryName: z.string(), type: organizationType, collectionType })),
    masterSports: z.array(z.object({ id, name: z.string() })),
    validUntilDate: dateOnly.optional()
  })
})

/** UserSportParameter (spec v2 §2.11): all R, name at least one character. */
const userSportParameter = z.object({
  id,
  modificationTime: datetime,
  sportId: id,
  sportName: z.string(),
  sportParameterId: id,
  name: z.string().min(1),
  value: z.string()
})

/** User profile (spec v2 §2.11); its optional objects are checked when present. */
export const userProfile = z.object({
  id,
  sportId,
  modificationTime: datetime,
  address: address.optional(),
  guardians: z.array(guardian).optional(),
  dependants: z.array(z.object({ id, firstName: z.string(), lastName: z.string() })).optional(),
  sportParameters: z.array(userSportParameter).optional(),
  isAuthenticatedWithPassword: z.boolean(),
  isEventInstructor: z.boolean()
})

/** User licence (spec v2 §2.12). */
export const userLicence = z.object({
  id,
  modificationTime: datetime,
  federationId: id,
  federationName: z.string(),
  licencePeriodId: id,
  licencePeriodName: z.string(),
  licenceId: id,
  name: z.string(),
  user: userProfile,
  usagePeriodStart: dateOnly,
  usagePeriodEnd: dateOnly,
  salesPriceInCents: int,
  purchaseTime: datetimeOnly,
  licenceOrganizationId: id,
  licenceOrganizationSportId: sportId,
  licenceOrganizationName: z.string(),
  licenceOrganizationOfficialName: z.string()
})

/** User insurance (spec v2 §2.13). */
export const userInsurance = z.object({
  id,
  modificationTime: datetime,
  federationId: id,
  federationName: z.string(),
  licencePeriodId: id,
  licencePeriodName: z.string(),
  insuranceId: id,
  name: z.string(),
  user: userProfile,
  usagePeriodStart: dateOnly,
  usagePeriodEnd: dateOnly,
  salesPriceInCents: int,
  purchaseTime: datetimeOnly
})

/** Sport parameter (spec v2 §2.14). */
export const sportParameter = z.object({
  id,
  modificationTime: datetime,
  sportId: id,
  sportName: z.string(),
  name: z.string(),
  type: z.enum(['ShotText', 'LongText']),
  maxLength: int.min(0),
  athleteCanModify: z.boolean(),
  apiCanModify: z.boolean()
})

/** Answer of POST /event/registration (spec v2 §4.8 "body as request", §2.15 with the ids the service fills). */
export const eventRegistrationCreated = z.object({ eventRegistrationId: id, eventUuid: z.string(), participantUserId: id })

/** EventRegistration read item (spec v2 §2.15). */
export const eventRegistration = z.object({
  eventRegistrationId: id,
  eventUuid: z.string(),
  participantUserId: id,
  additionalDetailAnswers: z.array(z.object({ additionalQuestionId: id, additionalQuestion: z.string() })).optional(),
  modificationTime: datetime,
  paidAmountInCents: int.min(0),
  activeDiscountType: discountType,
  registrationDate: dateOnly,
  organizationId: id,
  organizationPrimaryName: z.string(),
  organizationOfficialName: z.string()
})

/** Registered event user (spec v2 §2.16); its user carries only basic contact information, of which id and Sport-ID are R. */
export const registeredEventUser = z.object({
  id,
  modificationTime: datetime,
  eventId: id,
  user: z.object({ id, sportId, address: address.optional(), guardians: z.array(guardian).optional() }),
  registrationInfo: z.string().min(1).max(1024).optional(),
  paymentStatus: z.enum(['FREE', 'PAID', 'WAITING_PAYMENT_CONFIRMATION']),
  paidAmountInCents: int.min(0),
  activeDiscountType: discountType
})

const orderStatus = z.enum(['CANCELLED', 'COMPLETED', 'ERROR', 'IN_PROGRESS', 'WAITING_PAYMENT_CONFIRMATION'])

/** Order as POST /order answers it (spec v2 §2.17, §4.9: "Order with orderId and status filled"). */
export const order = z.object({
  orderId: id,
  status: orderStatus,
  userId: id,
  source: z.literal('EVENT_REGISTRATION'),
  purchases: z.array(z.object({ products: z.array(z.object({ productType: z.literal('EVENT_REGISTRATION'), productId: id })) }))
})

/** Payment methods response (spec v2 §2.17). */
export const paymentMethods = z.object({
  language: z.string(),
  termsText: z.string(),
  termsUrl: z.string(),
  paymentMethods: z.array(
    z.object({
      paymentMethodCode: z.string(),
      costInCents: z.number(),
      totalOrderAmountInCents: z.number(),
      displayName: z.string(),
      image: z.object({ width: z.number(), height: z.number(), mimeType: z.string(), url: z.string() })
    })
  )
})

/** Payment initiation response (spec v2 §2.17). */
export const paymentInitiation = z.object({
  paymentGatewayUrl: z.string(),
  requestData: z.array(z.object({ key: z.string(), value: z.string() }))
})

/** GET /order/{orderId}/payment/status (spec v2 §4.9): a JSON string; its value set is not shown. */
export const paymentStatus = z.string()

/** GET /orders/{orderIds}/payment/status (spec v2 §4.9): strings, null for an order not found. */
export const paymentStatuses = z.array(z.string().nullable())

/** ProductDiscount (spec v2 §2.18): CODE discounts are never returned. */
const productDiscount = z.object({ id, discountType: z.enum(['PUBLIC', 'PRICE_STEP']), name: z.string(), priceInCents: int })

/** Event search result (spec v2 §2.18). */
export const eventSearchResult = z.object({
  eventId: id,
  name: z.string(),
  sports: z.array(z.unknown()),
  organizerId: id,
  organizerName: z.string(),
  startDateTime: datetimeOnly,
  endDateTime: datetimeOnly,
  registrationStartDateTime: datetimeOnly,
  registrationEndDateTime: datetimeOnly,
  currentAttendeeCount: int,
  maxAttendeeCount: int,
  imageUrl: z.string(),
  locationAddress: z.string(),
  locationDescription: z.string(),
  locationCoordinates: z.object({ lat: z.number(), lon: z.number() }),
  uuid: z.string(),
  priceInCents: int,
  productDiscounts: z.array(productDiscount),
  parentSeriesEventId: int,
  parentSeriesEventUuid: z.string(),
  parentSeriesEventName: z.string()
})

/** Token response of the client-credentials grant (spec v2 §5 rule 3). */
export const clientCredentialsToken = z.object({ access_token: z.string().min(1), token_type: z.literal('bearer'), expires_in: int.positive() })

// ---- spec v3 §2 ----

const long = z.int()
const str = z.string().optional()

/** Pageable (spec v3 §2): page, size, total. */
function v3Page<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), pageable: z.object({ page: int.min(0), size: int.min(1), total: int.min(0) }) })
}

/** PublicAddress (spec v3 §2). */
const publicAddress = z.object({ streetAddress: str, postCode: str, postOffice: str, state: str, countryCode: str })

/** PublicOrganization (spec v3 §2): organizationType and officialName R. */
export const publicOrganization = z.object({
  id: long.optional(),
  organizationType: z.string(),
  organizationCollectionType: str,
  officialName: z.string(),
  abbreviation: str,
  description: str,
  sportId: long.optional(),
  parentOrganizationId: long.optional(),
  sportsFederationId: long.optional(),
  masterClubId: long.optional(),
  areaAssociationId: long.optional(),
  emailAddress: str,
  phoneNumber: str,
  businessId: str,
  registrationNumber: str,
  address: publicAddress.optional(),
  municipalityId: long.optional(),
  masterSportId: long.optional(),
  iban: str,
  bic: str,
  sportsFederationName: str,
  masterClubName: str,
  areaAssociationName: str,
  imageUrl: str
})

/** PublicOrganizationPage (spec v3 §2). */
export const publicOrganizationPage = v3Page(publicOrganization)

/** PublicOrganizationSelectItem (spec v3 §2). */
export const publicOrganizationSelectItem = z.object({
  id: long.optional(),
  officialName: str,
  grantStatementGroup: z.object({ primaryName: str, id: long.optional() }).optional()
})

/** OrganizationSearchResponse (spec v3 §2). */
export const organizationSearchResponse = z.object({
  id: long.optional(),
  primaryName: str,
  organizationType: str,
  organizationCollectionType: str,
  organizationOrigin: str,
  hasAdminUsers: z.boolean().optional(),
  sportsFederationName: str,
  organizationCollectionDetails: z.object({ superOrganizationId: long.optional(), memberOrganizationCount: long.optional() }).optional()
})

/** SimplifiedOrganizationSearchResponse (spec v3 §2). */
export const simplifiedOrganizationSearchResponse = z.object({ id: long.optional(), primaryName: str })

/** ApiMasterSport (spec v3 §2): nameFi R. */
export const apiMasterSport = z.object({ id: long.optional(), nameFi: z.string(), nameSe: str, description: str })

/** ApiSportsClub (spec v3 §2). */
export const apiSportsClub = z.object({ id: long.optional(), primaryName: str, sportsFederationId: long.optional(), sportsFederationName: str, sports: z.array(apiMasterSport).optional() })

/** MunicipalityListResponse (spec v3 §2). */
export const municipalityListResponse = z.object({
  id: long.optional(),
  nameFi: str,
  nameSe: str,
  areaAssociation: z.object({ id: long.optional(), primaryName: str, emailAddress: str, phoneNumber: str }).optional()
})

const v3DateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'must be an ISO 8601 date-time')

/** PublicAPIEventSearchResult (spec v3 §2); allowedGender null means any. */
export const publicApiEvent = z.object({
  eventId: long.optional(),
  name: str,
  description: str,
  sports: z.array(z.string()).optional(),
  mastersports: z.array(z.string()).optional(),
  organizerId: long.optional(),
  organizerName: str,
  startDateTime: v3DateTime.optional(),
  endDateTime: v3DateTime.optional(),
  currentAttendeeCount: int.optional(),
  maxAttendeeCount: int.optional(),
  locationAddress: str,
  locationDescription: str,
  locationCoordinates: z.object({ lat: z.number(), lon: z.number() }).optional(),
  uuid: str,
  priceInCents: long.optional(),
  parentSeriesEventId: long.optional(),
  parentSeriesEventUuid: str,
  parentSeriesEventName: str,
  sportEventSponsoringProjectNames: z.array(z.string()).optional(),
  sportEventSponsoringProjectIds: z.array(long).optional(),
  municipalityNameFi: str,
  municipalityNameSe: str,
  municipalityId: long.optional(),
  registrationMaxBirthDate: dateOnly.optional(),
  registrationMinBirthDate: dateOnly.optional(),
  registrationStartTime: v3DateTime.optional(),
  registrationEndTime: v3DateTime.optional(),
  tags: z.array(z.string()).optional(),
  allowedGender: z.enum(['MALE', 'FEMALE']).nullable().optional(),
  imageUrl: str,
  eventKind: z.enum(['INDIVIDUAL', 'SERIES', 'ACTIVITY_PROGRAM']).optional(),
  contactPersonName: str,
  contactPersonEmail: str,
  contactPersonPhone: str,
  creationTime: v3DateTime.optional(),
  modificationTime: v3DateTime.optional(),
  deletionTime: v3DateTime.optional(),
  purpose: eventPurpose.optional()
})

/** ApiEventPage (spec v3 §2). */
export const apiEventPage = v3Page(publicApiEvent)

/** CreatedEvent (spec v3 §2): all fields R. */
export const createdEvent = z.object({ id: long, uuid: z.string(), name: z.string(), organizerId: long, visibility: z.enum(['PUBLIC', 'PRIVATE']), status: z.enum(['DRAFT', 'PUBLISHED']) })

/** CreatedMerit (spec v3 §2). */
export const createdMerit = z.object({ id: long.optional(), meritGroupId: long.optional(), name: str })

/** UserInfo (spec v3 §2), the whole answer of GET /user/{sportId}/user-id. */
export const userInfo = z.object({ userId: long })

/** Version (spec v3 §2, §9: fullVersion, major, minor integers, patch string). */
export const versionInfo = z.object({ fullVersion: z.string(), major: int, minor: int, patch: z.string() })

/** Token (spec v3 §2; §5 rule 1 returns access, refresh and id tokens; token_type always Bearer). */
export const v3Token = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1), id_token: z.string().min(1), token_type: z.literal('Bearer'), expires_in: int })

/** EventWebhookEvent (spec v3 §2): id R; the payload of its type. */
export const eventWebhookEvent = z.discriminatedUnion('type', [
  z.object({ id: long, type: z.literal('EVENT'), eventPayload: z.object({ type: z.enum(['UPDATE', 'DELETE']), eventId: long, timestamp: v3DateTime }) }),
  z.object({
    id: long,
    type: z.literal('EVENT_REGISTRATION'),
    eventRegistrationPayload: z.object({
      type: z.enum(['UPDATE', 'DELETE', 'CREATE']),
      eventId: long,
      eventRegistrationId: long,
      userId: long,
      timestamp: v3DateTime,
      registrationType: z.enum(['CROWD', 'MEMBERSHIP'])
    })
  })
])

// ---- spec v2 §5 personal data ----

/**
 * The user-profile fields (spec v2 §2.11) each personal-data permission adds (spec v2 §5 table),
 * read from the spec independently of the sandbox's own table:
 * - always: id, modificationTime and the two R flags (not personal data), plus sport-id;
 * - BASIC "name, sport-id, home city, language code, gender, deceased date": firstName, nickname,
 *   lastName, city, languageCode and its successor locale, gender, deceasedDate;
 * - CONTACT_INFO "address, e-mail, phone number": address, email, phone, and the guardians'
 *   contact information the spec gives instead of a minor's own (§2.10);
 * - EXTENDED "date of birth, nationality, whether the user has a national social security
 *   number": birthDate, nationality, hasSocialSecurityNumber;
 * - SSN "the social security number": socialSecurityNumber.
 */
export const PERSONAL_DATA_FIELDS = {
  PERMISSION_USER_ANONYMOUS: ['id', 'sportId', 'modificationTime', 'isAuthenticatedWithPassword', 'isEventInstructor'],
  PERMISSION_USER_BASIC: ['firstName', 'nickname', 'lastName', 'city', 'languageCode', 'locale', 'gender', 'deceasedDate'],
  PERMISSION_USER_CONTACT_INFO: ['address', 'email', 'phone', 'guardians'],
  PERMISSION_USER_EXTENDED: ['birthDate', 'nationality', 'hasSocialSecurityNumber'],
  PERMISSION_USER_SSN: ['socialSecurityNumber']
} as const

/** Levels of spec v2 §5 from least to most access. */
export const PERSONAL_DATA_LEVEL_ORDER = Object.keys(PERSONAL_DATA_FIELDS) as (keyof typeof PERSONAL_DATA_FIELDS)[]

/** Every user-profile field a client of `level` may see: its own and those of the levels below. */
export function fieldsVisibleAt(level: keyof typeof PERSONAL_DATA_FIELDS): Set<string> {
  const rank = PERSONAL_DATA_LEVEL_ORDER.indexOf(level)
  return new Set(PERSONAL_DATA_LEVEL_ORDER.slice(0, rank + 1).flatMap((l) => PERSONAL_DATA_FIELDS[l]))
}
