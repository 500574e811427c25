import { groupBy } from '../../shared/groupBy'
import { insurancesValidOn, licencesValidOn } from '../../shared/licenceValidity'
import { addDays } from '../../shared/localDate'
import { RECENT_REGISTRATION_DAYS } from '../../shared/readability'
import { byUser, HELD_INSURANCE_COLUMNS, HELD_LICENCE_COLUMNS, heldInsurancesOf, heldLicencesOf, licenceProducts, type HeldInsuranceRow, type HeldLicenceRow } from './heldLicences'
import { EVENT_DAY } from './events'
import type { ReadableDB } from './open'
import { prepared } from './statements'

/** The organization a merit belongs to: its merit group's (spec v2 §2.7, §2.8). */
const MERIT_ORGANIZATION_SQL = 'SELECT g.organization_id FROM merit m JOIN merit_group g ON g.id = m.merit_group_id WHERE m.id = ?'


/** The grantees' user licences (`:ids`, a JSON array of user ids), each grantee looked up by the user index. */
export const GRANTEE_LICENCES_SQL = `SELECT ${HELD_LICENCE_COLUMNS}, ul.federation_id
  FROM json_each(:ids) j JOIN user_licence ul ON ul.user_id = j.value`

/** The grantees' user insurances (`:ids`, a JSON array of user ids), each grantee looked up by the user index. */
export const GRANTEE_INSURANCES_SQL = `SELECT ${HELD_INSURANCE_COLUMNS}, ui.federation_id
  FROM json_each(:ids) j JOIN user_insurance ui ON ui.user_id = j.value`

/**
 * The users registered to an event one of `:organizers` (a JSON array of organization ids; null:
 * any) organized, ending (else starting) on or after `:since`: both the v2 registrations (§2.15)
 * and registered users (§2.16).
 */
const RECENT_REGISTRANTS_SQL = `
  WITH ${EVENT_DAY},
  recent (uuid, id) AS (
    SELECT uuid, id FROM event_day WHERE day >= :since AND (:organizers IS NULL OR organizer_id IN (SELECT value FROM json_each(:organizers))))
  SELECT participant_user_id FROM event_registration WHERE event_uuid IN (SELECT uuid FROM recent)
  UNION SELECT user_id FROM registered_event_user WHERE event_id IN (SELECT id FROM recent)`

/** The organization `:organization` and every stored one below it (spec v2 §2.2 `parentId`). */
const WITHIN_SQL = `WITH RECURSIVE within (id) AS (
  SELECT :organization UNION SELECT o.id FROM organization o JOIN within w ON o.parent_id = w.id) SELECT id FROM within`

/**
 * Those of `personIds` (user ids) that the organization of merit `meritId` (its merit group's) may
 * not read on `today` (ISO local date) by what is stored, in their order, each once. The registry
 * grants a merit only to members the organization may read, "a valid licence, insurance, membership
 * or recent event registration for the granting organization" (spec v2 §4.3), and refuses the
 * whole grant naming the others. Read here, as the Federation Sandbox does: a user licence valid
 * today (DESIGN §3b's `licencesValidOn`: its activation's N days for a product with
 * `validityDurationInDays`, an upgraded one replaced) bound to the organization or one below it,
 * or of the federation it is; a user insurance valid today of the federation it is; a registration
 * to an event it or one below it organized that ended at most RECENT_REGISTRATION_DAYS ago. A
 * merit not stored leaves the organization unknown: then any organization's licence, insurance or
 * event counts. Memberships appear in no list of the API, so a member found here may still be
 * readable: a warning to show, never a refusal.
 */
export function granteesNotReadable(db: ReadableDB, meritId: number, personIds: readonly number[], today: string): number[] {
  const organization = (prepared(db, MERIT_ORGANIZATION_SQL).pluck().get(meritId) as number | null | undefined) ?? null
  const within = organization === null ? null : new Set(prepared(db, WITHIN_SQL).pluck().all({ organization }) as number[])
  const forOrganization = (row: { licence_organization_id?: number | null; federation_id: number | null }) =>
    within === null || row.federation_id === organization || (row.licence_organization_id != null && within.has(row.licence_organization_id))
  const ids = JSON.stringify(personIds)
  const readable = new Set<number>()

  const products = licenceProducts(db)
  type LicenceRow = HeldLicenceRow & { federation_id: number | null }
  const licenceRows = prepared(db, GRANTEE_LICENCES_SQL).all({ ids }) as LicenceRow[]
  for (const rows of groupBy(licenceRows, byUser).values()) {
    const valid = new Set(licencesValidOn(heldLicencesOf(rows), products, today).map((l) => l.id))
    for (const row of rows) if (valid.has(row.id) && forOrganization(row)) readable.add(row.user_id)
  }
  type InsuranceRow = HeldInsuranceRow & { federation_id: number | null }
  const insuranceRows = prepared(db, GRANTEE_INSURANCES_SQL).all({ ids }) as InsuranceRow[]
  for (const rows of groupBy(insuranceRows, byUser).values()) {
    const valid = new Set(insurancesValidOn(heldInsurancesOf(rows), today).map((i) => i.id))
    for (const row of rows) if (valid.has(row.id) && forOrganization(row)) readable.add(row.user_id)
  }
  const since = addDays(today, -RECENT_REGISTRATION_DAYS) ?? today
  const organizers = within === null ? null : JSON.stringify([...within])
  for (const id of prepared(db, RECENT_REGISTRANTS_SQL).pluck().all({ organizers, since }) as number[]) readable.add(id)

  return [...new Set(personIds)].filter((id) => !readable.has(id))
}
