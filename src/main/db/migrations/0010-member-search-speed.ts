import type { WritableDB } from '../open'

export const version = 10
export const name = 'member-search-speed'

/**
 * Type-ahead at federation scale (DESIGN §7: keystroke to rendered rows < 50 ms), measured at
 * 150,000 persons:
 * - `member_search` gets a 1-character prefix index beside the 2- and 3-character ones: a first
 *   letter matches up to a third of everyone, and counting and listing its matches read one prefix
 *   list instead of merging those of every word with that letter (a one-letter search ~30 % faster).
 *   FTS5 fixes its prefix indexes at creation, so the table is made anew and filled from `person`
 *   (unless a bulk load has suspended it: resuming fills it). The person triggers of 0003 name the
 *   table, not a version of it, and keep working.
 * - `person_order` (id, last_name, first_name, birth_date, sport_id): a search with up to a few
 *   thousand matches sorts them from this narrow index instead of reading each match's wide row
 *   (2,800 matches: 16 ms to 4 ms; `db/memberList.ts` WindowPlan `sort`).
 */
export function up(db: WritableDB): void {
  const columns = 'first_name, nickname, last_name, sport_id, email'
  db.exec(`
    DROP TABLE member_search;
    CREATE VIRTUAL TABLE member_search USING fts5(${columns},
      content='person', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
    INSERT INTO member_search (rowid, ${columns})
      SELECT id, ${columns} FROM person WHERE NOT EXISTS (SELECT 1 FROM member_search_suspended) ORDER BY +id;
    CREATE INDEX person_order ON person (id, last_name, first_name, birth_date, sport_id);`)
}
