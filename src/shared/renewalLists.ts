/**
 * The renewal lists of issue 7 as the IPC contract and the UI see them. Dates are ISO dates
 * (YYYY-MM-DD) of the registry's local calendar.
 */

/**
 * `licence-ending` / `insurance-ending`: valid today, ends within the days, no later one yet;
 * `not-renewed`: a licence last licence period, none this one; `moved-club`: a licence last
 * licence period, this one's only with other clubs (renewed elsewhere: a club transfer);
 * `outside-birth-range`: the current licence is for birth dates the member's is not in.
 */
export type RenewalListKind = 'licence-ending' | 'insurance-ending' | 'not-renewed' | 'moved-club' | 'outside-birth-range'

/**
 * A renewal list asked for: its kind, how many days ahead endings are listed, and, when given, the
 * club whose licences alone it lists (those bound to it), or for insurances its members' (those
 * whose latest licence is with it, as the member list's club filter takes a club).
 */
export interface RenewalQuery {
  kind: RenewalListKind
  days: number
  clubId?: number
  /** An area (area association): its clubs', as `clubId` takes one club's. */
  areaId?: number
}

/** Every kind, in the order the UI offers them. */
export const RENEWAL_LIST_KINDS: readonly RenewalListKind[] = ['licence-ending', 'insurance-ending', 'not-renewed', 'moved-club', 'outside-birth-range']

/** One member on a renewal list, with the licence or insurance (`item`) the list is about and when it ends. */
export interface RenewalRow {
  id: number
  sportId: number
  firstName?: string
  lastName?: string
  birthDate?: string
  club?: string
  /** The club of the previous licence period's licence the row is about (`moved-club`: the club the member left). */
  previousClub?: string
  item?: string
  ends?: string
  email?: string
  /** Under 18 on the list's day: the guardians are the ones to write to. */
  minor: boolean
  /** The guardians' e-mail addresses of a minor (spec v2 §2.10); empty for adults. */
  guardianEmails: string[]
}

/** A renewal list as asked: its kind, day, window in days, rows by last name (the first ones when `total` is larger) and how many there are in all. */
export interface RenewalList {
  kind: RenewalListKind
  today: string
  days: number
  rows: RenewalRow[]
  total: number
  /** For an empty list of licences or insurances ending within the days: the day the next one ends (ISO date), absent when none is held. */
  nextEnd?: string
  /**
   * True while licence verdicts the list is of (licence ending, outside the age range) are pending:
   * not of `today` yet (a sync runs: no rows then), or a running sync changed some members (they
   * are left out until it ends).
   */
  verdictsPending: boolean
}

/** The most days ahead a list of endings looks (a year, a leap year's too). */
export const MAX_RENEWAL_DAYS = 366

/** The most rows the app shows of a list; exports hold them all. */
export const RENEWAL_ROWS_SHOWN = 1000

/** The columns a renewal list can show and export, in order. */
export const RENEWAL_COLUMNS = ['lastName', 'firstName', 'sportId', 'birthDate', 'club', 'previousClub', 'item', 'ends', 'email', 'guardianEmails'] as const
export type RenewalColumn = (typeof RENEWAL_COLUMNS)[number]

/** The lists whose rows name the club of the previous period's licence (`RenewalRow.previousClub`). */
const WITH_PREVIOUS_CLUB: ReadonlySet<RenewalListKind> = new Set(['moved-club'])

/** The columns a list of `kind` fills, in order: `previousClub` only where the list has one. */
export function renewalColumnsOf(kind: RenewalListKind): readonly RenewalColumn[] {
  return WITH_PREVIOUS_CLUB.has(kind) ? RENEWAL_COLUMNS : RENEWAL_COLUMNS.filter((column) => column !== 'previousClub')
}
