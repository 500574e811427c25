import type { WritableDB } from '../open'

export const version = 9
export const name = 'retention'

/**
 * `retention` (issue 6 "Retention"): one row holding how many months a person with no current
 * licence, insurance, registration or merit stays in this database (`months`, 1…120; default 24)
 * and the local date of the last purge (`purged_on`, ISO date or NULL), so the purge runs once a
 * day and after every full sync rather than after every quiet incremental one.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE retention (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      months INTEGER NOT NULL CHECK (months BETWEEN 1 AND 120),
      purged_on TEXT
    );
    INSERT INTO retention (id, months) VALUES (1, 24);`)
}
