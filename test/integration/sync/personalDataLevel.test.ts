import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/api/client'
import { exportRaw } from '../../../src/main/db/export'
import { readIdentityNumber } from '../../../src/main/db/memberDetail'
import { runSync } from '../../../src/main/sync/engine'
import { closeAfterTest } from '../../support/afterTest'
import { startSyncFixture } from './fixture'

/**
 * Credentials whose personal-data level is lowered (spec v2 §5): the registry then returns fewer
 * fields of the same profiles at the same modification time. A full sync leaves nothing of what
 * the credentials no longer return: no identity number, no e-mail, no birth date.
 */
describe('a lower personal-data level', () => {
  it('a full sync with it removes the identity numbers, contacts and birth dates stored before', async () => {
    const fed = 100
    const { sandbox, db, client } = await startSyncFixture({
      sandbox: { athletes: 200, seed: 12, personalDataLevel: 'PERMISSION_USER_SSN', clients: [{ clientId: 'basic', readableOrganizationIds: [fed], personalDataLevel: 'PERMISSION_USER_BASIC' }] }
    })
    expect(sandbox.federationId).toBe(fed)
    const count = (path: string) => db.prepare(`SELECT count(*) FROM person WHERE raw ->> '${path}' IS NOT NULL`).pluck().get() as number
    expect((await runSync(db, client, { full: true })).ok).toBe(true)
    const withNumber = db.prepare("SELECT id FROM person WHERE raw ->> '$.socialSecurityNumber' IS NOT NULL ORDER BY id LIMIT 1").pluck().get() as number
    // The checks below can fail: the first level stored all three.
    expect([count('$.socialSecurityNumber'), count('$.email'), count('$.birthDate')].every((n) => n > 0)).toBe(true)
    expect(readIdentityNumber(db, withNumber)).toMatch(/^\d{6}[-+A]\d{3}[0-9A-Y]$/)
    const COPIES = ['granted-merits', 'registered-event-users'] as const
    const withContacts = (resource: (typeof COPIES)[number]) => [...exportRaw(db, resource)].filter((raw) => /"(email|phone|phoneNumber)":"[^"]/.test(raw)).length
    for (const resource of COPIES) expect(withContacts(resource), resource).toBeGreaterThan(0)

    const basic = new ApiClient(sandbox.clientCredentials('basic'))
    closeAfterTest(() => basic.close())
    expect((await runSync(db, basic, { full: true })).ok).toBe(true)
    expect([count('$.socialSecurityNumber'), count('$.email'), count('$.birthDate')]).toEqual([0, 0, 0])
    expect(db.prepare('SELECT count(*) FROM person WHERE email IS NOT NULL OR birth_date IS NOT NULL').pluck().get()).toBe(0)
    expect(readIdentityNumber(db, withNumber)).toBeNull()
    for (const resource of ['user-licences', 'user-insurances'] as const) {
      expect([...exportRaw(db, resource)].some((raw) => /"(socialSecurityNumber|email|birthDate)"/.test(raw)), resource).toBe(false)
    }
    // The lists with their own copies (a merit's grants, an event's registered users, spec v2 §2.9, §2.16) are read whole, now without contacts.
    for (const resource of COPIES) expect(withContacts(resource), resource).toBe(0)
  })
})
