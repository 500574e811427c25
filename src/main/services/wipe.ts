import { existsSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { readConnectionProfile } from '../config/connection'
import { connectionProfileFile, defaultDatabaseFile, demoDatabaseFile } from '../config/paths'
import { DatabaseKeyError, deleteDatabaseKey } from '../secrets/databaseKey'
import { deleteClientSecret, KeychainUnavailableError } from '../secrets/keychain'
import { removeOldPaymentForms, removeWrittenPaymentForms } from './paymentForm'

/** What `removeConnectionData` removed. */
export interface WipeResult {
  /** Files deleted: the databases with their SQLite side files, and the connection profile. */
  files: string[]
  /**
   * The client secret's keychain entry: `removed`, `none` (no profile, or no entry for its client
   * id), or `unavailable` (no usable keychain, so an entry there could not be reached; the files are
   * deleted all the same).
   */
  keychain: 'removed' | 'none' | 'unavailable'
  /**
   * The databases' keys in the keychain (one per database file): `removed` (at least one),
   * `none`, or `unavailable` (no usable keychain: the keys came from KANSLIA_DATABASE_KEY, or are
   * left in a keychain that could not be reached).
   */
  databaseKeys: 'removed' | 'none' | 'unavailable'
}

/** The files beside a database: SQLite's WAL, shared memory and rollback journal, and Kanslia's creation lock (db/creationLock.ts). */
const SIDE_FILES = ['', '-wal', '-shm', '-journal', '-lock']

/** The database file `db` and the files beside it (SIDE_FILES), whether they exist or not. */
export function databaseFiles(db: string): string[] {
  return SIDE_FILES.map((suffix) => db + suffix)
}

/**
 * Removes the saved connection and every local copy of its data (issue 6 "Wipe"): the client
 * secret in the OS keychain, the database and the demo database with their WAL, shared-memory and
 * journal files (and a creation lock a crash left), the databases' keys in the keychain, the
 * connection profile, and payment start pages still in the temporary folder (this thread's, and
 * older ones a crash left). Queued changes in the outbox go with the database. The data folder
 * itself stays. Close every connection to the databases first.
 * @param env decides the data folder (see config/paths).
 * @throws Error from the file system when a file cannot be deleted (e.g. a read-only folder); what
 *   was deleted before stays deleted, and calling again finishes the job.
 */
export function removeConnectionData(env: NodeJS.ProcessEnv = process.env): WipeResult {
  const profileFile = connectionProfileFile(env)
  const profile = readConnectionProfile(profileFile)
  let keychain: WipeResult['keychain'] = 'none'
  if (profile !== null) {
    try {
      keychain = deleteClientSecret(profile.clientId) ? 'removed' : 'none'
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error
      keychain = 'unavailable'
    }
  }
  removeWrittenPaymentForms()
  removeOldPaymentForms(tmpdir())
  const databases = [defaultDatabaseFile(env), demoDatabaseFile(env)]
  // The demo's key is public, never in the keychain; a key without its file was left for nothing and is reused if the file comes back.
  const keyed = existsSync(defaultDatabaseFile(env)) ? [defaultDatabaseFile(env)] : []
  const files = databases.flatMap(databaseFiles).filter((file) => existsSync(file))
  for (const file of files) rmSync(file, { force: true })
  // Keys go after their files: a database that could not be deleted stays readable.
  const databaseKeys = removeDatabaseKeys(keyed)
  // The profile goes last: while it exists, a second call can still find the keychain entry.
  if (existsSync(profileFile)) {
    rmSync(profileFile, { force: true })
    files.push(profileFile)
  }
  return { files, keychain, databaseKeys }
}

function removeDatabaseKeys(databases: string[]): WipeResult['databaseKeys'] {
  try {
    return databases.map((db) => deleteDatabaseKey(db)).some(Boolean) ? 'removed' : 'none'
  } catch (error) {
    if (!(error instanceof DatabaseKeyError)) throw error
    return 'unavailable'
  }
}
