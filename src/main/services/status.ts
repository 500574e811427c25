import { readStatus, type CursorStatus } from '../db/status'
import { withDatabase } from './database'

/**
 * Per (resource, scope): rows stored, cursor (newest modification time seen), last run's result.
 * @throws UserFacingError when the database does not exist; SchemaTooNewError when it is too new.
 */
export function getStatus(dbFile: string): CursorStatus[] {
  return withDatabase(dbFile, readStatus)
}
