import type { WritableDB } from '../open'

export const version = 3
export const name = 'member-search-bulk-load'

/**
 * Lets a bulk load (a first sync) fill `person` without keeping `member_search` in step row by
 * row: while `member_search_suspended` holds its one row, the person triggers of 0002 do nothing,
 * and whoever suspended the index rebuilds it in one pass and removes the row (see
 * db/memberSearch.ts). Same triggers as 0002 otherwise.
 */
export function up(db: WritableDB): void {
  const columns = 'first_name, nickname, last_name, sport_id, email'
  const values = (row: string) => columns.split(', ').map((c) => `${row}.${c}`).join(', ')
  const changed = columns
    .split(', ')
    .map((c) => `old.${c} IS NOT new.${c}`)
    .join(' OR ')
  const active = 'NOT EXISTS (SELECT 1 FROM member_search_suspended)'
  db.exec(`
    CREATE TABLE member_search_suspended (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      since TEXT NOT NULL);
    DROP TRIGGER person_search_insert;
    DROP TRIGGER person_search_delete;
    DROP TRIGGER person_search_update;
    CREATE TRIGGER person_search_insert AFTER INSERT ON person WHEN ${active} BEGIN
      INSERT INTO member_search (rowid, ${columns}) VALUES (new.id, ${values('new')});
    END;
    CREATE TRIGGER person_search_delete AFTER DELETE ON person WHEN ${active} BEGIN
      INSERT INTO member_search (member_search, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')});
    END;
    CREATE TRIGGER person_search_update AFTER UPDATE ON person WHEN (${changed}) AND ${active} BEGIN
      INSERT INTO member_search (member_search, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')});
      INSERT INTO member_search (rowid, ${columns}) VALUES (new.id, ${values('new')});
    END;
  `)
}
