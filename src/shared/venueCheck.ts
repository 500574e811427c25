import { MAY_COMPETE, type LicenceCheck } from './licenceValidity'

/**
 * The venue check's answer (issue 7) as the CLI, the IPC contract and the UI see it: who was found
 * and whether each may compete on the day, by the rules of DESIGN §3b (`shared/licenceValidity`).
 */

/** One member checked at a venue: who, the verdict of DESIGN §3b, and names for the screen. */
export interface VenueCheck {
  id: number
  sportId: number
  firstName?: string
  lastName?: string
  /** ISO date, when the permission level gives it. */
  birthDate?: string
  check: LicenceCheck
  /** Product name and type (spec v2 §2.4) and club of the user licence the verdict is about. */
  licenceName?: string
  licenceType?: string
  clubName?: string
  /** Name of the user insurance that met the requirement. */
  insuranceName?: string
}

/**
 * Someone a venue check names who is no member of the organizations the credentials read: known only
 * as a registered user of an event of theirs (spec v2 §2.16, basic contact information), no
 * licence or insurance of theirs is stored, so none can be checked here (they may hold one of
 * another club or federation). Never judged "no licence".
 */
export interface VenueNonMember {
  id: number
  sportId: number
  firstName?: string
  lastName?: string
  /** The stored events they are registered to, by name, as the registry names them. */
  events: string[]
}

/** The answer of a venue check: members found (best match first) and when the data was last synced. */
export interface VenueCheckResult {
  /** Instant (ISO, UTC) the last successful sync finished; null when none did. */
  dataAsOf: string | null
  members: VenueCheck[]
  /** True when more members match the text than `members` holds (the best matches): narrow the name, or check by Sport-ID. */
  moreMatch: boolean
  /** When no member matches: the registrant who is no member that the Sport-ID or the words name (one, or none is given). */
  nonMember?: VenueNonMember
}

/**
 * One line of a start list (issue 7 list mode): the line, how many members it matched (2 stands
 * for two or more), and the member when exactly one did; `nonMember` when no member matched but its
 * Sport-ID names one.
 */
export interface StartListRow {
  text: string
  matches: number
  member?: VenueCheck
  /** When several members match: the first two found, judged, for a person to say which is meant (`describeCandidate`). */
  candidates?: VenueCheck[]
  nonMember?: VenueNonMember
}

/** A member a start list line may mean, as the list names them: "Matti Salo (12345678, 1980, Kartta-Turku)". */
export function describeCandidate(candidate: VenueCheck): string {
  const name = [candidate.firstName, candidate.lastName].filter(Boolean).join(' ')
  const details = [String(candidate.sportId), candidate.birthDate?.slice(0, 4), candidate.clubName].filter(Boolean).join(', ')
  return `${name} (${details})`
}

/** A whole start list checked at once: a row per non-empty line, in order, and when the data was last synced. */
export interface StartListResult {
  dataAsOf: string | null
  rows: StartListRow[]
}

/** Lines of a checked start list the venue check shows at once; its exports hold every line its filter lists. */
export const START_LIST_ROWS_SHOWN = 1000

/** Whether a start list row names one member who may compete on the day (`MAY_COMPETE`). */
export function mayCompete(row: StartListRow): boolean {
  return row.member !== undefined && MAY_COMPETE.has(row.member.check.verdict)
}

/**
 * The user ids of the members a start list found, once each in list order: a line that names one
 * member finds them; one naming several members, or a registrant who is none, finds nobody. What a
 * batch grant or registration of the list's members takes.
 */
export function membersFound(rows: readonly StartListRow[]): number[] {
  return [...new Set(rows.flatMap((row) => (row.member ? [row.member.id] : [])))]
}

/**
 * A start list's summary: how many lines name one member who may compete on the day
 * (`mayCompete`), and how many a registrant who is no member, whom nothing checks.
 */
export function startListSummary(rows: readonly StartListRow[]): { ok: number; notChecked: number } {
  return {
    ok: rows.filter(mayCompete).length,
    notChecked: rows.filter((row) => row.nonMember !== undefined).length
  }
}
