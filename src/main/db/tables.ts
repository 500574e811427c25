import type { ReferredKind } from './outbox'

/**
 * The synced tables, one per exportable resource (DESIGN §3a), and how an API element fills each
 * table's typed columns. Typed columns hold what queries filter and sort on; the full element is
 * kept as `raw`. Values of an unexpected type become NULL (lenient validation, DESIGN §2).
 */

/** The resources a database mirrors and `kanslia export` writes; API list names, plural. */
export type ExportResource =
  | 'organizations'
  | 'licence-periods'
  | 'licences'
  | 'sports'
  | 'insurances'
  | 'sport-parameters'
  | 'user-licences'
  | 'user-insurances'
  | 'municipalities'
  | 'master-sports'
  | 'federation-master-sports'
  | 'area-associations'
  | 'area-association-children'
  | 'sports-federations'
  | 'sports-clubs'
  | 'api-version-info'
  | 'client-data'
  | 'events'
  | 'event-search-results'
  | 'merit-groups'
  | 'merits'
  | 'granted-merits'
  | 'registered-event-users'
  | 'event-registrations'

/** Every exportable resource, in sync order. */
export const EXPORT_RESOURCES: readonly ExportResource[] = [
  'organizations',
  'licence-periods',
  'licences',
  'sports',
  'insurances',
  'sport-parameters',
  'user-licences',
  'user-insurances',
  'municipalities',
  'master-sports',
  'federation-master-sports',
  'area-associations',
  'area-association-children',
  'sports-federations',
  'sports-clubs',
  'api-version-info',
  'client-data',
  'events',
  'event-search-results',
  'merit-groups',
  'merits',
  'granted-merits',
  'registered-event-users',
  'event-registrations'
]

/** A value better-sqlite3 can bind. */
export type SqlValue = string | number | null

/**
 * A synced table: its name and typed columns, and how an element (spec v2 §2, v3 §2) fills them.
 * `values` gets the element and the id its scope names (`federation 100` → 100; null for scopes
 * such as `all`), for columns the element itself lacks.
 */
export interface TableSpec {
  table: string
  columns: readonly string[]
  values(element: Record<string, unknown>, scopeId: number | null): SqlValue[]
  /**
   * 'scope-id' when the element id is unique only within its list, so rows are keyed by
   * (scope, id) (see migration 0005); default 'id'.
   */
  key?: 'id' | 'scope-id'
  /**
   * True when the nested `user` is a full user profile (spec v2 §2.11) that goes to `person`
   * (see `upsertElements`); registered event users carry only basic contact information
   * (§2.16), so their `user` stays in the row as received.
   */
  persons?: boolean
  /**
   * A field the export adds to each element, from a typed column, when the element does not name
   * the list it came from (a federation's master sports, spec v3 §4).
   */
  exportParent?: { field: string; column: string }
}

type Element = Record<string, unknown>

const int = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const userId = (e: Element): number | null => int((e.user as Element | undefined)?.id)
const nested = (value: unknown): Element => (value && typeof value === 'object' ? (value as Element) : {})

/** Table of each resource (spec v2 §2.2–§2.18, §4.10; v3 §2). */
export const TABLES: Readonly<Record<ExportResource, TableSpec>> = {
  organizations: {
    table: 'organization',
    columns: ['type', 'status', 'name', 'parent_id', 'federation_id', 'sport_id'],
    values: (e) => [text(e.type), text(e.status), text(e.name), int(e.parentId), int(e.federationId), int(e.sportId)]
  },
  'licence-periods': {
    table: 'licence_period',
    columns: ['federation_id', 'name', 'start_time', 'end_time'],
    values: (e) => [int(e.federationId), text(e.name), text(e.startTime), text(e.endTime)]
  },
  licences: {
    table: 'licence',
    columns: ['federation_id', 'licence_period_id', 'name', 'type', 'usage_start_time', 'usage_end_time', 'price_in_cents'],
    values: (e) => [
      int(e.federationId),
      int(e.licencePeriodId),
      text(e.name),
      text(e.type),
      text(e.usageStartTime),
      text(e.usageEndTime),
      int(e.priceInCents)
    ]
  },
  sports: {
    table: 'sport',
    columns: ['federation_id', 'name'],
    values: (e) => [int(e.federationId), text(e.name)]
  },
  insurances: {
    table: 'insurance',
    columns: ['federation_id', 'licence_period_id', 'name', 'price_in_cents'],
    values: (e) => [int(e.federationId), int(e.licencePeriodId), text(e.name), int(e.priceInCents)]
  },
  'sport-parameters': {
    table: 'sport_parameter',
    columns: ['sport_id', 'name'],
    values: (e) => [int(e.sportId), text(e.name)]
  },
  'user-licences': {
    table: 'user_licence',
    persons: true,
    columns: [
      'user_id',
      'federation_id',
      'licence_period_id',
      'licence_id',
      'licence_organization_id',
      'licence_organization_name',
      'usage_period_start',
      'usage_period_end',
      'upgrade_from',
      'purchase_time',
      'external_insurance_company'
    ],
    values: (e) => [
      userId(e),
      int(e.federationId),
      int(e.licencePeriodId),
      int(e.licenceId),
      int(e.licenceOrganizationId),
      text(e.licenceOrganizationName),
      text(e.usagePeriodStart),
      text(e.usagePeriodEnd),
      int(e.upgradeFrom),
      text(e.purchaseTime),
      text(e.externalInsuranceCompany)
    ]
  },
  'user-insurances': {
    table: 'user_insurance',
    persons: true,
    columns: ['user_id', 'federation_id', 'licence_period_id', 'insurance_id', 'usage_period_start', 'usage_period_end', 'upgrade_from'],
    values: (e) => [
      userId(e),
      int(e.federationId),
      int(e.licencePeriodId),
      int(e.insuranceId),
      text(e.usagePeriodStart),
      text(e.usagePeriodEnd),
      int(e.upgradeFrom)
    ]
  },
  municipalities: {
    table: 'municipality',
    columns: ['name_fi', 'name_se', 'area_association_id'],
    values: (e) => [text(e.nameFi), text(e.nameSe), int(nested(e.areaAssociation).id)]
  },
  'master-sports': {
    table: 'master_sport',
    columns: ['name_fi', 'name_se'],
    values: (e) => [text(e.nameFi), text(e.nameSe)]
  },
  'federation-master-sports': {
    table: 'federation_master_sport',
    key: 'scope-id',
    columns: ['federation_id', 'name_fi'],
    values: (e, federationId) => [federationId, text(e.nameFi)],
    exportParent: { field: 'sportsFederationId', column: 'federation_id' }
  },
  'area-associations': {
    table: 'area_association',
    columns: ['official_name', 'federation_id'],
    values: (e) => [text(e.officialName), int(nested(e.grantStatementGroup).id)]
  },
  'area-association-children': {
    table: 'area_association_child',
    columns: ['parent_organization_id', 'organization_type', 'official_name'],
    values: (e) => [int(e.parentOrganizationId), text(e.organizationType), text(e.officialName)]
  },
  'sports-federations': {
    table: 'sports_federation',
    columns: ['primary_name'],
    values: (e) => [text(e.primaryName)]
  },
  'sports-clubs': {
    table: 'sports_club',
    columns: ['primary_name', 'sports_federation_id'],
    values: (e) => [text(e.primaryName), int(e.sportsFederationId)]
  },
  'api-version-info': {
    table: 'api_version_info',
    columns: ['full_version'],
    values: (e) => [text(e.fullVersion)]
  },
  'client-data': {
    table: 'client_data',
    columns: [],
    values: () => []
  },
  events: {
    table: 'event',
    columns: ['uuid', 'organizer_id', 'name', 'start_date_time', 'end_date_time'],
    values: (e) => [text(e.uuid), int(e.organizerId), text(e.name), text(e.startDateTime), text(e.endDateTime)]
  },
  'event-search-results': {
    table: 'event_search_result',
    columns: ['uuid', 'organizer_id', 'name', 'start_date_time', 'end_date_time'],
    values: (e) => [text(e.uuid), int(e.organizerId), text(e.name), text(e.startDateTime), text(e.endDateTime)]
  },
  'merit-groups': {
    table: 'merit_group',
    columns: ['organization_id', 'sport_id', 'name'],
    values: (e) => [int(e.organizationId), int(e.sportId), text(e.name)]
  },
  merits: {
    table: 'merit',
    columns: ['merit_group_id', 'name', 'order_number', 'type'],
    values: (e) => [int(e.meritGroupId), text(e.name), int(e.orderNumber), text(e.type)]
  },
  'granted-merits': {
    table: 'granted_merit',
    key: 'scope-id',
    columns: ['merit_id', 'user_id', 'granting_date', 'valid_until_date'],
    values: (e, meritId) => {
      const grant = nested(e.grantedMerit)
      return [meritId, int(e.id), text(grant.grantingDate), text(grant.validUntilDate)]
    }
  },
  'registered-event-users': {
    table: 'registered_event_user',
    key: 'scope-id',
    columns: ['event_id', 'user_id', 'payment_status', 'paid_amount_in_cents'],
    values: (e) => [int(e.eventId), userId(e), text(e.paymentStatus), int(e.paidAmountInCents)]
  },
  'event-registrations': {
    table: 'event_registration',
    columns: ['event_uuid', 'participant_user_id', 'organization_id', 'registration_date', 'paid_amount_in_cents'],
    values: (e) => [text(e.eventUuid), int(e.participantUserId), int(e.organizationId), text(e.registrationDate), int(e.paidAmountInCents)]
  }
}

/** A column naming a person by user id, and its table. */
type PersonColumn = { table: string; column: string }

/** The persons lists' columns (spec v2 §2.12, §2.13): the only lists whose nested `user` fills `person`. */
const PERSONS_LISTS: readonly PersonColumn[] = [
  { table: 'user_licence', column: 'user_id' },
  { table: 'user_insurance', column: 'user_id' }
]

/** A member a pending outbox change refers to is never swept (DESIGN §3 rule 5). */
const PENDING_CHANGES: PersonColumn = { table: 'outbox_effect', column: 'person_id' }

/**
 * The synced tables' columns naming a person (spec v2 §2.9, §2.11, §2.15, §2.16): the rows about a
 * person the per-person record lists, the retention purges and the outbox takes as knowing them.
 */
export const SYNCED_PERSON_COLUMNS: readonly PersonColumn[] = [
  ...PERSONS_LISTS,
  { table: 'granted_merit', column: 'user_id' },
  { table: 'registered_event_user', column: 'user_id' },
  { table: 'event_registration', column: 'participant_user_id' }
]

/**
 * The columns naming a person, by table: `SYNCED_PERSON_COLUMNS` and pending outbox changes (privacy
 * log, erasure, the lists a person sweep needs complete). What keeps a person's profile is `PROFILE_KEEPERS`.
 */
export const PERSON_REFERENCES: readonly PersonColumn[] = [...SYNCED_PERSON_COLUMNS, PENDING_CHANGES]

/**
 * The columns whose rows keep a person's profile (`person`, spec v2 §2.11) through a full sync's
 * person sweep (`sweepUnreferencedPersons`): the persons lists (user licences, user insurances),
 * the only lists whose nested `user` fills `person`, and pending outbox changes (DESIGN §3 rule 5).
 * A grant (§2.9) or a registration (§2.15, §2.16) does not keep one: its list carries its own
 * copy of what the spec gives it, and a profile a broader credential once read must not outlive
 * the lists the credentials now read (DESIGN §3 rule 6).
 */
export const PROFILE_KEEPERS: readonly PersonColumn[] = [...PERSONS_LISTS, PENDING_CHANGES]

/**
 * The synced tables whose rows a pending outbox item may refer to (`OutboxReference`), by
 * resource: the kind of reference that keeps a row from a full sync's sweeps (DESIGN §3 rule 5)
 * and the SQL expression of the row's key it names: an event's UUID in lower case, as the outbox
 * stores it, and '' for a row without one (NULL would never compare unequal, so never be swept).
 * Members are kept by `PROFILE_KEEPERS`.
 */
export const KEPT_BY_OUTBOX: Readonly<Partial<Record<ExportResource, { referred: ReferredKind; key: string }>>> = {
  organizations: { referred: 'organization', key: 'id' },
  'merit-groups': { referred: 'merit-group', key: 'id' },
  merits: { referred: 'merit', key: 'id' },
  events: { referred: 'event', key: "coalesce(lower(uuid), '')" },
  'event-search-results': { referred: 'event', key: "coalesce(lower(uuid), '')" },
  'event-registrations': { referred: 'event-registration', key: 'id' },
  'user-licences': { referred: 'user-licence', key: 'id' }
}

/** The column of a resource's table that names a person (`PERSON_REFERENCES`), or undefined. */
export function personColumn(resource: ExportResource): string | undefined {
  return PERSON_REFERENCES.find(({ table }) => table === TABLES[resource].table)?.column
}

/** True when a resource's elements name people (its table refers to persons): exporting it is recorded in the privacy log. */
export function namesPeople(resource: ExportResource): boolean {
  return personColumn(resource) !== undefined
}

/** Typed person columns from a nested user profile (spec v2 §2.11); absent fields stay NULL. */
export function personValues(user: Element): SqlValue[] {
  return [int(user.sportId), text(user.firstName), text(user.nickname), text(user.lastName), text(user.birthDate), text(user.email), text(user.city), text(user.gender)]
}

/** Column names matching `personValues`. */
export const PERSON_COLUMNS = ['sport_id', 'first_name', 'nickname', 'last_name', 'birth_date', 'email', 'city', 'gender'] as const
