import { hash } from 'node:crypto'
import type { Statement } from 'better-sqlite3-multiple-ciphers'
import type { WritableDB, ReadableDB } from './open'
import { markForRecheck } from './memberSummary'
import { prepared } from './statements'
import { hasPendingReferences, pendingReferencesSql } from './outbox'
import { KEPT_BY_OUTBOX, PERSON_COLUMNS, PROFILE_KEEPERS, TABLES, personColumn, personValues, type ExportResource } from './tables'

/** One received element ready to store: id, modificationTime in µs, the parsed object as received. */
export interface ReceivedElement {
  id: number
  modificationUs: number
  element: Record<string, unknown>
}

function upsertSql(resource: ExportResource): string {
  const { table, columns, key } = TABLES[resource]
  const all = ['id', 'scope', 'modification_us', 'generation', 'raw', ...columns]
  const conflict = key === 'scope-id' ? 'scope, id' : 'id'
  const set = all
    .filter((c) => !conflict.split(', ').includes(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')
  // Rule 3: an element only replaces a stored one that is not newer. One of the same instant
  // replaces it only when it differs, so that "changed" is exact: an overlap window re-reads
  // elements at their stored version, and a re-read licence product must not re-judge every member.
  return (
    `INSERT INTO ${table} (${all.join(', ')}) VALUES (${all.map(() => '?').join(', ')}) ` +
    `ON CONFLICT (${conflict}) DO UPDATE SET ${set} WHERE excluded.modification_us > ${table}.modification_us ` +
    `OR (excluded.modification_us = ${table}.modification_us AND (excluded.raw IS NOT ${table}.raw OR excluded.scope IS NOT ${table}.scope))`
  )
}

/** The id a scope names, e.g. 100 of `federation 100`; null when it names none (`all`, `public`). */
export function scopeId(scope: string): number | null {
  const match = /^[a-z-]+ (\d+)$/.exec(scope)
  return match ? Number(match[1]) : null
}

const PERSON_SQL =
  `INSERT INTO person (id, ${PERSON_COLUMNS.join(', ')}, modification_us, raw) VALUES (?, ${PERSON_COLUMNS.map(() => '?').join(', ')}, ?, ?) ` +
  `ON CONFLICT (id) DO UPDATE SET ${[...PERSON_COLUMNS, 'modification_us', 'raw'].map((c) => `${c} = excluded.${c}`).join(', ')} ` +
  'WHERE excluded.modification_us > person.modification_us OR (excluded.modification_us = person.modification_us AND excluded.raw IS NOT person.raw)'

/**
 * What a run knows about a stored person: the modification instant (µs) of the profile stored and
 * the SHA-1 of its JSON. Keyed by user id; see `upsertElements`.
 */
export type SeenPersons = Map<number, { us: number; profileHash: string }>

/**
 * Upserts received elements of `resource` into its table, tagged with `scope` and `generation`
 * (DESIGN §3 rules 3 and 5): an element older than the stored one changes nothing but the
 * generation (it was seen, so a sweep must keep it), and so does one of the same instant that is
 * stored exactly so (same JSON, same scope). Rows of a table keyed by (scope, id) are
 * matched within `scope`. In tables whose spec says `persons`, nested `user` profiles (spec v2
 * §2.11) go to `person` without their `sportParameters` (only user licences carry them, spec v2 §4.4
 * `includeSportParams`); a newer user `modificationTime` replaces the stored one, and so does the
 * first copy a run reads of the same instant that differs: the credentials' personal-data level
 * changed (spec v2 §5), which moves no modification time, and what they no longer return (an
 * identity number, contacts) must not stay. Every element that keeps a reference then exports the
 * profile as now read. A later copy in the same run that differs (another list's) is kept in its
 * element, so two lists that differ cannot rewrite the profile back and forth.
 *
 * Personal data is stored once: when the element's user equals the stored profile, the element
 * keeps only a reference `{"id":N}` (plus the user's `sportParameters`, when it had them) and
 * `exportRaw` puts the profile back. A purge or wipe of a person so removes every copy, and a first
 * sync writes a third fewer bytes. Any other nested user (older, or without a usable
 * `modificationTime`) is kept as received.
 *
 * The holders of rows added or replaced, and persons whose profile was written, are marked for a
 * new licence verdict (`markForRecheck`) in the same transaction; a profile written with a
 * `deletionTime` (spec v2 §2.11) goes to `erased_person` too (migration 0018).
 *
 * Call inside a transaction. `parseUserInstant` turns a user's modificationTime into µs or throws.
 * `seenPersons` caches what this run wrote or read of `person`; share one map per connection and
 * run, and clear it when a transaction rolls back.
 * @returns how many stored rows were added or replaced by different content.
 */
export function upsertElements(
  db: WritableDB,
  resource: ExportResource,
  scope: string,
  generation: number,
  elements: readonly ReceivedElement[],
  parseUserInstant: (value: string) => number,
  seenPersons: SeenPersons = new Map()
): number {
  const spec = TABLES[resource]
  const upsert = prepared(db, upsertSql(resource))
  const touch = toucher(db, resource, scope, generation)
  const people = {
    write: prepared(db, PERSON_SQL),
    read: prepared(db, 'SELECT modification_us AS us, raw FROM person WHERE id = ?'),
    erased: prepared(db, 'INSERT OR IGNORE INTO erased_person (person_id) VALUES (?)')
  }
  const parentId = scopeId(scope)
  let changed = 0
  const holders: number[] = []
  for (const item of elements) {
    const person = spec.persons ? storePerson(people, item.element.user, parseUserInstant, seenPersons) : null
    const user = person?.reference ?? null
    const raw = JSON.stringify(user === null ? item.element : { ...item.element, user })
    const result = upsert.run(item.id, scope, item.modificationUs, generation, raw, ...spec.values(item.element, parentId))
    if (result.changes > 0) changed++
    else touch(item.id)
    // Only what changed can change a verdict: an element re-read as stored, with its user, cannot.
    if (spec.persons && (result.changes > 0 || person?.written)) holders.push(...userIdOf(item.element))
  }
  markForRecheck(db, holders)
  return changed
}

/** The id of an element's nested `user` (spec v2 §2.11), as a list of none or one. */
export function userIdOf(element: Record<string, unknown>): number[] {
  const user = element.user as { id?: unknown } | null | undefined
  return user && typeof user === 'object' && Number.isSafeInteger(user.id) ? [user.id as number] : []
}

/** Tags the stored row of an id with `generation` (seen by that run), matched as `upsertElements` matches. */
function toucher(db: WritableDB, resource: ExportResource, scope: string, generation: number): (id: number) => void {
  const { table, key } = TABLES[resource]
  // A row of an id-keyed table is the same element whichever list it was last stored from.
  if (key !== 'scope-id') {
    const touchById = prepared(db, `UPDATE ${table} SET generation = ? WHERE id = ?`)
    return (id) => touchById.run(generation, id)
  }
  const touchInScope = prepared(db, `UPDATE ${table} SET generation = ? WHERE id = ? AND scope = ?`)
  return (id) => touchInScope.run(generation, id, scope)
}

/**
 * Marks the stored rows of these ids as seen by run `generation` without changing them: elements
 * the API still lists but that were not stored (an unreadable `modificationTime`, DESIGN §2), so a
 * sweep (DESIGN §3 rule 5) keeps their last good version. Call inside a transaction.
 */
export function markSeen(db: WritableDB, resource: ExportResource, scope: string, generation: number, ids: readonly number[]): void {
  const touch = toucher(db, resource, scope, generation)
  for (const id of ids) touch(id)
}

/**
 * Writes a nested user's profile to `person` unless one newer, or this one, is stored, or this run
 * already read one of the same instant.
 * @returns `reference`: what to keep in the element when `person` holds exactly this profile, null
 *   when the element must keep its user as received; `written`: whether `person` was written.
 */
function storePerson(
  people: { write: Statement; read: Statement; erased: Statement },
  value: unknown,
  parseUserInstant: (value: string) => number,
  seenPersons: SeenPersons
): { reference: Record<string, unknown> | null; written: boolean } {
  const asReceived = { reference: null, written: false }
  const user = value as Record<string, unknown> | null | undefined
  if (!user || typeof user !== 'object' || !Number.isSafeInteger(user.id) || typeof user.modificationTime !== 'string') return asReceived
  const id = user.id as number
  let userUs: number
  try {
    userUs = parseUserInstant(user.modificationTime)
  } catch {
    return asReceived
  }
  const { sportParameters, ...profile } = user
  const profileJson = JSON.stringify(profile)
  const profileHash = hash('sha1', profileJson)
  let stored = seenPersons.get(id)
  let written = false
  // At the same instant, the first copy a run reads decides (PERSON_SQL); a later one that differs stays in its element.
  if (stored === undefined || stored.us < userUs) {
    written = people.write.run(id, ...personValues(profile), userUs, profileJson).changes > 0
    if (written) {
      stored = { us: userUs, profileHash }
      if (typeof profile.deletionTime === 'string') people.erased.run(id)
    } else {
      const row = people.read.get(id) as { us: number; raw: string }
      stored = { us: row.us, profileHash: hash('sha1', row.raw) }
    }
    seenPersons.set(id, stored)
  }
  if (stored.us !== userUs || stored.profileHash !== profileHash) return { reference: null, written }
  return { reference: 'sportParameters' in user ? { id, sportParameters } : { id }, written }
}

/**
 * Rows of `resource` from `scope` whose modification instant lies in (afterUs, upToUs]; with
 * `seenBy`, only those the run of that generation stored or saw (a row an earlier run stored
 * must not stand in for one this run skipped).
 */
export function countInWindow(db: ReadableDB, resource: ExportResource, scope: string, afterUs: number, upToUs: number, seenBy?: number): number {
  const { table } = TABLES[resource]
  const seen = seenBy === undefined ? '' : ' AND generation = ?'
  const row = prepared(db, `SELECT count(*) AS n FROM ${table} WHERE scope = ? AND modification_us > ? AND modification_us <= ?${seen}`).get(
    scope,
    afterUs,
    upToUs,
    ...(seenBy === undefined ? [] : [seenBy])
  ) as { n: number }
  return row.n
}

/** The newest modification instant (µs) among the rows of `resource` from `scope` not after `upToUs`; null when there is none. */
export function newestStoredUpTo(db: ReadableDB, resource: ExportResource, scope: string, upToUs: number): number | null {
  const { table } = TABLES[resource]
  return (prepared(db, `SELECT max(modification_us) FROM ${table} WHERE scope = ? AND modification_us <= ?`).pluck().get(scope, upToUs) as number | null) ?? null
}

/**
 * The scopes (lists) of `resource` with rows naming a person of `erased_person` (migration 0018:
 * the registry deleted their data), by its `personColumn`: those lists still hold their own copy
 * of that data until read again.
 */
export function scopesNamingErased(db: ReadableDB, resource: ExportResource): Set<string> {
  const column = personColumn(resource)
  if (column === undefined) return new Set()
  // CROSS JOIN: the few erased persons are the outer loop, each looked up by the table's person index.
  return new Set(prepared(db, `SELECT DISTINCT t.scope FROM erased_person e CROSS JOIN ${TABLES[resource].table} t ON t.${column} = e.person_id`).pluck().all() as string[])
}

/**
 * The scopes (lists) of an event's registered users (spec v2 §2.16) with a copy of a person older
 * than the profile stored (`person`): the registry changed the person since that list was read,
 * which moves no registered user's modificationTime (§2.16: creation and payment only), so a read
 * by `ts` does not bring the change. Derived from what is stored, so a stopped run loses nothing.
 */
export function scopesWithOutdatedCopies(db: ReadableDB, parseUserInstant: (value: string) => number): Set<string> {
  const rows = prepared(
    db,
    `SELECT u.scope, u.raw ->> '$.user.modificationTime' AS copied, p.modification_us AS profileUs
     FROM registered_event_user u JOIN person p ON p.id = u.user_id WHERE u.raw ->> '$.user.modificationTime' IS NOT NULL`
  ).all() as Array<{ scope: string; copied: unknown; profileUs: number }>
  const outdated = new Set<string>()
  for (const { scope, copied, profileUs } of rows) {
    if (outdated.has(scope) || typeof copied !== 'string') continue
    try {
      if (parseUserInstant(copied) < profileUs) outdated.add(scope)
    } catch {
      // An unreadable instant proves nothing.
    }
  }
  return outdated
}

/**
 * Of received `elements` of `resource` from `scope`, those to store: on an incremental run
 * (`fullRun` false) not those naming a person the retention purge removed (`purged_person`,
 * migration 0024) that are no newer than the newest row it removed with them, which the run
 * re-reads (its overlap, a list read whole) rather than receives as a new tie (issue 6: an
 * incremental sync does not bring them back). A person a stored element names is no longer taken
 * as purged: a newer element, or a full run, brings them back. Call inside a transaction.
 */
export function admitPurged(db: WritableDB, resource: ExportResource, scope: string, elements: readonly ReceivedElement[], fullRun: boolean): readonly ReceivedElement[] {
  const column = personColumn(resource)
  if (column === undefined || elements.length === 0 || prepared(db, 'SELECT 1 FROM purged_person LIMIT 1').get() === undefined) return elements
  const { columns, values } = TABLES[resource]
  const at = columns.indexOf(column)
  const parentId = scopeId(scope)
  const personOf = (item: ReceivedElement) => values(item.element, parentId)[at]
  const newest = prepared(db, 'SELECT newest_us FROM purged_person WHERE person_id = ?').pluck()
  const forget = prepared(db, 'DELETE FROM purged_person WHERE person_id = ?')
  return elements.filter((item) => {
    const person = personOf(item)
    if (typeof person !== 'number') return true
    const purgedUs = newest.get(person) as number | undefined
    if (purgedUs === undefined) return true
    if (!fullRun && item.modificationUs <= purgedUs) return false
    forget.run(person)
    return true
  })
}

/** The persons of `erased_person` (migration 0018), ascending. */
export function erasedPersonIds(db: ReadableDB): number[] {
  return prepared(db, 'SELECT person_id FROM erased_person ORDER BY person_id').pluck().all() as number[]
}

/** The lists that keep their own copy of a person's names and contacts (spec v2 §2.9, §2.16), read again when the registry deletes the person's data. */
const ERASURE_COPIES = ['granted-merits', 'registered-event-users'] as const satisfies readonly ExportResource[]

/**
 * Takes out of `erased_person` those of `personIds` whose every copy in the lists that keep their
 * own (a merit's grants, an event's registered users) run `generation` stored or saw since their
 * erasure was known, i.e. read again. A person named in a list that run did not read, or read in
 * vain (an error, 403, a parent gone), stays for the next run; a full run's sweep ends that.
 */
export function forgetErasedPersons(db: WritableDB, personIds: readonly number[], generation: number): void {
  const unread = ERASURE_COPIES.map(
    (resource) => `NOT EXISTS (SELECT 1 FROM ${TABLES[resource].table} t WHERE t.${personColumn(resource)!} = erased_person.person_id AND t.generation <> :generation)`
  )
  prepared(db, `DELETE FROM erased_person WHERE person_id IN (SELECT value FROM json_each(:ids)) AND ${unread.join(' AND ')}`).run({ ids: JSON.stringify(personIds), generation })
}

/**
 * Whether any row of `resource` is stored under `scope`. Asked before a full pass: a list that
 * had no rows before the pass holds only rows the pass wrote, so it has nothing to sweep.
 */
export function hasRowsInScope(db: ReadableDB, resource: ExportResource, scope: string): boolean {
  const { table } = TABLES[resource]
  return prepared(db, `SELECT 1 FROM ${table} WHERE scope = ? LIMIT 1`).get(scope) !== undefined
}

/**
 * What a sweep did (DESIGN §3 rule 5): rows `removed`, and rows not seen that it `kept` because an
 * outbox item not yet done refers to them (`KEPT_BY_OUTBOX`).
 */
export interface Swept {
  removed: number
  kept: number
}

/**
 * Mark-and-sweep (DESIGN §3 rule 5): deletes the rows of `scope` not seen by run `generation`,
 * but those an outbox item not yet done refers to (`KEPT_BY_OUTBOX`); once it is done or
 * discarded, the next sweep takes them. Only for after a complete, error-free full pass of that
 * (resource, scope). The holders of user licences or insurances removed are marked for a new
 * licence verdict (`markForRecheck`), in the same transaction when the caller holds one.
 */
export function sweepUnseen(db: WritableDB, resource: ExportResource, scope: string, generation: number): Swept {
  return sweep(db, resource, 'scope = ?', [scope], generation)
}

/** The scopes of one kind (`federation 100`, `federation 134`, … for kind `federation`) that hold rows of `resource`, ascending. */
export function scopesOfKind(db: ReadableDB, resource: ExportResource, kind: string): string[] {
  const { table } = TABLES[resource]
  return prepared(db, `SELECT DISTINCT scope FROM ${table} WHERE scope >= ? AND scope < ? ORDER BY scope`).pluck().all(`${kind} `, `${kind}!`) as string[]
}

/**
 * Mark-and-sweep over every scope of one kind (`merit 1`, `merit 2`, … for kind `merit`): deletes
 * the rows run `generation` did not see, including those of scopes whose parent is gone and so was
 * not read at all, but those an outbox item not yet done refers to, as `sweepUnseen`. Only for
 * after a complete, error-free full pass over every scope of the kind.
 */
export function sweepUnseenOfKind(db: WritableDB, resource: ExportResource, kind: string, generation: number): Swept {
  return sweep(db, resource, 'scope >= ? AND scope < ?', [`${kind} `, `${kind}!`], generation)
}

/**
 * Deletes the rows of `resource` that `inScopes` (SQL over `scope`, with `scopes` bound) selects
 * and run `generation` did not see, keeping what pending outbox items refer to. The keys those
 * items name are one uncorrelated subquery, evaluated once per statement; only when an item
 * refers to a row of the table are the kept rows counted (a read of the list's unseen rows).
 */
function sweep(db: WritableDB, resource: ExportResource, inScopes: string, scopes: readonly string[], generation: number): Swept {
  const { table, persons } = TABLES[resource]
  const kept = KEPT_BY_OUTBOX[resource]
  const unseen = `${inScopes} AND generation < ?`
  const where = kept === undefined ? unseen : `${unseen} AND ${kept.key} NOT IN (${pendingReferencesSql(kept.referred)})`
  let removed: number
  if (!persons) removed = prepared(db, `DELETE FROM ${table} WHERE ${where}`).run(...scopes, generation).changes
  else {
    const holders = prepared(db, `DELETE FROM ${table} WHERE ${where} RETURNING user_id`).pluck().all(...scopes, generation) as Array<number | null>
    markForRecheck(db, holders.filter((id): id is number => id !== null))
    removed = holders.length
  }
  // What is left unseen is what the outbox kept.
  const keptRows = kept !== undefined && hasPendingReferences(db, kept.referred) ? (prepared(db, `SELECT count(*) FROM ${table} WHERE ${unseen}`).pluck().get(...scopes, generation) as number) : 0
  return { removed, kept: keptRows }
}

/**
 * Deletes the elements of `resource` with these ids in any scope: what a tombstone (an event's
 * `deletionTime`, spec v3 §3) says is gone. Unlike a sweep it keeps nothing an outbox item refers
 * to: the registry states the deletion, and the copy kept would be the event's last version without
 * it, shown and checked as a live event (registering to it would be accepted locally again). The
 * item keeps the event's UUID, and the registry's answer to it says the event is gone.
 * @returns rows removed.
 */
export function deleteElements(db: WritableDB, resource: ExportResource, ids: readonly number[]): number {
  const { table } = TABLES[resource]
  const remove = prepared(db, `DELETE FROM ${table} WHERE id = ?`)
  return ids.reduce((sum, id) => sum + remove.run(id).changes, 0)
}

/**
 * Deletes every row of `resource` listed under `scope`: the registrations and registered users of
 * an event a tombstone deleted (`forgetEvents`), kept by no outbox item, as `deleteElements` says.
 * @returns rows removed.
 */
export function deleteScope(db: WritableDB, resource: ExportResource, scope: string): number {
  const { table } = TABLES[resource]
  return prepared(db, `DELETE FROM ${table} WHERE scope = ?`).run(scope).changes
}

const UNREFERENCED_PERSONS_SQL = `DELETE FROM person WHERE ${PROFILE_KEEPERS.map(({ table, column }) => `NOT EXISTS (SELECT 1 FROM ${table} WHERE ${column} = person.id)`).join(' AND ')} RETURNING id`

/**
 * Deletes the profiles (`person`) no user licence or user insurance names any more and no pending
 * outbox change refers to (`PROFILE_KEEPERS`, DESIGN §3 rules 5 and 6), with their member summary
 * rows; the search index (`member_search`) follows `person` by its triggers. A granted merit or a
 * registration keeps its own copy of the person, not the profile. Only after a complete,
 * error-free full pass of every list naming persons; call inside a transaction.
 * @returns persons removed.
 */
export function sweepUnreferencedPersons(db: WritableDB): number {
  const removed = prepared(db, UNREFERENCED_PERSONS_SQL).pluck().all() as number[]
  if (removed.length > 0) prepared(db, 'DELETE FROM member_summary WHERE person_id IN (SELECT value FROM json_each(?))').run(JSON.stringify(removed))
  return removed.length
}
