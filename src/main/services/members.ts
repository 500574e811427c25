import type { InsuranceFilter, LicenceStatus } from '../../shared/ipc/contract'
import { localDate } from '../../shared/localDate'
import { listMembers } from '../db/memberList'
import { membersByIds, searchMembers, type MemberRow } from '../db/members'
import { withDatabase } from './database'

/** The member list's filters (issue 3) as `kanslia members` takes them: a club, the licence status and insurance on the day. */
export interface MemberFilters {
  clubId?: number
  status?: LicenceStatus
  insurance?: InsuranceFilter
}

/**
 * Members (people from user licences and insurances) matching `text` by name, Sport-ID or e-mail;
 * every member when `text` is empty. Any text is accepted: it is never SQL or FTS syntax. With
 * `filters`, only members of the club (a user licence there), with the licence status or with or
 * without an insurance valid on `today` (ISO date, local; default today), in the member list's
 * order (see `listMembers`).
 * @throws UserFacingError when the database does not exist.
 */
export function findMembers(dbFile: string, text: string, limit = 100, filters: MemberFilters = {}, today: string = localDate()): MemberRow[] {
  return withDatabase(dbFile, (db) => {
    if (filters.clubId === undefined && filters.status === undefined && filters.insurance === undefined) return searchMembers(db, text, { limit })
    const query = { text, clubId: filters.clubId, status: filters.status ?? ('all' as const), insurance: filters.insurance, sort: 'name' as const, direction: 'asc' as const, offset: 0, limit }
    return membersByIds(db, listMembers(db, query, today).rows.map((row) => row.id))
  })
}
