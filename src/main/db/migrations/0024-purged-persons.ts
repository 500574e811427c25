import type { WritableDB } from '../open'

export const version = 24
export const name = 'purged-persons'

/**
 * `purged_person`: persons the retention purge removed (issue 6), with the newest modification
 * instant (µs) of the rows it removed with them. An incremental sync re-reads the last seconds
 * before each cursor (the overlap) and any list it finds changed from there: an element no newer
 * than that instant is one the purge removed, not a new tie, and must not bring them back. A
 * newer element, or a full sync, does.
 */
export function up(db: WritableDB): void {
  db.exec('CREATE TABLE purged_person (person_id INTEGER PRIMARY KEY, newest_us INTEGER NOT NULL) WITHOUT ROWID')
}
