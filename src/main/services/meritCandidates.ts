import type { MeritCandidateList } from '../../shared/meritCandidates'
import { readMeritCandidates } from '../db/meritCandidates'
import { withDatabase } from './database'

/**
 * Every merit candidate of an ordered merit group (issue 7 "Merit candidates"): the one
 * implementation behind `kanslia candidates`; see `readMeritCandidates`. `ids` lists every
 * candidate's user id in the list's order, whatever their number (a grant names at most 10,000:
 * `grant-merit` refuses more).
 * @param seasons licence periods a candidate for the group's first merit has held a licence in.
 * @throws UserFacingError `no-database`.
 */
export function meritCandidates(dbFile: string, groupId: number, seasons: number, nextMeritId?: number): MeritCandidateList & { ids: number[] } {
  const list = withDatabase(dbFile, (db) => readMeritCandidates(db, groupId, seasons, { nextMeritId, limit: -1, idsUpTo: Number.MAX_SAFE_INTEGER }))
  return { ...list, ids: list.ids ?? [] }
}
