import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { ROOT, runCli } from '../../support/cli'

/**
 * Runs `connect` (secret on stdin), `sync`, then `disconnect --yes` and a `sync` that must fail,
 * inside one D-Bus session with gnome-keyring started in a temporary HOME (DESIGN §6), so the
 * daemon that stored the secret and the database key answers the reads and the removals. The
 * database key comes from the keychain here, not from the suite's KANSLIA_DATABASE_KEY (issue 6).
 * `.ci/run` installs both.
 */
const KEYRING_SESSION = [
  'set -e',
  'unset KANSLIA_DATABASE_KEY',
  'export HOME="$KEYRING_HOME"',
  'eval "$(printf kanslia-test | gnome-keyring-daemon --unlock --components=secrets)"',
  'export HOME="$REAL_HOME"',
  '"$NODE" "$KANSLIA" connect --base-url "$BASE" --auth-url "$AUTH" --client-id "$CLIENT"',
  '"$NODE" "$KANSLIA" sync',
  // The secret is in no file of the data folder (the database, the profile, …), which is not empty.
  'test -n "$(ls -A "$KANSLIA_HOME")"',
  'if grep -rqF -- "$SECRET" "$KANSLIA_HOME"; then echo "the secret is in a file"; exit 1; fi',
  // The database's key is in the keychain under the file's path, and in no file either.
  'DBKEY="$("$NODE" -e "$READ_DB_KEY" "$KANSLIA_HOME/kanslia.db")"',
  'echo "$DBKEY" | grep -qE "^[0-9a-f]{64}$"',
  'if grep -rqiF -- "$DBKEY" "$KANSLIA_HOME"; then echo "the database key is in a file"; exit 1; fi',
  // A copy elsewhere has no key in the keychain: refused, reading and writing, and left byte for byte.
  'cp "$KANSLIA_HOME/kanslia.db" "$COPY"',
  'cp "$COPY" "$COPY.orig"',
  'if "$NODE" "$KANSLIA" status --db "$COPY"; then echo "status without a key worked"; exit 1; fi',
  'if "$NODE" "$KANSLIA" sync --db "$COPY"; then echo "sync without a key worked"; exit 1; fi',
  'cmp "$COPY" "$COPY.orig"',
  'echo "copy unchanged"',
  'test ! -e "$COPY-wal"',
  // Wipe: the keychain entries go with the files, so a sync after it has no secret to find.
  '"$NODE" "$KANSLIA" disconnect --yes',
  'echo "key after disconnect: $("$NODE" -e "$READ_DB_KEY" "$KANSLIA_HOME/kanslia.db")"',
  'if "$NODE" "$KANSLIA" sync --base-url "$BASE" --auth-url "$AUTH" --client-id "$CLIENT"; then echo "sync after disconnect worked"; exit 1; fi'
].join('\n')

/** Prints the database key stored for the file in argv[1] (as `kanslia` stores it), or `null`. */
const READ_DB_KEY = [
  "const { Entry } = require('@napi-rs/keyring')",
  "const { resolve } = require('node:path')",
  "const entry = new Entry('Kanslia database key', resolve(process.argv[1]), { linux: { store: 'secret-service' } })",
  'console.log(String(entry.getPassword()))'
].join('\n')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

let sandbox: Sandbox

beforeAll(async () => {
  for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`])
    } catch {
      throw new Error(`${tool} is missing: apt-get install -y gnome-keyring dbus (.ci/run does this)`)
    }
  }
  sandbox = await startSandbox({ athletes: 50, seed: 5 })
})

afterAll(async () => {
  await sandbox?.close()
})

describe('client secret in the OS keychain (Secret Service)', () => {
  it('connect stores the secret from stdin; sync then reads it and keeps a new database key there; no file holds either; a copy without its key is refused untouched; disconnect removes both and the files', async () => {
    const home = mkdtempSync(join(tmpdir(), 'kanslia-keychain-'))
    const elsewhere = mkdtempSync(join(tmpdir(), 'kanslia-keychain-copy-'))
    const both = await runCli([], {
      command: ['dbus-run-session', '--', 'sh', '-c', KEYRING_SESSION],
      input: `${sandbox.clientSecret}\n`,
      env: {
        KANSLIA_HOME: home,
        KEYRING_HOME: mkdtempSync(join(tmpdir(), 'kanslia-keyring-')),
        REAL_HOME: process.env.HOME ?? home,
        NODE: process.execPath,
        KANSLIA: join(ROOT, 'bin', 'kanslia.mjs'),
        BASE: sandbox.baseUrl,
        AUTH: sandbox.authUrl,
        CLIENT: sandbox.clientId,
        SECRET: sandbox.clientSecret,
        COPY: join(elsewhere, 'copy.db'),
        READ_DB_KEY
      }
    })
    expect(both.code).toBe(0)
    expect(both.stdout).toMatch(/connected as/)
    expect(both.stdout).toMatch(/sync done/)
    expect(both.stdout).toMatch(/removed \d+ file\(s\); keychain entry: removed; database keys: removed/)
    expect(both.stdout).toMatch(/copy unchanged/)
    expect(both.stdout).toMatch(/key after disconnect: null/)
    expect(both.stderr).toContain(`kanslia: the key of the encrypted database ${join(elsewhere, 'copy.db')} is not in the OS keychain`)
    expect(both.stderr).toMatch(/nothing was changed\. Sync into a new database instead \(`kanslia sync --db NEW-FILE`/)
    expect(both.stderr).toMatch(/kanslia: no client secret for client id/)
    expect(both.stdout).not.toMatch(/the secret is in a file|the database key is in a file|without a key worked/)
    expect(filesUnder(home)).toEqual([])
  })
})
