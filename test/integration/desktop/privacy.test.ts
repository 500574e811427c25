import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveConnectionProfile } from '../../../src/main/config/connection'
import { connectionProfileFile, defaultDatabaseFile } from '../../../src/main/config/paths'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { readPrivacyLog } from '../../../src/main/db/privacyLog'
import { syncDatabase } from '../../../src/main/services/sync'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { createTestSession } from '../../support/desktop'

/**
 * Issue 6 "Personal data": with credentials of the SSN personal-data level, member detail hides
 * identity numbers until revealed on purpose, and each reveal and each export is in the privacy log.
 */
describe('identity numbers and the privacy log', () => {
  let sandbox: Sandbox
  const test = createTestSession({})
  beforeAll(async () => {
    sandbox = await startSandbox({ athletes: 200, seed: 3, personalDataLevel: 'PERMISSION_USER_SSN' })
    const env = { KANSLIA_HOME: test.home }
    const credentials = sandbox.credentials()
    saveConnectionProfile(connectionProfileFile(env), { baseUrl: credentials.baseUrl, authUrl: credentials.authUrl, clientId: credentials.clientId })
    expect((await syncDatabase({ dbFile: defaultDatabaseFile(env), connection: credentials })).ok).toBe(true)
  })
  afterAll(async () => {
    await test.dispose()
    await sandbox.close()
  })

  it('hides the identity number in member detail; a reveal shows it and is logged with who and whose', async () => {
    const db = openDatabaseReadonly(test.session.dbFile)
    const [id, ssn] = db.prepare("SELECT id, raw ->> '$.socialSecurityNumber' FROM person WHERE raw ->> '$.socialSecurityNumber' IS NOT NULL ORDER BY id LIMIT 1").raw().get() as [number, string]
    db.close()
    const detail = test.session.memberDetail(id)!
    expect(detail.identityNumberHidden).toBe(true)
    expect(JSON.stringify(detail)).not.toContain(ssn)
    expect(await test.session.revealIdentityNumber(id)).toEqual({ socialSecurityNumber: ssn })
    const log = openDatabaseReadonly(test.session.dbFile)
    expect(readPrivacyLog(log, id)).toEqual([expect.objectContaining({ action: 'reveal-identity-number', personId: id, actor: expect.any(String) })])
    log.close()
  })

  it('exports everything stored about one member as JSON, identity number included, and logs it', async () => {
    const db = openDatabaseReadonly(test.session.dbFile)
    const id = db.prepare('SELECT user_id FROM granted_merit ORDER BY user_id LIMIT 1').pluck().get() as number
    db.close()
    const file = `${test.home}/member.json`
    await test.session.exportMember(id, file)
    const record = JSON.parse(readFileSync(file, 'utf8'))
    expect(record.person).toMatchObject({ id, socialSecurityNumber: expect.any(String) })
    expect(record.user_licence.length).toBeGreaterThan(0)
    expect(record.granted_merit.length).toBeGreaterThan(0)
    expect(record.granted_merit.every((g: { id: number }) => g.id === id)).toBe(true)
    const log = openDatabaseReadonly(test.session.dbFile)
    expect(readPrivacyLog(log, id).map((e) => e.action)).toContain('export-person')
    log.close()
  })

  it('logs a list export with its rows, columns and file', async () => {
    const file = `${test.home}/ending.csv`
    const rows = await test.session.exportRenewalList({ kind: 'licence-ending', days: 366, format: 'csv', columns: [{ key: 'lastName', label: 'Last name' }] }, file)
    expect(rows).toBeGreaterThan(0)
    const log = openDatabaseReadonly(test.session.dbFile)
    const entry = readPrivacyLog(log).find((e) => e.action === 'export-list')!
    log.close()
    expect(JSON.parse(entry.detail!)).toEqual({ list: 'licence-ending', days: 366, format: 'csv', rows, columns: ['lastName'], file })
  })
})
