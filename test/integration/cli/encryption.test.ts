import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { DATABASE_KEY_ENV } from '../../../src/main/secrets/databaseKey'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { runCli } from '../../support/cli'

/**
 * Issue 6 "Data at rest", through the real CLI against the sandbox: the database and its WAL hold
 * no synced name in the clear, no file of the data folder holds the client secret or the database
 * key, and a wrong or missing key is refused with the file left byte for byte as it was. The key
 * comes from KANSLIA_DATABASE_KEY (the suite's, see vitest.config.ts); keychain.test.ts covers the
 * OS keychain.
 */

const PLAIN_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

let sandbox: Sandbox
let home: string
let dbFile: string

const connectionFlags = () => ['--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId]
const env = (extra: NodeJS.ProcessEnv = {}) => ({ KANSLIA_HOME: home, KANSLIA_CLIENT_SECRET: sandbox.clientSecret, ...extra })

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/**
 * Every file of the data folder with its bytes, to show that a refused run changed none. The
 * `-shm` file is left out: it is SQLite's shared-memory WAL index, holding read marks and frame
 * numbers that any process opening the database updates, and no data.
 */
function snapshot(): Record<string, string> {
  const files = filesUnder(home).filter((file) => !file.endsWith('-shm'))
  return Object.fromEntries(files.map((file) => [file, readFileSync(file).toString('base64')]))
}

/** What `strings` would show of the file: every run of 4+ printable ASCII or UTF-8 letters. */
function strings(file: string): string[] {
  return readFileSync(file).toString('utf8').match(/[\p{L}\p{N}\p{P}\p{Zs}]{4,}/gu) ?? []
}

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 300, seed: 61 })
  home = mkdtempSync(join(tmpdir(), 'kanslia-enc-'))
  dbFile = join(home, 'kanslia.db')
  const first = await runCli(['sync', ...connectionFlags()], { env: env() })
  expect(first.stderr).not.toMatch(/kanslia:/)
  expect(first.code).toBe(0)
})

afterAll(async () => {
  await sandbox?.close()
})

describe('the synced database at rest (issue 6)', () => {
  it('neither the database nor its WAL begins with the SQLite header or holds a synced name', async () => {
    // Hold a reader open so the next sync's writer is not the last connection: its WAL stays on disk.
    const reader = openDatabaseReadonly(dbFile)
    try {
      const names = reader.prepare("SELECT DISTINCT last_name FROM person WHERE length(last_name) >= 5 ORDER BY last_name LIMIT 40").pluck().all() as string[]
      const emails = reader.prepare('SELECT email FROM person WHERE email IS NOT NULL LIMIT 10').pluck().all() as string[]
      expect(names.length).toBeGreaterThan(20)
      expect(emails.length).toBeGreaterThan(0)

      const full = await runCli(['sync', '--full', ...connectionFlags()], { env: env() })
      expect(full.code).toBe(0)
      expect(statSync(`${dbFile}-wal`).size).toBeGreaterThan(0)

      for (const file of [dbFile, `${dbFile}-wal`]) {
        const bytes = readFileSync(file)
        expect(bytes.subarray(0, 16).equals(PLAIN_HEADER)).toBe(false)
        const shown = strings(file).join('\n')
        for (const text of [...names, ...emails, 'user_licence', 'CREATE TABLE']) {
          expect(shown.includes(text), `${text} in ${file}`).toBe(false)
          expect(bytes.includes(Buffer.from(text, 'utf8')), `${text} in ${file}`).toBe(false)
        }
      }
    } finally {
      reader.close()
    }
  })

  it('no file under the data folder holds the client secret or the database key', () => {
    const key = process.env[DATABASE_KEY_ENV]!
    const files = filesUnder(home)
    expect(files).toContain(dbFile)
    for (const file of files) {
      const bytes = readFileSync(file)
      for (const needle of [Buffer.from(sandbox.clientSecret), Buffer.from(key), Buffer.from(key.toUpperCase()), Buffer.from(key, 'hex')]) {
        expect(bytes.includes(needle), `a secret in ${file}`).toBe(false)
      }
    }
  })

  it('refuses another key, reading and syncing, and leaves the files byte for byte as they were', async () => {
    const before = snapshot()
    const wrong = { [DATABASE_KEY_ENV]: 'ab'.repeat(32) }
    const status = await runCli(['status'], { env: env(wrong) })
    expect(status.code).toBe(1)
    expect(status.stderr).toContain(`kanslia: ${dbFile} cannot be decrypted with the key from KANSLIA_DATABASE_KEY`)
    const sync = await runCli(['sync', ...connectionFlags()], { env: env(wrong) })
    expect(sync.code).toBe(1)
    expect(sync.stderr).toMatch(/cannot be decrypted .* nothing was changed\. Sync into a new database instead \(`kanslia sync --db NEW-FILE`/)
    expect(snapshot()).toEqual(before)
  })

  it('without KANSLIA_DATABASE_KEY and with no keychain to hold the key, says so and changes nothing', async () => {
    const before = snapshot()
    // An empty variable counts as unset; no D-Bus session bus, so no Secret Service to ask.
    const none = { [DATABASE_KEY_ENV]: '', DBUS_SESSION_BUS_ADDRESS: '' }
    for (const args of [['status'], ['sync', ...connectionFlags()], ['members', '--search', 'a']]) {
      const result = await runCli(args, { env: env(none) })
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(/kanslia: the key of the encrypted database .*kanslia\.db is (kept in the OS keychain, which is not available|not in the OS keychain)/)
      expect(result.stderr).toMatch(/KANSLIA_DATABASE_KEY/)
    }
    expect(snapshot()).toEqual(before)
  })

  it('the demo runs on a machine with no keychain and no KANSLIA_DATABASE_KEY: its generated data has a public key of its own', async () => {
    const demoHome = mkdtempSync(join(tmpdir(), 'kanslia-demo-nokeychain-'))
    const none = { KANSLIA_HOME: demoHome, [DATABASE_KEY_ENV]: '', DBUS_SESSION_BUS_ADDRESS: '' }
    const demo = await runCli(['demo', '--athletes', '200'], { env: none })
    expect(demo.stderr).not.toMatch(/kanslia:/)
    expect(demo.code).toBe(0)
    const demoFile = join(demoHome, 'demo.db')
    // The demo's last connection writes, so SQLite removes the WAL and shared-memory files on close.
    expect(readdirSync(demoHome).filter((name) => name.startsWith('demo.db'))).toEqual(['demo.db'])
    expect(readFileSync(demoFile).subarray(0, PLAIN_HEADER.length).equals(PLAIN_HEADER)).toBe(false)
    const members = await runCli(['members', '--db', demoFile, '--search', 'a'], { env: none })
    expect(members.code).toBe(0)
    expect(members.stdout.trim().split('\n').length).toBeGreaterThan(1)
    // Any other database still needs a key of its own.
    const other = await runCli(['members', '--db', dbFile, '--search', 'a'], { env: none })
    expect(other.code).toBe(1)
  })

  it('a malformed KANSLIA_DATABASE_KEY is refused before a new database is created', async () => {
    const fresh = join(home, 'fresh.db')
    const result = await runCli(['sync', '--db', fresh, ...connectionFlags()], { env: env({ [DATABASE_KEY_ENV]: 'not-a-key' }) })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('kanslia: KANSLIA_DATABASE_KEY must be 64 hexadecimal digits')
    expect(existsSync(fresh)).toBe(false)
  })
})
