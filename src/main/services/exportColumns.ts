import type { ExportResource } from '../db/tables'
import type { Insurance, Licence, LicencePeriod, Organization, Sport, SportParameter, UserInsurance, UserLicence } from '../../shared/api/v2'
import type { ClientData, EventRegistration, EventSearchResult, GrantedMerit, Merit, MeritGroup, RegisteredEventUser } from '../../shared/api/v2Activity'
import type {
  ApiMasterSport,
  ApiSportsClub,
  MunicipalityListResponse,
  OrganizationSearchResponse,
  PublicApiEvent,
  PublicOrganization,
  PublicOrganizationSelectItem,
  VersionInfo
} from '../../shared/api/v3'

/** The fields of `T` that `fields` leaves out. */
type Missing<T, K extends readonly PropertyKey[]> = Exclude<keyof T, K[number]>

/**
 * Every top-level field of the wire type `T`, in the order given (the spec's): a list that leaves
 * one out or names one `T` lacks does not compile, so the columns change only with the types.
 */
const fieldsOf =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(fields: K & ([Missing<T, K>] extends [never] ? unknown : { missing: Missing<T, K> })): readonly string[] =>
    fields

/**
 * The CSV columns of each resource `kanslia export` writes: the top-level fields its wire type
 * declares (spec v2 §2, v3 §2; src/shared/api), in the spec's order. The same columns for every
 * export of a resource, whatever its rows hold (an empty one too); a field the API sends beyond
 * them is in the JSON export only.
 */
export const CSV_COLUMNS: Readonly<Record<ExportResource, readonly string[]>> = {
  organizations: fieldsOf<Organization>()([
    'id', 'type', 'collectionType', 'name', 'officialName', 'shortName', 'description', 'sportId', 'address', 'parentId',
    'federationId', 'modificationTime', 'status', 'businessId', 'emailAddress', 'masterClubId', 'areaAssociationId', 'federationName',
    'masterClubName', 'masterClubModificationTime', 'areaAssociationName', 'iban', 'bic', 'municipalityId', 'url', 'contactPerson',
    'phone', 'established', 'terminated'
  ]),
  'licence-periods': fieldsOf<LicencePeriod>()(['id', 'modificationTime', 'federationId', 'name', 'startTime', 'endTime']),
  licences: fieldsOf<Licence>()([
    'id', 'federationId', 'licencePeriodId', 'modificationTime', 'name', 'description', 'priceInCents', 'salesStartTime',
    'salesEndTime', 'usageStartTime', 'usageEndTime', 'earliestBirthDate', 'latestBirthDate', 'type', 'validityDurationInDays',
    'insuranceRequirement', 'requireExternalInsuranceInfo', 'insuranceIds', 'sportsIds', 'costCenter'
  ]),
  sports: fieldsOf<Sport>()(['id', 'modificationTime', 'federationId', 'name', 'description']),
  insurances: fieldsOf<Insurance>()([
    'id', 'federationId', 'licencePeriodId', 'modificationTime', 'name', 'description', 'priceInCents', 'earliestBirthDate',
    'latestBirthDate', 'gender', 'insuranceCompany', 'insuranceNumber', 'insuranceSubCode', 'transferInsuranceAutomatically',
    'termsLink', 'infoLink', 'costCenter'
  ]),
  'sport-parameters': fieldsOf<SportParameter>()([
    'id', 'modificationTime', 'sportId', 'sportName', 'name', 'type', 'maxLength', 'athleteCanModify', 'apiCanModify'
  ]),
  'user-licences': fieldsOf<UserLicence>()([
    'id', 'modificationTime', 'federationId', 'federationName', 'licencePeriodId', 'licencePeriodName', 'licenceId', 'name', 'user',
    'usagePeriodStart', 'usagePeriodEnd', 'salesPriceInCents', 'purchaseTime', 'licenceOrganizationId', 'licenceOrganizationSportId',
    'licenceOrganizationName', 'licenceOrganizationOfficialName', 'upgradeFrom', 'externalInsuranceCompany', 'externalInsuranceNumber',
    'licencePrimarySportId', 'licencePrimarySportName'
  ]),
  'user-insurances': fieldsOf<UserInsurance>()([
    'id', 'modificationTime', 'federationId', 'federationName', 'licencePeriodId', 'licencePeriodName', 'insuranceId', 'name', 'user',
    'usagePeriodStart', 'usagePeriodEnd', 'salesPriceInCents', 'purchaseTime', 'upgradeFrom', 'insuranceTransferTime'
  ]),
  municipalities: fieldsOf<MunicipalityListResponse>()(['id', 'nameFi', 'nameSe', 'areaAssociation']),
  'master-sports': fieldsOf<ApiMasterSport>()(['id', 'nameFi', 'nameSe', 'description']),
  // The export adds the federation whose list it came from (TABLES' exportParent).
  'federation-master-sports': fieldsOf<ApiMasterSport & { sportsFederationId: number }>()([
    'id', 'nameFi', 'nameSe', 'description', 'sportsFederationId'
  ]),
  'area-associations': fieldsOf<PublicOrganizationSelectItem>()(['id', 'officialName', 'grantStatementGroup']),
  'area-association-children': fieldsOf<PublicOrganization>()([
    'id', 'organizationType', 'organizationCollectionType', 'officialName', 'abbreviation', 'description', 'sportId',
    'parentOrganizationId', 'sportsFederationId', 'masterClubId', 'areaAssociationId', 'emailAddress', 'phoneNumber', 'businessId',
    'registrationNumber', 'address', 'municipalityId', 'masterSportId', 'iban', 'bic', 'sportsFederationName', 'masterClubName',
    'areaAssociationName', 'imageUrl'
  ]),
  'sports-federations': fieldsOf<OrganizationSearchResponse>()([
    'id', 'primaryName', 'organizationType', 'organizationCollectionType', 'organizationOrigin', 'hasAdminUsers',
    'sportsFederationName', 'organizationCollectionDetails'
  ]),
  'sports-clubs': fieldsOf<ApiSportsClub>()(['id', 'primaryName', 'sportsFederationId', 'sportsFederationName', 'sports']),
  'api-version-info': fieldsOf<VersionInfo>()(['fullVersion', 'major', 'minor', 'patch']),
  'client-data': fieldsOf<ClientData>()(['content']),
  events: fieldsOf<PublicApiEvent>()([
    'eventId', 'name', 'description', 'sports', 'mastersports', 'organizerId', 'organizerName', 'startDateTime', 'endDateTime',
    'currentAttendeeCount', 'maxAttendeeCount', 'locationAddress', 'locationDescription', 'locationCoordinates', 'uuid',
    'priceInCents', 'parentSeriesEventId', 'parentSeriesEventUuid', 'parentSeriesEventName', 'sportEventSponsoringProjectNames',
    'sportEventSponsoringProjectIds', 'municipalityNameFi', 'municipalityNameSe', 'municipalityId', 'registrationMaxBirthDate',
    'registrationMinBirthDate', 'registrationStartTime', 'registrationEndTime', 'tags', 'allowedGender', 'imageUrl', 'eventKind',
    'contactPersonName', 'contactPersonEmail', 'contactPersonPhone', 'creationTime', 'modificationTime', 'deletionTime', 'purpose'
  ]),
  'event-search-results': fieldsOf<EventSearchResult>()([
    'eventId', 'name', 'sports', 'organizerId', 'organizerName', 'startDateTime', 'endDateTime', 'registrationStartDateTime',
    'registrationEndDateTime', 'currentAttendeeCount', 'maxAttendeeCount', 'imageUrl', 'locationAddress', 'locationDescription',
    'locationCoordinates', 'uuid', 'priceInCents', 'productDiscounts', 'parentSeriesEventId', 'parentSeriesEventUuid',
    'parentSeriesEventName', 'tags', 'purpose', 'eventCategory'
  ]),
  'merit-groups': fieldsOf<MeritGroup>()(['id', 'isOrdered', 'isSportBound', 'modificationTime', 'name', 'organizationId', 'sportId']),
  merits: fieldsOf<Merit>()([
    'id', 'description', 'meritGrantingAuthorType', 'meritGroupId', 'meritGroupName', 'meritValidityPeriodType', 'modificationTime',
    'name', 'orderNumber', 'type', 'validityFixedDate', 'validityFixedDurationInMonths', 'masterSportIds'
  ]),
  'granted-merits': fieldsOf<GrantedMerit>()([
    'id', 'modificationTime', 'additionalInformation', 'email', 'firstName', 'nickname', 'lastName', 'phoneNumber', 'guardians',
    'grantedMerit'
  ]),
  'registered-event-users': fieldsOf<RegisteredEventUser>()([
    'id', 'modificationTime', 'eventId', 'user', 'registrationInfo', 'paymentStatus', 'paidAmountInCents', 'activeDiscountType'
  ]),
  'event-registrations': fieldsOf<EventRegistration>()([
    'eventRegistrationId', 'eventUuid', 'participantUserId', 'additionalDetails', 'additionalProducts', 'additionalDetailAnswers',
    'modificationTime', 'paidAmountInCents', 'activeDiscountType', 'registrationDate', 'organizationId', 'organizationPrimaryName',
    'organizationOfficialName'
  ])
}
