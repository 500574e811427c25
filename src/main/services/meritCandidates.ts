import type { MeritCandidateList } from '../../shared/meritCandidates'
import { readCandidateGroup, readMeritCandidates } from '../db/meritCandidates'
import type { ReadableDB } from '../db/open'
import { withDatabase } from './database'
import { UserFacingError } from './errors'

/**
 * Every merit candidate of an ordered merit group (issue 7 "Merit candidates"): the one
 * implementation behind `kanslia candidates`; see `readMeritCandidates`. `ids` lists every
 * candidate's user id in the list's order, whatever their number (a grant names at most 10,000:
 * `grant-merit` refuses more).
 * @param seasons licence periods a candidate for the group's first merit has held a licence in.
 * @throws UserFacingError `no-database`; `no-such-merit-group` (`checkCandidateGroup`).
 */
export function meritCandidates(dbFile: string, groupId: number, seasons: number, nextMeritId?: number): MeritCandidateList & { ids: number[] } {
  const list = withDatabase(dbFile, (db) => {
    checkCandidateGroup(db, groupId, nextMeritId)
    return readMeritCandidates(db, groupId, seasons, { nextMeritId, limit: -1, idsUpTo: Number.MAX_SAFE_INTEGER })
  })
  return { ...list, ids: list.ids ?? [] }
}

/**
 * Refuses a candidate list that cannot be, rather than let it read as "no candidates": a merit group
 * not stored (a typo, or not synced yet), one that is not ordered (spec v2 §2.7 `isOrdered`: its
 * merits follow no order, so none is the next), or a `nextMeritId` that is no merit of the group.
 * @throws UserFacingError `no-such-merit-group` saying which, and where the groups are listed.
 */
export function checkCandidateGroup(db: ReadableDB, groupId: number, nextMeritId?: number): void {
  const group = readCandidateGroup(db, groupId, nextMeritId)
  const groups = '`kanslia export merit-groups` lists the groups synced'
  if (group === undefined) throw new UserFacingError('no-such-merit-group', `merit group ${groupId} is unknown: it is not in the database; ${groups}`)
  if (!group.ordered) throw new UserFacingError('no-such-merit-group', `merit group ${groupId} (${group.name}) is not ordered, so it has no merit candidates; ${groups} (an ordered one with isOrdered true)`)
  if (nextMeritId !== undefined && !group.hasMerit) throw new UserFacingError('no-such-merit-group', `merit ${nextMeritId} is no merit of merit group ${groupId} (${group.name}); \`kanslia export merits\` lists them`)
}
