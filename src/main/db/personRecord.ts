import type { ReadableDB } from './open'
import { readPrivacyLog } from './privacyLog'
import { prepared } from './statements'
import { SYNCED_PERSON_COLUMNS } from './tables'

/**
 * What the database stores about one person (issue 6 "Per-person export"), member or not:
 * `{ person, user_licence, user_insurance, granted_merit, registered_event_user, event_registration, privacy_log }`.
 * `person` is the profile as the API last gave it (spec v2 §2.11, identity number included when
 * stored), or null when none is stored: a person named only by a merit's grants (§2.9) or an
 * event's registrations (§2.15, §2.16), whose lists carry their own copies of names and contacts.
 * Each synced table that names the person (`SYNCED_PERSON_COLUMNS`) gives its elements as received
 * (the API's field names), by id; `privacy_log` the privacy log's entries about them, oldest first.
 * The outbox's changes are the outbox's to tell (`changesNaming`, outbox/history.ts).
 * @param namedElsewhere true when something else the export holds names the id (the outbox's
 *   changes): the record is given even if nothing here does.
 * @returns null when neither a profile, nor any of those tables, nor the privacy log names the id
 *   (a person the retention purged still has the log's entries about them until those go too),
 *   unless `namedElsewhere`.
 */
export function readPersonRecord(db: ReadableDB, id: number, namedElsewhere = false): Record<string, unknown> | null {
  const profile = prepared(db, 'SELECT raw FROM person WHERE id = ?').pluck().get(id) as string | undefined
  const record: Record<string, unknown> = { person: profile === undefined ? null : JSON.parse(profile) }
  let named = profile !== undefined || namedElsewhere
  for (const { table, column } of SYNCED_PERSON_COLUMNS) {
    const rows = (prepared(db, `SELECT raw FROM ${table} WHERE ${column} = ? ORDER BY id`).pluck().all(id) as string[]).map((raw) => JSON.parse(raw))
    named ||= rows.length > 0
    record[table] = rows
  }
  record.privacy_log = readPrivacyLog(db, id)
  return named || (record.privacy_log as unknown[]).length > 0 ? record : null
}
