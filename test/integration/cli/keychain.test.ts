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
 * daemon that stored the secret answers the read and the removal. `.ci/run` installs both.
 */
const KEYRING_SESSION = [
  'set -e',
  'export HOME="$KEYRING_HOME"',
  'eval "$(printf kanslia-test | gnome-keyring-daemon --unlock --components=secrets)"',
  'export HOME="$REAL_HOME"',
  '"$NODE" "$KANSLIA" connect --base-url "$BASE" --auth-url "$AUTH" --client-id "$CLIENT"',
  '"$NODE" "$KANSLIA" sync',
  // The secret is in no file of the data folder (the database, the profile, …), which is not empty.
  'test -n "$(ls -A "$KANSLIA_HOME")"',
  'if grep -rqF -- "$SECRET" "$KANSLIA_HOME"; then echo "the secret is in a file"; exit 1; fi',
  // Wipe: the keychain entry goes with the files, so a sync after it has no secret to find.
  '"$NODE" "$KANSLIA" disconnect --yes',
  'if "$NODE" "$KANSLIA" sync --base-url "$BASE" --auth-url "$AUTH" --client-id "$CLIENT"; then echo "sync after disconnect worked"; exit 1; fi'
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
  it('connect stores the secret from stdin; sync then reads it from the keychain; no file holds it; disconnect removes it and the files', async () => {
    const home = mkdtempSync(join(tmpdir(), 'kanslia-keychain-'))
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
        SECRET: sandbox.clientSecret
      }
    })
    expect(both.code).toBe(0)
    expect(both.stdout).toMatch(/connected as/)
    expect(both.stdout).toMatch(/sync done/)
    expect(both.stdout).toMatch(/removed \d+ file\(s\); keychain entry: removed/)
    expect(both.stderr).toMatch(/kanslia: no client secret for client id/)
    expect(both.stdout).not.toMatch(/the secret is in a file/)
    expect(filesUnder(home)).toEqual([])
  })
})
