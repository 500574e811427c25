import { writeFileSync } from 'node:fs'
import { createPrivateFile } from '../config/fileModes'
import type { ReadableDB } from '../db/open'
import { readPersonRecord } from '../db/personRecord'
import { changesNaming } from '../outbox/history'
import { withDatabase } from './database'
import { UserFacingError } from './errors'
import { recordPrivacy } from './privacyRecord'

/** Runs a read on a connection to the database, e.g. the desktop session's long-lived one. */
export type DatabaseRead = <T>(use: (db: ReadableDB) => T) => T

/**
 * Everything stored about one person, member or not (issue 6 "Per-person export", a data-access
 * request), as JSON: `{ exportedAt, person, user_licence, …, privacy_log, outbox }` (see
 * `readPersonRecord`: `person` is null for someone only a merit's grants or an event's
 * registrations name, or only the privacy log or the outbox, as after the retention's purge;
 * `outbox` the outbox's changes that name them with their audit logs, `changesNaming`),
 * `exportedAt` being `now` as an ISO instant (UTC). The export is recorded in the
 * privacy log (`export-person`, whose, and `file`: `-` for standard output) before the record
 * leaves; with `file`, the JSON is then written to it, created for its owner only.
 * @param request.read how to read the database (default: a read-only connection to `dbFile`, closed after).
 * @returns the JSON text (two-space indented, no final newline), as written to `file` when given.
 * @throws UserFacingError `no-such-member` when nothing stored names the id, the privacy log and
 *   the outbox included; `no-database`; `export-over-database` when `file` is the database or one
 *   of its files; Error from the file system.
 */
export async function exportPersonRecord(request: { dbFile: string; id: number; now: Date; file?: string; read?: DatabaseRead }): Promise<string> {
  const { dbFile, id, file } = request
  const read: DatabaseRead = request.read ?? ((use) => withDatabase(dbFile, use))
  const record = read((db) => {
    const outbox = changesNaming(db, id)
    const stored = readPersonRecord(db, id, outbox.length > 0)
    return stored && { ...stored, outbox }
  })
  if (record === null) throw new UserFacingError('no-such-member', `nothing is stored about person ${id}`)
  await recordPrivacy(dbFile, { action: 'export-person', personId: id, detail: { file: file ?? '-' } })
  const json = JSON.stringify({ exportedAt: request.now.toISOString(), ...record }, null, 2)
  if (file !== undefined) {
    createPrivateFile(file)
    writeFileSync(file, json)
  }
  return json
}
