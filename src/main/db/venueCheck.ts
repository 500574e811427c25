import { checkLicence, type HeldInsurance, type HeldLicence, type LicenceProduct } from '../../shared/licenceValidity'
import type { StartListResult, VenueCheck, VenueCheckResult } from '../../shared/venueCheck'
import { searchMembers } from './members'
import type { ReadableDB } from './open'
import { lastSuccessfulSyncAt } from './runs'
import { prepared } from './statements'

const opt = <T>(value: T | null): T | undefined => (value === null ? undefined : value)

/**
 * Checks who `text` names on `date` (ISO date): an exact Sport-ID (what a barcode or QR scanner
 * types) finds that member only; any other text searches names, Sport-ID prefixes and e-mail like
 * the member list, best `limit` matches. Each member's licences are judged by `checkLicence`.
 * Any text is accepted; nothing found is an empty list.
 */
export function checkAtVenue(db: ReadableDB, text: string, date: string, limit = 5): VenueCheckResult {
  const trimmed = text.trim()
  const exact = /^\d{8,9}$/.test(trimmed) ? (prepared(db, 'SELECT id FROM person WHERE sport_id = ?').pluck().all(Number(trimmed)) as number[]) : []
  const ids = exact.length > 0 ? exact : trimmed === '' ? [] : searchMembers(db, trimmed, { limit }).map((m) => m.id)
  return { dataAsOf: lastSuccessfulSyncAt(db), members: ids.slice(0, limit).flatMap((id) => checkPerson(db, id, date) ?? []) }
}

/**
 * Checks a start list (issue 7 list mode) on `date`: each non-empty line names one member, by a
 * Sport-ID anywhere in it (a scanner's or a spreadsheet's column), else by its words (`;`, `,`
 * and tabs count as spaces), else by its first column. A line that matches several members is
 * not judged: which one is meant is for a person to say.
 */
export function checkStartList(db: ReadableDB, lines: readonly string[], date: string): StartListResult {
  const rows = lines
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((text) => {
      const sportId = /(?<!\d)\d{8,9}(?!\d)/.exec(text)?.[0]
      // By Sport-ID; else by all the words; else by the first column alone (a club or class beside the name finds no one).
      const queries = sportId ? [sportId] : [text.replace(/[;,\t]+/g, ' '), text.split(/[;,\t]/)[0]]
      let found: VenueCheck[] = []
      for (const query of queries) if (found.length === 0) found = checkAtVenue(db, query, date, 2).members
      return found.length === 1 ? { text, matches: 1, member: found[0] } : { text, matches: found.length }
    })
  return { dataAsOf: lastSuccessfulSyncAt(db), rows }
}

/** The venue check of one stored person on `date`, or null when no such person is stored. */
export function checkPerson(db: ReadableDB, id: number, date: string): VenueCheck | null {
  const person = prepared(db, 'SELECT id, sport_id, first_name, last_name, birth_date FROM person WHERE id = ?').get(id) as
    | { id: number; sport_id: number; first_name: string | null; last_name: string | null; birth_date: string | null }
    | undefined
  if (!person) return null
  const licenceRows = prepared(
    db,
    `SELECT ul.id, ul.licence_id, ul.usage_period_start, ul.usage_period_end, ul.upgrade_from, ul.licence_organization_name,
       json_extract(ul.raw, '$.purchaseTime') AS purchase_time, json_extract(ul.raw, '$.externalInsuranceCompany') AS external_company,
       json_extract(ul.raw, '$.externalInsuranceNumber') AS external_number, coalesce(l.name, json_extract(ul.raw, '$.name')) AS name, l.type, l.raw AS product
     FROM user_licence ul LEFT JOIN licence l ON l.id = ul.licence_id WHERE ul.user_id = ?`
  ).all(id) as Array<{
    id: number
    licence_id: number | null
    usage_period_start: string | null
    usage_period_end: string | null
    upgrade_from: number | null
    licence_organization_name: string | null
    purchase_time: string | null
    external_company: string | null
    external_number: string | null
    name: string | null
    type: string | null
    product: string | null
  }>
  const insuranceRows = prepared(
    db,
    `SELECT ui.id, ui.insurance_id, ui.usage_period_start, ui.usage_period_end, ui.upgrade_from, coalesce(i.name, json_extract(ui.raw, '$.name')) AS name
     FROM user_insurance ui LEFT JOIN insurance i ON i.id = ui.insurance_id WHERE ui.user_id = ?`
  ).all(id) as Array<{ id: number; insurance_id: number | null; usage_period_start: string | null; usage_period_end: string | null; upgrade_from: number | null; name: string | null }>
  const products = new Map<number, LicenceProduct>()
  const licences: HeldLicence[] = []
  for (const row of licenceRows) {
    if (row.licence_id === null || row.usage_period_start === null || row.usage_period_end === null) continue
    if (row.product !== null) products.set(row.licence_id, JSON.parse(row.product) as LicenceProduct)
    licences.push({
      id: row.id,
      licenceId: row.licence_id,
      usagePeriodStart: row.usage_period_start,
      usagePeriodEnd: row.usage_period_end,
      purchaseTime: opt(row.purchase_time),
      upgradeFrom: opt(row.upgrade_from),
      externalInsuranceCompany: opt(row.external_company),
      externalInsuranceNumber: opt(row.external_number)
    })
  }
  const insurances: HeldInsurance[] = insuranceRows.flatMap((row) =>
    row.insurance_id === null || row.usage_period_start === null || row.usage_period_end === null
      ? []
      : [{ id: row.id, insuranceId: row.insurance_id, usagePeriodStart: row.usage_period_start, usagePeriodEnd: row.usage_period_end, upgradeFrom: opt(row.upgrade_from) }]
  )
  const check = checkLicence({ date, birthDate: opt(person.birth_date), licences, products, insurances })
  const result: VenueCheck = { id: person.id, sportId: person.sport_id, check }
  if (person.first_name !== null) result.firstName = person.first_name
  if (person.last_name !== null) result.lastName = person.last_name
  if (person.birth_date !== null) result.birthDate = person.birth_date
  const licence = licenceRows.find((row) => row.id === check.userLicenceId)
  if (licence?.name) result.licenceName = licence.name
  if (licence?.type) result.licenceType = licence.type
  if (licence?.licence_organization_name) result.clubName = licence.licence_organization_name
  const insurance = insuranceRows.find((row) => row.id === check.userInsuranceId)
  if (insurance?.name) result.insuranceName = insurance.name
  return result
}
