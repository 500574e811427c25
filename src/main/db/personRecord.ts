import type { ReadableDB } from './open'
import { readPrivacyLog } from './privacyLog'
import { prepared } from './statements'
import { PERSON_REFERENCES } from './tables'

/**
 * What the database stores about one member (issue 6 "Per-person export"): the profile as the API
 * last gave it (identity number included, when stored), from every synced table that names the
 * person (`PERSON_REFERENCES`) its elements as received, and the privacy log entries about them.
 * Keys are table names; elements keep the API's field names. The outbox's changes are the outbox's
 * to tell (`changesNaming`, outbox/history.ts).
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
  record.privacy_log = readPrivacyLog(db, id)
  return record
}
