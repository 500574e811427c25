import type { WritableDB } from '../open'

export const version = 4
export const name = 'member-summary'

/**
 * Per person, what the member list shows and filters on beyond the profile, evaluated on one day
 * (DESIGN §3b): the club of the latest-ending user licence, the current user licence and its end,
 * and whether a user insurance is valid. `member_summary_state.on_date` is that day (ISO date,
 * local); without its row the summary is empty and unused. Filled by db/memberSummary.ts.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE member_summary (
      person_id INTEGER PRIMARY KEY,
      club TEXT,
      current_licence_id INTEGER,
      licence_end TEXT,
      insured INTEGER NOT NULL);
    CREATE INDEX member_summary_club ON member_summary (club, person_id);
    CREATE TABLE member_summary_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      on_date TEXT NOT NULL);
  `)
}
