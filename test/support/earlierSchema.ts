import { LATEST_VERSION } from '../../src/main/db/migrate'
import type { WritableDB } from '../../src/main/db/open'

/**
 * Leaves `db` (at the latest schema) as the Kanslia before the last migration left it, so a test
 * can open an earlier Kanslia's database: undoes 0015-auto-sync and sets the version one back. A
 * new migration must change this to undo itself instead.
 */
export function undoLastMigration(db: WritableDB): void {
  if (LATEST_VERSION !== 15) throw new Error(`undoLastMigration undoes migration 15, but the latest is ${LATEST_VERSION}: update it`)
  db.exec('DROP TABLE auto_sync')
  db.pragma(`user_version = ${LATEST_VERSION - 1}`)
}
