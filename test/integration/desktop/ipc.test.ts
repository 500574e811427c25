import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcError, KansliaEvent, MemberDetail, MemberPage, MeritChoice, OrganizationNode, OutboxView } from '../../../src/shared/ipc/contract'
import type { OutboxItem, PushSummary } from '../../../src/shared/outbox'
import type { StartListResult, VenueCheckResult } from '../../../src/shared/venueCheck'
import type { PaymentMethods } from '../../../src/shared/api/v2Activity'
import { LICENCE_VERDICTS } from '../../../src/shared/licenceValidity'
import { createHandlers, dispatch } from '../../../src/main/ipc/handlers'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { createTestSession } from '../../support/desktop'
import { dayWithValidLicences } from '../../support/dataDay'
import { START_LIST_STEP } from '../../../src/main/db/venueCheck'

/** A merit of the federation itself: any member of the federation may be granted it (spec v2 §4.3 readability). */
function federationMerit(merits: MeritChoice[], organizations: OrganizationNode[]): MeritChoice {
  const federation = organizations.find((o) => o.type === 'SPORTS_FEDERATION')
  const merit = merits.find((m) => m.organizationName === federation?.name)
  if (!merit) throw new Error('the demo federation has no merit of its own')
  return merit
}

/** The sessions' date for licence verdicts: one with `valid` members, which the tests grant to and check. */
const day = dayWithValidLicences()

/**
 * The IPC handlers over the real session: demo sandbox on loopback, sync in a worker thread,
 * member queries on the synced database (issue 3).
 */
describe('desktop IPC handlers against the demo federation', () => {
  // Judged on a day the demo has members of each verdict, `valid` ones too (none in December).
  const test = createTestSession({ demoAthletes: 400, today: () => day })
  const openedFiles: string[] = []
  const openedUrls: string[] = []
  const handlers = createHandlers({ session: test.session, openExternal: async (url) => void openedUrls.push(url), chooseSaveFile: async () => null, openFile: async (path) => void openedFiles.push(path), chooseOpenFile: async () => null })
  const events: KansliaEvent[] = []
  const call = (method: string, input?: unknown) => dispatch(handlers, method, input)

  beforeAll(async () => {
    test.session.events.on('event', (event: KansliaEvent) => events.push(event))
    expect(await call('getAppState')).toEqual({ ok: true, value: { mode: 'first-run', profile: null, syncing: false, outboxWaiting: 0 } })
    expect(await call('startDemo', {})).toMatchObject({ ok: true, value: { mode: 'demo' } })
    const synced = await call('syncNow', {})
    expect(synced).toMatchObject({ ok: true, value: { ok: true, full: true } })
  })
  afterAll(() => test.dispose())

  it('streams progress from the worker and a finished event', () => {
    const pages = events.filter((e) => e.type === 'sync-progress' && e.progress.phase === 'page')
    expect(pages.length).toBeGreaterThan(0)
    expect(events.at(-1)).toMatchObject({ type: 'sync-finished', summary: { ok: true } })
  })

  it('lists every member with a total and pages by offset', async () => {
    const first = (await call('listMembers', { limit: 50 })) as { ok: true; value: MemberPage }
    expect(first.value.total).toBeGreaterThan(300)
    expect(first.value.rows).toHaveLength(50)
    const second = (await call('listMembers', { limit: 50, offset: 50 })) as { ok: true; value: MemberPage }
    expect(second.value.rows[0].id).not.toBe(first.value.rows[0].id)
    const names = first.value.rows.map((r) => r.lastName ?? '')
    expect(names).toEqual([...names].sort())
  })

  it('finds a member by name and by Sport-ID', async () => {
    const all = (await call('listMembers', { limit: 1 })) as { ok: true; value: MemberPage }
    const someone = all.value.rows[0]
    const byName = (await call('listMembers', { text: `${someone.firstName} ${someone.lastName}` })) as { ok: true; value: MemberPage }
    expect(byName.value.rows.map((r) => r.id)).toContain(someone.id)
    const bySportId = (await call('listMembers', { text: String(someone.sportId) })) as { ok: true; value: MemberPage }
    expect(bySportId.value.rows[0].id).toBe(someone.id)
  })

  it('filters by club and licence status, and the counts add up', async () => {
    const filters = (await call('getMemberFilters')) as { ok: true; value: { clubs: Array<{ id: number; name: string }> } }
    const club = filters.value.clubs[0]
    const inClub = (await call('listMembers', { clubId: club.id, limit: 500 })) as { ok: true; value: MemberPage }
    expect(inClub.value.total).toBeGreaterThan(0)
    // The unfiltered-status count (persons only) equals the rows the full query lists.
    expect(inClub.value.total).toBeLessThan(500)
    expect(inClub.value.rows).toHaveLength(inClub.value.total)
    const total = ((await call('listMembers', {})) as { ok: true; value: MemberPage }).value.total
    let sum = 0
    for (const status of LICENCE_VERDICTS) {
      const page = (await call('listMembers', { status, limit: 20 })) as { ok: true; value: MemberPage }
      for (const row of page.value.rows) expect(row.licenceStatus).toBe(status)
      sum += page.value.total
    }
    expect(sum).toBe(total)
  })

  it('gives member detail with licences, insurances and guardians of minors', async () => {
    const minors = (await call('listMembers', { sort: 'birthYear', direction: 'desc', limit: 1 })) as { ok: true; value: MemberPage }
    const detail = await call('getMemberDetail', { id: minors.value.rows[0].id })
    expect(detail).toMatchObject({ ok: true, value: { id: minors.value.rows[0].id } })
    const value = (detail as { value: { licences: unknown[]; guardians: unknown[]; profile: Record<string, unknown> } }).value
    expect(value.licences.length).toBeGreaterThan(0)
    expect(value.guardians.length).toBeGreaterThan(0)
    expect(value.profile.lastName).toBe(minors.value.rows[0].lastName)
    expect(await call('getMemberDetail', { id: 1 })).toEqual({ ok: true, value: null })
  })

  it('summarises licence periods and lists the organization tree', async () => {
    const summary = (await call('getLicenceSummary')) as { ok: true; value: Array<{ licences: Array<{ count: number }> }> }
    expect(summary.value.flatMap((p) => p.licences).reduce((n, l) => n + l.count, 0)).toBeGreaterThan(0)
    const organizations = (await call('getOrganizations')) as { ok: true; value: Array<{ type: string; parentId: number | null }> }
    expect(organizations.value.some((o) => o.type === 'SPORTS_FEDERATION' && o.parentId === null)).toBe(true)
    expect(organizations.value.some((o) => o.type === 'CLUB')).toBe(true)
  })

  it('queues a batch merit grant, refuses a bad one with every problem, and pushes it to the sandbox (issue 5)', async () => {
    const value = async <T>(method: string, input?: unknown) => {
      const answer = (await call(method, input)) as { ok: boolean; value: T; error: { code: string; message: string } }
      if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`)
      return answer.value
    }
    const merit = federationMerit(await value<MeritChoice[]>('getMeritChoices'), await value<OrganizationNode[]>('getOrganizations'))
    expect(merit.meritGroupName).toBeTruthy()
    const grantees = await value<number[]>('listMemberIds', { status: 'valid', limit: 3 })
    expect(grantees).toHaveLength(3)

    const before = events.length
    const refused = (await call('queueMeritGrant', { meritId: merit.id, meritGrantees: [...grantees, 999_999_999], grantingDate: '2026-02-30', meritGranter: 'Hallitus', notifyGrantees: false })) as {
      ok: false
      error: IpcError
    }
    expect(refused.ok).toBe(false)
    expect(refused.error.code).toBe('invalid-change')
    expect(refused.error.message).toMatch(/grantingDate/)
    expect(refused.error.message).toMatch(/999999999/)
    // Each problem also as code and parameters, for the renderer to say in the app's language.
    expect(refused.error.problems).toEqual([
      { code: 'not-in-calendar', params: { what: 'grantingDate', value: '2026-02-30' } },
      { code: 'unknown-members', params: { ids: '999999999' } }
    ])
    expect((await value<OutboxView>('getOutbox')).items).toEqual([])

    const item = await value<OutboxItem>('queueMeritGrant', { meritId: merit.id, meritGrantees: grantees, grantingDate: '2026-02-14', meritGranter: 'Hallitus', notifyGrantees: false })
    expect(item).toMatchObject({ kind: 'merit-grant', state: 'queued' })
    expect(events.slice(before)).toContainEqual({ type: 'outbox-changed', waiting: 1 })
    expect(await value('getAppState')).toMatchObject({ outboxWaiting: 1 })
    const pending = await value<MemberDetail>('getMemberDetail', { id: grantees[0] })
    expect(pending.pending).toEqual([{ itemId: item.id, kind: 'merit-grant', state: 'queued', target: `merit ${merit.id}` }])

    const pushed = await value<PushSummary>('pushOutbox')
    expect(pushed).toMatchObject({ done: [item.id], rejected: [], waiting: 0, stopped: null, repull: { ok: true } })
    expect((await value<OutboxView>('getOutbox')).items).toMatchObject([{ id: item.id, state: 'done', lastStatus: 200 }])
    const granted = await value<MemberDetail>('getMemberDetail', { id: grantees[0] })
    expect(granted.pending).toEqual([])
    expect(granted.merits).toContainEqual(expect.objectContaining({ meritId: merit.id, grantingDate: '2026-02-14', meritGranter: 'Hallitus' }))
    expect(events.at(-1)).toEqual({ type: 'outbox-changed', waiting: 0 })
  })

  it('queues and edits a change of any outbox kind through one channel each, and refuses input of another shape clearly (issue 5)', async () => {
    const organizations = ((await call('getOrganizations')) as { ok: true; value: OrganizationNode[] }).value
    const federation = organizations.find((o) => o.type === 'SPORTS_FEDERATION')!
    const malformed = (await call('queueChange', { kind: 'club-create', input: { parentId: federation.id } })) as { ok: false; error: { code: string; message: string } }
    expect(malformed).toMatchObject({ ok: false, error: { code: 'invalid-change' } })
    expect(malformed.error.message).toMatch(/^cannot queue the club-create: the input does not have the fields of a change of kind club-create \(its payload in `kanslia outbox --json` shows them\)$/)
    const queued = (await call('queueChange', { kind: 'club-create', input: { parentId: federation.id, club: { name: 'Kanslian Kisaajat' } } })) as { ok: true; value: OutboxItem }
    expect(queued.value).toMatchObject({ kind: 'club-create', state: 'queued' })
    const badEdit = (await call('editChange', { itemId: queued.value.id, input: { parentId: federation.id } })) as { ok: false; error: { code: string; message: string } }
    expect(badEdit).toMatchObject({ ok: false, error: { code: 'invalid-change' } })
    expect(badEdit.error.message).toMatch(/^cannot queue the club-create: the input does not have the fields of a change of kind club-create \(its payload in `kanslia outbox --json` shows them\)$/)
    const edited = (await call('editChange', { itemId: queued.value.id, input: { parentId: federation.id, club: { name: 'Kanslian Kisaveikot' } } })) as { ok: true; value: OutboxItem }
    expect(edited.value).toMatchObject({ id: queued.value.id, kind: 'club-create', state: 'queued' })
    const pushed = (await call('pushOutbox')) as { ok: true; value: PushSummary }
    expect(pushed.value.done).toEqual([queued.value.id])
    const after = ((await call('getOrganizations')) as { ok: true; value: OrganizationNode[] }).value
    expect(after.some((o) => o.name === 'Kanslian Kisaveikot' && o.parentId === federation.id)).toBe(true)
    expect(after.some((o) => o.name === 'Kanslian Kisaajat')).toBe(false)
  })

  it("places an order for a registration awaiting payment, pays it, and opens the gateway's form in the browser (issue 5)", async () => {
    const db = openDatabaseReadonly(test.session.dbFile)
    const waiting = db
      .prepare(
        `SELECT r.id, r.participant_user_id AS userId FROM event_registration r JOIN registered_event_user u ON u.id = r.id
         WHERE u.payment_status = 'WAITING_PAYMENT_CONFIRMATION' ORDER BY r.id LIMIT 1`
      )
      .get() as { id: number; userId: number }
    db.close()
    const order = (await call('queueChange', { kind: 'order-create', input: { userId: waiting.userId, eventRegistrationIds: [waiting.id] } })) as { ok: true; value: OutboxItem }
    const payment = (await call('queueChange', { kind: 'order-payment', input: { paymentMethodCode: 'op' }, dependsOn: order.value.id })) as { ok: true; value: OutboxItem }
    expect(((await call('openPaymentPage', { itemId: payment.value.id })) as { ok: false; error: { code: string } }).error.code).toBe('no-payment')
    const pushed = (await call('pushOutbox')) as { ok: true; value: PushSummary }
    expect(pushed.value.done).toEqual([order.value.id, payment.value.id])
    expect(await call('openPaymentPage', { itemId: payment.value.id })).toEqual({ ok: true, value: { opened: true } })
    const page = readFileSync(openedFiles.at(-1)!, 'utf8')
    const answer = JSON.parse(((await call('getOutbox')) as { ok: true; value: OutboxView }).value.items.find((i) => i.id === payment.value.id)!.lastAnswer!)
    expect(page).toContain(`<form method="post" action="${answer.paymentGatewayUrl}">`)
    expect(page.match(/type="hidden"/g)).toHaveLength(answer.requestData.length)
    // The placed order's methods and status are read online.
    const items = ((await call('getOutbox')) as { ok: true; value: OutboxView }).value.items
    const orderId = JSON.parse(items.find((i) => i.id === order.value.id)!.lastAnswer!).orderId as number
    const methods = (await call('getPaymentMethods', { orderId })) as { ok: true; value: PaymentMethods }
    expect(methods.value.paymentMethods.map((m) => m.paymentMethodCode)).toContain('op')
    expect(methods.value.paymentMethods.every((m) => Number.isInteger(m.totalOrderAmountInCents))).toBe(true)
    const statuses = (await call('getPaymentStatus', { orderIds: [orderId, 99_999_999] })) as { ok: true; value: Array<{ orderId: number; status: string | null }> }
    expect(statuses.value).toEqual([
      { orderId, status: expect.any(String) },
      { orderId: 99_999_999, status: null }
    ])
    expect(await call('getPaymentStatus', { orderIds: [] })).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    // The terms open in the system browser from the address the API gave, never one the renderer names.
    expect(await call('openPaymentTerms', { orderId })).toEqual({ ok: true, value: { opened: true } })
    expect(openedUrls).toEqual([new URL(methods.value.termsUrl).href])
  })

  it('checks members at the venue, one by Sport-ID and a whole start list, from the local data (issue 7)', async () => {
    const value = async <T>(method: string, input?: unknown) => ((await call(method, input)) as { ok: true; value: T }).value
    const valid = (await value<MemberPage>('listMembers', { status: 'valid', limit: 500 })).rows
    const one = await value<VenueCheckResult>('checkAtVenue', { text: String(valid[0].sportId) })
    expect(one.members).toHaveLength(1)
    expect(one.members[0]).toMatchObject({ id: valid[0].id, sportId: valid[0].sportId, check: { verdict: 'valid', validUntil: valid[0].licenceEnd } })
    expect(one.dataAsOf).not.toBeNull()
    // One rule (DESIGN §3b): the member list says what the venue check says, for members of every verdict the demo has.
    let verdicts = 0
    for (const status of LICENCE_VERDICTS) {
      const member = (await value<MemberPage>('listMembers', { status, limit: 1 })).rows[0]
      if (member === undefined) continue
      verdicts++
      const checked = (await value<VenueCheckResult>('checkAtVenue', { text: String(member.sportId) })).members[0]
      expect(checked.check).toMatchObject({ verdict: status, validUntil: member.licenceEnd })
    }
    // Valid, expired and missing in any month; expiring too but in January (nothing then ends within 30 days).
    expect(verdicts).toBeGreaterThanOrEqual(3)

    // 500 lines as a spreadsheet gives them: Sport-ID and name columns, a name with its club, an unknown, a blank line.
    const listed = Array.from({ length: 497 }, (_, i) => valid[i % valid.length])
    const lines = listed.map((m) => `${m.sportId};${m.lastName};${m.firstName}`)
    lines.push(`${valid[1].firstName} ${valid[1].lastName}; ${valid[1].club}`, 'Nobody Nowhere', '', '99999999')
    const list = await value<StartListResult>('checkStartList', { lines })
    expect(list.rows).toHaveLength(500)
    expect(list.rows.slice(0, 497).map((row) => row.member?.id)).toEqual(listed.map((m) => m.id))
    const byName = list.rows[497]
    expect(byName.matches).toBeGreaterThan(0)
    if (byName.matches === 1) expect(byName.member?.id).toBe(valid[1].id)
    expect(list.rows.slice(498)).toEqual([
      { text: 'Nobody Nowhere', matches: 0 },
      { text: '99999999', matches: 0 }
    ])
    // Checked START_LIST_STEP lines at a time: the window's other calls are answered meanwhile, and it is told how far the list is.
    const progressBefore = events.length
    const answered: string[] = []
    const longList = call('checkStartList', { lines }).then(() => answered.push('list'))
    await call('checkAtVenue', { text: String(valid[0].sportId) }).then(() => answered.push('venue'))
    await longList
    expect(answered).toEqual(['venue', 'list'])
    const progress = events.slice(progressBefore).filter((e) => e.type === 'start-list-progress')
    expect(progress.map((e) => e.type === 'start-list-progress' && e.checked)).toEqual(Array.from({ length: Math.ceil(500 / START_LIST_STEP) }, (_, i) => Math.min(500, (i + 1) * START_LIST_STEP)))
    expect(progress.every((e) => e.type === 'start-list-progress' && e.total === 500)).toBe(true)
    const refused = (await call('checkAtVenue', { text: 'x', date: '23.11.2026' })) as { ok: false; error: { code: string } }
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('reports the last result per resource', async () => {
    const status = (await call('getSyncStatus')) as { ok: true; value: { syncing: boolean; resources: Array<{ lastResult: string }> } }
    expect(status.value.syncing).toBe(false)
    expect(status.value.resources.length).toBeGreaterThan(0)
    expect(status.value.resources.every((r) => r.lastResult === 'ok')).toBe(true)
  })
})

describe('desktop session pushing by itself', () => {
  const test = createTestSession({ demoAthletes: 300, autoPushIntervalMs: 60_000, today: () => day })
  afterAll(() => test.dispose())

  it('pushes a queued grant at once when the registry is reachable (DESIGN §4)', async () => {
    await test.session.startDemo()
    expect((await test.session.sync()).ok).toBe(true)
    const merit = federationMerit(test.session.reads.meritChoices(), test.session.reads.organizations())
    const [grantee] = test.session.reads.memberIds({ text: '', status: 'valid', sort: 'name', direction: 'asc', offset: 0, limit: 1 })
    const emptied = new Promise<void>((resolve) =>
      test.session.events.on('event', (event: KansliaEvent) => {
        if (event.type === 'outbox-changed' && event.waiting === 0) resolve()
      })
    )
    const item = await test.session.outbox.queueMeritGrant({ meritId: merit.id, meritGrantees: [grantee], grantingDate: '2026-03-01', meritGranter: 'Seura', notifyGrantees: false })
    await emptied
    expect(test.session.outbox.list().items).toMatchObject([{ id: item.id, state: 'done' }])
  })
})
