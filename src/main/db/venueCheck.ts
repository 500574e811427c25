import { checkLicence } from '../../shared/licenceValidity'
import type { StartListResult, VenueCheck, VenueCheckResult } from '../../shared/venueCheck'
import { HELD_INSURANCE_COLUMNS, HELD_LICENCE_COLUMNS, heldInsurancesOf, heldLicencesOf, licenceProducts, type HeldInsuranceRow, type HeldLicenceRow } from './heldLicences'
import { searchMembers } from './members'
import type { ReadableDB } from './open'
import { lastSuccessfulSyncAt } from './runs'
import { prepared } from './statements'

/**
 * Checks who `text` names on `date` (ISO date): an exact Sport-ID (what a barcode or QR scanner
 * types) finds that member only; any other text searches names, Sport-ID prefixes and e-mail like
 * the member list, best `limit` matches (`moreMatch` says whether there are more). Each member's
 * licences are judged by `checkLicence`. Any text is accepted; nothing found is an empty list.
 */
export function checkAtVenue(db: ReadableDB, text: string, date: string, limit = 5): VenueCheckResult {
  const trimmed = text.trim()
  const exact = /^\d{8,9}$/.test(trimmed) ? (prepared(db, 'SELECT id FROM person WHERE sport_id = ?').pluck().all(Number(trimmed)) as number[]) : []
  // One more than checked: whether others match too.
  const ids = exact.length > 0 ? exact : trimmed === '' ? [] : searchMembers(db, trimmed, { limit: limit + 1 }).map((m) => m.id)
  return { dataAsOf: lastSuccessfulSyncAt(db), members: ids.slice(0, limit).flatMap((id) => checkPerson(db, id, date) ?? []), moreMatch: ids.length > limit }
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
    `SELECT ${HELD_LICENCE_COLUMNS}, coalesce(l.name, json_extract(ul.raw, '$.name')) AS name, l.type
     FROM user_licence ul LEFT JOIN licence l ON l.id = ul.licence_id WHERE ul.user_id = ?`
  ).all(id) as Array<HeldLicenceRow & { name: string | null; type: string | null }>
  const insuranceRows = prepared(
    db,
    `SELECT ${HELD_INSURANCE_COLUMNS}, coalesce(i.name, json_extract(ui.raw, '$.name')) AS name
     FROM user_insurance ui LEFT JOIN insurance i ON i.id = ui.insurance_id WHERE ui.user_id = ?`
  ).all(id) as Array<HeldInsuranceRow & { name: string | null }>
  const licences = heldLicencesOf(licenceRows)
  const insurances = heldInsurancesOf(insuranceRows)
  const products = licenceProducts(db)
  const check = checkLicence({ date, birthDate: person.birth_date ?? undefined, licences, products, insurances })
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
