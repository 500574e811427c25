import type { PrivacyAction } from '../../shared/privacy'
import type { RenewalQuery } from '../../shared/renewalLists'
import { refuseDatabaseAsTarget } from '../db/openedFiles'
import { appendPrivacyLog } from '../db/privacyLog'
import { currentActor } from './actor'
import { withWritableDatabase } from './database'

/**
 * Records an entry in the privacy log (issue 6: each reveal and each export is written to the
 * local audit log), as the signed-in OS user, now: an identity number revealed, a member or a list
 * exported (`personId` whose, `detail` what and where).
 * @throws UserFacingError `export-over-database` when `detail.file` is the database or one of its
 *   files, `no-database`; SQLite's error when the database cannot be written.
 */
export async function recordPrivacy(dbFile: string, entry: { action: PrivacyAction; personId?: number; detail?: unknown }): Promise<void> {
  // Before the record: an export refused for its file was never made.
  const file = (entry.detail as { file?: unknown } | undefined)?.file
  if (typeof file === 'string' && file !== '-') refuseDatabaseAsTarget(file, dbFile)
  await withWritableDatabase(dbFile, (db) => appendPrivacyLog(db, { at: new Date().toISOString(), actor: currentActor(), ...entry }))
}

/**
 * Records an export of a list of members (or of anything else naming people): `detail` says what
 * was exported and where (the list, its query, format, rows, columns, file).
 * @throws as `recordPrivacy`.
 */
export function logListExport(dbFile: string, detail: Record<string, unknown>): Promise<void> {
  return recordPrivacy(dbFile, { action: 'export-list', detail })
}

/**
 * The privacy log's words for a list of members taken out of the app: the member list and its
 * query, or the renewal list by its kind, days ahead and club or area (when one narrowed it).
 */
export function listedIn(listed: { list: 'members'; query: object } | ({ list: 'renewals' } & RenewalQuery)): Record<string, unknown> {
  if (listed.list === 'members') return { list: 'members', query: listed.query }
  return { list: listed.kind, days: listed.days, ...(listed.clubId === undefined ? {} : { clubId: listed.clubId }), ...(listed.areaId === undefined ? {} : { areaId: listed.areaId }) }
}
