import { afterAll, describe, expect, it } from 'vitest'
import type { Page, UserInsurance, UserLicence } from '../../../src/shared/api/v2'
import type { GrantedMerit, Merit, MeritGroup, RegisteredEventUser } from '../../../src/shared/api/v2Activity'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { PERSONAL_DATA_FIELDS, PERSONAL_DATA_LEVEL_ORDER, fieldsVisibleAt } from '../../support/specShapes'
import { api, token } from './client'

const started: Sandbox[] = []
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()))
})

/** Person fields of a granted-merit item (spec v2 §2.9) and the level that adds each (spec v2 §5: name is BASIC, e-mail, phone and guardian contacts CONTACT_INFO). */
const GRANT_PERSON_FIELDS: Record<string, (typeof PERSONAL_DATA_LEVEL_ORDER)[number]> = {
  firstName: 'PERMISSION_USER_BASIC',
  nickname: 'PERMISSION_USER_BASIC',
  lastName: 'PERMISSION_USER_BASIC',
  email: 'PERMISSION_USER_CONTACT_INFO',
  phoneNumber: 'PERMISSION_USER_CONTACT_INFO',
  guardians: 'PERMISSION_USER_CONTACT_INFO'
}

/** The user fields a registered event user may carry at most (spec v2 §2.16 "only basic contact information"), besides the R fields of §2.11. */
const REGISTERED_USER_FIELDS = new Set(['id', 'sportId', 'modificationTime', 'isAuthenticatedWithPassword', 'isEventInstructor', 'firstName', 'nickname', 'lastName', 'email', 'phone', 'address', 'guardians'])

describe('personal-data levels (spec v2 §5)', () => {
  it.each(PERSONAL_DATA_LEVEL_ORDER)('%s shows exactly its cumulative fields', async (level) => {
    const sandbox = await startSandbox({ athletes: 120, seed: 4, personalDataLevel: level })
    started.push(sandbox)
    const client = api(sandbox, await token(sandbox))
    const allowed = fieldsVisibleAt(level)
    const licences = await client.all<UserLicence>(`/user-licence/${sandbox.federationId}`)
    const insurances = await client.all<UserInsurance>(`/user-insurance/${sandbox.federationId}`)
    const seen = new Set<string>()
    for (const { user } of [...licences, ...insurances]) {
      for (const key of Object.keys(user)) {
        expect(allowed.has(key), `${level} must not show ${key}`).toBe(true)
        seen.add(key)
      }
    }
    // Every field a level adds appears for someone (optional ones like nickname included).
    for (const key of PERSONAL_DATA_FIELDS[level]) {
      if (key === 'deceasedDate') continue
      expect(seen.has(key), `${level} should show ${key}`).toBe(true)
    }
    if (level === 'PERMISSION_USER_SSN') {
      const withSsn = licences.find((u) => u.user.hasSocialSecurityNumber)!
      expect(withSsn.user.socialSecurityNumber).toMatch(/^\d{6}[-A]\d{3}[0-9A-Y]$/)
    }
  })

  it.each(PERSONAL_DATA_LEVEL_ORDER.map((level, rank) => [level, rank] as const))('%s: granted merits and registered event users carry only the person fields of the level', async (level, rank) => {
    const sandbox = await startSandbox({ athletes: 120, seed: 4, personalDataLevel: level })
    started.push(sandbox)
    const client = api(sandbox, await token(sandbox))
    const fed = sandbox.federationId

    const grants: GrantedMerit[] = []
    for (const group of await client.all<MeritGroup>(`/merit-group/${fed}`)) {
      for (const merit of await client.all<Merit>(`/merit/${group.id}`)) grants.push(...(await client.all<GrantedMerit>(`/granted-merit/${merit.id}`)))
    }
    expect(grants.length).toBeGreaterThan(0)
    const grantKeys = new Set(grants.flatMap((g) => Object.keys(g)))
    for (const [key, adder] of Object.entries(GRANT_PERSON_FIELDS)) {
      const visible = PERSONAL_DATA_LEVEL_ORDER.indexOf(adder) <= rank
      if (key === 'nickname' && visible) continue
      expect(grantKeys.has(key), `${level}: granted merit ${key}`).toBe(visible)
    }

    const event = sandbox.activity.events.all().find((e) => e.federationId === fed && e.deletionMs === undefined && sandbox.activity.listedRegistrations(e.id).length > 0)!
    const registered = await client.get<Page<RegisteredEventUser>>(`/event/registered-event-users/${event.id}`, { size: 1000 })
    expect(registered.body.content.length).toBeGreaterThan(0)
    const allowed = fieldsVisibleAt(level)
    for (const { user } of registered.body.content) {
      for (const key of Object.keys(user)) {
        expect(allowed.has(key) && REGISTERED_USER_FIELDS.has(key), `${level}: registered event user ${key}`).toBe(true)
      }
      expect('lastName' in user, `${level}: registered event user name`).toBe(allowed.has('lastName'))
      expect('address' in user, `${level}: registered event user address`).toBe(allowed.has('address'))
    }
  })
})
