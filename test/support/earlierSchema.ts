import { LATEST_VERSION } from '../../src/main/db/migrate'
import type { WritableDB } from '../../src/main/db/open'

/**
 * Leaves `db` (at the latest schema) as the Kanslia before the last migration left it, so a test
 * can open an earlier Kanslia's database: undoes 0014-report-columns and sets the version one
 * back. A new migration must change this to undo itself instead.
 */
export function undoLastMigration(db: WritableDB): void {
  if (LATEST_VERSION !== 14) throw new Error(`undoLastMigration undoes migration 14, but the latest is ${LATEST_VERSION}: update it`)
  db.exec(`DROP INDEX user_licence_period; DROP INDEX person_order; CREATE INDEX person_order ON person (id, last_name, first_name, birth_date, sport_id);
    ALTER TABLE user_licence DROP COLUMN purchase_time; ALTER TABLE person DROP COLUMN gender;`)
  db.pragma(`user_version = ${LATEST_VERSION - 1}`)
}
