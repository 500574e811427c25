import { appendPrivacyLog } from '../db/privacyLog'
import { currentActor } from './actor'
import { withWritableDatabase } from './database'

/**
 * Records an export of a list of members (or of anything else naming people) in the privacy log
 * (issue 6: each export is written to the local audit log), as the signed-in OS user, now.
 * `detail` says what was exported and where: the list, its query, format, rows, columns, file.
 * @throws UserFacingError `no-database`; SQLite's error when the database cannot be written.
 */
export async function logListExport(dbFile: string, detail: Record<string, unknown>): Promise<void> {
  await withWritableDatabase(dbFile, (db) => appendPrivacyLog(db, { at: new Date().toISOString(), actor: currentActor(), action: 'export-list', detail }))
}
