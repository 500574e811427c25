import type { Guardian, MemberDetail, MemberInsurance, MemberLicence, MemberMerit, MemberRegistration } from '../../shared/ipc/contract'
import { checkLicence, EXPIRING_WITHIN_DAYS, validDays } from '../../shared/licenceValidity'
import { addDays } from '../../shared/localDate'
import { HELD_INSURANCE_COLUMNS, HELD_LICENCE_COLUMNS, heldInsurancesOf, heldLicence, heldLicencesOf, licenceProducts, type HeldInsuranceRow, type HeldLicenceRow } from './heldLicences'
import { VALID_ENTRY_FIRST } from './events'
import { clubLicenceOf } from './memberSummary'
import type { ReadableDB } from './open'
import { pendingChangesOf } from './outbox'
import { copiedSportIdSql, newestCopySql } from './personCopies'
import { prepared } from './statements'

type UsageState = MemberLicence['state']

/**
 * The state on `today` of the days `from`…`until` (ISO dates) a user licence or insurance is
 * valid; `upgraded` when a later one replaced it (spec v2 §2.12, §2.13 `upgradeFrom`).
 */
function stateOf(from: string | null, until: string | null, today: string, soon: string, upgraded: boolean): UsageState {
  if (upgraded) return 'upgraded'
  if (from !== null && from > today) return 'upcoming'
  if (until !== null && until < today) return 'expired'
  if (until !== null && until <= soon) return 'expiring'
  return 'valid'
}

/**
 * The field of an identity number (spec v2 §2.11, personal-data level SSN): never in the profile a
 * member detail gives; shown only when revealed on purpose (issue 6), which the privacy log records.
 */
export const IDENTITY_NUMBER_FIELD = 'socialSecurityNumber'

/** Keeps the scalar profile fields of a person's raw JSON but the identity number, flattening `address` into `address.*`. */
function profileFields(raw: Record<string, unknown>): Record<string, string | number | boolean> {
  const profile: Record<string, string | number | boolean> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (key === IDENTITY_NUMBER_FIELD) continue
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') profile[key] = value
    else if (key === 'address' && value !== null && typeof value === 'object') {
      for (const [part, text] of Object.entries(value)) if (typeof text === 'string') profile[`address.${part}`] = text
    }
  }
  return profile
}

/**
 * Everything stored about the person with user id `id` (issue 3 "Member detail"), with their
 * merits (spec v2 §2.9), event registrations (§2.15, §2.16) and pending outbox changes. For a
 * member (`source: 'profile'`, a profile stored): the profile fields the API returned at the
 * client's personal-data level (§2.11), the licence verdict on `today` (DESIGN §3b,
 * `checkLicence`), their user licences newest first with upgrade links and state on `today`, user
 * insurances, and guardians (given for minors). For a person without a profile, see
 * `nonMemberIdentity`. @returns null when nothing stored names the id.
 */
export function readMemberDetail(db: ReadableDB, id: number, today: string): MemberDetail | null {
  const person = prepared(db, 'SELECT id, sport_id, birth_date, raw FROM person WHERE id = ?').get(id) as { id: number; sport_id: number; birth_date: string | null; raw: string } | undefined
  const identity = person ? memberIdentity(db, person, today) : nonMemberIdentity(db, id, today)
  if (identity === null) return null
  return { ...identity, merits: readMerits(db, id), registrations: readRegistrations(db, id), pending: pendingChangesOf(db, id) }
}

/** The part of a member detail the profile, or for a person without one the lists' copies, give. */
type Identity = Omit<MemberDetail, 'merits' | 'registrations' | 'pending'>

/** A member's profile, licences, insurances and verdict (see `readMemberDetail`). */
function memberIdentity(db: ReadableDB, person: { id: number; sport_id: number; birth_date: string | null; raw: string }, today: string): Identity {
  const id = person.id
  const raw = JSON.parse(person.raw) as Record<string, unknown>
  const soon = addDays(today, EXPIRING_WITHIN_DAYS)!
  const licenceRows = prepared(
    db,
    `SELECT ${HELD_LICENCE_COLUMNS}, coalesce(l.name, json_extract(ul.raw, '$.name')) AS name, lp.name AS period_name, ul.federation_id
     FROM user_licence ul LEFT JOIN licence l ON l.id = ul.licence_id LEFT JOIN licence_period lp ON lp.id = ul.licence_period_id
     WHERE ul.user_id = ? ORDER BY ul.usage_period_end DESC, ul.id DESC`
  ).all(id) as Array<HeldLicenceRow & { name: string | null; period_name: string | null; federation_id: number | null }>
  const products = licenceProducts(db)
  const upgradedBy = new Map<number, number>()
  for (const row of licenceRows) if (row.upgrade_from !== null) upgradedBy.set(row.upgrade_from, row.id)
  const licences = licenceRows.map((row): MemberLicence => {
    // A licence valid for some days from its activation (a trial, DESIGN §3b) ends before its usage period does.
    const held = heldLicence(row)
    const days = held === null ? { from: row.usage_period_start, until: row.usage_period_end } : validDays(held, products.get(held.licenceId))
    const licence: MemberLicence = { id: row.id, name: row.name ?? '', state: stateOf(days.from, days.until, today, soon, upgradedBy.has(row.id)) }
    if (row.period_name !== null) licence.licencePeriodName = row.period_name
    if (row.licence_organization_name !== null) licence.clubName = row.licence_organization_name
    if (row.licence_organization_id !== null) licence.clubId = row.licence_organization_id
    if (row.federation_id !== null) licence.federationId = row.federation_id
    if (row.usage_period_start !== null) licence.usagePeriodStart = row.usage_period_start
    if (row.usage_period_end !== null) licence.usagePeriodEnd = row.usage_period_end
    if (days.until !== null && days.until !== row.usage_period_end) licence.validUntil = days.until
    if (row.upgrade_from !== null) licence.upgradeFrom = row.upgrade_from
    const by = upgradedBy.get(row.id)
    if (by !== undefined) licence.upgradedBy = by
    return licence
  })
  const insuranceRows = prepared(
    db,
    `SELECT ${HELD_INSURANCE_COLUMNS}, coalesce(i.name, json_extract(ui.raw, '$.name')) AS name, lp.name AS period_name
     FROM user_insurance ui LEFT JOIN insurance i ON i.id = ui.insurance_id LEFT JOIN licence_period lp ON lp.id = ui.licence_period_id
     WHERE ui.user_id = ? ORDER BY ui.usage_period_end DESC, ui.id DESC`
  ).all(id) as Array<HeldInsuranceRow & { name: string | null; period_name: string | null }>
  const replaced = new Set(insuranceRows.flatMap((row) => (row.upgrade_from === null ? [] : [row.upgrade_from])))
  const insurances = insuranceRows.map((row): MemberInsurance => {
    const insurance: MemberInsurance = { id: row.id, name: row.name ?? '', state: stateOf(row.usage_period_start, row.usage_period_end, today, soon, replaced.has(row.id)) }
    if (row.period_name !== null) insurance.licencePeriodName = row.period_name
    if (row.usage_period_start !== null) insurance.usagePeriodStart = row.usage_period_start
    if (row.usage_period_end !== null) insurance.usagePeriodEnd = row.usage_period_end
    return insurance
  })
  const guardians = Array.isArray(raw.guardians) ? (raw.guardians as Guardian[]) : []
  const club = clubLicenceOf(licenceRows)?.licence_organization_name ?? null
  return {
    id,
    source: 'profile',
    sportId: person.sport_id,
    profile: profileFields(raw),
    identityNumberHidden: typeof raw[IDENTITY_NUMBER_FIELD] === 'string',
    // The member list's verdict (DESIGN §3b) and club, from the rows read above.
    licenceCheck: checkLicence({ date: today, birthDate: person.birth_date ?? undefined, licences: heldLicencesOf(licenceRows), products, insurances: heldInsurancesOf(insuranceRows) }),
    ...(club === null ? {} : { club }),
    licences,
    insurances,
    guardians
  }
}

/** The fields of a grant (spec v2 §2.9) that describe its grantee, by the profile's names (§2.11): the grant's `phoneNumber` is the profile's `phone`. */
const GRANTEE_FIELDS: ReadonlyArray<[profile: string, grant: string]> = [
  ['firstName', 'firstName'],
  ['nickname', 'nickname'],
  ['lastName', 'lastName'],
  ['email', 'email'],
  ['phone', 'phoneNumber']
]

/**
 * The detail of a person no profile is stored for (spec v2 §2.11 `person` fills only from user
 * licences and insurances, `PROFILE_KEEPERS`): someone outside the organizations the credentials
 * read who took part in an event or was granted a merit, or a former member after the rights
 * narrowed. Names, contacts and guardians come from the newest copy a list gave (`newestCopySql`:
 * a registered event user's `user`, §2.16, or a grant's own fields, §2.9); the Sport-ID from the
 * newest registered user's copy that gives one (`copiedSportIdSql`).
 * No licences, insurances or identity number (those come only with a profile); the verdict is
 * `checkLicence`'s for no licences (`missing`).
 * @returns `source` 'registration' or 'grant' for the list the copy came from ('registration' with an
 *   empty profile when only an event's registrations, §2.15, name the person: they carry no names),
 *   or null when none of those lists names the id.
 */
function nonMemberIdentity(db: ReadableDB, id: number, today: string): Identity | null {
  const copy = prepared(db, newestCopySql(':id')).get({ id }) as { source: 'registration' | 'grant'; copy: string } | undefined
  const registered = copy !== undefined || prepared(db, 'SELECT 1 FROM event_registration WHERE participant_user_id = ? LIMIT 1').get(id) !== undefined
  if (!registered) return null
  const raw = copy === undefined ? {} : (JSON.parse(copy.copy) as Record<string, unknown>)
  const sportId = (prepared(db, `SELECT ${copiedSportIdSql('?')}`).pluck().get(id) as number | null) ?? undefined
  const profile = copy?.source === 'grant' ? granteeFields(raw) : profileFields(raw)
  if (sportId !== undefined) profile.sportId = sportId
  const detail: Identity = {
    id,
    source: copy?.source ?? 'registration',
    profile,
    identityNumberHidden: false,
    licenceCheck: checkLicence({ date: today, licences: [], products: new Map(), insurances: [] }),
    licences: [],
    insurances: [],
    guardians: Array.isArray(raw.guardians) ? (raw.guardians as Guardian[]) : []
  }
  if (sportId !== undefined) detail.sportId = sportId
  return detail
}

/** A grant's fields about its grantee (`GRANTEE_FIELDS`) that are strings. */
function granteeFields(grant: Record<string, unknown>): Record<string, string | number | boolean> {
  const profile: Record<string, string | number | boolean> = {}
  for (const [field, key] of GRANTEE_FIELDS) if (typeof grant[key] === 'string') profile[field] = grant[key]
  return profile
}

/** The stored identity number of person `id` (spec v2 §2.11 `socialSecurityNumber`), or null when none is stored. */
export function readIdentityNumber(db: ReadableDB, id: number): string | null {
  const value = prepared(db, `SELECT raw ->> '$.${IDENTITY_NUMBER_FIELD}' FROM person WHERE id = ?`).pluck().get(id)
  return typeof value === 'string' ? value : null
}

/** Copies the non-null values of `row` onto `target` under the same keys. */
function withPresent<T extends object>(target: T, row: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(row)) if (value !== null && value !== undefined) Object.assign(target, { [key]: value })
  return target
}

/**
 * The person's granted merits (spec v2 §2.9), newest grant first. A grant is listed under its
 * merit (scope `merit <id>`); the merit's own row names it when the grant's copy does not.
 */
function readMerits(db: ReadableDB, userId: number): MemberMerit[] {
  const rows = prepared(
    db,
    `SELECT g.merit_id AS meritId,
       coalesce(m.name, g.raw ->> '$.grantedMerit.meritName', '#' || g.merit_id) AS meritName,
       coalesce(g.raw ->> '$.grantedMerit.meritGroupName', mg.name) AS meritGroupName,
       g.granting_date AS grantingDate, g.valid_until_date AS validUntilDate,
       g.raw ->> '$.grantedMerit.meritGranter' AS meritGranter
     FROM granted_merit g LEFT JOIN merit m ON m.id = g.merit_id LEFT JOIN merit_group mg ON mg.id = m.merit_group_id
     WHERE g.user_id = ? ORDER BY g.granting_date DESC, g.merit_id`
  ).all(userId) as Array<Record<string, unknown> & { meritId: number; meritName: string }>
  return rows.map(({ meritId, meritName, ...rest }) => withPresent<MemberMerit>({ meritId, meritName }, rest))
}

/**
 * The person's event registrations (spec v2 §2.15) with the event's name and start from the v3
 * listing or, failing that, the v2 event search, and the payment status of the registered users
 * list (§2.16) of the valid entry (VALID_ENTRY_FIRST), newest event first.
 */
function readRegistrations(db: ReadableDB, userId: number): MemberRegistration[] {
  const rows = prepared(
    db,
    `SELECT r.id AS eventRegistrationId, r.event_uuid AS eventUuid,
       coalesce(e.name, s.name) AS eventName, coalesce(e.start_date_time, s.start_date_time) AS startDateTime,
       r.registration_date AS registrationDate, r.paid_amount_in_cents AS paidAmountInCents,
       (SELECT u.payment_status FROM registered_event_user u
          WHERE u.user_id = r.participant_user_id AND u.event_id = coalesce(e.id, s.id) ORDER BY ${VALID_ENTRY_FIRST} LIMIT 1) AS paymentStatus
     FROM event_registration r
       LEFT JOIN event e ON e.uuid = r.event_uuid
       LEFT JOIN event_search_result s ON s.uuid = r.event_uuid AND e.id IS NULL
     WHERE r.participant_user_id = ? ORDER BY startDateTime DESC, r.id DESC`
  ).all(userId) as Array<Record<string, unknown> & { eventRegistrationId: number; eventUuid: string }>
  return rows.map(({ eventRegistrationId, eventUuid, ...rest }) => withPresent<MemberRegistration>({ eventRegistrationId, eventUuid }, rest))
}
