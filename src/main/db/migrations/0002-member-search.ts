import type { WritableDB } from '../open'

export const version = 2
export const name = 'member-search'

/**
 * Full-text index for member search (DESIGN §3a `member_search`): FTS5 over first name, nickname,
 * last name, Sport-ID and e-mail of `person`, diacritics folded (so "aijo" finds "Äijö"), with
 * 2- and 3-character prefix indexes for type-ahead. It is an external-content table kept in step
 * with `person` by triggers; the update trigger fires only when a searched column changed.
 * Existing persons are indexed by the final 'rebuild'.
 */
export function up(db: WritableDB): void {
  const columns = 'first_name, nickname, last_name, sport_id, email'
  const values = (row: string) => columns.split(', ').map((c) => `${row}.${c}`).join(', ')
  const changed = columns
    .split(', ')
    .map((c) => `old.${c} IS NOT new.${c}`)
    .join(' OR ')
  db.exec(`
    CREATE VIRTUAL TABLE member_search USING fts5(${columns},
      content='person', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
    CREATE TRIGGER person_search_insert AFTER INSERT ON person BEGIN
      INSERT INTO member_search (rowid, ${columns}) VALUES (new.id, ${values('new')});
    END;
    CREATE TRIGGER person_search_delete AFTER DELETE ON person BEGIN
      INSERT INTO member_search (member_search, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')});
    END;
    CREATE TRIGGER person_search_update AFTER UPDATE ON person WHEN ${changed} BEGIN
      INSERT INTO member_search (member_search, rowid, ${columns}) VALUES ('delete', old.id, ${values('old')});
      INSERT INTO member_search (rowid, ${columns}) VALUES (new.id, ${values('new')});
    END;
    INSERT INTO member_search (member_search) VALUES ('rebuild');
  `)
}
