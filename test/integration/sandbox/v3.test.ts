import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ApiEventPage,
  ApiMasterSport,
  ApiSportsClub,
  CreatedEvent,
  CreatedMerit,
  MunicipalityListResponse,
  OrganizationSearchResponse,
  PublicOrganization,
  PublicOrganizationPage,
  PublicOrganizationSelectItem,
  VersionInfo
} from '../../../src/shared/api/v3'
import type { GrantedMerit, RegisteredEventUser } from '../../../src/shared/api/v2Activity'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { api, token } from './client'

const FED = 100
let sandbox: Sandbox
let client: ReturnType<typeof api>
const V3 = '/api/public/v3'

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 800, seed: 3, clients: [{ clientId: 'v3', writableOrganizationIds: [FED], personalDataLevel: 'PERMISSION_USER_BASIC' }] })
  client = api(sandbox, await token(sandbox, 'v3'))
})
afterAll(async () => {
  await sandbox?.close()
})

const get = <T>(path: string) => client.send<T>('GET', path, undefined, V3)

/**
 * The events whose organizer the client may read (spec v2 §5, GET /organization/{id} 200): the v3
 * listing shows other federations' public events too, whose registered users answer 403.
 */
async function ofReadableOrganizers<E extends { organizerId: number }>(events: E[]): Promise<E[]> {
  const readable = new Map<number, boolean>()
  for (const { organizerId } of events) if (!readable.has(organizerId)) readable.set(organizerId, (await client.get(`/organization/${organizerId}`)).status === 200)
  return events.filter((e) => readable.get(e.organizerId))
}

describe('v3 reference data (spec v3 §4)', () => {
  it('needs a bearer token', async () => {
    expect((await fetch(`${sandbox.baseUrl}${V3}/mastersports`)).status).toBe(401)
  })

  it('lists area associations and pages their children', async () => {
    const areas = await get<PublicOrganizationSelectItem[]>('/area-association')
    expect(areas.status).toBe(200)
    expect(areas.body.length).toBeGreaterThan(5)
    const parent = sandbox.store.clubIds().map((id) => sandbox.store.organization(id)!.parentId!).find((p) => sandbox.store.organization(p)!.type === 'AREA')!
    const children = await get<PublicOrganizationPage>(`/area-association/${parent}/listChildren?size=2`)
    expect(children.status).toBe(200)
    expect(children.body.pageable.size).toBe(2)
    expect(children.body.content.every((o) => o.parentOrganizationId === parent && typeof o.officialName === 'string' && typeof o.organizationType === 'string')).toBe(true)
    expect((await get(`/area-association/${FED}/listChildren`)).status).toBe(400)
  })

  it('lists master sports, a federation’s master sports, municipalities with both names, and the version', async () => {
    const all = await get<ApiMasterSport[]>('/mastersports')
    expect(all.body.every((m) => typeof m.nameFi === 'string')).toBe(true)
    const mine = await get<ApiMasterSport[]>(`/sportsfederation/${FED}/mastersports`)
    expect(mine.body.map((m) => m.nameFi)).toContain('Suunnistus')
    const munis = await get<MunicipalityListResponse[]>('/municipalities')
    expect(munis.body).toHaveLength(309)
    expect(munis.body.find((m) => m.nameFi === 'Helsinki')).toMatchObject({ id: 91, nameSe: 'Helsingfors' })
    expect((await get<VersionInfo>('/api-version-info')).body).toEqual({ fullVersion: '3.3.0', major: 3, minor: 3, patch: '0' })
  })

  it('answers organization queries', async () => {
    const feds = await get<OrganizationSearchResponse[]>('/organization/sports-federation/list')
    expect(feds.body.map((f) => f.id)).toContain(FED)
    const club = sandbox.store.organization(sandbox.store.clubIds()[0])!
    const multi = await get<PublicOrganization[]>(`/organization/getMultiple?organizationIds=${club.id},${FED},999999`)
    expect(multi.body.map((o) => o.id)).toEqual([club.id, FED])
    expect((await get<number[]>(`/organization/queryVisibility?organizationIds=${club.id},999999`)).body).toEqual([club.id])
    expect((await get('/organization/search')).body).toEqual([])
    const found = await get<OrganizationSearchResponse[]>(`/organization/search?name=${encodeURIComponent(club.name.toLowerCase())}`)
    expect(found.body.map((o) => o.id)).toContain(club.id)
    expect(found.body.length).toBeLessThanOrEqual(20)
    const municipalities = await get<{ id: number; primaryName: string }[]>('/organization/municipality/list')
    expect(municipalities.body.length).toBe(309)
  })

  it('lists the sports clubs of a master club', async () => {
    const master = sandbox.activity.masterClubIds[0]
    const clubs = await get<ApiSportsClub[]>(`/master-club/${master}/sportsClubs`)
    expect(clubs.body.length).toBeGreaterThanOrEqual(1)
    expect(clubs.body.every((c) => sandbox.store.organization(c.id)!.masterClubId === master && c.sports.length > 0)).toBe(true)
    expect((await get(`/master-club/${FED}/sportsClubs`)).status).toBe(400)
  })

  it('finds a user id from a Sport-ID, 403 for an unknown one', async () => {
    const userId = sandbox.store.personIds()[0]
    const sportId = sandbox.store.person(userId)!.sportId
    expect((await get(`/user/${sportId}/user-id`)).body).toEqual({ userId })
    expect((await get('/user/12345678/user-id')).status).toBe(403)
  })
})

describe('v3 events and merits (spec v3 §4)', () => {
  it('creates an event that GET /event then lists; deleted events need includeDeletedEvents', async () => {
    const body = {
      name: 'Sandboxin testirastit',
      organizerId: FED,
      startDateTime: { date: '2030-06-01', time: '18:00' },
      endDateTime: { date: '2030-06-01', time: '20:00' },
      registrationCancellable: true,
      allowedRegisterer: 'BOTH',
      visibility: 'PUBLIC',
      purpose: 'SPORTS',
      priceDetails: { name: 'Aikuiset', description: 'Perusmaksu', priceInCents: 0 }
    }
    const created = await client.send<CreatedEvent>('POST', '/event', body, V3)
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ name: body.name, organizerId: FED, visibility: 'PUBLIC', status: 'PUBLISHED' })
    const listed = await get<ApiEventPage>('/event?searchTerm=testirastit')
    expect(listed.body.content.map((e) => e.uuid)).toEqual([created.body.uuid])
    sandbox.activity.deleteEvent(created.body.id)
    expect((await get<ApiEventPage>('/event?searchTerm=testirastit')).body.content).toEqual([])
    const withDeleted = await get<ApiEventPage>('/event?searchTerm=testirastit&includeDeletedEvents=true')
    expect(withDeleted.body.content[0].deletionTime).toBeDefined()
    expect((await client.send('POST', '/event', { ...body, name: undefined }, V3)).status).toBe(400)
    expect((await client.send('POST', '/event', { ...body, startDateTime: { date: '2030-02-30', time: '18:00' } }, V3)).status).toBe(400)
    expect((await client.send('POST', '/event', { ...body, endDateTime: { date: '2030-06-01', time: '99:99' } }, V3)).status).toBe(400)
  })

  it('orders GET /event by modification time with sort=modificationTime[,asc|desc], and refuses other sort values', async () => {
    const instants = async (sort: string) => (await get<ApiEventPage>(`/event?size=500&sort=${sort}`)).body.content.map((e) => Date.parse(e.modificationTime))
    const newestFirst = await instants('modificationTime,desc')
    expect(newestFirst.length).toBeGreaterThan(2)
    expect(newestFirst).toEqual([...newestFirst].sort((a, b) => b - a))
    const oldestFirst = await instants('modificationTime')
    expect(oldestFirst).toEqual([...oldestFirst].sort((a, b) => a - b))
    expect(await instants('modificationTime,asc')).toEqual(oldestFirst)
    expect((await get('/event?sort=name')).status).toBe(400)
  })

  it('gives youth camps the birth dates they take, 8 to 18 years old in their year, and other events none', async () => {
    const events = (await get<ApiEventPage>('/event?size=500')).body.content
    const camps = events.filter((e) => e.name.startsWith('Nuorten leiri'))
    expect(camps.length).toBeGreaterThan(0)
    for (const camp of camps) {
      const year = Number(camp.startDateTime.slice(0, 4))
      expect(camp, camp.name).toMatchObject({ registrationMinBirthDate: `${year - 18}-01-01`, registrationMaxBirthDate: `${year - 8}-12-31` })
    }
    for (const other of events.filter((e) => !camps.includes(e))) expect(other.registrationMinBirthDate ?? other.registrationMaxBirthDate, other.name).toBeUndefined()
  })

  it("registers to a youth camp only those born within its limits, as the organizer's form does", async () => {
    const camps = await ofReadableOrganizers((await get<ApiEventPage>('/event?size=500')).body.content.filter((e) => e.registrationMinBirthDate !== undefined))
    // Birth dates are at the EXTENDED level (spec v2 §5): the default client's.
    const extended = api(sandbox, await token(sandbox))
    const birthDates = new Map((await extended.all<{ user: { id: number; birthDate: string } }>(`/user-licence/${FED}`)).map((l) => [l.user.id, l.user.birthDate]))
    let registrants = 0
    for (const camp of camps) {
      for (const registered of await client.all<RegisteredEventUser>(`/event/registered-event-users/${camp.eventId}`)) {
        const born = birthDates.get(registered.user.id)
        expect(born !== undefined && born >= camp.registrationMinBirthDate! && born <= camp.registrationMaxBirthDate!, `${camp.name}: ${registered.user.id} born ${born}`).toBe(true)
        registrants++
      }
    }
    expect(registrants).toBeGreaterThan(0)
  })

  it("makes every third evening orienteering a women's event (allowedGender FEMALE, named so), and registers only women to it", async () => {
    const events = (await get<ApiEventPage>('/event?size=500')).body.content
    const womens = events.filter((e) => e.allowedGender === 'FEMALE')
    expect(womens.length).toBeGreaterThan(0)
    for (const event of womens) expect(event.name, event.name).toMatch(/^Naisten iltarastit /)
    for (const other of events.filter((e) => !womens.includes(e))) expect(other.allowedGender, other.name).toBeNull()
    const extended = api(sandbox, await token(sandbox))
    const genders = new Map((await extended.all<{ user: { id: number; gender: string } }>(`/user-licence/${FED}`)).map((l) => [l.user.id, l.user.gender]))
    let registrants = 0
    for (const event of await ofReadableOrganizers(womens)) {
      for (const registered of await client.all<RegisteredEventUser>(`/event/registered-event-users/${event.eventId}`)) {
        expect(genders.get(registered.user.id), `${event.name}: ${registered.user.id}`).toBe('Female')
        registrants++
      }
    }
    expect(registrants).toBeGreaterThan(0)
  })

  it('creates a merit and grants it to event participants', async () => {
    const group = sandbox.activity.meritGroups.all().find((g) => g.data.organizationId === FED)!
    const merit = await client.send<CreatedMerit>('POST', '/merit', { name: 'Rastimerkki', description: 'Testi', meritGroupId: group.id, organizationId: FED, meritGrantingAuthorType: 'BOTH', meritValidityPeriodType: 'FIXED_DURATION', type: 'CARD', validityFixedDurationInMonths: 12 }, V3)
    expect(merit.status).toBe(200)
    expect(merit.body.meritGroupId).toBe(group.id)
    expect((await client.send('POST', '/merit', { name: 'X', description: 'Y', meritGroupId: group.id, organizationId: FED, meritGrantingAuthorType: 'BOTH', meritValidityPeriodType: 'FIXED_DATE', type: 'CARD' }, V3)).status).toBe(400)
    const event = await client.send<CreatedEvent>('POST', '/event', {
      name: 'Merkkikoulutus',
      organizerId: FED,
      startDateTime: { date: '2030-07-01' },
      endDateTime: { date: '2030-07-02' },
      registrationCancellable: false,
      allowedRegisterer: 'ORGANIZATION_USER',
      visibility: 'PRIVATE',
      purpose: 'EDUCATION',
      meritIds: [merit.body.id]
    }, V3)
    const users = sandbox.store.userLicenceIds().slice(0, 3).map((id) => sandbox.store.userLicence(id)!.user.id)
    const unique = [...new Set(users)]
    const added = await client.send('POST', `/event/${event.body.uuid}/participants`, { userIds: unique, grantEventMerits: true, meritGrant: { grantingDate: '2030-07-02', meritGranter: 'Kouluttaja' } }, V3)
    expect(added.status).toBe(200)
    const registered = await client.all<RegisteredEventUser>(`/event/registered-event-users/${event.body.id}`)
    expect(registered.map((r) => r.user.id).sort()).toEqual([...unique].sort())
    const granted = await client.all<GrantedMerit>(`/granted-merit/${merit.body.id}`)
    expect(granted.map((g) => g.id).sort()).toEqual([...unique].sort())
    expect(granted[0].grantedMerit.validUntilDate).toBe('2031-07-02')
    expect((await client.send('POST', `/event/${event.body.uuid}/participants`, { userIds: unique, grantEventMerits: true }, V3)).status).toBe(400)
  })
})
