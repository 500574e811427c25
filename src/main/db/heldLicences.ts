import type { HeldInsurance, HeldLicence, LicenceProduct } from '../../shared/licenceValidity'
import type { ReadableDB } from './open'
import { prepared } from './statements'

/**
 * The columns of a stored user licence `ul` that the licence rules read (DESIGN §3b, spec v2
 * §2.12) and the club's (§2.10), all in its index `user_licence_user_period` (migrations 0016, 0022):
 * evaluating every member reads the index, not the rows with their JSON.
 */
export const HELD_LICENCE_COLUMNS = `ul.user_id, ul.id, ul.licence_id, ul.usage_period_start, ul.usage_period_end, ul.upgrade_from, ul.purchase_time,
  ul.licence_organization_name, ul.external_insurance_company, ul.licence_organization_id`

/** A row of HELD_LICENCE_COLUMNS. */
export interface HeldLicenceRow {
  user_id: number
  id: number
  licence_id: number | null
  usage_period_start: string | null
  usage_period_end: string | null
  upgrade_from: number | null
  purchase_time: string | null
  licence_organization_name: string | null
  external_insurance_company: string | null
  licence_organization_id: number | null
}

/**
 * A row of HELD_LICENCE_COLUMNS read as an array (`Statement.raw`), as the object: for 235,000
 * user licences at 150,000 members about half the time better-sqlite3 takes to build objects.
 */
export function heldLicenceRowOf(values: unknown[]): HeldLicenceRow {
  const [user_id, id, licence_id, usage_period_start, usage_period_end, upgrade_from, purchase_time, licence_organization_name, external_insurance_company, licence_organization_id] =
    values
  return {
    user_id,
    id,
    licence_id,
    usage_period_start,
    usage_period_end,
    upgrade_from,
    purchase_time,
    licence_organization_name,
    external_insurance_company,
    licence_organization_id
  } as HeldLicenceRow
}

/** The person a row of HELD_LICENCE_COLUMNS or HELD_INSURANCE_COLUMNS belongs to: the key to group them by. */
export const byUser = (row: { user_id: number }): number => row.user_id

/** The columns of a stored user insurance `ui` that the licence rules read (spec v2 §2.13). */
export const HELD_INSURANCE_COLUMNS = 'ui.user_id, ui.id, ui.insurance_id, ui.usage_period_start, ui.usage_period_end, ui.upgrade_from'

/** A row of HELD_INSURANCE_COLUMNS. */
export interface HeldInsuranceRow {
  user_id: number
  id: number
  insurance_id: number | null
  usage_period_start: string | null
  usage_period_end: string | null
  upgrade_from: number | null
}

/** A row of HELD_INSURANCE_COLUMNS read as an array (`Statement.raw`), as the object; see `heldLicenceRowOf`. */
export function heldInsuranceRowOf(values: unknown[]): HeldInsuranceRow {
  const [user_id, id, insurance_id, usage_period_start, usage_period_end, upgrade_from] = values
  return { user_id, id, insurance_id, usage_period_start, usage_period_end, upgrade_from } as HeldInsuranceRow
}

/** The user insurances the rules judge among `rows`: those with an insurance and a usage period. */
export function heldInsurancesOf(rows: readonly HeldInsuranceRow[]): HeldInsurance[] {
  return rows.flatMap((row) => heldInsurance(row) ?? [])
}

const opt = <T>(value: T | null): T | undefined => (value === null ? undefined : value)

/** The user licence the rules judge, or null for a row without a licence or usage period (not judged). */
export function heldLicence(row: HeldLicenceRow): HeldLicence | null {
  if (row.licence_id === null || row.usage_period_start === null || row.usage_period_end === null) return null
  return {
    id: row.id,
    licenceId: row.licence_id,
    usagePeriodStart: row.usage_period_start,
    usagePeriodEnd: row.usage_period_end,
    purchaseTime: opt(row.purchase_time),
    upgradeFrom: opt(row.upgrade_from),
    externalInsuranceCompany: opt(row.external_insurance_company)
  }
}

/** The user licences the rules judge among `rows`: those with a licence and a usage period. */
export function heldLicencesOf(rows: readonly HeldLicenceRow[]): HeldLicence[] {
  return rows.flatMap((row) => heldLicence(row) ?? [])
}

/** The user insurance the rules judge, or null for a row without an insurance or usage period. */
function heldInsurance(row: HeldInsuranceRow): HeldInsurance | null {
  if (row.insurance_id === null || row.usage_period_start === null || row.usage_period_end === null) return null
  return { id: row.id, insuranceId: row.insurance_id, usagePeriodStart: row.usage_period_start, usagePeriodEnd: row.usage_period_end, upgradeFrom: opt(row.upgrade_from) }
}

/** Every stored licence product by id (spec v2 §2.4), as received: the rules read a few of its fields. */
export function licenceProducts(db: ReadableDB): Map<number, LicenceProduct> {
  const rows = prepared(db, 'SELECT id, raw FROM licence').all() as Array<{ id: number; raw: string }>
  return new Map(rows.map(({ id, raw }) => [id, JSON.parse(raw) as LicenceProduct]))
}
