import Database from 'better-sqlite3-multiple-ciphers'
import { LATEST_VERSION, migrate } from '../../src/main/db/migrate'
import { DATABASE_KEY_ENV } from '../../src/main/secrets/databaseKey'
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

/** A Kanslia database at the latest schema as an earlier Kanslia encrypted it (SQLCipher, the test key, WAL), open. */
export function writeSqlCipherDatabase(file: string): WritableDB {
  const db = new Database(file) as WritableDB
  db.pragma("cipher = 'sqlcipher'")
  db.pragma(`key = "x'${process.env[DATABASE_KEY_ENV]}'"`)
  db.pragma('journal_mode = WAL')
  migrate(db)
  return db
}
