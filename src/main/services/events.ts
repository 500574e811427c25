import type { EventRow } from '../../shared/events'
import { readEvents } from '../db/events'
import { withDatabase } from './database'

/**
 * The stored events (issue 7 "Events": the v3 listing and the v2 event search, spec v3 §4, v2
 * §4.11) whose name, organizer or place contains `text`, starting on `from`…`to` (ISO dates,
 * either open), newest first, from `dbFile`: what the app's Events page lists, for `kanslia
 * events`. Events name no member, so the privacy log records nothing.
 * @throws UserFacingError `no-database`.
 */
export function listEvents(dbFile: string, filter: { text?: string; from?: string; to?: string }): EventRow[] {
  return withDatabase(dbFile, (db) => readEvents(db, filter))
}
