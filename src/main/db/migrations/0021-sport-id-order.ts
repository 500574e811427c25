import { redefineIndex } from '../bulkLoad'
import type { WritableDB } from '../open'

export const version = 21
export const name = 'sport-id-order'

/**
 * `person_sport_id` holds each person's id after the Sport-ID (spec v2 §2.11 `sportId`, `id`), so
 * the member list sorted by Sport-ID walks it without reading a person's row to join the member
 * summary on the id: with a licence status few members have (expiring, missing), every person is
 * walked to fill the window, 0.87 s at 150,000 athletes instead of 0.08 s. Still the index of a
 * Sport-ID lookup. An index a killed first sync left dropped (0011) gets the new definition there.
 */
export const INDEX = 'CREATE INDEX person_sport_id ON person (sport_id, id)'

export function up(db: WritableDB): void {
  redefineIndex(db, 'person_sport_id', INDEX)
}
