/**
 * Merit candidates (issue 7) as the IPC contract and the UI see them: who could be granted the
 * next merit of an ordered merit group (spec v2 §2.7 `isOrdered`, §2.8 `orderNumber`).
 */

/** An ordered merit group the candidates can be listed for. */
export interface OrderedMeritGroup {
  id: number
  name: string
  organizationName: string | null
  /** The group's merits by `orderNumber`. */
  merits: Array<{ id: number; name: string }>
}

/**
 * A member who could be granted `nextMeritId`: either they hold the merit just before it in the
 * group's order (`heldMeritName`, granted on `heldSince`), or they have held a licence in at least
 * the asked number of licence periods (`seasons`) and no merit of the group yet.
 */
export interface MeritCandidate {
  id: number
  sportId: number
  firstName?: string
  lastName?: string
  club?: string
  nextMeritId: number
  nextMeritName: string
  heldMeritName?: string
  /** Date-only. */
  heldSince?: string
  /** Licence periods with a licence (for candidates of the group's first merit). */
  seasons?: number
}

/** The candidates asked for: the first `rows` (RENEWAL-style cap for the screen), how many in all, and every id when they fit one grant (≤ 10,000, spec v2 §8). */
export interface MeritCandidateList {
  rows: MeritCandidate[]
  total: number
  /** Every candidate's user id, or null when there are more than one merit grant may name. */
  ids: number[] | null
}

/** The most candidates the app shows at once. */
export const CANDIDATES_SHOWN = 1000

/**
 * The columns of a candidate list, shown, exported and printed (issue 7 "Exports"): the member, the
 * next merit, and why: the merit held before it and since when, or the licence seasons.
 */
export const CANDIDATE_COLUMNS = ['name', 'sportId', 'club', 'nextMerit', 'heldMerit', 'heldSince', 'seasons'] as const
export type CandidateColumn = (typeof CANDIDATE_COLUMNS)[number]
