import type { OutboxNames } from '../../shared/outbox'
import type { ReadableDB } from '../db/open'
import type { OutboxRow } from '../db/outbox'
import { copiedFieldSql, copiedSportIdSql } from '../db/personCopies'
import { prepared } from '../db/statements'
import { localEvent } from './checks'
import { operationOf } from './operations'

/** The ids of one kind of row, as SQL's `json_each` takes them. */
function idsJson(ids: Iterable<number>): string {
  return JSON.stringify([...new Set(ids)])
}

/** `{ [id]: name }` of the rows `sql` reads for the ids in `?` (a JSON array), each row `(id, name)`; rows without a name are left out. */
function namesById(db: ReadableDB, sql: string, ids: number[]): Record<number, string> {
  if (ids.length === 0) return {}
  const rows = prepared(db, sql).all(idsJson(ids)) as Array<{ id: number; name: string | null }>
  return Object.fromEntries(rows.flatMap((row) => (row.name === null || row.name.trim() === '' ? [] : [[row.id, row.name]])))
}

/**
 * The persons a description names: the member of a change of one member (a registration, its
 * cancellation, a licence transfer, a user's access) and the persons a change names without
 * touching them (an order's payer, a grant's granter: `Operation.names`). A grant to many or a
 * participants list is described by its count.
 */
function namedPersons(row: OutboxRow): number[] {
  const operation = operationOf(row.kind)
  const touched = operation.effects(row.payload, undefined).map((effect) => effect.personId)
  return [...(new Set(touched).size === 1 ? touched.slice(0, 1) : []), ...(operation.names?.(row.payload) ?? [])]
}

/**
 * Names, from the local data, of what the outbox items `rows` name by id or UUID (their payloads
 * hold the API's ids, spec v2 §4): persons as "first last (Sport-ID)" from their profile or,
 * for someone without one, the newest copy a grant or registered user keeps (`copiedFieldSql`,
 * `copiedSportIdSql`);
 * organizations, merit groups and user licences (its licence's name, spec v2 §2.12) by name;
 * merits as "merit group · merit"; events by UUID (lower case). What is not stored here is
 * absent, and the outbox shows its id instead.
 */
export function outboxNames(db: ReadableDB, rows: readonly OutboxRow[]): OutboxNames {
  const persons: number[] = []
  const referred = { organization: [] as number[], 'merit-group': [] as number[], merit: [] as number[], 'user-licence': [] as number[], events: new Set<string>() }
  for (const row of rows) {
    persons.push(...namedPersons(row))
    for (const reference of operationOf(row.kind).refersTo(row.payload)) {
      if (reference.to === 'event') referred.events.add(reference.uuid.toLowerCase())
      else if (reference.to !== 'event-registration') referred[reference.to].push(reference.id)
    }
  }
  // The profile when one is stored, else the newest copy, as the member detail names a person.
  const named = (column: string, field: string) => `CASE WHEN p.id IS NULL THEN ${copiedFieldSql('j.value', field)} ELSE p.${column} END`
  const personName = `trim(coalesce(${named('first_name', 'firstName')}, '') || ' ' || coalesce(${named('last_name', 'lastName')}, ''))`
  const sportId = `CASE WHEN p.id IS NULL THEN ${copiedSportIdSql('j.value')} ELSE p.sport_id END`
  return {
    persons: namesById(
      db,
      `SELECT id, CASE WHEN name = '' THEN NULL WHEN sport_id IS NULL THEN name ELSE name || ' (' || sport_id || ')' END AS name
       FROM (SELECT j.value AS id, ${personName} AS name, ${sportId} AS sport_id FROM json_each(?) j LEFT JOIN person p ON p.id = j.value)`,
      persons
    ),
    organizations: namesById(db, 'SELECT id, name FROM organization WHERE id IN (SELECT value FROM json_each(?))', referred.organization),
    meritGroups: namesById(db, 'SELECT id, name FROM merit_group WHERE id IN (SELECT value FROM json_each(?))', referred['merit-group']),
    merits: namesById(
      db,
      `SELECT m.id, concat_ws(' · ', coalesce(g.name, m.raw ->> '$.meritGroupName'), m.name) AS name
       FROM merit m LEFT JOIN merit_group g ON g.id = m.merit_group_id WHERE m.id IN (SELECT value FROM json_each(?))`,
      referred.merit
    ),
    userLicences: namesById(
      db,
      `SELECT ul.id, coalesce(l.name, ul.raw ->> '$.name') AS name FROM user_licence ul LEFT JOIN licence l ON l.id = ul.licence_id WHERE ul.id IN (SELECT value FROM json_each(?))`,
      referred['user-licence']
    ),
    events: Object.fromEntries([...referred.events].map((uuid) => [uuid, localEvent(db, uuid)?.name]).filter(([, name]) => name))
  }
}

/** Every name of `names` (persons, then organizations, merit groups, merits, user licences, events), once each, for a line of text. */
export function namesIn(names: OutboxNames): string[] {
  const { persons, organizations, meritGroups, merits, userLicences, events } = names
  return [...new Set([persons, organizations, meritGroups, merits, userLicences, events].flatMap((named) => Object.values(named)))]
}
