import type { LicenceStatus, MemberListRow, MemberPage, MemberSortColumn } from '../../shared/ipc/contract'
import { toFtsQuery } from './members'
import type { ReadableDB } from './open'
import { prepared } from './statements'

/** A member list query after validation (see `memberQuerySchema` in the IPC contract). */
export interface MemberListQuery {
  text: string
  clubId?: number
  licenceId?: number
  licencePeriodId?: number
  status: 'all' | LicenceStatus
  sort: MemberSortColumn
  direction: 'asc' | 'desc'
  offset: number
  limit: number
}

/** Days before a licence's end when it counts as `expiring` (DESIGN §3b). */
export const EXPIRING_DAYS = 30

/**
 * The current user licence of person `p` on `:today` (DESIGN §3b): its usage period contains the
 * day and no other user licence of the person names it in `upgradeFrom`; the latest-ending wins.
 */
const CURRENT_LICENCE = `(SELECT ul.id FROM user_licence ul
  WHERE ul.user_id = p.id AND ul.usage_period_start <= :today AND ul.usage_period_end >= :today
    AND NOT EXISTS (SELECT 1 FROM user_licence up WHERE up.user_id = ul.user_id AND up.upgrade_from = ul.id)
  ORDER BY ul.usage_period_end DESC LIMIT 1)`

const CLUB = `(SELECT ul.licence_organization_name FROM user_licence ul
  WHERE ul.user_id = p.id AND ul.licence_organization_name IS NOT NULL ORDER BY ul.usage_period_end DESC LIMIT 1)`

const INSURED = `EXISTS (SELECT 1 FROM user_insurance ui
  WHERE ui.user_id = p.id AND ui.usage_period_start <= :today AND ui.usage_period_end >= :today)`

const ORDER: Record<MemberSortColumn, (d: string) => string> = {
  name: (d) => `m.last_name ${d}, m.first_name ${d}, m.id ${d}`,
  sportId: (d) => `m.sport_id ${d}, m.id ${d}`,
  birthYear: (d) => `m.birth_date ${d}, m.last_name ${d}, m.id ${d}`,
  club: (d) => `m.club ${d}, m.last_name ${d}, m.id ${d}`
}

/** The same orders on `person p` itself, for sorting before the per-person lookups (club needs them). */
const PERSON_ORDER: Record<Exclude<MemberSortColumn, 'club'>, (d: string) => string> = {
  name: (d) => `p.last_name ${d}, p.first_name ${d}, p.id ${d}`,
  sportId: (d) => `p.sport_id ${d}, p.id ${d}`,
  birthYear: (d) => `p.birth_date ${d}, p.last_name ${d}, p.id ${d}`
}

/**
 * Indexes that deliver persons in a sort's order. For a broad search (many matches) scanning one
 * in order and stopping after the window beats fetching every match to sort it.
 */
const ORDER_INDEX: Partial<Record<MemberSortColumn, string>> = { name: 'person_name', sportId: 'person_sport_id' }
/** Matches above which a search scans the sort's index instead of sorting the matches. */
const BROAD_SEARCH = 500

const STATUS: Record<LicenceStatus, string> = {
  valid: 'cl.usage_period_end > :soon',
  expiring: 'cl.usage_period_end <= :soon',
  missing: 'm.current_id IS NULL'
}

interface Row {
  id: number
  sport_id: number
  first_name: string | null
  last_name: string | null
  birth_date: string | null
  club: string | null
  licence_name: string | null
  licence_end: string | null
  current_id: number | null
  insured: number
}

/** Adds `days` to an ISO date (YYYY-MM-DD), in UTC. */
function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Builds the SQL of a query from fixed fragments only (never user text; the search text goes
 * through `toFtsQuery` into a bound parameter).
 */
function buildSql(
  query: MemberListQuery,
  hasFts: boolean,
  sportId: number | null,
  broad = false
): { from: string; where: string; personWhere: string; windowFirst: boolean; onlyText: boolean } {
  const persons: string[] = []
  if (hasFts && sportId !== null) {
    persons.push('(p.id IN (SELECT rowid FROM member_search WHERE member_search MATCH :fts) OR p.sport_id = :sportId)')
  } else if (hasFts) {
    persons.push('p.id IN (SELECT rowid FROM member_search WHERE member_search MATCH :fts)')
  } else if (sportId !== null) {
    persons.push('p.sport_id = :sportId')
  }
  const licenceFilters: string[] = []
  if (query.clubId !== undefined) licenceFilters.push('f.licence_organization_id = :clubId')
  if (query.licenceId !== undefined) licenceFilters.push('f.licence_id = :licenceId')
  if (query.licencePeriodId !== undefined) licenceFilters.push('f.licence_period_id = :licencePeriodId')
  if (licenceFilters.length > 0) {
    persons.push(`EXISTS (SELECT 1 FROM user_licence f WHERE f.user_id = p.id AND ${licenceFilters.join(' AND ')})`)
  }
  const personWhere = persons.length > 0 ? `WHERE ${persons.join(' AND ')}` : ''
  // When neither the order nor a filter needs a person's licences, pick the window of persons first
  // and look licences up for those rows only: a sorter would otherwise hold every match's lookups.
  const windowFirst = query.status === 'all' && query.sort !== 'club'
  const index = broad ? ORDER_INDEX[query.sort] : undefined
  const source = windowFirst
    ? `(SELECT * FROM person p ${index ? `INDEXED BY ${index}` : ''} ${personWhere} ORDER BY ${PERSON_ORDER[query.sort as keyof typeof PERSON_ORDER](query.direction === 'desc' ? 'DESC' : 'ASC')} LIMIT :limit OFFSET :offset) p`
    : `person p ${personWhere}`
  const from = `(SELECT p.id, p.sport_id, p.first_name, p.last_name, p.birth_date, ${CLUB} AS club,
      ${CURRENT_LICENCE} AS current_id, ${INSURED} AS insured
    FROM ${source}) m
    LEFT JOIN user_licence cl ON cl.id = m.current_id
    LEFT JOIN licence l ON l.id = cl.licence_id`
  const where = query.status === 'all' ? '' : `WHERE ${STATUS[query.status]}`
  const onlyText = hasFts && sportId === null && licenceFilters.length === 0
  return { from, where, personWhere, windowFirst, onlyText }
}

/**
 * One window of the member list (issue 3 "Members"): persons matching the search text (words of
 * names, Sport-ID or e-mail as prefixes, or an exact Sport-ID) and the filters (a user licence
 * with that club, licence, licence period; the current licence's status on `today`), sorted,
 * `limit` rows from `offset`, and the number of matching members. Any text is accepted.
 * @param today ISO date (YYYY-MM-DD) on which licence and insurance status are evaluated.
 */
export function listMembers(db: ReadableDB, query: MemberListQuery, today: string): MemberPage {
  const text = query.text.trim()
  const fts = text === '' ? null : toFtsQuery(text)
  const sportId = /^\d{1,9}$/.test(text) ? Number(text) : null
  if (text !== '' && fts === null && sportId === null) return { total: 0, offset: query.offset, rows: [] }
  // The text index counts its matches at once; that decides the plan, and is the total when text is the only filter.
  const matches = fts === null ? null : (prepared(db, 'SELECT count(*) AS n FROM member_search WHERE member_search MATCH :fts').get({ fts }) as { n: number }).n
  const { from, where, personWhere, windowFirst, onlyText } = buildSql(query, fts !== null, sportId, matches !== null && matches > BROAD_SEARCH)
  const personParams: Record<string, string | number> = {}
  if (fts !== null) personParams.fts = fts
  if (sportId !== null) personParams.sportId = sportId
  if (query.clubId !== undefined) personParams.clubId = query.clubId
  if (query.licenceId !== undefined) personParams.licenceId = query.licenceId
  if (query.licencePeriodId !== undefined) personParams.licencePeriodId = query.licencePeriodId
  const params: Record<string, string | number> = { ...personParams, today, soon: addDays(today, EXPIRING_DAYS) }
  const direction = query.direction === 'desc' ? 'DESC' : 'ASC'
  const rows = prepared(
    db,
    `SELECT m.id, m.sport_id, m.first_name, m.last_name, m.birth_date, m.club, m.current_id, m.insured,
       l.name AS licence_name, cl.usage_period_end AS licence_end
     FROM ${from} ${where} ORDER BY ${ORDER[query.sort](direction)} ${windowFirst ? '' : 'LIMIT :limit OFFSET :offset'}`
  ).all({ ...params, limit: query.limit, offset: query.offset }) as Row[]
  const count = (sql: string, values: Record<string, string | number>) => (prepared(db, `SELECT count(*) AS n ${sql}`).get(values) as { n: number }).n
  // Without a status filter the count needs no per-person licence lookups (the joins are on unique
  // keys), and with text as the only filter it is the text index's own count.
  const total =
    query.status !== 'all' ? count(`FROM ${from} ${where}`, params) : onlyText && matches !== null ? matches : count(`FROM person p ${personWhere}`, personParams)
  return { total, offset: query.offset, rows: rows.map((row) => toListRow(row, params.soon as string)) }
}

/** The SQL `listMembers` runs for a query (`broad`: a search with more than BROAD_SEARCH matches), for EXPLAIN QUERY PLAN tests. */
export function memberListSql(query: MemberListQuery, broad = false): string {
  const text = query.text.trim()
  const { from, where, windowFirst } = buildSql(query, text !== '' && toFtsQuery(text) !== null, /^\d{1,9}$/.test(text) ? 1 : null, broad)
  return `SELECT m.id FROM ${from} ${where} ORDER BY ${ORDER[query.sort](query.direction === 'desc' ? 'DESC' : 'ASC')} ${windowFirst ? '' : 'LIMIT :limit OFFSET :offset'}`
}

function toListRow(row: Row, soon: string): MemberListRow {
  const status: LicenceStatus = row.current_id === null ? 'missing' : (row.licence_end ?? '') <= soon ? 'expiring' : 'valid'
  const member: MemberListRow = { id: row.id, sportId: row.sport_id, licenceStatus: status, insured: row.insured === 1 }
  if (row.first_name !== null) member.firstName = row.first_name
  if (row.last_name !== null) member.lastName = row.last_name
  if (row.birth_date !== null) member.birthYear = Number(row.birth_date.slice(0, 4))
  if (row.club !== null) member.club = row.club
  if (row.licence_name !== null) member.licenceName = row.licence_name
  if (row.licence_end !== null) member.licenceEnd = row.licence_end
  return member
}
