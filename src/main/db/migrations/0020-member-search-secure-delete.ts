import type { WritableDB } from '../open'

export const version = 20
export const name = 'member-search-secure-delete'

/**
 * FTS5's `secure-delete` for `member_search`: without it a delete (a person purged by the
 * retention, or one whose data the registry deleted, spec v2 §2.11 `deletionTime`) only adds a
 * marker, and the index's pages keep the names and e-mail addresses until a later merge, in the
 * database file. With it a delete removes them at once; the index's earlier leftovers go by an
 * `optimize` (one merge) now. A first sync builds the index by inserts only and is not slowed.
 */
export function up(db: WritableDB): void {
  db.exec(`
    INSERT INTO member_search (member_search, rank) VALUES ('secure-delete', 1);
    INSERT INTO member_search (member_search) VALUES ('optimize');`)
}
