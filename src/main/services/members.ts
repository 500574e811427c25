import type { InsuranceFilter, LicenceStatus } from '../../shared/ipc/contract'
import { localDate } from '../../shared/localDate'
import { listMembers } from '../db/memberList'
import { MAX_MEMBERS, membersByIds, type MemberRow } from '../db/members'
import type { ReadableDB } from '../db/open'
import { withDatabase } from './database'
import { ensureVerdicts, withCurrentVerdicts } from './verdicts'

/**
 * The member list's filters (issue 3) as `kanslia members` takes them: the member's club (their
 * latest licence's) or an area's clubs, a user licence of a licence or licence period held (with a
 * club or an area, one bought through it), the licence status and insurance on the day.
 */
export interface MemberFilters {
  clubId?: number
  areaId?: number
  licenceId?: number
  licencePeriodId?: number
  status?: LicenceStatus
  insurance?: InsuranceFilter
}

/**
 * Members (people from user licences and insurances) matching `text` by name, Sport-ID or e-mail;
 * every member when `text` is empty: the first `limit` (at most MAX_MEMBERS) in the member list's
 * order (see `listMembers`: by name), so a smaller limit gives the first rows of a larger one. Any
 * text is accepted: it is never SQL or FTS syntax. `filters` narrow it as the app's member list's
 * do: to members of the club (the club of their latest licence, the member list's Club column) or
 * of the area's clubs, holders of a licence or of one of a licence period (bought through the club
 * or the area's clubs when given too), with the licence status, or with or without an insurance valid on `today` (ISO date,
 * local; default today), its verdicts evaluated first (`ensureVerdicts`).
 * @throws UserFacingError when the database does not exist; `verdicts-pending` when filtering
 *   by them while a sync marks members anew (`withCurrentVerdicts`).
 */
export function findMembers(dbFile: string, text: string, limit = 100, filters: MemberFilters = {}, today: string = localDate()): MemberRow[] {
  return withDatabase(dbFile, (db) => {
    const read = () => membersMatching(db, text, limit, filters, today)
    if (filters.status === undefined && filters.insurance === undefined) return read()
    ensureVerdicts(dbFile, db, today)
    return withCurrentVerdicts(db, today, read)
  })
}

/** `findMembers` on an open database. */
export function membersMatching(db: ReadableDB, text: string, limit: number, filters: MemberFilters, today: string): MemberRow[] {
  const query = { text, ...filters, status: filters.status ?? ('all' as const), sort: 'name' as const, direction: 'asc' as const, offset: 0, limit: Math.min(limit, MAX_MEMBERS) }
  return membersByIds(db, listMembers(db, query, today).rows.map((row) => row.id))
}
