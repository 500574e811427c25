import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Organization, Page, UserLicence } from '../../../src/shared/api/v2'
import type { RegisteredEventUser } from '../../../src/shared/api/v2Activity'
import { FIELDS_ADDED_BY_LEVEL, PERSONAL_DATA_LEVELS, startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

// The generator gives the main federation id 100 (see generate.ts Ids).
const FED = 100
let AREA = 0
let sandbox: Sandbox

beforeAll(async () => {
  // Same seed and size give the same data: a first start finds an area that has clubs.
  const probe = await startSandbox({ athletes: 400, seed: 9 })
  AREA = probe.store.clubIds().map((id) => probe.store.organization(id)!.parentId!).find((p) => probe.store.organization(p)!.type === 'AREA')!
  await probe.close()
  sandbox = await startSandbox({
    athletes: 400,
    seed: 9,
    clients: [
      ...PERSONAL_DATA_LEVELS.map((level) => ({ clientId: level, readableOrganizationIds: [FED], personalDataLevel: level })),
      { clientId: 'area-writer', writableOrganizationIds: [AREA], personalDataLevel: 'PERMISSION_USER_BASIC' as const },
      { clientId: 'no-rights' }
    ]
  })
})
afterAll(async () => {
  await sandbox?.close()
})

describe('several clients with their own rights in one sandbox (spec v2 §5)', () => {
  it('each personal-data level adds exactly its fields, for every client side by side', async () => {
    for (const [rank, level] of PERSONAL_DATA_LEVELS.entries()) {
      const client = api(sandbox, await token(sandbox, level))
      const allowed = new Set(PERSONAL_DATA_LEVELS.slice(0, rank + 1).flatMap((l) => FIELDS_ADDED_BY_LEVEL[l]))
      const licences = await client.all<UserLicence>(`/user-licence/${FED}`)
      const keys = new Set(licences.flatMap((l) => Object.keys(l.user)))
      for (const key of keys) expect(allowed.has(key as never), `${level} shows ${key}`).toBe(true)
      for (const key of FIELDS_ADDED_BY_LEVEL[level]) if (key !== 'deceasedDate') expect(keys.has(key), `${level} lacks ${key}`).toBe(true)
    }
  })

  it('a write right on an area cascades to its clubs and not to the federation', async () => {
    const client = api(sandbox, await token(sandbox, 'area-writer'))
    const roots = await client.get<Page<Organization>>('/organization')
    expect(roots.body.content.map((o) => o.id)).toEqual([AREA])
    const club = sandbox.store.clubIds().find((id) => sandbox.store.organization(id)!.parentId === AREA)!
    expect((await client.get(`/organization/${club}/verifyAccess`, { writeAccess: 'true' })).status).toBe(200)
    expect((await client.get(`/organization/${FED}/verifyAccess`)).status).toBe(403)
    expect((await client.get(`/organization/${FED}`)).status).toBe(403)
    expect((await client.get(`/user-licence/${FED}`)).status).toBe(400)
    expect((await client.get(`/merit-group/${FED}`)).status).toBe(400)
    const sub = await client.send<Organization>('POST', `/organization/${AREA}/suborganizations`, { type: 'CLUB', name: 'Alueen uusi seura' })
    expect(sub.status).toBe(201)
    expect((await client.send('POST', `/organization/${FED}/suborganizations`, { type: 'CLUB', name: 'Ei oikeutta' })).status).toBe(403)
  })

  it('registered event users carry at most basic contact information', async () => {
    // Of the readable federation: another's event answers 403.
    const event = sandbox.activity.events.all().find((e) => e.federationId === FED && e.deletionMs === undefined && sandbox.activity.listedRegistrations(e.id).length > 0)!
    const client = api(sandbox, await token(sandbox, 'PERMISSION_USER_SSN'))
    const users = await client.all<RegisteredEventUser>(`/event/registered-event-users/${event.id}`)
    const keys = new Set(users.flatMap((u) => Object.keys(u.user)))
    for (const hidden of ['birthDate', 'socialSecurityNumber', 'hasSocialSecurityNumber', 'nationality', 'gender', 'city']) expect(keys.has(hidden)).toBe(false)
    expect(keys.has('firstName') && keys.has('address')).toBe(true)
  })

  it('a client without organizations sees no roots and gets the documented 400/403 answers', async () => {
    const client = api(sandbox, await token(sandbox, 'no-rights'))
    expect((await client.get<Page<Organization>>('/organization')).body.content).toEqual([])
    expect((await client.get(`/licence/${FED}`)).status).toBe(400)
    const period = sandbox.store.licencePeriodList()[0].id
    expect((await client.get(`/user-licence/${FED}/${period}/sport/1`)).status).toBe(403)
  })
})
