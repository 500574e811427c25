import type { ReadableDB } from './open'
import { listMembers, type MemberListQuery } from './memberList'
import { prepared } from './statements'

/**
 * Whom to write to about members (issue 7 "copy e-mail addresses"): each adult's own address; for
 * a minor, the guardians' (spec v2 §2.10 `guardians`) and the minor's own.
 */

/** The e-mail addresses of person `p`'s guardians (spec v2 §2.11), as a JSON array (SQL over `person p`). */
export const GUARDIAN_EMAILS = "(SELECT json_group_array(g.value ->> '$.email') FROM json_each(p.raw, '$.guardians') g WHERE g.value ->> '$.email' IS NOT NULL)"

/** Birth dates after this ISO date are a minor's (under 18) on `today` (ISO date). */
export function adultBornBy(today: string): string {
  return `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`
}

/** A member's own address and, for a minor, the guardians' as a JSON array (null for an adult). */
export interface ContactRow {
  email: string | null
  guardianEmails: string | null
}

/** The SQL of a person's `ContactRow` (parameters :id, :adultBornBy). */
const CONTACT_SQL = `SELECT p.email, CASE WHEN p.birth_date > :adultBornBy THEN ${GUARDIAN_EMAILS} END AS guardianEmails FROM person p WHERE p.id = :id`

/** The addresses of `rows`, once each, in their order: a minor's guardians before the minor. */
export function addressesOf(rows: Iterable<ContactRow>): string[] {
  const addresses = new Set<string>()
  for (const row of rows) {
    if (row.guardianEmails !== null) for (const address of JSON.parse(row.guardianEmails) as string[]) if (address) addresses.add(address)
    if (row.email) addresses.add(row.email)
  }
  return [...addresses]
}

/**
 * The addresses to write to about every member a member list query matches (all rows, not a
 * window), in the list's order; see `listMembers`. At 150,000 athletes every member takes ~2 s.
 * @param today ISO date (local): the licence statuses the query filters on, and who is a minor.
 */
export function readMemberEmails(db: ReadableDB, query: Omit<MemberListQuery, 'offset' | 'limit'>, today: string): string[] {
  const { rows } = listMembers(db, { ...query, offset: 0, limit: -1 }, today)
  const contact = prepared(db, CONTACT_SQL)
  const bornBy = adultBornBy(today)
  return addressesOf(rows.map((row) => contact.get({ id: row.id, adultBornBy: bornBy }) as ContactRow))
}
