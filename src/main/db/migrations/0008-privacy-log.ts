import type { WritableDB } from '../open'

export const version = 8
export const name = 'privacy-log'

/**
 * `privacy_log` (issue 6 "Personal data"): each time personal data is shown on purpose or leaves
 * the app — an identity number revealed, a member's data or a list exported — who did it, when
 * (ISO 8601 UTC instant), to whom it relates and details as JSON. Entries are only ever added.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE privacy_log (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      actor TEXT,
      action TEXT NOT NULL CHECK (action IN ('reveal-identity-number', 'export-person', 'export-list')),
      person_id INTEGER,
      detail TEXT CHECK (detail IS NULL OR json_valid(detail))
    );
    CREATE INDEX privacy_log_person ON privacy_log (person_id, id);
  `)
}
