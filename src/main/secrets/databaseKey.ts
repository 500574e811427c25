import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { Entry } from '@napi-rs/keyring'
import { isDemoDatabase } from '../config/paths'
import { UserFacingError } from '../services/errors'

/**
 * The environment variable that supplies the database key where no OS keychain exists (headless
 * servers, the test suite): 64 hexadecimal digits. When set it wins over the keychain.
 */
export const DATABASE_KEY_ENV = 'KANSLIA_DATABASE_KEY'

/**
 * Keychain service of the database keys; the account is the database file's absolute path, so
 * each database (the connection's, the demo's, one given with `--db`) has its own key.
 */
export const DATABASE_KEY_SERVICE = 'Kanslia database key'

/** A database key: 32 random bytes as 64 lowercase hex digits, and where it came from. */
export interface DatabaseKey {
  hex: string
  source: 'keychain' | 'environment' | 'demo'
}

/**
 * The key of the demo database (`demoDatabaseFile`), public on purpose: it holds only the
 * generated people of the embedded Federation Sandbox, and `npm run demo` must work on a fresh
 * machine with no keychain. Every other database has its own random key.
 */
export const DEMO_DATABASE_KEY = '4b616e736c69612064656d6f206461746162617365207075626c6963206b6579'

/** The demo key when `file` is the demo database of the data folder `env` decides, else null. */
function demoKey(file: string, env: NodeJS.ProcessEnv): DatabaseKey | null {
  return isDemoDatabase(file, env) ? { hex: DEMO_DATABASE_KEY, source: 'demo' } : null
}

/**
 * A database key that cannot be had or does not fit (issue 6 "Data at rest"); `code` is one of
 * `database-key-missing`, `database-key-wrong`, `database-key-invalid`, `keychain-unavailable`.
 * The message names the file and what to do; it never contains the key.
 */
export class DatabaseKeyError extends UserFacingError {
  constructor(
    code: 'database-key-missing' | 'database-key-wrong' | 'database-key-invalid' | 'keychain-unavailable',
    message: string
  ) {
    super(code, message)
    this.name = 'DatabaseKeyError'
  }
}

/** What the user can do when an existing database cannot be opened: sync into a new one. */
const RESYNC_HINT =
  'Sync into a new database instead (`kanslia sync --db NEW-FILE`, or in the desktop app Settings → ' +
  '"Remove this connection and its local data", then connect again)'

function keychainEntry(file: string): Entry {
  // Secret Service only on Linux: the kernel keyring, the library's fallback, forgets keys at reboot.
  return new Entry(DATABASE_KEY_SERVICE, resolve(file), { linux: { store: 'secret-service' } })
}

function unavailable(file: string, error: unknown): DatabaseKeyError {
  const detail = String(error instanceof Error ? error.message : error).split('\n')[0]
  return new DatabaseKeyError(
    'keychain-unavailable',
    `the key of the encrypted database ${resolve(file)} is kept in the OS keychain, which is not available (${detail}). ` +
      'On Linux, Kanslia needs a Secret Service (GNOME Keyring or KWallet) that is running and unlocked; ' +
      `for headless runs set ${DATABASE_KEY_ENV} to 64 hex digits (e.g. from \`openssl rand -hex 32\`) and keep that key safe yourself`
  )
}

function fromEnvironment(env: NodeJS.ProcessEnv): DatabaseKey | null {
  const value = env[DATABASE_KEY_ENV]
  if (!value) return null
  if (!/^[0-9a-fA-F]{64}$/.test(value)) {
    throw new DatabaseKeyError('database-key-invalid', `${DATABASE_KEY_ENV} must be 64 hexadecimal digits (a 256-bit key, e.g. from \`openssl rand -hex 32\`)`)
  }
  return { hex: value.toLowerCase(), source: 'environment' }
}

/**
 * The key of an existing encrypted database: the public demo key for the demo database
 * (`DEMO_DATABASE_KEY`), else `KANSLIA_DATABASE_KEY` when set, else the OS keychain
 * entry of the file's absolute path. Never creates a key: a database whose key is gone stays as it is.
 * @throws DatabaseKeyError `database-key-missing` when the keychain holds no key for the file,
 *   `keychain-unavailable` when there is no keychain and no variable, `database-key-invalid` for a
 *   malformed variable.
 */
export function existingDatabaseKey(file: string, env: NodeJS.ProcessEnv = process.env): DatabaseKey {
  const demo = demoKey(file, env)
  if (demo) return demo
  const given = fromEnvironment(env)
  if (given) return given
  let hex: string | null
  try {
    hex = keychainEntry(file).getPassword()
  } catch (error) {
    throw unavailable(file, error)
  }
  if (hex === null) {
    throw new DatabaseKeyError(
      'database-key-missing',
      `the key of the encrypted database ${resolve(file)} is not in the OS keychain (and ${DATABASE_KEY_ENV} is not set), ` +
        `so it cannot be read; nothing was changed. ${RESYNC_HINT}`
    )
  }
  return { hex, source: 'keychain' }
}

/**
 * The key for a database about to be created or encrypted: the public demo key for the demo
 * database, else `KANSLIA_DATABASE_KEY` when set, else
 * the keychain entry of the file's absolute path, created from 32 random bytes when there is none.
 * An entry left by a deleted file is reused rather than replaced, so two processes creating the
 * same database at once agree on its key.
 * @throws DatabaseKeyError `keychain-unavailable` when there is no keychain and no variable (the
 *   key is never written to a file instead), `database-key-invalid` for a malformed variable.
 */
export function newDatabaseKey(file: string, env: NodeJS.ProcessEnv = process.env): DatabaseKey {
  const demo = demoKey(file, env)
  if (demo) return demo
  const given = fromEnvironment(env)
  if (given) return given
  try {
    const entry = keychainEntry(file)
    const stored = entry.getPassword()
    if (stored !== null) return { hex: stored, source: 'keychain' }
    const hex = randomBytes(32).toString('hex')
    entry.setPassword(hex)
    return { hex, source: 'keychain' }
  } catch (error) {
    throw unavailable(file, error)
  }
}

/**
 * Removes the keychain entry of the database `file` (issue 6 "Wipe"); `true` when one existed.
 * @throws DatabaseKeyError `keychain-unavailable` when no usable keychain exists.
 */
export function deleteDatabaseKey(file: string): boolean {
  try {
    return keychainEntry(file).deletePassword()
  } catch (error) {
    throw unavailable(file, error)
  }
}

/**
 * Thrown when a database cannot be decrypted with the key found: another key, a damaged file, or
 * not a Kanslia database at all (SQLite cannot tell these apart).
 */
export function wrongKeyError(file: string, key: DatabaseKey): DatabaseKeyError {
  const from = { environment: DATABASE_KEY_ENV, keychain: 'the OS keychain', demo: 'the demo' }[key.source]
  return new DatabaseKeyError(
    'database-key-wrong',
    `${resolve(file)} cannot be decrypted with the key from ${from}: it was encrypted with another key, is damaged, ` +
      `or is not a Kanslia database; nothing was changed. ${RESYNC_HINT}`
  )
}
