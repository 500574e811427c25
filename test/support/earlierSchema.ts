import Database from 'better-sqlite3-multiple-ciphers'
import { LATEST_VERSION, migrate } from '../../src/main/db/migrate'
import { INDEXES as BEFORE_0016 } from '../../src/main/db/migrations/0012-renewal-list-indexes'
import { DATABASE_KEY_ENV } from '../../src/main/secrets/databaseKey'
import type { WritableDB } from '../../src/main/db/open'

/**
 * Leaves `db` (at the latest schema) as the Kanslia before the last migrations left it, so a test
 * can open an earlier Kanslia's database: undoes 0024-purged-persons (its table), 0023-sync-changed-count (its column), 0022-summary-club-id (with 0016's undoing: the summary's
 * club id and the user licence index), 0021-sport-id-order (the Sport-ID index of 0001), 0020-outbox-references (its table), 0019-outbox-dependents (its index), 0018-erased-persons (its table), 0017 (data only:
 * nothing to undo) and 0016-licence-verdicts (the member summary of 0004, evaluated on a day; the
 * user licence index of 0012), and sets the version to 15. A new migration must undo itself here too.
 */
export function undoRecentMigrations(db: WritableDB): void {
  if (LATEST_VERSION !== 24) throw new Error(`undoRecentMigrations undoes migrations 16 to 24, but the latest is ${LATEST_VERSION}: update it`)
  db.exec(`
    DROP TABLE purged_person;
    ALTER TABLE sync_cursor DROP COLUMN last_changed;
    DROP INDEX person_sport_id;
    CREATE INDEX person_sport_id ON person (sport_id);
    DROP TABLE outbox_reference;
    DROP INDEX outbox_item_depends_on;
    DROP TABLE erased_person;
    DROP INDEX user_licence_user_period;
    ALTER TABLE user_licence DROP COLUMN external_insurance_company;
    ${BEFORE_0016.user_licence_user_period};
    DROP TABLE member_summary;
    CREATE TABLE member_summary (person_id INTEGER PRIMARY KEY, club TEXT, current_licence_id INTEGER, licence_end TEXT, insured INTEGER NOT NULL);
    CREATE INDEX member_summary_club ON member_summary (club, person_id);
    INSERT INTO member_summary (person_id, insured) SELECT id, 0 FROM person;
    INSERT OR REPLACE INTO member_summary_state (id, on_date) VALUES (1, '2026-11-23');`)
  db.pragma('user_version = 15')
}

/** A Kanslia database at the latest schema as an earlier Kanslia encrypted it (SQLCipher, the test key, WAL), open. */
export function writeSqlCipherDatabase(file: string): WritableDB {
  const db = new Database(file) as WritableDB
  db.pragma("cipher = 'sqlcipher'")
  db.pragma(`key = "x'${process.env[DATABASE_KEY_ENV]}'"`)
  db.pragma('journal_mode = WAL')
  migrate(db)
  return db
}
