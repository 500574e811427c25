import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import { demoDatabaseFile } from '../../../src/main/config/paths'
import { LATEST_VERSION, migrate } from '../../../src/main/db/migrate'
import { encryptionOf, openDatabase, openDatabaseReadonly, SchemaTooOldError, type WritableDB } from '../../../src/main/db/open'
import { DATABASE_KEY_ENV } from '../../../src/main/secrets/databaseKey'
import { UserFacingError } from '../../../src/main/services/errors'
import { createTestSession } from '../../support/desktop'
import { memberSummaryDate } from '../../../src/main/db/memberSummary'
import { localDate } from '../../../src/shared/localDate'
import { undoRecentMigrations, writeSqlCipherDatabase } from '../../support/earlierSchema'

/** Issue 6 "Data at rest" in the desktop app: the session, its worker-thread sync and the database key. */
describe('the desktop app and the encrypted database', () => {
  let dispose: (() => Promise<void>) | null = null
  afterEach(async () => {
    await dispose?.()
    dispose = null
  })

  it("encrypts an earlier version's unencrypted demo database when it starts, and shows its data", () => {
    const home = mkdtempSync(join(tmpdir(), 'kanslia-desktop-enc-'))
    const file = demoDatabaseFile({ KANSLIA_HOME: home })
    const plain = new Database(file) as WritableDB
    migrate(plain)
    plain.prepare("INSERT INTO outbox_item (kind, payload, state, created_at, updated_at, attempts) VALUES ('merit-grant', '{}', 'queued', 'x', 'x', 0)").run()
    plain.close()
    expect(readFileSync(file).subarray(0, 15).toString('latin1')).toBe('SQLite format 3')

    const test = createTestSession({ home })
    dispose = test.dispose
    expect(test.session.state()).toMatchObject({ mode: 'demo', outboxWaiting: 1 })
    expect(readFileSync(file).subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3')
  })

  it("converts an earlier version's SQLCipher database to AEGIS when it starts, and shows its data", () => {
    const home = mkdtempSync(join(tmpdir(), 'kanslia-desktop-enc-'))
    const file = demoDatabaseFile({ KANSLIA_HOME: home })
    const legacy = writeSqlCipherDatabase(file)
    legacy.prepare("INSERT INTO outbox_item (kind, payload, state, created_at, updated_at, attempts) VALUES ('merit-grant', '{}', 'queued', 'x', 'x', 0)").run()
    legacy.close()
    const before = openDatabaseReadonly(file)
    expect(encryptionOf(before)?.cipher).toBe('sqlcipher')
    before.close()

    const test = createTestSession({ home })
    dispose = test.dispose
    expect(test.session.state()).toMatchObject({ mode: 'demo', outboxWaiting: 1 })
    const after = openDatabaseReadonly(file)
    expect(encryptionOf(after)?.cipher).toBe('aegis')
    after.close()
  })

  it("upgrades an earlier version's schema when it starts, without a sync, and shows its data", () => {
    const home = mkdtempSync(join(tmpdir(), 'kanslia-desktop-enc-'))
    const file = demoDatabaseFile({ KANSLIA_HOME: home })
    const earlier = openDatabase(file)
    earlier.prepare("INSERT INTO outbox_item (kind, payload, state, created_at, updated_at, attempts) VALUES ('merit-grant', '{}', 'queued', 'x', 'x', 0)").run()
    undoRecentMigrations(earlier)
    earlier.close()
    expect(() => openDatabaseReadonly(file)).toThrow(SchemaTooOldError)

    const test = createTestSession({ home })
    dispose = test.dispose
    expect(test.session.state()).toMatchObject({ mode: 'demo', outboxWaiting: 1 })
    const upgraded = openDatabaseReadonly(file)
    expect(upgraded.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(upgraded.prepare("SELECT count(*) FROM pragma_table_info('member_summary') WHERE name = 'verdict'").pluck().get()).toBe(1)
    // The day's licence verdicts were evaluated with the upgrade, not on the first list shown.
    expect(memberSummaryDate(upgraded)).toBe(localDate())
    upgraded.close()
  })

  it("passes the worker's key error on with its code, and leaves the database as it was", async () => {
    const home = mkdtempSync(join(tmpdir(), 'kanslia-desktop-enc-'))
    const file = demoDatabaseFile({ KANSLIA_HOME: home })
    openDatabase(file, { env: { [DATABASE_KEY_ENV]: randomBytes(32).toString('hex') } }).close()
    const before = readFileSync(file)

    const test = createTestSession({ home, demoAthletes: 20 })
    dispose = test.dispose
    const failure = await test.session.sync().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(UserFacingError)
    expect(failure).toMatchObject({ code: 'database-key-wrong', message: expect.stringContaining(`${file} cannot be decrypted`) })
    expect(readFileSync(file).equals(before)).toBe(true)
  })
})
