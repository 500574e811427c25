import { searchMembers, type MemberRow } from '../db/members'
import { withDatabase } from './database'

/**
 * Members (people from user licences and insurances) matching `text` by name, Sport-ID or e-mail;
 * every member when `text` is empty. Any text is accepted: it is never SQL or FTS syntax.
 * @throws UserFacingError when the database does not exist.
 */
export function findMembers(dbFile: string, text: string, limit = 100): MemberRow[] {
  return withDatabase(dbFile, (db) => searchMembers(db, text, { limit }))
}
