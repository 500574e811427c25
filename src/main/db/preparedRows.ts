import { hash } from 'node:crypto'
import { parseInstant } from '../../shared/instant'
import { TABLES, personValues, type ExportResource, type SqlValue } from './tables'

/**
 * Received elements turned into what their table's row is written from (`upsertElements`): the
 * JSON texts, typed column values and, in tables whose spec says `persons`, the nested user's
 * profile apart. Pure and free of SQLite, so a worker thread can prepare a large page while the
 * writer stores the one before it (`sync/pageDecoder.ts`); what depends on the database (whether
 * the profile stored is this one) is left to the writer.
 */

/** One received element ready to store: id, modificationTime in µs, the parsed object as received. */
export interface ReceivedElement {
  id: number
  modificationUs: number
  element: Record<string, unknown>
}

/** A nested user's profile (spec v2 §2.11) as `person` stores it. */
export interface PreparedPerson {
  id: number
  /** The user's `modificationTime`, µs since the epoch (UTC). */
  modificationUs: number
  /** The profile's JSON without `sportParameters` (only user licences carry them, spec v2 §4.4): `person.raw`. */
  json: string
  /** SHA-1 (hex) of `json`: how a run tells copies of a profile apart without keeping them. */
  hash: string
  /** `personValues` of the profile: the person's typed columns. */
  values: SqlValue[]
  /** The profile carries a `deletionTime` (spec v2 §2.11): the registry deleted the person's data. */
  deleted: boolean
  /** Where `sportParameters` stood among the user's keys (-1: absent), so `rawAsReceived` puts it back in place. */
  sportParametersAt: number
}

/** A received element as its row is written. */
export interface PreparedElement {
  id: number
  /** The element's modificationTime, µs since the epoch (0 for lists without one). */
  modificationUs: number
  /**
   * Without `person`: the element's JSON as received. With it: the element's JSON whose `user` is
   * the reference `{"id":N}`, plus the user's `sportParameters` when it had them (see
   * `upsertElements`); `rawAsReceived` gives the JSON as received.
   */
  raw: string
  /** The table's typed columns (`TableSpec.values`). */
  values: SqlValue[]
  /** The nested user's profile when the table stores persons apart and the user has an integer id and a readable modificationTime; else null. */
  person: PreparedPerson | null
  /** The nested `user`'s id when an integer (whose licence verdict to check again); else null. */
  userId: number | null
}

/** The id a scope names, e.g. 100 of `federation 100`; null when it names none (`all`, `public`). */
export function scopeId(scope: string): number | null {
  const match = /^[a-z-]+ (\d+)$/.exec(scope)
  return match ? Number(match[1]) : null
}

/**
 * Prepares received elements of `resource` listed under `scope` (whose id fills columns the
 * element lacks, `TableSpec.values`). A user without an integer id or without a readable
 * `modificationTime` stays in the element as received (`person` null).
 */
export function prepareElements(resource: ExportResource, scope: string, received: readonly ReceivedElement[]): PreparedElement[] {
  const spec = TABLES[resource]
  const parentId = scopeId(scope)
  return received.map(({ id, modificationUs, element }) => {
    const user = element.user as Record<string, unknown> | null | undefined
    const userId = user && typeof user === 'object' && Number.isSafeInteger(user.id) ? (user.id as number) : null
    const values = spec.values(element, parentId)
    const person = spec.persons && userId !== null ? preparePerson(userId, user!) : null
    if (person === null) return { id, modificationUs, raw: JSON.stringify(element), values, person, userId }
    const reference = person.sportParametersAt < 0 ? { id: userId } : { id: userId, sportParameters: user!.sportParameters }
    return { id, modificationUs, raw: JSON.stringify({ ...element, user: reference }), values, person, userId }
  })
}

function preparePerson(id: number, user: Record<string, unknown>): PreparedPerson | null {
  if (typeof user.modificationTime !== 'string') return null
  let modificationUs: number
  try {
    modificationUs = parseInstant(user.modificationTime)
  } catch {
    return null
  }
  const { sportParameters: _, ...profile } = user
  const json = JSON.stringify(profile)
  return {
    id,
    modificationUs,
    json,
    hash: hash('sha1', json),
    values: personValues(profile),
    deleted: typeof profile.deletionTime === 'string',
    sportParametersAt: 'sportParameters' in user ? Object.keys(user).indexOf('sportParameters') : -1
  }
}

/**
 * The element's JSON as received: `raw` itself without `person`; else `raw` with the profile put
 * back in its user, `sportParameters` at its place. For an element whose user differs from the
 * profile stored, which keeps its own copy.
 */
export function rawAsReceived(element: PreparedElement): string {
  if (element.person === null) return element.raw
  const parsed = JSON.parse(element.raw) as Record<string, unknown>
  const reference = parsed.user as Record<string, unknown>
  const entries = Object.entries(JSON.parse(element.person.json) as Record<string, unknown>)
  if (element.person.sportParametersAt >= 0) entries.splice(element.person.sportParametersAt, 0, ['sportParameters', reference.sportParameters])
  return JSON.stringify({ ...parsed, user: Object.fromEntries(entries) })
}
