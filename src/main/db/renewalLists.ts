import { addDays } from '../../shared/localDate'
import type { RenewalList, RenewalListKind, RenewalQuery, RenewalRow } from '../../shared/renewalLists'
import { addressesOf, adultBornBy, GUARDIAN_EMAILS, type ContactRow } from './contacts'
import { CLUB, HELD_LICENCE_OF_AREA, HELD_LICENCE_OF_CLUB, licenceOfArea, MARKED_DUE, MEMBER_OF_AREA, MEMBER_OF_CLUB, memberSummaryDate, verdictsCurrent } from './memberSummary'
import { indexesDeferred } from './bulkLoad'
import { CURRENT_PERIOD, periodBefore } from './licencePeriods'
import type { ReadableDB } from './open'
import { prepared } from './statements'


/** A user licence or insurance (table alias `u`) that no later one of the person replaced by upgrade (spec v2 §2.12 `upgradeFrom`). */
const NOT_UPGRADED = (table: string) => `NOT EXISTS (SELECT 1 FROM ${table} up WHERE up.user_id = u.user_id AND up.upgrade_from = u.id)`

/** The columns of a listed member (`p`): who and the contact addresses. */
const PERSON_COLUMNS = `p.id, p.sport_id AS sportId, p.first_name AS firstName, p.last_name AS lastName, p.birth_date AS birthDate,
  p.raw ->> '$.email' AS email, ${GUARDIAN_EMAILS} AS guardianEmails`


/**
 * A list: the user licences or insurances (`u` of `table`, joined with the person `p` and with the
 * product by `joins`) it selects, the product's name and the day it ends.
 */
interface ListSql {
  table: 'user_licence' | 'user_insurance'
  joins: string
  where: string
  item: string
  /** The day its validity ends; default the usage period's end. */
  ends?: string
  /** The club of the previous period's licence it is about (`RenewalRow.previousClub`); default none. */
  previousClub?: string
  /** The member's club now (CLUB's rule) from what the list reads (the member summary's `s.club`); default CLUB, per row. */
  club?: string
  /** True when it reads the member summary's verdicts: pending until they are of the day. */
  verdicts?: boolean
}

/** User licences with their licence product (spec v2 §2.4), for its name. */
const LICENCES = {
  table: 'user_licence',
  joins: 'LEFT JOIN licence l ON l.id = u.licence_id'
} as const
const LICENCE_NAME = "coalesce(l.name, u.raw ->> '$.name')"
/** The licence period before the one containing :today. */
const PREVIOUS_PERIOD = periodBefore(CURRENT_PERIOD)

/**
 * Lists of the licence each member holds by the member summary's verdicts (`s`), which must be of
 * the day asked about; without the members a running sync has marked due (their verdict is pending).
 */
const SUMMARY_LICENCES = {
  table: 'user_licence',
  joins: `${LICENCES.joins} JOIN member_summary s ON s.person_id = u.user_id AND NOT coalesce(${MARKED_DUE}, false)`,
  // The summary's club is CLUB's, of the same day: a year's 124,000 licences ending at 150,000 athletes 1.6–1.8 s, not 2.0–2.1 s.
  club: 's.club',
  verdicts: true
} as const

/** Verdicts whose licence covers the day (DESIGN §3b): its holder has a licence to renew. */
const HELD_TODAY = "'valid', 'expiring', 'insurance-missing', 'outside-birth-range'"

/** Each list over the named parameters :today and :until (today + days). */
const LISTS: Record<RenewalListKind, ListSql> = {
  // The licence a member holds today by the rules of DESIGN §3b (the member summary's verdict,
  // db/memberSummary.ts: a trial ends its days after activation) ends within the days, and none
  // of theirs that an upgrade did not replace is valid after it (`held_until`: not yet renewed).
  'licence-ending': {
    ...SUMMARY_LICENCES,
    where: `u.id = s.licence_id AND s.verdict IN (${HELD_TODAY}) AND s.valid_until <= :until AND s.held_until <= s.valid_until`,
    item: LICENCE_NAME,
    ends: 's.valid_until'
  },
  'insurance-ending': {
    table: 'user_insurance',
    joins: 'LEFT JOIN insurance i ON i.id = u.insurance_id',
    where: `u.usage_period_start <= :today AND u.usage_period_end >= :today AND u.usage_period_end <= :until AND ${NOT_UPGRADED('user_insurance')}
      AND NOT EXISTS (SELECT 1 FROM user_insurance n WHERE n.user_id = u.user_id AND n.usage_period_end > u.usage_period_end)`,
    item: "coalesce(i.name, u.raw ->> '$.name')"
  },
  // A licence in the period before the current one, none in the current one.
  'not-renewed': {
    ...LICENCES,
    where: `u.licence_period_id = ${PREVIOUS_PERIOD} AND ${NOT_UPGRADED('user_licence')}
      AND NOT EXISTS (SELECT 1 FROM user_licence n WHERE n.user_id = u.user_id AND n.licence_period_id = ${CURRENT_PERIOD})`,
    item: LICENCE_NAME
  },
  // A licence in the period before the current one, and in the current one licences with other
  // clubs only (a club transfer, spec v2 §4.6): renewed, but not with this licence's club. The row's
  // club is the member's now (CLUB), its previous club this licence's. Clubs are told apart by name first, which the per-person index
  // holds, then by id (a club renamed is no move), read from the rows of those few alone: comparing
  // ids alone read every licence row of the period before, 1.3 s at 150,000 athletes (now 0.4 s).
  'moved-club': {
    ...LICENCES,
    where: `u.licence_period_id = ${PREVIOUS_PERIOD} AND ${NOT_UPGRADED('user_licence')} AND u.licence_organization_name IS NOT NULL
      AND EXISTS (SELECT 1 FROM user_licence n WHERE n.user_id = u.user_id AND n.licence_period_id = ${CURRENT_PERIOD})
      AND NOT EXISTS (SELECT 1 FROM user_licence n WHERE n.user_id = u.user_id AND n.licence_period_id = ${CURRENT_PERIOD} AND n.licence_organization_name = u.licence_organization_name)
      AND NOT EXISTS (SELECT 1 FROM user_licence n WHERE n.user_id = u.user_id AND n.licence_period_id = ${CURRENT_PERIOD} AND n.licence_organization_id = u.licence_organization_id)`,
    item: LICENCE_NAME,
    previousClub: 'u.licence_organization_name'
  },
  // The licence a member holds today (DESIGN §3b, the member summary's verdict) is for birth dates
  // (spec v2 §2.4 earliestBirthDate…latestBirthDate) the member's is not in, and no other would do.
  'outside-birth-range': {
    ...SUMMARY_LICENCES,
    where: `u.id = s.licence_id AND s.verdict = 'outside-birth-range'`,
    item: LICENCE_NAME,
    ends: 's.valid_until'
  }
}

/** The lists of licences or insurances ending within the days: an empty one says when the next ends (`RenewalList.nextEnd`). */
const ENDINGS: ReadonlySet<RenewalListKind> = new Set(['licence-ending', 'insurance-ending'])

/**
 * Matches above which a list's rows are picked by walking persons in name order (the walk stops
 * after :limit rows); below, reading the matches through `person_order` and sorting them costs
 * less. At 150,000 athletes: 123,000 licences ending, walked 0.2 s, sorted 0.45 s; 2,400 outside
 * their birth-date range, walked 2 s, sorted 0.3–0.45 s.
 */
const WALK_FROM = 40_000

/**
 * A list of licences (`u` a user licence) of club :clubId lists those bound to it: a member whose
 * licence with another club ends is that club's to remind. After `HELD_LICENCE_OF_CLUB`, one list
 * of ids read once from a covering index (`user_licence_period`), so only those persons' rows are
 * read for it (the per-person index does not hold the organization).
 */
const LICENCE_OF_CLUB = `${HELD_LICENCE_OF_CLUB} AND u.licence_organization_id = :clubId`

/** A list of licences of area :areaId: those bound to one of its clubs, as LICENCE_OF_CLUB for a club. */
const LICENCE_OF_AREA = `${HELD_LICENCE_OF_AREA} AND ${licenceOfArea('u')}`

/** The clubs a list is narrowed to: one club's (:clubId), an area's (:areaId), or both given; none for every member. */
export type RenewalClubs = Pick<RenewalQuery, 'clubId' | 'areaId'>

/**
 * The SQL of a renewal list: its count and its rows (parameters :today, :until, :limit; with
 * `ofClub`, :clubId: the licences bound to that club, `LICENCE_OF_CLUB`, or the insurances of its
 * members, `MEMBER_OF_CLUB`; with `ofArea`, :areaId: an area's clubs', `LICENCE_OF_AREA`,
 * `MEMBER_OF_AREA`). Its user
 * licences or insurances are read through their per-person index, which holds every column the
 * list's conditions read (migration 0012), and its persons through `person_order`, which holds
 * their names and birth dates, except when `walk` leaves the rows' plan to SQLite (see
 * WALK_FROM): SQLite would otherwise look persons up by `person_id` and read each one's row, JSON
 * and all (at 150,000 athletes "outside the birth-date range" 2 s instead of 0.3–0.45 s; without the
 * per-person index, "not renewed" 7 s instead of 0.5 s). While a first sync has dropped those
 * indexes (`indexesDropped`, db/bulkLoad.ts), SQLite chooses. `emails` (parameter :adultBornBy too)
 * gives every row's own address and, for a minor, the guardians' (JSON), in the rows' order,
 * without the club and the names the rows compute; `firstEnd` the earliest end among the rows.
 * Exported for the query-plan tests.
 */
export function renewalListSql(
  kind: RenewalListKind,
  { indexesDropped, walk = false, ofClub = false, ofArea = false }: { indexesDropped: boolean; walk?: boolean; ofClub?: boolean; ofArea?: boolean }
): { count: string; rows: string; emails: string; firstEnd: string } {
  const { table, joins, item, ends = 'u.usage_period_end', previousClub = 'NULL', club } = LISTS[kind]
  const licences = table === 'user_licence'
  const narrowed = [...(ofClub ? [licences ? LICENCE_OF_CLUB : MEMBER_OF_CLUB] : []), ...(ofArea ? [licences ? LICENCE_OF_AREA : MEMBER_OF_AREA] : [])]
  const where = [LISTS[kind].where, ...narrowed].join(' AND ')
  const indexed = (name: string) => (indexesDropped ? '' : `INDEXED BY ${name}`)
  const from = (persons: string) => `${table} u ${indexed(`${table}_user_period`)} JOIN person p ${persons} ON p.id = u.user_id ${joins}`
  return {
    count: `SELECT count(*) FROM ${from(indexed('person_order'))} WHERE ${where}`,
    // With :until far ahead: the day the first of the list's kind ends.
    firstEnd: `SELECT min(${ends}) FROM ${from(indexed('person_order'))} WHERE ${where}`,
    // The window is picked before the per-person columns are computed: a December list can hold every member.
    rows: `SELECT ${PERSON_COLUMNS}, ${club === undefined ? CLUB : 'x.club'} AS club, x.item, x.ends, x.previous_club AS previousClub FROM
       (SELECT p.id AS pid, ${item} AS item, ${ends} AS ends, ${previousClub} AS previous_club, ${club ?? 'NULL'} AS club, p.last_name AS ln, p.first_name AS fn
        FROM ${from(walk ? '' : indexed('person_order'))} WHERE ${where} ORDER BY p.last_name, p.first_name, p.id LIMIT :limit) x
     JOIN person p ON p.id = x.pid ORDER BY x.ln, x.fn, p.id`,
    emails: `SELECT p.email, CASE WHEN p.birth_date > :adultBornBy THEN ${GUARDIAN_EMAILS} END AS guardianEmails FROM
       (SELECT p.id AS pid, p.last_name AS ln, p.first_name AS fn FROM ${from(indexed('person_order'))} WHERE ${where}) x
     JOIN person p ON p.id = x.pid ORDER BY x.ln, x.fn, p.id`
  }
}

interface Row {
  id: number
  sportId: number
  firstName: string | null
  lastName: string | null
  birthDate: string | null
  club: string | null
  email: string | null
  guardianEmails: string | null
  item: string | null
  ends: string | null
  previousClub: string | null
}

/**
 * One renewal list (issue 7 "Expiry and renewal lists") on `today` (ISO date, local), a row per
 * member and licence or insurance, by last name, at most `options.limit` rows (all when omitted)
 * and the number of all, of club `options.clubId` or area `options.areaId` only when given (the
 * licences bound to it or its clubs, the insurances of their members: `LICENCE_OF_CLUB`,
 * `MEMBER_OF_CLUB`, `LICENCE_OF_AREA`, `MEMBER_OF_AREA`):
 * licences (the one each member holds by the member summary's verdicts: bring it up to date for
 * `today` first, `ensureVerdicts`; until it is of `today` the list is empty and
 * `verdictsPending`, and members a running sync marked due are left out) or insurances valid today that end within `days` days and have no later one yet; members who held a licence in the previous licence period and none in the current one, or only with other clubs (the row's club is the one they are in now);
 * members whose licence today (by the verdict) is for birth dates theirs is not in. Each row carries the member's
 * e-mail and, for a minor (under 18 on `today`), the guardians' e-mails (spec v2 §2.10, §2.11), for
 * the "copy e-mail addresses" action.
 */
export function readRenewalList(db: ReadableDB, kind: RenewalListKind, today: string, days: number, options: { limit?: number } & RenewalClubs = {}): RenewalList {
  if (unevaluated(db, kind, today)) return { kind, today, days, total: 0, rows: [], verdictsPending: true }
  const { limit, ...clubs } = options
  const { shape, params } = asked(db, today, days, clubs)
  const total = prepared(db, renewalListSql(kind, shape).count).pluck().get(params) as number
  const walk = total >= WALK_FROM && limit !== undefined && limit < total
  const rows = prepared(db, renewalListSql(kind, { ...shape, walk }).rows).all({ ...params, limit: limit ?? -1 }) as Row[]
  const bornBy = adultBornBy(today)
  // An empty list of endings says when the next one comes (a secretary in late November asks for 30 days, the year ends in 34).
  const nextEnd = total === 0 && ENDINGS.has(kind) ? (prepared(db, renewalListSql(kind, shape).firstEnd).pluck().get({ ...params, until: '9999-12-31' }) as string | null) : null
  return {
    kind,
    today,
    days,
    total,
    ...(nextEnd === null ? {} : { nextEnd }),
    verdictsPending: readsVerdicts(kind) && !verdictsCurrent(db, today),
    rows: rows.map((row): RenewalRow => {
      const minor = row.birthDate !== null && row.birthDate > bornBy
      const out: RenewalRow = { id: row.id, sportId: row.sportId, minor, guardianEmails: minor ? (JSON.parse(row.guardianEmails ?? '[]') as string[]) : [] }
      for (const key of ['firstName', 'lastName', 'birthDate', 'club', 'previousClub', 'email', 'item', 'ends'] as const) if (row[key] !== null) out[key] = row[key]
      return out
    })
  }
}

/** Whether the list is of the member summary's licence verdicts (licence ending, outside the age range), which must be of its day. */
export function readsVerdicts(kind: RenewalListKind): boolean {
  return LISTS[kind].verdicts === true
}

/** A list's SQL shape and its parameters as asked: the day, how far ahead, and the club or area when one narrows it. */
function asked(db: ReadableDB, today: string, days: number, { clubId, areaId }: RenewalClubs) {
  return {
    shape: { indexesDropped: indexesDeferred(db), ofClub: clubId !== undefined, ofArea: areaId !== undefined },
    params: { today, until: addDays(today, days)!, ...(clubId === undefined ? {} : { clubId }), ...(areaId === undefined ? {} : { areaId }) }
  }
}

/** Whether the list reads licence verdicts that are not of `today` yet (a first sync runs, or one on a new day). */
function unevaluated(db: ReadableDB, kind: RenewalListKind, today: string): boolean {
  return readsVerdicts(kind) && memberSummaryDate(db) !== today
}

/**
 * The addresses to write to about a whole renewal list (issue 7 "copy e-mail addresses"), as
 * `readRenewalList`'s rows would give them: each member's own e-mail and, for a minor, the
 * guardians' before it, once each, in the list's order. Reads only what the addresses need: at
 * 150,000 athletes a late-autumn "licence ending" list of 124,000 members takes ~1 s instead of the
 * rows' ~3 s.
 * @param today ISO date (local); @param days how far ahead the endings are looked for; @param clubs
 *   only that club's or area's, as `readRenewalList` lists them.
 */
export function readRenewalEmails(db: ReadableDB, kind: RenewalListKind, today: string, days: number, clubs: RenewalClubs = {}): string[] {
  if (unevaluated(db, kind, today)) return []
  const { shape, params } = asked(db, today, days, clubs)
  return addressesOf(prepared(db, renewalListSql(kind, shape).emails).all({ ...params, adultBornBy: adultBornBy(today) }) as ContactRow[])
}
