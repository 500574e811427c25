import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Organization, Page, UserLicence } from '../../../src/shared/api/v2'
import type { EventRegistration, EventSearchResult, GrantedMerit, Merit, MeritGroup, Order, PaymentInitiation, PaymentMethods, RegisteredEventUser } from '../../../src/shared/api/v2Activity'
import { parseInstant } from '../../../src/shared/instant'
import { formatHelsinkiDate } from '../../../src/sandbox/helsinkiTime'
import { PAYMENT_DEADLINE_MS, CONFIRMATION_DELAY_MS, startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { covers, federationMerit, members, tiesOf } from '../../support/outbox'
import { api, token } from './client'

let sandbox: Sandbox
let reader: ReturnType<typeof api>
let writer: ReturnType<typeof api>
let fed: number

beforeAll(async () => {
  // Federation ids are fixed by the generator (the first organization id), so the writer's rights can name it up front.
  fed = 100
  sandbox = await startSandbox({ athletes: 600, seed: 5, clients: [{ clientId: 'writer', writableOrganizationIds: [fed], personalDataLevel: 'PERMISSION_USER_CONTACT_INFO' }] })
  expect(sandbox.federationId).toBe(fed)
  reader = api(sandbox, await token(sandbox))
  writer = api(sandbox, await token(sandbox, 'writer'))
})
afterAll(async () => {
  await sandbox?.close()
})

/** A merit of the federation with at least one grant, and the federation's merit groups. */
async function federationMerits(): Promise<{ groups: MeritGroup[]; merits: Merit[] }> {
  const groups = await reader.all<MeritGroup>(`/merit-group/${fed}`)
  const merits: Merit[] = []
  for (const g of groups) merits.push(...(await reader.all<Merit>(`/merit/${g.id}`)))
  return { groups, merits }
}

/** The `index`-th athlete with a user licence valid today in a club of the federation (so readable by it, spec v2 §4.3). */
function licensedUser(index = 0): number {
  return members(sandbox, index + 1)[index]
}

describe('merits (spec v2 §4.3)', () => {
  it('lists merit groups by name and merits by order number with required fields', async () => {
    const { groups, merits } = await federationMerits()
    expect(groups.length).toBeGreaterThanOrEqual(4)
    const names = groups.map((g) => g.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('fi').compare))
    for (const g of groups) expect(Object.keys(g).sort()).toEqual(['id', 'isOrdered', 'isSportBound', 'modificationTime', 'name', 'organizationId', 'sportId'])
    const badges = merits.filter((m) => m.meritGroupName === 'Suoritusmerkit')
    expect(badges.map((m) => m.orderNumber)).toEqual([1, 2, 3])
    expect(merits.some((m) => m.meritValidityPeriodType === 'FIXED_DURATION' && m.validityFixedDurationInMonths === 36)).toBe(true)
    expect(merits.some((m) => m.meritValidityPeriodType === 'FIXED_DATE' && typeof m.validityFixedDate === 'string')).toBe(true)
  })

  it('answers 400 for invalid organization, group and merit ids', async () => {
    expect((await reader.get(`/merit-group/999999`)).status).toBe(400)
    expect((await reader.get(`/merit-group/${sandbox.store.otherFederationId}`)).status).toBe(400)
    expect((await reader.get(`/merit/1`)).status).toBe(400)
    expect((await reader.get(`/granted-merit/1`)).status).toBe(400)
  })

  it('grants a merit, and a second grant to the same user updates the grant date and modification time', async () => {
    const { merits } = await federationMerits()
    const merit = merits.find((m) => m.name === 'Pronssimerkki')!
    const user = licensedUser(3)
    const first = await writer.send<{ granted: number[]; updated: number[] }>('POST', `/merit-grant/grant/${merit.id}`, { grantingDate: '2025-05-01', meritGranter: 'Liiton hallitus', meritGrantees: [user] })
    expect(first.status).toBe(200)
    const listed1 = (await writer.all<GrantedMerit>(`/granted-merit/${merit.id}`)).find((g) => g.id === user)!
    expect(listed1.grantedMerit.grantingDate).toBe('2025-05-01')
    expect(listed1.firstName).toBe(sandbox.store.person(user)!.firstName)
    const second = await writer.send<{ granted: number[]; updated: number[] }>('POST', `/merit-grant/grant/${merit.id}`, { grantingDate: '2025-06-02', granterUserId: licensedUser(0), meritGrantees: [user] })
    expect(second.body).toEqual({ granted: [], updated: [user] })
    const after = await writer.all<GrantedMerit>(`/granted-merit/${merit.id}`, { ts: listed1.modificationTime! })
    expect(after.map((g) => g.id)).toEqual([user])
    expect(after[0].grantedMerit.grantingDate).toBe('2025-06-02')
    expect(parseInstant(after[0].modificationTime!)).toBeGreaterThan(parseInstant(listed1.modificationTime!))
  })

  it('validates the grant body against spec v2 §8 and needs write permission', async () => {
    const { merits } = await federationMerits()
    const meritId = merits[0].id
    const user = licensedUser(1)
    const post = (body: unknown) => writer.send('POST', `/merit-grant/grant/${meritId}`, body)
    expect((await post({ grantingDate: '2025-01-01', meritGrantees: [user] })).status).toBe(400)
    for (const grantingDate of ['2026-13-45', '2026-00-00', '2026-02-29']) expect((await post({ grantingDate, meritGranter: 'A', meritGrantees: [user] })).status, grantingDate).toBe(400)
    expect((await post({ grantingDate: '2025-01-01', meritGranter: '', meritGrantees: [user] })).status).toBe(400)
    expect((await post({ grantingDate: '2025-01-01', meritGranter: 'x'.repeat(256), meritGrantees: [user] })).status).toBe(400)
    expect((await post({ grantingDate: '2025-01-01', meritGranter: 'A', meritAdditionalInfo: 'x'.repeat(2049), meritGrantees: [user] })).status).toBe(400)
    expect((await post({ grantingDate: '2025-01-01', meritGranter: 'A', meritGrantees: [] })).status).toBe(400)
    expect((await post({ grantingDate: '2025-01-01', meritGranter: 'A', meritGrantees: [user, user] })).status).toBe(400)
    expect((await post({ grantingDate: '2025-01-01', meritGranter: 'A', meritGrantees: Array.from({ length: 10_001 }, (_, i) => i + 1) })).status).toBe(400)
    expect((await post({ grantingDate: '2025-01-01', meritGranter: 'A', meritGrantees: [sandbox.store.personIds(sandbox.store.otherFederationId)[0]] })).status).toBe(400)
    expect((await reader.send('POST', `/merit-grant/grant/${meritId}`, { grantingDate: '2025-01-01', meritGranter: 'A', meritGrantees: [user] })).status).toBe(403)
  })

  it('grants only to users the organization may read today: a valid licence, or a recent registration (spec v2 §4.3)', async () => {
    // Its own sandbox: the simulated clock moves a year on, which would close every event of the shared one.
    const own = await startSandbox({ athletes: 300, seed: 5, clients: [{ clientId: 'writer', writableOrganizationIds: [fed], personalDataLevel: 'PERMISSION_USER_CONTACT_INFO' }] })
    try {
      const meritId = federationMerit(own)
      const day = (ms: number) => formatHelsinkiDate(ms)
      const today = day(own.clock.now())
      const registered = new Set(own.activity.registrations.all().map((r) => r.userId))
      // Licensed last period only: nothing valid today, no registration.
      const lapsed = own.store.personIds(fed).find((u) => tiesOf(own, u, false).length > 0 && !tiesOf(own, u).some((tie) => covers(tie, today)) && !registered.has(u))!
      const licensed = members(own, 50).find((u) => !registered.has(u))!
      expect([lapsed, licensed].every(Number.isInteger)).toBe(true)
      const ownWriter = api(own, await token(own, 'writer'))
      const post = (meritGrantees: number[]) => ownWriter.send('POST', `/merit-grant/grant/${meritId}`, { grantingDate: '2026-11-01', meritGranter: 'A', meritGrantees })

      const refused = await post([licensed, lapsed])
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain(`users not readable by organization ${fed}: ${lapsed}`)
      expect(own.activity.grantCollection(meritId).get(licensed)?.grantingDate).not.toBe('2026-11-01')
      expect((await post([licensed])).status).toBe(200)
      // A registration to a free event of the federation's, tomorrow, makes a lapsed member readable…
      const tomorrow = day(own.clock.now() + 86_400_000)
      const event = own.activity.createEvent(
        { name: 'Liiton syyskokous', organizerId: fed, startDateTime: { date: tomorrow, time: '10:00' }, endDateTime: { date: tomorrow, time: '14:00' }, registrationCancellable: true, allowedRegisterer: 'BOTH', visibility: 'PUBLIC', purpose: 'ORGANIZATIONAL' },
        fed
      )
      own.activity.register(event, lapsed, {}, 'MEMBERSHIP')
      expect((await post([lapsed])).status).toBe(200)
      // …for 365 days after the event (the spec does not say how recent), when every period has ended.
      own.clock.advance(Date.parse(`${tomorrow}T12:00:00Z`) - own.clock.now() + 364 * 86_400_000)
      expect(own.activity.usersNotReadableBy(fed, [licensed, lapsed])).toEqual([licensed])
      own.clock.advance(2 * 86_400_000)
      expect((await post([lapsed])).status).toBe(400)
    } finally {
      await own.close()
    }
  })
})

describe('club transfer and club creation (spec v2 §4.6, §4.1)', () => {
  it('moves the user licence to the target club with a new modification time', async () => {
    const id = sandbox.store.userLicenceIds()[20]
    const before = sandbox.store.userLicence(id)!
    const target = sandbox.store.clubIds().find((c) => c !== before.licenceOrganizationId)!
    const answer = await writer.send<UserLicence>('POST', `/user-licence-club-transfer/sports-federation/${fed}/user-licence/${id}`, { targetClubId: target })
    expect(answer.status).toBe(201)
    expect(answer.body.licenceOrganizationId).toBe(target)
    const changed = await writer.all<UserLicence>(`/user-licence/${fed}`, { ts: before.modificationTime })
    expect(changed.find((u) => u.id === id)!.licenceOrganizationId).toBe(target)
    expect((await writer.send('POST', `/user-licence-club-transfer/sports-federation/${fed}/user-licence/1`, { targetClubId: target })).status).toBe(400)
    expect((await writer.send('POST', `/user-licence-club-transfer/sports-federation/${fed}/user-licence/${id}`, { targetClubId: fed })).status).toBe(400)
    expect((await reader.send('POST', `/user-licence-club-transfer/sports-federation/${fed}/user-licence/${id}`, { targetClubId: target })).status).toBe(403)
  })

  it('creates a club under the federation that then appears in /list', async () => {
    const created = await writer.send<Organization>('POST', `/organization/${fed}/suborganizations`, { type: 'CLUB', name: 'Uusi Rastiseura' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ type: 'CLUB', name: 'Uusi Rastiseura', parentId: fed, federationId: fed, status: 'ACTIVE' })
    const list = await writer.all<Organization>(`/organization/${fed}/list`, { orgtypes: 'CLUB' })
    expect(list.some((o) => o.id === created.body.id)).toBe(true)
    expect((await writer.send('POST', `/organization/${fed}/suborganizations`, { type: 'AREA', name: 'X' })).status).toBe(400)
    expect((await reader.send('POST', `/organization/${fed}/suborganizations`, { type: 'CLUB', name: 'X' })).status).toBe(403)
  })

  it('grants an organization user access (PUT /organization/{id}/users)', async () => {
    const body = { authorizedOrganizationUser: { organizationId: fed, userId: licensedUser(), write: true }, inviterName: 'Toimisto' }
    const first = await writer.send('PUT', `/organization/${fed}/users`, body)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ created: true })
    expect(sandbox.activity.organizationUserAccess(fed, licensedUser())).toBe('write')
    expect((await writer.send('PUT', `/organization/${fed}/users`, body)).body).toEqual({ created: false })
    expect((await writer.send('PUT', `/organization/${fed}/users`, { ...body, inviterName: '' })).status).toBe(400)
    expect((await reader.send('PUT', `/organization/${fed}/users`, body)).status).toBe(403)
  })
})

describe('client data (spec v2 §4.10)', () => {
  it('stores, returns and deletes per client; limits content to 2048 characters', async () => {
    expect((await writer.get('/client-data')).body).toEqual({ content: '' })
    expect((await writer.send('PUT', '/client-data', { content: 'cursor=5' })).status).toBe(204)
    expect((await writer.get('/client-data')).body).toEqual({ content: 'cursor=5' })
    expect((await reader.get('/client-data')).body).toEqual({ content: '' })
    expect((await writer.send('PUT', '/client-data', { content: 'x'.repeat(2049) })).status).toBe(400)
    expect((await writer.send('DELETE', '/client-data')).status).toBe(204)
    expect((await writer.get('/client-data')).body).toEqual({ content: '' })
  })
})

describe('events, registrations and payments (spec v2 §4.8, §4.9, §4.11, §3)', () => {
  function openEvent(paid: boolean) {
    return sandbox.activity.events
      .all()
      .find((e) => e.deletionMs === undefined && e.federationId === fed && (paid ? e.priceInCents > 0 : e.priceInCents === 0) && e.maxAttendeeCount === undefined && sandbox.activity.registrationClosedReason(e) === undefined)!
  }

  it('a changed person gives their grants a new modification time, so `ts` finds them; a registered user keeps its own (spec v2 §2.16), the whole list shows the change', async () => {
    const registration = sandbox.activity.registrations.all().find((r) => r.state === 'ACTIVE' && sandbox.activity.events.get(r.eventId)!.deletionMs === undefined && sandbox.activity.events.get(r.eventId)!.federationId === fed)!
    const user = registration.userId
    const { merits } = await federationMerits()
    const merit = merits.find((m) => m.name === 'Pronssimerkki')!
    await writer.send('POST', `/merit-grant/grant/${merit.id}`, { grantingDate: '2025-05-01', meritGranter: 'Liiton hallitus', meritGrantees: [user] })
    const grant = (await writer.all<GrantedMerit>(`/granted-merit/${merit.id}`)).find((g) => g.id === user)!
    const registered = (await writer.all<RegisteredEventUser>(`/event/registered-event-users/${registration.eventId}`)).find((u) => u.id === registration.id)!
    sandbox.store.updatePerson(user, { lastName: 'Uusinimi' })
    const grantAfter = (await writer.all<GrantedMerit>(`/granted-merit/${merit.id}`, { ts: grant.modificationTime! })).find((g) => g.id === user)
    expect(grantAfter?.lastName).toBe('Uusinimi')
    expect(parseInstant(grantAfter!.modificationTime!)).toBeGreaterThan(parseInstant(grant.modificationTime!))
    expect((await writer.all<RegisteredEventUser>(`/event/registered-event-users/${registration.eventId}`, { ts: registered.modificationTime })).find((u) => u.id === registration.id)).toBeUndefined()
    const registeredAfter = (await writer.all<RegisteredEventUser>(`/event/registered-event-users/${registration.eventId}`)).find((u) => u.id === registration.id)
    expect(registeredAfter?.user.lastName).toBe('Uusinimi')
    expect(registeredAfter!.modificationTime).toBe(registered.modificationTime)
  })

  it('registers, lists, and removes a cancelled registration from every listing', async () => {
    const event = openEvent(false)
    const user = licensedUser(5)
    const created = await writer.send<{ eventRegistrationId: number; eventUuid: string }>('POST', `/event/registration/${event.uuid}`, { participantUserId: user, additionalDetails: 'Sarja H21' })
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toContain(`/event/registration/${event.uuid}/${created.body.eventRegistrationId}`)
    const listed = (await writer.get<EventRegistration[]>(`/event/registration/${event.uuid}`)).body
    expect(listed.some((r) => r.eventRegistrationId === created.body.eventRegistrationId)).toBe(true)
    const users = await writer.all<RegisteredEventUser>(`/event/registered-event-users/${event.id}`)
    const mine = users.find((u) => u.id === created.body.eventRegistrationId)!
    expect(mine.paymentStatus).toBe('FREE')
    expect(mine.user.birthDate).toBeUndefined()
    expect((await writer.get<EventRegistration[]>(`/event/registration/user/${user}`)).body.some((r) => r.eventRegistrationId === created.body.eventRegistrationId)).toBe(true)
    expect((await writer.send('DELETE', `/event/registration/${event.uuid}/${created.body.eventRegistrationId}`)).status).toBe(200)
    expect((await writer.get<EventRegistration[]>(`/event/registration/${event.uuid}`)).body.some((r) => r.eventRegistrationId === created.body.eventRegistrationId)).toBe(false)
    expect((await writer.all<RegisteredEventUser>(`/event/registered-event-users/${event.id}`)).some((u) => u.id === created.body.eventRegistrationId)).toBe(false)
    expect((await writer.get<EventRegistration[]>(`/event/registration/user/${user}`)).body.some((r) => r.eventRegistrationId === created.body.eventRegistrationId)).toBe(false)
    expect((await writer.send('DELETE', `/event/registration/${event.uuid}/${created.body.eventRegistrationId}`)).status).toBe(404)
  })

  it('a paid registration waits for confirmation, then becomes PAID two simulated days after payment', async () => {
    const event = openEvent(true)
    const user = licensedUser(6)
    const created = await writer.send<{ eventRegistrationId: number }>('POST', `/event/registration/${event.uuid}`, { participantUserId: user })
    const rid = created.body.eventRegistrationId
    const status = async () => (await writer.all<RegisteredEventUser>(`/event/registered-event-users/${event.id}`)).find((u) => u.id === rid)?.paymentStatus
    expect(await status()).toBe('WAITING_PAYMENT_CONFIRMATION')
    const order = await writer.send<Order>('POST', '/order', { userId: user, source: 'EVENT_REGISTRATION', purchases: [{ beneficiaryUserId: user, products: [{ productType: 'EVENT_REGISTRATION', productId: rid }] }] })
    expect(order.status).toBe(200)
    expect(order.body.status).toBe('IN_PROGRESS')
    const methods = await writer.get<PaymentMethods>(`/order/${order.body.orderId}/payment/methods`)
    expect(methods.body.paymentMethods[0].totalOrderAmountInCents).toBe(event.priceInCents)
    const init = await writer.send<PaymentInitiation>('POST', `/order/${order.body.orderId}/payment/${methods.body.paymentMethods[0].paymentMethodCode}`)
    expect(init.status).toBe(200)
    expect((await writer.get(`/order/${order.body.orderId}/payment/status`)).body).toBe('WAITING_PAYMENT_CONFIRMATION')
    const form = new URLSearchParams(init.body.requestData.map(({ key, value }): [string, string] => [key, value]))
    expect((await fetch(init.body.paymentGatewayUrl, { method: 'POST', body: form })).status).toBe(200)
    expect(await status()).toBe('WAITING_PAYMENT_CONFIRMATION')
    sandbox.clock.advance(CONFIRMATION_DELAY_MS)
    expect(await status()).toBe('PAID')
    expect((await writer.get(`/orders/${order.body.orderId},1/payment/status`)).body).toEqual(['COMPLETED', null])
  })

  it('an unconfirmed payment is dropped from the listing 7 simulated days after the attempt', async () => {
    const event = openEvent(true)
    const created = await writer.send<{ eventRegistrationId: number }>('POST', `/event/registration/${event.uuid}`, { participantUserId: licensedUser(7) })
    const rid = created.body.eventRegistrationId
    sandbox.clock.advance(PAYMENT_DEADLINE_MS - 60_000)
    expect((await writer.all<RegisteredEventUser>(`/event/registered-event-users/${event.id}`)).some((u) => u.id === rid)).toBe(true)
    sandbox.clock.advance(60_000)
    expect((await writer.all<RegisteredEventUser>(`/event/registered-event-users/${event.id}`)).some((u) => u.id === rid)).toBe(false)
  })

  it('limits the order ids of one status request to 100', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(',')
    expect((await writer.get(`/orders/${ids}/payment/status`)).status).toBe(400)
  })

  it('searches events by term and by federation and date range', async () => {
    const event = sandbox.activity.events.all().find((e) => e.deletionMs === undefined && e.visibility === 'PUBLIC')!
    const term = event.name.split(' ')[0]
    const found = await reader.get<Page<EventSearchResult>>('/event/search', { searchTerm: term, size: 1000 })
    expect(found.status).toBe(200)
    expect(found.body.content.some((e) => e.eventId === event.id)).toBe(true)
    expect((await reader.get('/event/search')).status).toBe(400)
    const year = event.start.slice(0, 4)
    const inYear = await reader.get<Page<EventSearchResult>>(`/event/search/${fed}`, { dateTimeRangeStart: `${year}-01-01T00:00`, dateTimeRangeEnd: `${year}-12-31T23:59`, size: 1000 })
    expect(inYear.body.content.length).toBeGreaterThan(0)
    expect(inYear.body.content.every((e) => e.startDateTime.startsWith(year) || e.endDateTime.startsWith(year))).toBe(true)
    expect((await reader.get(`/event/search/${fed}`)).status).toBe(400)
  })

  it("refuses a registration before the event's registration opens and after it ended with 400 saying so, by the simulated clock (spec v2 §4.8, §2.18)", async () => {
    const DAY_MS = 86_400_000
    const day = (days: number) => formatHelsinkiDate(sandbox.clock.now() + days * DAY_MS)
    // Registration runs from tomorrow's start to the end of the day after it (local times of the event).
    const window = { registrationStartDateTime: { date: day(1), time: '00:00' }, registrationEndDateTime: { date: day(3), time: '23:59' } }
    const created = await writer.send<{ id: number; uuid: string }>(
      'POST',
      '/event',
      { name: 'Joulurastit', organizerId: fed, startDateTime: { date: day(10), time: '18:00' }, endDateTime: { date: day(10), time: '20:00' }, ...window, registrationCancellable: true, allowedRegisterer: 'BOTH', visibility: 'PUBLIC', purpose: 'SPORTS' },
      '/api/public/v3'
    )
    expect(created.status).toBe(200)
    const { id, uuid } = created.body
    const register = (user: number) => writer.send<{ status: number; message: string }>('POST', `/event/registration/${uuid}`, { participantUserId: user })
    const [early, inTime, late] = members(sandbox, 3, [{ id }])
    const now = /it is now \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/

    const before = await register(early)
    expect(before.status).toBe(400)
    expect(before.body.message).toMatch(`registration to event ${id} opens at ${window.registrationStartDateTime.date}T00:00:00 (local time), it is now ${day(0)}T`)
    expect(before.body.message).toMatch(now)

    sandbox.clock.advance(2 * DAY_MS)
    expect((await register(inTime)).status).toBe(201)

    sandbox.clock.advance(2 * DAY_MS)
    const after = await register(late)
    expect(after.status).toBe(400)
    expect(after.body.message).toMatch(`registration to event ${id} ended at ${window.registrationEndDateTime.date}T23:59:00 (local time), it is now ${day(0)}T`)
    expect(after.body.message).toMatch(now)
    expect(sandbox.activity.listedRegistrations(id).map((r) => r.userId)).toEqual([inTime])
  })

  it('takes a date without a time as the whole day when it ends the event or its registration (spec v3 §2 EventDateTime)', async () => {
    const DAY_MS = 86_400_000
    const day = (days: number) => formatHelsinkiDate(sandbox.clock.now() + days * DAY_MS)
    const created = await writer.send<{ id: number; uuid: string }>(
      'POST',
      '/event',
      // Starting at 10:00, ending on that day: not "before the start", as the day's 00:00 would be.
      { name: 'Syysrastit', organizerId: fed, startDateTime: { date: day(5), time: '10:00' }, endDateTime: { date: day(5) }, registrationEndDateTime: { date: day(2) }, registrationCancellable: true, allowedRegisterer: 'BOTH', visibility: 'PUBLIC', purpose: 'SPORTS' },
      '/api/public/v3'
    )
    expect(created.status).toBe(200)
    const { id, uuid } = created.body
    const event = sandbox.activity.events.all().find((e) => e.id === id)!
    expect([event.start, event.end, event.registrationEnd]).toEqual([`${day(5)}T10:00:00`, `${day(5)}T23:59:00`, `${day(2)}T23:59:00`])
    // On the last day of registration, in the afternoon (mid-day UTC, 12:00 or 13:00 in Helsinki), it is still open.
    sandbox.clock.advance(Date.parse(`${day(2)}T10:00:00Z`) - sandbox.clock.now())
    const [member] = members(sandbox, 1, [{ id }])
    expect((await writer.send('POST', `/event/registration/${uuid}`, { participantUserId: member })).status).toBe(201)
  })
})
