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

/** Every exportable resource, in sync order. */
export const EXPORT_RESOURCES: readonly ExportResource[] = [
  'organizations',
  'licence-periods',
  'licences',
  'sports',
  'insurances',
  'sport-parameters',
  'user-licences',
  'user-insurances'
]

/** A value better-sqlite3 can bind. */
export type SqlValue = string | number | null

/** A synced table: its name and typed columns, and how an element (spec v2 §2) fills them. */
export interface TableSpec {
  table: string
  columns: readonly string[]
  values(element: Record<string, unknown>): SqlValue[]
}

type Element = Record<string, unknown>

const int = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const userId = (e: Element): number | null => int((e.user as Element | undefined)?.id)

/** Table of each resource (spec v2 §2.2–§2.6, §2.12–§2.14). */
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
    columns: [
      'user_id',
      'federation_id',
      'licence_period_id',
      'licence_id',
      'licence_organization_id',
      'licence_organization_name',
      'usage_period_start',
      'usage_period_end',
      'upgrade_from'
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
      int(e.upgradeFrom)
    ]
  },
  'user-insurances': {
    table: 'user_insurance',
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
  }
}

/** Typed person columns from a nested user profile (spec v2 §2.11); absent fields stay NULL. */
export function personValues(user: Element): SqlValue[] {
  return [int(user.sportId), text(user.firstName), text(user.nickname), text(user.lastName), text(user.birthDate), text(user.email), text(user.city)]
}

/** Column names matching `personValues`. */
export const PERSON_COLUMNS = ['sport_id', 'first_name', 'nickname', 'last_name', 'birth_date', 'email', 'city'] as const
