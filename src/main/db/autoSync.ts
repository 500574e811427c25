import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/** Whether the desktop app syncs the database by itself while open (migration 0015). */
export function autoSyncEnabled(db: ReadableDB): boolean {
  return prepared(db, 'SELECT enabled FROM auto_sync WHERE id = 1').pluck().get() === 1
}

/** Turns the desktop app's own syncs of the database on or off (migration 0015). */
export function setAutoSyncEnabled(db: WritableDB, enabled: boolean): void {
  prepared(db, 'UPDATE auto_sync SET enabled = ? WHERE id = 1').run(enabled ? 1 : 0)
}
