import type { InsuranceFilter, MemberListRow, MemberPage, MemberSortColumn } from '../../shared/ipc/contract'
import type { LicenceVerdict } from '../../shared/licenceValidity'
import { CLUB, licenceOfArea, MARKED_DUE, MEMBER_OF_AREA, MEMBER_OF_CLUB, memberSummaryDate, SUMMARY_OF_AREA, SUMMARY_OF_CLUB, verdictsCurrent } from './memberSummary'
import { indexesDeferred } from './bulkLoad'
import { toFtsQuery } from './members'
import type { ReadableDB } from './open'
import { prepared } from './statements'

/** A member list query after validation (see `memberQuerySchema` in the IPC contract). */
export interface MemberListQuery {
  text: string
  clubId?: number
  /** An area (area association, spec v2 §2.2): its clubs' members, as `clubId` takes one club's. */
  areaId?: number
  licenceId?: number
  licencePeriodId?: number
  status: 'all' | LicenceVerdict
  /** Only members with (`insured`) or without (`uninsured`) a user insurance valid on the day; all when omitted. */
  insurance?: InsuranceFilter
  sort: MemberSortColumn
  direction: 'asc' | 'desc'
  offset: number
  /** Rows at most; negative: all (SQLite reads a negative LIMIT as none). */
  limit: number
}

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
/**
 * Matches above which a search walks the sort's index instead of sorting its matches. Measured at
 * 150,000 persons with the reader's cache (db/open.ts): sorting from `person_order` costs about
 * 0.6 µs a match ("sal…", 8,200 matches: 5.7 ms; "m…", 50,000: 29 ms); walking costs about
 * 0.16 µs a match for the set of matches plus the index entries read before the window's last
 * match, so it is slowest for names late in the order ("sal…" walked: 11 ms; "m…": 8 ms).
 */
const BROAD_SEARCH = 10_000

/**
 * How a window of persons is found: `walk` the sort's index, stopping after the window (a broad
 * search, or the whole list by club: the member summary's club index); `sort` the matches read from the narrow index `person_order` (migration 0010), so no
 * wide person row is read before the window is known (a narrow search); `planner`: SQLite's
 * choice (no search text, or a first sync that has dropped those indexes for now).
 */
export type WindowPlan = 'walk' | 'sort' | 'planner'

/** The person columns a window selects: all in `person_order`. */
const WINDOW_COLUMNS = 'p.id, p.sport_id, p.first_name, p.last_name, p.birth_date'

/** `person p`, with the index `plan` reads it by. */
function personsBy(query: MemberListQuery, plan: WindowPlan): string {
  const index = plan === 'walk' ? ORDER_INDEX[query.sort] : plan === 'sort' ? 'person_order' : undefined
  return `person p ${index ? `INDEXED BY ${index}` : ''}`
}

interface Row {
  id: number
  sport_id: number
  first_name: string | null
  last_name: string | null
  birth_date: string | null
  club: string | null
  licence_name: string | null
  verdict: LicenceVerdict | null
  valid_until: string | null
  insured: number | null
}

/**
 * The person-level filters of a query (search text, Sport-ID, licence and club filters) as a WHERE
 * clause over `person p`. With `summary` (the member summary is of the day), a club or an area
 * alone is left to `summaryConditions`, which picks it from the summary's club index.
 */
function personFilter(query: MemberListQuery, hasFts: boolean, sportId: number | null, summary: boolean): { personWhere: string; licenceFiltered: boolean } {
  const persons: string[] = []
  if (hasFts && sportId !== null) {
    // One IN over both id sets rather than an OR: SQLite answers an OR across two indexes by scanning every person.
    persons.push('p.id IN (SELECT rowid FROM member_search WHERE member_search MATCH :fts UNION SELECT id FROM person WHERE sport_id = :sportId)')
  } else if (hasFts) {
    persons.push('p.id IN (SELECT rowid FROM member_search WHERE member_search MATCH :fts)')
  } else if (sportId !== null) {
    persons.push('p.sport_id = :sportId')
  }
  const licenceFilters = licenceFiltersOf(query)
  const ofOrganization = organizationFiltersOf(query)
  if (licenceFilters.length > 0 && ofOrganization.length > 0) {
    // A club (or an area) narrows the licences chosen to those bought through it, a few thousand at most: their holders are
    // read once from the covering user_licence_period. Looked up per person, each licence row would be read
    // whole (the per-person index holds no organization): 0.75–1.8 s at 150,000 athletes, now 20–50 ms.
    persons.push(`p.id IN (SELECT f.user_id FROM user_licence f WHERE ${[...licenceFilters, ...ofOrganization].join(' AND ')})`)
  } else if (licenceFilters.length > 0) {
    // A licence or period alone may hold most members: looked up per person in the per-person index
    // (user_licence_user_period holds both), a window stops after its rows instead of collecting every holder first.
    persons.push(`EXISTS (SELECT 1 FROM user_licence f WHERE f.user_id = p.id AND ${licenceFilters.join(' AND ')})`)
  } else if (!summary) {
    // A club or an area alone is the member's club now (the Club column's).
    if (query.clubId !== undefined) persons.push(MEMBER_OF_CLUB)
    if (query.areaId !== undefined) persons.push(MEMBER_OF_AREA)
  }
  return { personWhere: persons.length > 0 ? `WHERE ${persons.join(' AND ')}` : '', licenceFiltered: licenceFilters.length > 0 || ofOrganization.length > 0 }
}

/** The licence and licence period filters of a query over a user licence `f`. */
function licenceFiltersOf(query: MemberListQuery): string[] {
  return [...(query.licenceId === undefined ? [] : ['f.licence_id = :licenceId']), ...(query.licencePeriodId === undefined ? [] : ['f.licence_period_id = :licencePeriodId'])]
}

/** The club and area filters of a query over a user licence `f`: bought through that club, or one of that area's clubs. */
function organizationFiltersOf(query: MemberListQuery): string[] {
  return [...(query.clubId === undefined ? [] : ['f.licence_organization_id = :clubId']), ...(query.areaId === undefined ? [] : [licenceOfArea()])]
}

/**
 * The Club column of a query that chooses a licence or a licence period (SQL over `person p`): the
 * club of the person's latest-ending user licence the filters match, so a row names the club the
 * filters found the member through (one who moved on since shows the club of then, where the
 * reports count them too). Null for other queries, whose Club column is the member's club now
 * (CLUB's rule). The per-person index of user licences holds every column it reads.
 */
function licenceClub(query: MemberListQuery): string | null {
  const licenceFilters = licenceFiltersOf(query)
  if (licenceFilters.length === 0) return null
  return `(SELECT f.licence_organization_name FROM user_licence f
    WHERE f.user_id = p.id AND f.licence_organization_name IS NOT NULL AND ${[...licenceFilters, ...organizationFiltersOf(query)].join(' AND ')}
    ORDER BY f.usage_period_end DESC, f.id DESC LIMIT 1)`
}

/** Whether a query's club or area is the member's club now (no licence or licence period chosen with it): the Club column's. */
function clubAlone(query: MemberListQuery): boolean {
  return (query.clubId !== undefined || query.areaId !== undefined) && licenceFiltersOf(query).length === 0
}

/**
 * The row of the user licence each member's verdict is about (`m.licence_id`), found in the
 * per-person index of user licences (`user_licence_user_period`, migration 0012), which holds its
 * licence, rather than as the wide row by id (`+cl.id` keeps SQLite off the id index): every row of
 * an export at 150,000 members took 3.7–4.7 s that way against 1.2 s. While a first sync has
 * dropped that index (`indexed` false), by id.
 */
function verdictLicenceJoin(indexed: boolean): string {
  return indexed ? 'LEFT JOIN user_licence cl ON cl.user_id = m.id AND +cl.id = m.licence_id' : 'LEFT JOIN user_licence cl ON cl.id = m.licence_id'
}

/** The SQL of one query: rows (with :limit and :offset) and their count, each over fixed fragments only. */
interface ListSql {
  rows: string
  count: string
  /** Whether the count is of persons alone (no status or insurance filter): a text-only search's match count is then the total. */
  countIsPersonOnly: boolean
}

const ROW_COLUMNS = 'm.id, m.sport_id, m.first_name, m.last_name, m.birth_date, m.club, m.verdict, m.valid_until, m.insured, l.name AS licence_name'

/** The summary's verdict columns of `s`, none while a running sync has marked its person due. */
const JUDGED = ['verdict', 'licence_id', 'valid_until', 'insured'].map((column) => `CASE WHEN ${MARKED_DUE} THEN NULL ELSE s.${column} END AS ${column}`).join(', ')

/**
 * The query over the member summary of the asked day (db/memberSummary.ts): every verdict and sort
 * is a column, so the window is picked straight from persons in order (walking the sort's index
 * for a broad search) and only its rows are joined. Without a status or insurance filter or club
 * order the window comes from `person` alone, and the count needs only the person filters.
 */
function summarySql(query: MemberListQuery, personWhere: string, plan: WindowPlan, indexed: boolean): ListSql {
  const direction = query.direction === 'desc' ? 'DESC' : 'ASC'
  const persons = personsBy(query, plan)
  let window: string
  const personsOnly = !filtersOnVerdicts(query) && !clubAlone(query)
  // A member of a club or an area has a summary row: joined so, SQLite may start from the summary's
  // club index (with a LEFT JOIN and an area's `IN` it walked every person, 23 ms for 475 members).
  const summaryJoin = clubAlone(query) ? 'JOIN' : 'LEFT JOIN'
  const club = licenceClub(query) ?? 's.club'
  if (personsOnly && query.sort !== 'club') {
    window = `(SELECT ${WINDOW_COLUMNS} FROM ${persons} ${personWhere} ORDER BY ${PERSON_ORDER[query.sort](direction)} LIMIT :limit OFFSET :offset) p
      LEFT JOIN member_summary s ON s.person_id = p.id`
  } else {
    const conditions = personWhere === '' ? [] : [personWhere.slice('WHERE '.length)]
    conditions.push(...summaryConditions(query))
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''
    // By club, `walk` the summary's club index in order, each member's name from the narrow person_order
    // (each club's members then sorted by name): the middle window of 142,000 members 0.12 s, not 0.40 s
    // with SQLite's plan, which read the wide rows. A licence's club (licenceClub) is in no index: sorted.
    const clubWalk = plan === 'walk' && licenceClub(query) === null
    window =
      query.sort === 'club'
        ? `${clubWalk ? 'member_summary s INDEXED BY member_summary_club CROSS JOIN person p INDEXED BY person_order' : `member_summary s JOIN ${persons}`} ON p.id = s.person_id ${where} ORDER BY ${club} ${direction}, p.last_name ${direction}, p.id ${direction} LIMIT :limit OFFSET :offset`
        : `${persons} ${summaryJoin} member_summary s ON s.person_id = p.id ${where} ORDER BY ${PERSON_ORDER[query.sort](direction)} LIMIT :limit OFFSET :offset`
  }
  return {
    rows: `SELECT ${ROW_COLUMNS}
      FROM (SELECT p.id, p.sport_id, p.first_name, p.last_name, p.birth_date, ${club} AS club, ${JUDGED}
        FROM ${window}) m
      ${verdictLicenceJoin(indexed)}
      LEFT JOIN licence l ON l.id = cl.licence_id
      ORDER BY ${ORDER[query.sort](direction)}`,
    count: personsOnly
      ? `SELECT count(*) AS n FROM person p ${personWhere}`
      : `SELECT count(*) AS n FROM person p ${summaryJoin} member_summary s ON s.person_id = p.id WHERE ${[personWhere.slice('WHERE '.length), ...summaryConditions(query)].filter(Boolean).join(' AND ')}`,
    countIsPersonOnly: personsOnly
  }
}

/** Whether a query filters on what the day's licences and insurances say (status, insurance), not on persons alone. */
export function filtersOnVerdicts(query: Pick<MemberListQuery, 'status' | 'insurance'>): boolean {
  return query.status !== 'all' || query.insurance !== undefined
}

/**
 * The status and insurance filters over the member summary `s` (statuses are LICENCE_VERDICTS, so
 * safe to write in); a person whose verdict is pending (MARKED_DUE) matches neither, as the row shows none.
 * A club or an area alone (`clubAlone`) is the summary's club, the one the row shows.
 */
function summaryConditions(query: MemberListQuery): string[] {
  const conditions: string[] = []
  // coalesce keeps the LEFT JOIN (SQLite makes `s.verdict = …` an inner join and may scan the summary first, then sort).
  if (query.status !== 'all') conditions.push(`coalesce(s.verdict, '') = '${query.status}'`)
  if (query.insurance !== undefined) conditions.push(`coalesce(s.insured, 0) = ${query.insurance === 'insured' ? 1 : 0}`)
  if (conditions.length > 0) conditions.push(`NOT coalesce(${MARKED_DUE}, false)`)
  if (clubAlone(query)) conditions.push(...(query.clubId === undefined ? [] : [SUMMARY_OF_CLUB]), ...(query.areaId === undefined ? [] : [SUMMARY_OF_AREA]))
  return conditions
}

/**
 * The query for a day the summary was not evaluated on (a first sync still running): persons with
 * their club (CLUB), no verdicts. When the order needs no club, the window of persons is picked
 * first. For queries without a status or insurance filter (`listMembers` matches no one with one).
 */
function pendingSql(query: MemberListQuery, personWhere: string, plan: WindowPlan): ListSql {
  const direction = query.direction === 'desc' ? 'DESC' : 'ASC'
  const windowFirst = query.sort !== 'club'
  const source = windowFirst
    ? `(SELECT ${WINDOW_COLUMNS} FROM ${personsBy(query, plan)} ${personWhere} ORDER BY ${PERSON_ORDER[query.sort as keyof typeof PERSON_ORDER](direction)} LIMIT :limit OFFSET :offset) p`
    : `person p ${personWhere}`
  return {
    rows: `SELECT *, NULL AS licence_name FROM (SELECT p.id, p.sport_id, p.first_name, p.last_name, p.birth_date, ${licenceClub(query) ?? CLUB} AS club,
        NULL AS verdict, NULL AS valid_until, NULL AS insured FROM ${source}) m
      ORDER BY ${ORDER[query.sort](direction)} ${windowFirst ? '' : 'LIMIT :limit OFFSET :offset'}`,
    count: `SELECT count(*) AS n FROM person p ${personWhere}`,
    countIsPersonOnly: true
  }
}

/**
 * One window of the member list (issue 3 "Members"): persons matching the search text (words of
 * names, Sport-ID or e-mail as prefixes, or an exact Sport-ID) and the filters (a user licence
 * of that licence or licence period, bound to the club or area when one is chosen too; a club or an
 * area alone: the member's club, the Club column's, from the summary's `club_id` (`MEMBER_OF_CLUB`
 * while the summary is not of `today`); the licence verdict and insurance on
 * `today`), sorted, `limit` rows from `offset`, and the number of matching members. Any text is accepted. Verdicts
 * (DESIGN §3b) come from the member summary of `today`: bring it up to date first
 * (`refreshMemberSummary`); until it is of `today` (a first sync runs) rows carry none,
 * `verdictsPending` says so, and a status or insurance filter matches no one. Persons a running
 * sync has marked due (`markForRecheck`) carry none either and match no such filter until it ends.
 * @param today ISO date (YYYY-MM-DD) on which licence and insurance status are evaluated.
 * @param plan how a search's window is found; chosen from its number of matches unless given
 *   (tests compare the plans' answers). See `windowPlan` for every row, no search text, and a
 *   first sync that has dropped the order indexes.
 */
export function listMembers(db: ReadableDB, query: MemberListQuery, today: string, plan?: Exclude<WindowPlan, 'planner'>): MemberPage {
  const text = query.text.trim()
  const fts = text === '' ? null : toFtsQuery(text)
  const sportId = /^\d{1,9}$/.test(text) ? Number(text) : null
  if (text !== '' && fts === null && sportId === null) return { total: 0, offset: query.offset, rows: [], verdictsPending: !verdictsCurrent(db, today) }
  // The text index counts its matches at once; that decides the plan, and is the total when text is the only filter.
  const matches = fts === null ? null : (prepared(db, 'SELECT count(*) AS n FROM member_search WHERE member_search MATCH :fts').get({ fts }) as { n: number }).n
  const evaluated = memberSummaryDate(db) === today
  const { personWhere, licenceFiltered } = personFilter(query, fts !== null, sportId, evaluated)
  // During a first sync the order and per-person indexes are not there yet (db/bulkLoad.ts).
  const indexed = !indexesDeferred(db)
  const window = windowPlan(query, matches, indexed, plan)
  if (!evaluated && filtersOnVerdicts(query)) return { total: 0, offset: query.offset, rows: [], verdictsPending: true }
  const sqlOf = (asked: MemberListQuery) => (evaluated ? summarySql(asked, personWhere, window, indexed) : pendingSql(asked, personWhere, window))
  const sql = sqlOf(query)
  const personParams: Record<string, string | number> = {}
  if (fts !== null) personParams.fts = fts
  if (sportId !== null) personParams.sportId = sportId
  if (query.clubId !== undefined) personParams.clubId = query.clubId
  if (query.areaId !== undefined) personParams.areaId = query.areaId
  if (query.licenceId !== undefined) personParams.licenceId = query.licenceId
  if (query.licencePeriodId !== undefined) personParams.licencePeriodId = query.licencePeriodId
  const onlyText = fts !== null && sportId === null && !licenceFiltered
  const total = sql.countIsPersonOnly && onlyText && matches !== null ? matches : (prepared(db, sql.count).get(personParams) as { n: number }).n
  // OFFSET steps over every row before the window: one past the middle is read from the other end
  // (the End key's window of 142,000 members took 0.8–1.2 s), in the reverse order, then turned back.
  const fromEnd = query.limit >= 0 && query.offset > total / 2
  const asked = fromEnd ? windowFromEnd(query, total) : query
  const read = (prepared(db, fromEnd ? sqlOf(asked).rows : sql.rows).all({ ...personParams, limit: asked.limit, offset: asked.offset }) as Row[]).map(toListRow)
  const rows = fromEnd ? read.reverse() : read
  if (query.limit >= 0) markDataDeleted(db, rows)
  return { total, offset: query.offset, rows, verdictsPending: !verdictsCurrent(db, today) }
}

/**
 * The same window of `total` rows counted from the other end: the reverse order (every order ends
 * on the unique id, so it is exactly the reverse), its offset from the last row, none past the end.
 */
function windowFromEnd(query: MemberListQuery, total: number): MemberListQuery {
  const end = Math.min(total, query.offset + query.limit)
  return { ...query, direction: query.direction === 'asc' ? 'desc' : 'asc', offset: Math.max(0, total - end), limit: Math.max(0, end - query.offset) }
}

/**
 * Flags the rows of persons whose data the registry deleted (spec v2 §2.11 `deletionTime`):
 * looked up in the profiles of the window's rows without a name only, so a wide person row is
 * read for none else. Not for every row at once (an export, which shows no such flag): at the
 * ANONYMOUS personal-data level no row has a name.
 */
function markDataDeleted(db: ReadableDB, rows: MemberListRow[]): void {
  const nameless = rows.filter((row) => row.firstName === undefined && row.lastName === undefined)
  if (nameless.length === 0) return
  const deleted = new Set(
    prepared(db, "SELECT id FROM person WHERE id IN (SELECT value FROM json_each(?)) AND json_extract(raw, '$.deletionTime') IS NOT NULL")
      .pluck()
      .all(JSON.stringify(nameless.map((row) => row.id))) as number[]
  )
  for (const row of nameless) if (deleted.has(row.id)) row.dataDeleted = true
}

/**
 * How `listMembers` finds its window: SQLite's choice while a first sync has dropped the order
 * indexes (`indexed` false); every row (an export) is read from the narrow `person_order` and
 * sorted, as walking the name index would read the wide person rows in name order, one page per
 * row (at 150,000 persons 2.6–3 s against 0.5–0.65 s); a search by its number of matches
 * (BROAD_SEARCH) unless `plan` is given; the members of a club or an area alone (`clubAlone`, a
 * few thousand at most) are sorted from `person_order` too: the largest area's (15,000 members at
 * 150,000 athletes) first window 18 ms against 72 ms with the wide rows; and so is a list by the
 * club of a licence (`licenceClub`), which no index holds in order: a licence period's 127,000
 * holders 0.15 s against 0.53 s. A window of the whole list by club walks the summary's club
 * index; by another column, SQLite's plan.
 */
function windowPlan(query: MemberListQuery, matches: number | null, indexed: boolean, plan: Exclude<WindowPlan, 'planner'> | undefined): WindowPlan {
  if (!indexed) return 'planner'
  if (query.limit < 0) return 'sort'
  if (matches === null) {
    if (clubAlone(query) || (query.sort === 'club' && licenceClub(query) !== null)) return 'sort'
    return query.sort === 'club' ? 'walk' : 'planner'
  }
  return plan ?? (matches > BROAD_SEARCH ? 'walk' : 'sort')
}

/**
 * The rows SQL `listMembers` runs for a query (`plan`: how a search's window is found, see
 * WindowPlan; `summary`: the member summary is of the asked day; `indexed`: the indexes a first
 * sync drops are there), for EXPLAIN QUERY PLAN tests.
 */
export function memberListSql(query: MemberListQuery, plan: WindowPlan = 'planner', summary = true, indexed = true): string {
  const text = query.text.trim()
  const { personWhere } = personFilter(query, text !== '' && toFtsQuery(text) !== null, /^\d{1,9}$/.test(text) ? 1 : null, summary)
  return (summary ? summarySql(query, personWhere, plan, indexed) : pendingSql(query, personWhere, plan)).rows
}

function toListRow(row: Row): MemberListRow {
  const member: MemberListRow = { id: row.id, sportId: row.sport_id }
  if (row.verdict !== null) member.licenceStatus = row.verdict
  if (row.insured !== null) member.insured = row.insured === 1
  if (row.first_name !== null) member.firstName = row.first_name
  if (row.last_name !== null) member.lastName = row.last_name
  if (row.birth_date !== null) member.birthYear = Number(row.birth_date.slice(0, 4))
  if (row.club !== null) member.club = row.club
  if (row.licence_name !== null) member.licenceName = row.licence_name
  if (row.valid_until !== null) member.licenceEnd = row.valid_until
  return member
}
