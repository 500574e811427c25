import { createPrivateFile } from '../config/fileModes'
import { writeFileSync } from 'node:fs'
import { stringify } from 'csv-stringify/sync'
import { readPrivacyLog } from '../db/privacyLog'
import { readOutboxAudit } from './outbox'
import { withDatabase } from './database'
import { csvOptionsFor } from './csv'

/**
 * The local logs as `kanslia audit` exports them: the outbox's audit log (issue 5: who queued
 * what, when it was sent, what the registry answered) and the privacy log (issue 6: identity
 * numbers revealed, members and lists exported).
 */
export type LogName = 'outbox' | 'privacy'

/**
 * A log as text: JSON (an array of entries; `detail` stays JSON text) or CSV (UTF-8, a header row
 * of the entries' field names; for a `target` file, a byte order mark first: `csvOptionsFor`).
 * With `itemId`, only the outbox item's entries; with `personId`, only the member's privacy entries.
 * @throws UserFacingError `no-database`.
 */
export function formatLog(request: { dbFile: string; log: LogName; format: 'json' | 'csv'; itemId?: number; personId?: number }, target: 'file' | 'stdout' = 'stdout'): string {
  const entries: object[] =
    request.log === 'outbox' ? readOutboxAudit(request.dbFile, request.itemId) : withDatabase(request.dbFile, (db) => readPrivacyLog(db, request.personId))
  if (request.format === 'json') return JSON.stringify(entries) + '\n'
  const columns = request.log === 'outbox' ? ['id', 'at', 'itemId', 'kind', 'event', 'actor', 'detail'] : ['id', 'at', 'actor', 'action', 'personId', 'detail']
  return stringify(entries, { ...csvOptionsFor(target), header: true, columns })
}

/** Writes `formatLog`'s text to `file`. @throws as `formatLog`; Error from the file system. */
export function exportLog(request: Parameters<typeof formatLog>[0] & { file: string }): void {
  const text = formatLog(request, 'file')
  createPrivateFile(request.file)
  writeFileSync(request.file, text)
}
