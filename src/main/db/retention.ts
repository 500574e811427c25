import { EVENT_DAY } from './events'
import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'
import { SYNCED_PERSON_COLUMNS } from './tables'

/** Months a person without current data stays by default (issue 6 "Retention": 24 months). */
export const DEFAULT_RETENTION_MONTHS = 24
/** The longest retention that can be set: ten years. */
export const MAX_RETENTION_MONTHS = 120

/**
 * The retention setting (migration 0009): `months` a person with no current licence, insurance,
 * registration or merit is kept, and `purgedOn`, the local ISO date of the last purge or null.
 */
export interface Retention {
  months: number
  purgedOn: string | null
}

/** The database's retention setting. */
export function readRetention(db: ReadableDB): Retention {
  return prepared(db, 'SELECT months, purged_on AS purgedOn FROM retention WHERE id = 1').get() as Retention
}

/**
 * Sets how many months (1…120) a person without current data is kept; the next sync purges with it.
 * @throws RangeError for another value (nothing is changed).
 */
export function setRetentionMonths(db: WritableDB, months: number): void {
  if (!Number.isInteger(months) || months < 1 || months > MAX_RETENTION_MONTHS) {
    throw new RangeError(`the retention must be a whole number of months from 1 to ${MAX_RETENTION_MONTHS}, got ${months}`)
  }
  // Purge again at the next sync: a shorter time may remove people today.
  prepared(db, 'UPDATE retention SET months = ?, purged_on = NULL WHERE id = 1').run(months)
}

/**
 * The first day still inside the retention: `today` (ISO local date) minus `months` calendar
 * months, the day clamped to the month's length (2026-03-31 minus 1 month is 2026-02-28).
 */
export function retentionCutoff(today: string, months: number): string {
  const [year, month, day] = today.split('-').map(Number)
  const index = year * 12 + (month - 1) - months
  const y = Math.floor(index / 12)
  const m = (index % 12) + 1
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`
}

/**
 * Persons whose every stored tie to the scope ended before `:cutoff` (ISO date), whether or not a
 * `person` row holds their profile (registered event users, and merit holders with no licence or
 * insurance in scope, are stored only in those lists, names and contacts included): no user licence
 * or user insurance ending on or after it (or open-ended), no granted merit still valid then (a
 * merit without `validUntilDate` is held for good), no registration to an event ending (or,
 * without an end, starting; with the event unknown, registered) on or after it, and no change
 * waiting in the outbox. A tie of unknown date counts as current: when in doubt, a person is kept.
 * Events come from both the v3 listing and the v2 event search.
 */
const INACTIVE_PERSONS_SQL = `
  WITH ${EVENT_DAY},
  active (person_id) AS (
    SELECT user_id FROM user_licence WHERE coalesce(substr(usage_period_end, 1, 10), '9999') >= :cutoff
    UNION SELECT user_id FROM user_insurance WHERE coalesce(substr(usage_period_end, 1, 10), '9999') >= :cutoff
    UNION SELECT user_id FROM granted_merit WHERE coalesce(substr(valid_until_date, 1, 10), '9999') >= :cutoff
    UNION SELECT r.participant_user_id FROM event_registration r
      WHERE coalesce((SELECT max(d.day) FROM event_day d WHERE d.uuid = r.event_uuid), substr(r.registration_date, 1, 10), '9999') >= :cutoff
    UNION SELECT u.user_id FROM registered_event_user u
      WHERE coalesce((SELECT max(d.day) FROM event_day d WHERE d.id = u.event_id), '9999') >= :cutoff
    UNION SELECT person_id FROM outbox_effect)
  SELECT id FROM (
    SELECT id FROM person
    UNION SELECT user_id FROM granted_merit
    UNION SELECT user_id FROM registered_event_user
    UNION SELECT participant_user_id FROM event_registration)
  WHERE id IS NOT NULL AND id NOT IN (SELECT person_id FROM active WHERE person_id IS NOT NULL)`

/** The rows naming a person that go with them: the synced ones and the member summary (a purged person has no outbox change). */
const PERSON_ROWS: ReadonlyArray<{ table: string; column: string }> = [
  ...SYNCED_PERSON_COLUMNS,
  { table: 'member_summary', column: 'person_id' }
]

/**
 * Removes every person inactive since before `today` minus the retention (issue 6 "Retention"),
 * with all their stored rows (licences, insurances, merits, registrations, the member summary;
 * the search index follows `person`), in one transaction, and records `today` as the purge date.
 * The privacy and audit logs keep their entries: they name members by id (the registry's answers
 * the audit log holds keep no profiles, outbox/answers.ts); they go by their own age
 * (`purgeFinishedChanges`, `purgeOldPrivacyLog`).
 * @param today ISO local date.
 * @returns the ids removed, ascending.
 */
export function purgeInactivePersons(db: WritableDB, today: string): number[] {
  return db.transaction(() => {
    const { months } = readRetention(db)
    const ids = prepared(db, `${INACTIVE_PERSONS_SQL} ORDER BY id`)
      .pluck()
      .all({ cutoff: retentionCutoff(today, months) }) as number[]
    if (ids.length > 0) {
      const list = JSON.stringify(ids)
      // Remembered, so that an incremental sync re-reading what it removed does not bring them back (`admitPurged` in synced.ts).
      const newest = SYNCED_PERSON_COLUMNS.map(({ table, column }) => `SELECT ${column} AS id, modification_us AS us FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(:list))`).join(' UNION ALL ')
      prepared(db, `INSERT OR REPLACE INTO purged_person (person_id, newest_us) SELECT id, max(us) FROM (${newest}) GROUP BY id`).run({ list })
      for (const { table, column } of PERSON_ROWS) prepared(db, `DELETE FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?))`).run(list)
      prepared(db, 'DELETE FROM person WHERE id IN (SELECT value FROM json_each(?))').run(list)
    }
    prepared(db, 'UPDATE retention SET purged_on = ? WHERE id = 1').run(today)
    return ids
  }).immediate()
}

/**
 * Finished changes (issue 5 audit log) older than the retention: `done` outbox items last updated
 * before `today` minus the retention (UTC day of the instant against the local cutoff day: a day's
 * precision), and the audit log of every item no longer in the outbox (those, and discarded ones)
 * whose last entry is before it. A change's payload and answers keep what it carried, e.g. the free
 * text an event registrant wrote (spec v3 `additionalDetails`), which the members' purge cannot see;
 * so the outbox history is kept as long as a person without current data, and no longer. Items
 * waiting for the network or a person (queued, sending, unknown, rejected) stay whatever their age,
 * and so does a done item a kept item depends on (`depends_on`).
 * @param today ISO local date.
 * @returns how many outbox items were removed.
 */
export function purgeFinishedChanges(db: WritableDB, today: string): number {
  return db.transaction(() => {
    const cutoff = retentionCutoff(today, readRetention(db).months)
    const removed = prepared(
      db,
      `WITH RECURSIVE needed (id) AS (
         SELECT depends_on FROM outbox_item WHERE depends_on IS NOT NULL AND NOT (state = 'done' AND updated_at < :cutoff)
         UNION SELECT i.depends_on FROM outbox_item i JOIN needed n ON i.id = n.id WHERE i.depends_on IS NOT NULL)
       DELETE FROM outbox_item WHERE state = 'done' AND updated_at < :cutoff AND id NOT IN (SELECT id FROM needed)`
    ).run({ cutoff }).changes
    prepared(
      db,
      `DELETE FROM audit_log WHERE item_id IN (
         SELECT item_id FROM audit_log WHERE item_id NOT IN (SELECT id FROM outbox_item) GROUP BY item_id HAVING max(at) < :cutoff)`
    ).run({ cutoff })
    return removed
  }).immediate()
}

/**
 * Entries of the privacy log (issue 6: reveals and exports of personal data) written before `today`
 * minus the retention (the UTC day of the instant against the local cutoff day). An entry names its
 * member and keeps what was exported, e.g. a search's text, a child's name perhaps; it is kept as
 * long as a person without current data, and no longer.
 * @param today ISO local date.
 * @returns how many entries were removed.
 */
export function purgeOldPrivacyLog(db: WritableDB, today: string): number {
  const cutoff = retentionCutoff(today, readRetention(db).months)
  return db.transaction(() => prepared(db, 'DELETE FROM privacy_log WHERE at < ?').run(cutoff).changes).immediate()
}

/** True when a sync on `today` should purge: after a full sync, or when no purge ran today yet. */
export function purgeIsDue(db: ReadableDB, today: string, full: boolean): boolean {
  return full || readRetention(db).purgedOn !== today
}
