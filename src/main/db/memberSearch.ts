import type { WritableDB } from './open'
import { prepared } from './statements'

/**
 * Stops keeping the member search index (DESIGN §3a `member_search`) in step with `person` when
 * `person` is empty, i.e. before a first sync: indexing 150,000 persons row by row costs about a
 * fifth of the first sync, one rebuild afterwards well under a second. Searches find nobody new
 * until `resumeMemberSearch` runs.
 * @returns true when the index was suspended (the caller must resume it); false when `person`
 *   already has rows or the index is suspended already.
 */
export function suspendMemberSearchForBulkLoad(db: WritableDB): boolean {
  return db.transaction(() => {
    if (prepared(db, 'SELECT 1 FROM person LIMIT 1').get() !== undefined) return false
    return prepared(db, 'INSERT OR IGNORE INTO member_search_suspended (id, since) VALUES (1, ?)').run(new Date().toISOString()).changes > 0
  }).immediate()
}

const SEARCHED = 'first_name, nickname, last_name, sport_id, email'

/**
 * Merges the member search index into one segment (FTS5 'optimize'): a deleted or changed
 * person's words (a purge, the registry deleting their data) otherwise stay in the index's pages
 * until a later merge, although no search finds them. Its cost grows with the index (about a third
 * of a second at 150,000 persons), so it runs with the daily purge, not at every delete; FTS5's
 * 'secure-delete' would do it at each delete, but made an update of 15,000 persons 24 times slower.
 */
export function compactMemberSearch(db: WritableDB): void {
  prepared(db, "INSERT INTO member_search (member_search) VALUES ('optimize')").run()
}

/**
 * Rebuilds the member search index from `person` and lets the triggers keep it in step again, in
 * one transaction. Does nothing unless the index is suspended, so it also repairs a database whose
 * bulk load was killed before it could resume.
 * @returns true when the index was rebuilt.
 */
export function resumeMemberSearch(db: WritableDB): boolean {
  return db.transaction(() => {
    if (prepared(db, 'DELETE FROM member_search_suspended').run().changes === 0) return false
    // What FTS5's 'rebuild' does, but reading `person` in table order and sorting by id (`+id`
    // keeps the id index out): since person ids are not the rowid (0007), 'rebuild' fetched the
    // rows through that index, 3.6 s for 150,000 persons against 0.8 s this way.
    db.exec(`INSERT INTO member_search (member_search) VALUES ('delete-all');
      INSERT INTO member_search (rowid, ${SEARCHED}) SELECT id, ${SEARCHED} FROM person ORDER BY +id`)
    return true
  }).immediate()
}
