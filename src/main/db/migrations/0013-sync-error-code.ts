import type { WritableDB } from '../open'

export const version = 13
export const name = 'sync-error-code'

/**
 * `sync_cursor.last_error_code`: the `ErrorCode` (src/shared/errorCodes.ts) of the last run's
 * error of a resource beside its words (`last_error`, English, as the CLI prints them), so the
 * app heads the error with the code's words in its language ("Rekisterissä on häiriö: …").
 * Errors recorded before this migration have none and are shown in their words only.
 */
export function up(db: WritableDB): void {
  db.exec('ALTER TABLE sync_cursor ADD COLUMN last_error_code TEXT')
}
