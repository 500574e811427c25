import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/**
 * A member: a person known from user licences or insurances (spec v2 §2.11), with only the fields
 * the API returned (absent personal data stays absent), and the names of the organizations their
 * user licences are bound to (`licenceOrganizationName`, spec v2 §2.12), newest usage period first.
 */
export interface MemberRow {
  id: number
  sportId: number
  firstName?: string
  nickname?: string
  lastName?: string
  birthDate?: string
  email?: string
  city?: string
  clubs: string[]
}

/** Most members one answer lists (`searchMembers`, `kanslia members`): a larger limit is taken as this (SQLite's LIMIT is a 64-bit integer). */
export const MAX_MEMBERS = 100_000

/** Longest accepted search text and most tokens used; the rest is ignored (type-ahead input). */
const MAX_TEXT = 500
const MAX_TOKENS = 8
const MAX_TOKEN_LENGTH = 64

/**
 * Turns any user text into a safe FTS5 query (never FTS syntax): splits on whitespace, keeps
 * tokens with a letter or digit, and quotes each as a prefix phrase (`"o""brien"*`, internal
 * quotes doubled), or with `wholeWords` as a phrase (`"o""brien"`: "salo" then finds no "Salonen");
 * tokens are ANDed. @returns null when no token is left.
 */
export function toFtsQuery(text: string, wholeWords = false): string | null {
  const tokens = text
    .slice(0, MAX_TEXT)
    .split(/\s+/u)
    .filter((token) => /[\p{L}\p{N}]/u.test(token))
    .slice(0, MAX_TOKENS)
    .map((token) => `"${token.slice(0, MAX_TOKEN_LENGTH).replace(/"/g, '""')}"${wholeWords ? '' : '*'}`)
  return tokens.length > 0 ? tokens.join(' ') : null
}

interface PersonRow {
  id: number
  sport_id: number
  first_name: string | null
  nickname: string | null
  last_name: string | null
  birth_date: string | null
  email: string | null
  city: string | null
}

const PERSON_FIELDS = 'p.id, p.sport_id, p.first_name, p.nickname, p.last_name, p.birth_date, p.email, p.city'

/**
 * Type-ahead member search (DESIGN §3a `member_search`): persons whose first name, nickname, last
 * name, Sport-ID or e-mail has words starting with every word of `text`, diacritics ignored;
 * an exact Sport-ID match comes first; the rest sorted by last name, first name. When more than
 * `limit` match, the rows are `limit` of them in storage order (a short prefix stays fast at
 * 150,000 persons), not the first by name: a list that must be (`kanslia members`) pages the
 * member list's query instead (services/members.ts). Empty text lists everybody by name. Any text
 * is accepted (quotes, operators, 10,000 characters): the result is an array, never an exception.
 * @param options.limit most rows returned, default 100.
 * @param options.wholeWords the words of `text` must be whole words of the fields, not their
 *   beginnings (`toFtsQuery`): for a name written out, as on a start list.
 */
export function searchMembers(db: ReadableDB | WritableDB, text: string, options: { limit?: number; wholeWords?: boolean } = {}): MemberRow[] {
  const limit = Math.max(0, Math.min(MAX_MEMBERS, Math.floor(options.limit ?? 100)))
  if (limit === 0) return []
  const trimmed = typeof text === 'string' ? text.trim() : ''
  let rows: PersonRow[]
  if (trimmed === '') {
    rows = prepared(db, `SELECT ${PERSON_FIELDS} FROM person p ORDER BY p.last_name, p.first_name, p.id LIMIT ?`).all(limit) as PersonRow[]
  } else {
    rows = []
    if (/^\d{1,9}$/.test(trimmed)) {
      rows = prepared(db, `SELECT ${PERSON_FIELDS} FROM person p WHERE p.sport_id = ?`).all(Number(trimmed)) as PersonRow[]
    }
    const query = toFtsQuery(trimmed, options.wholeWords)
    if (query !== null && rows.length < limit) {
      let found: PersonRow[] = []
      try {
        // Matches come in rowid order; the LIMIT keeps short prefixes ("a") fast at 150k persons.
        found = prepared(
          db,
          `SELECT ${PERSON_FIELDS} FROM person p WHERE p.id IN (SELECT rowid FROM member_search WHERE member_search MATCH ? LIMIT ?)`
        ).all(query, limit) as PersonRow[]
      } catch {
        found = []
      }
      const exact = new Set(rows.map((r) => r.id))
      found.sort(byName)
      for (const row of found) if (!exact.has(row.id) && rows.length < limit) rows.push(row)
    }
  }
  return withClubs(db, rows)
}

/** The members `ids` name, in that order, as `searchMembers` gives them (an id not stored is left out). */
export function membersByIds(db: ReadableDB | WritableDB, ids: readonly number[]): MemberRow[] {
  const found = prepared(db, `SELECT ${PERSON_FIELDS} FROM person p WHERE p.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as PersonRow[]
  const byId = new Map(found.map((row) => [row.id, row]))
  return withClubs(db, ids.flatMap((id) => byId.get(id) ?? []))
}

function byName(a: PersonRow, b: PersonRow): number {
  return (a.last_name ?? '').localeCompare(b.last_name ?? '', 'fi') || (a.first_name ?? '').localeCompare(b.first_name ?? '', 'fi') || a.id - b.id
}

function withClubs(db: ReadableDB, rows: PersonRow[]): MemberRow[] {
  if (rows.length === 0) return []
  const clubs = new Map<number, string[]>()
  const pairs = prepared(
    db,
    `SELECT user_id, licence_organization_name AS name FROM user_licence
     WHERE user_id IN (SELECT value FROM json_each(?)) AND licence_organization_name IS NOT NULL
     GROUP BY user_id, licence_organization_name ORDER BY user_id, max(usage_period_end) DESC, name`
  ).all(JSON.stringify(rows.map((r) => r.id))) as Array<{ user_id: number; name: string }>
  for (const pair of pairs) {
    const list = clubs.get(pair.user_id)
    if (list) list.push(pair.name)
    else clubs.set(pair.user_id, [pair.name])
  }
  return rows.map((row) => {
    const member: MemberRow = { id: row.id, sportId: row.sport_id, clubs: clubs.get(row.id) ?? [] }
    if (row.first_name !== null) member.firstName = row.first_name
    if (row.nickname !== null) member.nickname = row.nickname
    if (row.last_name !== null) member.lastName = row.last_name
    if (row.birth_date !== null) member.birthDate = row.birth_date
    if (row.email !== null) member.email = row.email
    if (row.city !== null) member.city = row.city
    return member
  })
}
