import type { WritableDB } from '../open'

export const version = 14
export const name = 'report-columns'

/**
 * The reports of issue 7 (db/reports.ts) from indexes instead of every row's JSON: at 150,000
 * athletes they read the whole of `user_licence` three times and every person once, 7–10 s in
 * which the backend worker answered nothing else.
 * - `user_licence.purchase_time` (spec v2 §2.12 `purchaseTime`, local time as received) and
 *   `person.gender` (§2.11 `gender`), filled from the rows' JSON here and by every sync after.
 * - `user_licence_period`: a licence period's user licences with what the reports count them by.
 * - `person_order` (0010) also holds the gender, for the age pyramid.
 * While a killed first sync has the bulk load's indexes dropped (0011 `deferred_index`), the new
 * definitions are recorded there and built when the next sync restores them.
 */
export const INDEXES = {
  user_licence_period:
    'CREATE INDEX user_licence_period ON user_licence (licence_period_id, user_id, licence_organization_id, licence_organization_name, licence_id, purchase_time)',
  person_order: 'CREATE INDEX person_order ON person (id, last_name, first_name, birth_date, sport_id, gender)'
} as const

export function up(db: WritableDB): void {
  db.exec(`
    ALTER TABLE user_licence ADD COLUMN purchase_time TEXT;
    UPDATE user_licence SET purchase_time = raw ->> '$.purchaseTime';
    ALTER TABLE person ADD COLUMN gender TEXT;
    UPDATE person SET gender = raw ->> '$.gender';`)
  const deferred = db.prepare('SELECT 1 FROM deferred_index LIMIT 1').get() !== undefined
  for (const [index, sql] of Object.entries(INDEXES)) {
    if (deferred) db.prepare('INSERT INTO deferred_index (name, sql) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET sql = excluded.sql').run(index, sql)
    else db.exec(`DROP INDEX IF EXISTS ${index}; ${sql}`)
  }
}
