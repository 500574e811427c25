import { checkLicence } from '../../shared/licenceValidity'
import type { StartListResult, StartListRow, VenueCheck, VenueCheckResult, VenueNonMember } from '../../shared/venueCheck'
import { HELD_INSURANCE_COLUMNS, HELD_LICENCE_COLUMNS, heldInsurancesOf, heldLicencesOf, licenceProducts, type HeldInsuranceRow, type HeldLicenceRow } from './heldLicences'
import { searchMembers, toFtsQuery } from './members'
import type { ReadableDB } from './open'
import { newestCopySql } from './personCopies'
import { lastSuccessfulSyncAt } from './runs'
import { prepared } from './statements'

/**
 * Checks who `text` names on `date` (ISO date): an exact Sport-ID (what a barcode or QR scanner
 * types) finds that member only; any other text searches names, Sport-ID prefixes and e-mail like
 * the member list, as whole words first ("Matti Salo" is not also "Matti Salonen"), as their
 * beginnings when no member has them whole; best `limit` matches (`moreMatch` says whether there
 * are more). Each member's licences are judged by `checkLicence`. When no member matches, someone
 * an event's registered users name (`Registrants`: by that Sport-ID, or as the one whose names the
 * text's words begin) is given as `nonMember`, not judged, as none of their licences is stored.
 * Any text is accepted; nothing found is an empty list.
 */
export function checkAtVenue(db: ReadableDB, text: string, date: string, limit = 5): VenueCheckResult {
  const whole = check(db, text, date, limit, () => NO_REGISTRANTS, true)
  return { dataAsOf: lastSuccessfulSyncAt(db), ...(whole.members.length > 0 ? whole : check(db, text, date, limit, () => readRegistrants(db))) }
}

/** Who one check found: `VenueCheckResult` but the time of the data, which the caller reads once. */
type Found = Omit<VenueCheckResult, 'dataAsOf'>

/**
 * `checkAtVenue`, with the registrants without a profile read by `registrants` when no member
 * matches; with `wholeWords`, a text's words find members only as whole words (`searchMembers`).
 */
function check(db: ReadableDB, text: string, date: string, limit: number, registrants: () => Registrants, wholeWords = false): Found {
  const trimmed = text.trim()
  const sportId = /^\d{8,9}$/.test(trimmed) ? Number(trimmed) : null
  const exact = sportId === null ? [] : (prepared(db, 'SELECT id FROM person WHERE sport_id = ?').pluck().all(sportId) as number[])
  // One more than checked: whether others match too.
  const ids = exact.length > 0 ? exact : trimmed === '' ? [] : searchMembers(db, trimmed, { limit: limit + 1, wholeWords }).map((m) => m.id)
  const result: Found = { members: ids.slice(0, limit).flatMap((id) => checkPerson(db, id, date) ?? []), moreMatch: ids.length > limit }
  if (result.members.length > 0 || trimmed === '') return result
  const found = sportId === null ? registrants().byName(trimmed) : registrants().bySportId.get(sportId)
  if (found !== undefined) result.nonMember = registeredNonMember(db, found.id, found.sportId)
  return result
}

/** A registered event user (spec v2 §2.16) no profile is stored for: their id and Sport-ID. */
interface Registrant {
  id: number
  sportId: number
}

/** The registered users no profile is stored for, found by Sport-ID or by the beginnings of their names. */
interface Registrants {
  bySportId: ReadonlyMap<number, Registrant>
  /** The one registrant every word of `text` begins a name of (first or last), lower case; undefined for none or several. */
  byName(text: string): Registrant | undefined
}

/** No registrants: a whole-word search (`StartListCheck`) looks only for members; its fallback looks for registrants too. */
const NO_REGISTRANTS: Registrants = { bySportId: new Map(), byName: () => undefined }

/**
 * Reads the registered users (spec v2 §2.16) no profile is stored for, each by their newest copy.
 * They are few beside the members (hundreds to thousands), so they are read through, without an
 * index: a few milliseconds at 150,000 athletes.
 */
function readRegistrants(db: ReadableDB): Registrants {
  const rows = prepared(
    db,
    `SELECT u.user_id AS id, u.raw ->> '$.user.sportId' AS sportId, u.raw ->> '$.user.firstName' AS firstName, u.raw ->> '$.user.lastName' AS lastName
     FROM registered_event_user u WHERE u.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM person p WHERE p.id = u.user_id) ORDER BY u.modification_us`
  ).all() as Array<{ id: number; sportId: unknown; firstName: unknown; lastName: unknown }>
  const bySportId = new Map<number, Registrant>()
  const names = new Map<number, { registrant: Registrant; words: string[] }>()
  for (const row of rows) {
    if (!Number.isSafeInteger(row.sportId)) continue
    const registrant = { id: row.id, sportId: row.sportId as number }
    bySportId.set(registrant.sportId, registrant)
    names.set(row.id, { registrant, words: nameWords([row.firstName, row.lastName].filter((name) => typeof name === 'string').join(' ')) })
  }
  return {
    bySportId,
    byName(text) {
      const asked = nameWords(text)
      if (asked.length === 0) return undefined
      const found = [...names.values()].filter(({ words }) => asked.every((word) => words.some((name) => name.startsWith(word))))
      return found.length === 1 ? found[0].registrant : undefined
    }
  }
}

/** The words of a name or a query, in lower case (Finnish rules: Ä, Ö, Å too). */
function nameWords(text: string): string[] {
  return text.toLocaleLowerCase('fi').split(/[\s,;-]+/).filter((word) => word !== '')
}

/**
 * User `id`, a registrant no profile is stored for (`readRegistrants`) with Sport-ID `sportId`, as
 * the venue check gives them (`VenueNonMember`): names from their newest copy (`newestCopySql`),
 * and the stored events (v3 listing or v2 search) they are registered to.
 */
function registeredNonMember(db: ReadableDB, id: number, sportId: number): VenueNonMember {
  const copy = prepared(db, `SELECT copy ->> '$.firstName' AS firstName, copy ->> '$.lastName' AS lastName FROM (${newestCopySql(':id')})`).get({ id }) as
    | { firstName: unknown; lastName: unknown }
    | undefined
  const events = prepared(
    db,
    `SELECT DISTINCT coalesce((SELECT e.raw ->> '$.name' FROM event e WHERE e.id = u.event_id), (SELECT s.raw ->> '$.name' FROM event_search_result s WHERE s.id = u.event_id)) AS name
     FROM registered_event_user u WHERE u.user_id = ? AND name IS NOT NULL ORDER BY name`
  )
    .pluck()
    .all(id) as string[]
  const nonMember: VenueNonMember = { id, sportId, events }
  if (typeof copy?.firstName === 'string') nonMember.firstName = copy.firstName
  if (typeof copy?.lastName === 'string') nonMember.lastName = copy.lastName
  return nonMember
}

/** Lines of a start list checked between two reports of how far it is (`StartListProgress`): ~50 ms by name at 150,000 athletes. */
export const START_LIST_STEP = 100

/** Told how far a start list's check is: `checked` of its `total` lines that name someone. */
export type StartListProgress = (checked: number, total: number) => void

/** The lines of a start list that name someone (`checkStartList`): each trimmed, blank ones left out. */
export function startListLines(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => line !== '')
}

/**
 * The check of one start list on `date` (ISO date), a line at a time (`checkStartList`'s rules),
 * so a caller may check a long list in steps. The registrants without a profile are read once, when
 * a line first needs them, per connection: 500 lines of non-members would read them 500 times.
 */
export class StartListCheck {
  private registrants: { db: ReadableDB; read: Registrants } | null = null

  constructor(private readonly date: string) {}

  /** The row of `text`, one of `startListLines`, from `db`. */
  row(db: ReadableDB, text: string): StartListRow {
    const registrants = () => {
      if (this.registrants?.db !== db) this.registrants = { db, read: readRegistrants(db) }
      return this.registrants.read
    }
    const sportId = /(?<!\d)\d{8,9}(?!\d)/.exec(text)?.[0]
    // By Sport-ID; else by all the words; else by the first two columns (names in columns of their
    // own); else by the first column alone (a club or class beside the name finds no one).
    const columns = text.split(/[;,\t]/)
    const queries = sportId ? [sportId] : [...new Set([columns.join(' '), columns.slice(0, 2).join(' '), columns[0]])]
    let found: Found = { members: [], moreMatch: false }
    // A name written out means its whole words ("Matti Salo" is not also "Matti Salonen"): the queries
    // by whole words first, members only; then by the words' beginnings (a shortened name), and registrants.
    for (const wholeWords of sportId ? [false] : [true, false]) {
      for (const query of queries) {
        if (found.members.length > 0 || found.nonMember !== undefined) break
        found = check(db, query, this.date, 2, wholeWords ? () => NO_REGISTRANTS : registrants, wholeWords)
        // Only a line with more than the query (other columns) may name a club.
        const ofClub = found.members.length > 1 && !sportId && query !== queries[0] ? this.namesakeOfClub(db, query, text, wholeWords) : null
        if (ofClub !== null) found = { ...found, members: [ofClub], moreMatch: false }
      }
    }
    if (found.members.length === 1) return { text, matches: 1, member: found.members[0] }
    if (found.members.length > 1) return { text, matches: found.members.length, candidates: found.members }
    return found.nonMember === undefined ? { text, matches: found.members.length } : { text, matches: 0, nonMember: found.nonMember }
  }

  /**
   * Of the members `query` finds (several), the one whose club a column of the line `text` names,
   * as a start list's club column does ("Matti Virtanen; Kartta-Turku; H21"), and whose last name
   * the line has too (a first column of first names alone must not pick another family's member);
   * null when none or more than one is. A club is a licence organization of theirs (spec v2
   * §2.11), compared whole and regardless of case: "Helsinki RS" is not "Helsinki RS 1044".
   */
  private namesakeOfClub(db: ReadableDB, query: string, text: string, wholeWords: boolean): VenueCheck | null {
    const fts = toFtsQuery(query, wholeWords)
    if (fts === null) return null
    const lower = (value: string) => value.toLocaleLowerCase('fi')
    const columns = new Set(text.split(/[;,\t]/).map((column) => lower(column.trim())))
    const words = new Set(lower(text).split(/[\s;,]+/))
    const clubs = prepared(
      db,
      `SELECT DISTINCT ul.user_id AS id, ul.licence_organization_name AS club, p.last_name AS lastName FROM user_licence ul JOIN person p ON p.id = ul.user_id
       WHERE ul.user_id IN (SELECT rowid FROM member_search WHERE member_search MATCH ?) AND ul.licence_organization_name IS NOT NULL`
    ).all(fts) as Array<{ id: number; club: string; lastName: string | null }>
    const named = (row: (typeof clubs)[number]) => row.lastName !== null && lower(row.lastName).split(/\s+/).every((word) => words.has(word)) && columns.has(lower(row.club))
    const ids = new Set(clubs.filter(named).map((row) => row.id))
    return ids.size === 1 ? checkPerson(db, [...ids][0], this.date) : null
  }
}

/**
 * Checks a start list (issue 7 list mode) on `date`: each non-empty line names one member, by a
 * Sport-ID anywhere in it (a scanner's or a spreadsheet's column), else by its words (`;`, `,`
 * and tabs count as spaces), else by its first two columns, else by its first: as whole words,
 * then as the words' beginnings (the venue check's search) when no member has them whole. Of
 * several members a line matches, the one whose club another column names; otherwise a line that
 * matches several members is not judged: which one is meant is for a person to say. A line that
 * names a registrant who is no member (`VenueCheckResult.nonMember`) gives them, unjudged. At
 * 150,000 athletes a line by name takes ~0.4 ms, with its club and class ~0.7 ms, by Sport-ID
 * ~0.06 ms; `onProgress` is told after every START_LIST_STEP lines and the last.
 */
export function checkStartList(db: ReadableDB, lines: readonly string[], date: string, onProgress?: StartListProgress): StartListResult {
  const check = new StartListCheck(date)
  const texts = startListLines(lines)
  const dataAsOf = lastSuccessfulSyncAt(db)
  const rows = texts.map((text, index) => {
    const row = check.row(db, text)
    if ((index + 1) % START_LIST_STEP === 0 || index + 1 === texts.length) onProgress?.(index + 1, texts.length)
    return row
  })
  return { dataAsOf, rows }
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
