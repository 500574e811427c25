import type { ReadableDB } from './open'
import { pendingChangesOf } from './outbox'
import { readPrivacyLog } from './privacyLog'
import { prepared } from './statements'
import { PERSON_REFERENCES } from './tables'

/**
 * Everything stored about one member (issue 6 "Per-person export"): the profile as the API last
 * gave it (identity number included, when stored), and from every table that names the person
 * (`PERSON_REFERENCES`) its elements as received, the outbox changes that wait for them and the
 * privacy log entries about them. Keys are table names; elements keep the API's field names.
 * @returns null when no such person is stored.
 */
export function readPersonRecord(db: ReadableDB, id: number): Record<string, unknown> | null {
  const profile = prepared(db, 'SELECT raw FROM person WHERE id = ?').pluck().get(id) as string | undefined
  if (profile === undefined) return null
  const record: Record<string, unknown> = { person: JSON.parse(profile) }
  for (const { table, column } of PERSON_REFERENCES) {
    if (table === 'outbox_effect') continue
    record[table] = (prepared(db, `SELECT raw FROM ${table} WHERE ${column} = ? ORDER BY id`).pluck().all(id) as string[]).map((raw) => JSON.parse(raw))
  }
  record.outbox = pendingChangesOf(db, id)
  record.privacy_log = readPrivacyLog(db, id)
  return record
}
