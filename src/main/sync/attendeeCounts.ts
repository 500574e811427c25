import type { ReadableDB, WritableDB } from '../db/open'
import { prepared } from '../db/statements'
import type { Pass } from './pass'

/**
 * Each stored v3 event whose `currentAttendeeCount` differs from its federation event search
 * result's (spec v2 §4.11, read whole), by start: its id and start (local date-time of the event).
 * A registration or its cancellation changes an event's count but not its modificationTime (spec
 * v3 §2: registrations have webhooks of their own, apart from the event's UPDATE), so the
 * incremental read of v3 `GET /event`, newest modification first, never sees it.
 */
export function eventsWithChangedAttendeeCounts(db: ReadableDB): Array<{ id: number; start: string }> {
  return prepared(
    db,
    `SELECT e.id, e.start_date_time AS start FROM event e JOIN event_search_result s ON s.id = e.id
     WHERE e.start_date_time IS NOT NULL AND s.raw ->> '$.currentAttendeeCount' IS NOT e.raw ->> '$.currentAttendeeCount'
     ORDER BY e.start_date_time, e.id`
  ).all() as Array<{ id: number; start: string }>
}

/**
 * Re-reads, in `pass` (v3 `GET /event`, scope `public`), the events whose attendee count the event
 * search just read shows changed (`eventsWithChangedAttendeeCounts`): one narrowed request per
 * start time, `dateTimeRangeStart` = `dateTimeRangeEnd` = the start (spec v3 §4), which lists the
 * events running then. The other events it lists are stored too, as they are now. Run it only
 * after the event search was read in the same run: compared with an older search, a difference
 * may be the search's staleness, and would be re-read on every run until the search is read again.
 * @returns the ids of the events whose count had changed: their registrations changed too, maybe
 *   by a cancellation, which no list names (the caller reads their lists whole).
 * @throws ApiError as `Pass.reread`.
 */
export async function rereadChangedAttendeeCounts(db: WritableDB, pass: Pass): Promise<number[]> {
  const changed = eventsWithChangedAttendeeCounts(db)
  for (const start of new Set(changed.map((event) => event.start))) await pass.reread({ dateTimeRangeStart: start, dateTimeRangeEnd: start })
  return changed.map((event) => event.id)
}
