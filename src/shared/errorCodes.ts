/**
 * What went wrong with an API call, as a `kind` code paths can branch on:
 * - `unauthorized`: the token endpoint rejected the credentials, or the API answered 401 twice;
 * - `forbidden`: 403, the credentials may not read this (spec v2 §5 "Permissions", §7);
 * - `bad-request`: 400 or another 4xx (e.g. an invalid federation id, spec v2 §7);
 * - `not-found`: 404;
 * - `server`: 5xx or 429 still failing after all attempts;
 * - `network`: connection refused/reset, timeout, truncated body after all attempts;
 * - `invalid-response`: a body that is not the JSON the spec promises (e.g. an HTML error page).
 */
export type ApiErrorKind = 'unauthorized' | 'forbidden' | 'bad-request' | 'not-found' | 'server' | 'network' | 'invalid-response'

/**
 * How the disk under the database failed its writes (issue 6), as SQLite's result codes tell:
 * - `full`: SQLITE_FULL, no space left;
 * - `read-only`: SQLITE_READONLY*, the data folder or file cannot be written;
 * - `io-error`: SQLITE_IOERR*, the disk failed a read or write;
 * - `cannot-open`: SQLITE_CANTOPEN, the database file cannot be opened.
 * - `busy`: SQLITE_BUSY…, another process (a CLI sync, the desktop app) kept writing to the file
 *   longer than the wait allows, or wrote between this one's read and its write;
 * - `corrupt`: SQLITE_CORRUPT…, a page of the file is damaged (a disk fault, a copy cut short).
 */
export type StorageFailureKind = 'full' | 'read-only' | 'io-error' | 'cannot-open' | 'busy' | 'corrupt'

/**
 * Every `code` an error of the main process carries: in `IpcError` to the renderer, which heads the
 * message with the code's words in the app's language (i18n `errors.<code>`, one for each code, so
 * a new code does not compile without them), and in the CLI's refusals.
 */
export type ErrorCode =
  | 'internal'
  | 'forbidden'
  | 'unknown-method'
  | 'invalid-input'
  | 'invalid-change'
  | 'invalid-connection'
  | `api-${ApiErrorKind}`
  | 'keychain-unavailable'
  | 'schema-too-new'
  | 'schema-too-old'
  | `storage-${StorageFailureKind}`
  | 'database-not-encrypted'
  | 'database-key-missing'
  | 'database-key-wrong'
  | 'database-key-invalid'
  | 'no-database'
  | 'not-connected'
  | 'no-such-member'
  | 'no-such-merit-group'
  | 'no-identity-number'
  | 'no-such-item'
  | 'wrong-kind'
  | 'not-editable'
  | 'not-retryable'
  | 'not-discardable'
  | 'no-payment'
  | 'invalid-order-ids'
  | 'push-running'
  | 'push-failed'
  | 'sync-failed'
  | 'sync-stopped'
  | 'verdicts-pending'
  | 'bad-input'
  | 'bad-file'
  | 'unknown-resource'
  | 'unknown-format'
  | 'export-over-database'
  | 'unsafe-address'
  | 'no-secret'

/** An error as its code and its one-line English words (`message`), as the CLI prints them: what crosses IPC (`IpcError`) and what a sync records for a resource that failed. */
export interface CodedError {
  code: ErrorCode
  message: string
}
