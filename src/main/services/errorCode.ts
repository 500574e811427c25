import type { ErrorCode } from '../../shared/errorCodes'
import { ApiError } from '../api/errors'
import { ConnectionConfigError } from '../config/connection'
import { SchemaTooNewError, SchemaTooOldError, UnencryptedDatabaseError } from '../db/open'
import { storageFailure } from '../db/storageFailure'
import { KeychainUnavailableError } from '../secrets/keychain'
import { UserFacingError } from './errors'

/**
 * The `ErrorCode` of any thrown error, the one mapping the IPC layer and the sync's per-resource
 * results use: a `UserFacingError` (and its kinds) keeps its code, an `ApiError` is `api-<kind>`,
 * a disk that fails the database's writes is `storage-<kind>` (`storageFailure`), the errors of
 * configuration, keychain and schema have their own codes, anything else is `internal`.
 */
export function errorCodeOf(error: unknown): ErrorCode {
  if (error instanceof UserFacingError) return error.code
  if (error instanceof ApiError) return `api-${error.kind}`
  if (error instanceof ConnectionConfigError) return 'invalid-connection'
  if (error instanceof KeychainUnavailableError) return 'keychain-unavailable'
  if (error instanceof SchemaTooNewError) return 'schema-too-new'
  if (error instanceof SchemaTooOldError) return 'schema-too-old'
  if (error instanceof UnencryptedDatabaseError) return 'database-not-encrypted'
  return storageFailure(error)?.code ?? 'internal'
}
