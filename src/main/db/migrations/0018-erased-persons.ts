import type { WritableDB } from '../open'

export const version = 18
export const name = 'erased-persons'

/**
 * `erased_person`: persons whose profile a sync stored with a `deletionTime` (spec v2 §2.11: the
 * registry deleted the user's data), until a run has read the lists that keep copies of their
 * names and contacts of their own (a merit's grants, spec v2 §2.9; an event's registered users,
 * §2.16). Written in the page's transaction, so a run stopped before those lists leaves it to the
 * next one, which reads them though their quarter hour has not come.
 */
export function up(db: WritableDB): void {
  db.exec('CREATE TABLE erased_person (person_id INTEGER PRIMARY KEY)')
}
