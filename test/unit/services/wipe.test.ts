import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { saveConnectionProfile } from '../../../src/main/config/connection'
import { connectionProfileFile, defaultDatabaseFile, demoDatabaseFile } from '../../../src/main/config/paths'
import { openDatabase } from '../../../src/main/db/open'
import { removeConnectionData } from '../../../src/main/services/wipe'

/** A data folder with both databases (their WAL and shared-memory files open), a profile and an unrelated file. */
function dataFolder(withProfile: boolean): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'kanslia-wipe-'))
  const env = { KANSLIA_HOME: home }
  mkdirSync(home, { recursive: true })
  for (const file of [defaultDatabaseFile(env), demoDatabaseFile(env)]) {
    const db = openDatabase(file)
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)')
    db.close()
    writeFileSync(`${file}-wal`, 'wal')
    writeFileSync(`${file}-shm`, 'shm')
  }
  if (withProfile) saveConnectionProfile(connectionProfileFile(env), { baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'kanslia-wipe-test' })
  writeFileSync(join(home, 'notes.txt'), 'not ours')
  return env
}

describe('removeConnectionData (issue 6 wipe)', () => {
  it('deletes both databases with their WAL and shared-memory files and the profile, and nothing else', () => {
    const env = dataFolder(true)
    const result = removeConnectionData(env)
    expect(readdirSync(env.KANSLIA_HOME!)).toEqual(['notes.txt'])
    expect(result.files).toHaveLength(7)
    expect(result.files.at(-1)).toBe(connectionProfileFile(env))
    // With no Secret Service in the test process the entries cannot be reached (the databases' key
    // comes from KANSLIA_DATABASE_KEY); the files go all the same. The keychain test covers removal.
    expect(['none', 'unavailable']).toContain(result.keychain)
    expect(['none', 'unavailable']).toContain(result.databaseKeys)
  })

  it('looks for no client secret without a profile and no key for the demo database, and a second call finds nothing left', () => {
    const env = dataFolder(false)
    rmSync(defaultDatabaseFile(env))
    // The demo's key is public: nothing of it is in the keychain, so the keychain is not even asked.
    expect(removeConnectionData(env)).toMatchObject({ keychain: 'none', databaseKeys: 'none' })
    expect(existsSync(demoDatabaseFile(env))).toBe(false)
    expect(removeConnectionData(env)).toMatchObject({ files: [], keychain: 'none' })
  })
})
