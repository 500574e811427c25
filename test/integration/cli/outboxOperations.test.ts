import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox, SandboxRequestEvent } from '../../../src/sandbox/index'
import type { OutboxItem } from '../../../src/shared/outbox'
import { connectionFlags, offlineEnv, onlineEnv, startWritableSandbox, WRITABLE_FEDERATION } from '../../support/outbox'
import { runCli } from '../../support/cli'
import { startDropProxy } from '../../support/dropProxy'

/**
 * The CLI of the outbox kinds beyond grants and registrations: `create-club`, `grant-access`,
 * `create-merit`, `create-event`, `add-participants` and `order create|pay|cancel` queue with no
 * network; `order methods|status` read online; `push` names the unknown orders left to a person,
 * who runs `retry` or `discard`. The real CLI against the real sandbox (its default client writes
 * in federation 100).
 */

const FEDERATION = WRITABLE_FEDERATION
let sandbox: Sandbox
let home: string
let dbFile: string

beforeAll(async () => {
  const started = await startWritableSandbox(17)
  sandbox = started.sandbox
  home = started.home
  dbFile = started.dbFile
})

afterAll(async () => {
  await sandbox?.close()
})

const connection = (baseUrl?: string) => connectionFlags(sandbox, baseUrl)

async function outbox(): Promise<OutboxItem[]> {
  const result = await runCli(['outbox', '--db', dbFile, '--json'], { env: offlineEnv(home) })
  expect(result.code).toBe(0)
  return JSON.parse(result.stdout) as OutboxItem[]
}

/** Runs a queuing command offline and returns the stdout line; it must succeed. */
async function queue(args: string[]): Promise<string> {
  const result = await runCli([...args, '--db', dbFile], { env: offlineEnv(home) })
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return result.stdout
}

describe('kanslia commands of the new outbox kinds (issue 5)', () => {
  it('queues a club, an access grant, a merit, an event, participants, an order and its payment with no network, then pushes them', async () => {
    const parent = sandbox.store.organizations.all().find((o) => o.data.type === 'AREA' && o.data.federationId === FEDERATION && o.data.status === 'ACTIVE')!.id
    const group = sandbox.activity.meritGroups.all().find((g) => g.data.organizationId === FEDERATION)!.id
    const event = sandbox.activity.events.all().find((e) => e.deletionMs === undefined && e.status === 'PUBLISHED' && e.visibility === 'PUBLIC' && e.maxAttendeeCount === undefined && sandbox.store.isWithin(e.organizerId, FEDERATION))!
    const registered = new Set(sandbox.activity.registrations.all().filter((r) => r.eventId === event.id).map((r) => r.userId))
    const [member, a, b] = [...new Set(sandbox.store.userLicenceIds().map((id) => sandbox.store.userLicence(id)!.user.id))].filter((u) => !registered.has(u)).slice(0, 3)
    const paid = sandbox.activity.registrations.all().find((r) => r.state === 'ACTIVE' && r.paymentStatus === 'WAITING_PAYMENT_CONFIRMATION' && sandbox.store.isWithin(sandbox.activity.events.get(r.eventId)!.organizerId, FEDERATION))!

    expect(await queue(['create-club', '--parent', String(parent), '--name', 'Tunturin Tuisku', '--established', '2026-11-20', '--phone', '040 123 4567'])).toMatch(
      new RegExp(`^queued #\\d+: create club "Tunturin Tuisku" under organization ${parent} \\(\`kanslia push\` sends it\\)\\n$`)
    )
    await queue(['grant-access', '--organization', String(parent), '--user', String(member), '--inviter', 'Aluesihteeri', '--write'])
    await queue(['create-merit', '--group', String(group), '--organization', String(FEDERATION), '--name', 'Tuiskumerkki', '--description', 'Talvikauden merkki', '--type', 'CARD', '--validity', 'FIXED_DATE', '--valid-until', '2027-04-30'])
    await queue(['create-event', '--organizer', String(FEDERATION), '--name', 'Tuiskuleiri', '--start', '2027-01-09T09:00', '--end', '2027-01-10', '--max-attendees', '40', '--webhook-url', 'https://kanslia.invalid/hooks'])
    await queue(['add-participants', '--event', event.uuid, '--users', `${a},${b}`])
    await queue(['order', 'create', '--user', String(paid.userId), '--registrations', String(paid.id)])
    const orderItem = (await outbox()).at(-1)!
    await queue(['order', 'pay', '--order', `outbox:${orderItem.id}`, '--method', 'nordea'])

    const queued = await outbox()
    expect(queued.map((i) => [i.kind, i.state, i.dependsOn])).toEqual([
      ['club-create', 'queued', null],
      ['organization-user-access', 'queued', null],
      ['merit-create', 'queued', null],
      ['event-create', 'queued', null],
      ['event-participants', 'queued', null],
      ['order-create', 'queued', null],
      ['order-payment', 'queued', orderItem.id]
    ])
    expect(queued[0].payload).toEqual({ parentId: parent, club: { type: 'CLUB', name: 'Tunturin Tuisku', phone: '040 123 4567', established: '2026-11-20' } })
    expect(queued[2].payload).toMatchObject({ meritValidityPeriodType: 'FIXED_DATE', validityFixedDate: '2027-04-30', meritGrantingAuthorType: 'BOTH', type: 'CARD' })
    expect(queued[3].payload).toMatchObject({ startDateTime: { date: '2027-01-09', time: '09:00' }, endDateTime: { date: '2027-01-10' }, maxAttendeeCount: 40, webhookUrl: 'https://kanslia.invalid/hooks', status: 'PUBLISHED' })

    const pushed = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(pushed.stderr).toBe('')
    expect(pushed.code).toBe(0)
    expect(pushed.stdout).toContain(`pushed 7 changes: ${queued.map((i) => `#${i.id}`).join(', ')}`)
    const done = await outbox()
    expect(done.map((i) => i.state)).toEqual(Array(7).fill('done'))
    const orderId = (JSON.parse(done[5].lastAnswer!) as { orderId: number }).orderId
    expect(JSON.parse(done[6].lastAnswer!)).toMatchObject({ paymentGatewayUrl: `${sandbox.baseUrl}/sandbox/payment-gateway` })
    expect(sandbox.store.organizations.all().filter((o) => o.data.name === 'Tunturin Tuisku')).toHaveLength(1)
    expect(sandbox.activity.merits.all().filter((m) => m.data.name === 'Tuiskumerkki').map((m) => m.data.validityFixedDate)).toEqual(['2027-04-30'])
    expect(sandbox.activity.events.all().filter((e) => e.name === 'Tuiskuleiri').map((e) => e.webhookUrl)).toEqual(['https://kanslia.invalid/hooks'])

    // The table names what the registry made, as the next command takes it.
    const table = await runCli(['outbox', '--db', dbFile], { env: offlineEnv(home) })
    const club = sandbox.store.organizations.all().find((o) => o.data.name === 'Tunturin Tuisku')!.id
    const merit = sandbox.activity.merits.all().find((m) => m.data.name === 'Tuiskumerkki')!.id
    const created = sandbox.activity.events.all().find((e) => e.name === 'Tuiskuleiri')!.uuid
    const rowOf = (item: OutboxItem) => table.stdout.split('\n').find((line) => line.startsWith(`${item.id} `))!.trimEnd()
    expect([0, 2, 3, 5, 6].map((i) => rowOf(done[i]))).toEqual([
      expect.stringMatching(new RegExp(`\\b201 club ${club}$`)),
      expect.stringMatching(new RegExp(`\\b200 merit ${merit}$`)),
      expect.stringMatching(new RegExp(`\\b200 event ${created}$`)),
      expect.stringMatching(new RegExp(`\\b200 order ${orderId}$`)),
      expect.stringMatching(new RegExp(`\\b200 payment page: kanslia order page ${done[6].id}$`))
    ])
    // The payment's page posts the registry's form to its gateway; it is no other item's.
    const pageFile = join(home, 'pay.html')
    const page = await runCli(['order', 'page', String(done[6].id), '--out', pageFile, '--db', dbFile], { env: offlineEnv(home) })
    expect(page).toMatchObject({ code: 0, stdout: `${pageFile}\n`, stderr: `open it in a web browser to go on to the payment of outbox item #${done[6].id}\n` })
    const form = readFileSync(pageFile, 'utf8')
    expect(form).toContain(`<form method="post" action="${sandbox.baseUrl}/sandbox/payment-gateway">`)
    expect(form).toContain(`<input type="hidden" name="orderId" value="${orderId}">`)
    expect(await runCli(['order', 'page', String(done[5].id), '--db', dbFile], { env: offlineEnv(home) })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `kanslia: outbox item ${done[5].id} is no payment the registry answered with its payment page\n`
    })

    const methods = await runCli(['order', 'methods', '--order', String(orderId), ...connection()], { env: onlineEnv(home, sandbox) })
    expect(methods.code).toBe(0)
    expect(methods.stdout).toMatch(/^method\s+name\s+cost €\s+total €\n/)
    expect(methods.stdout).toContain('nordea')
    const status = await runCli(['order', 'status', '--orders', `${orderId},99999999`, '--json', ...connection()], { env: onlineEnv(home, sandbox) })
    expect(JSON.parse(status.stdout)).toEqual([
      { orderId, status: 'WAITING_PAYMENT_CONFIRMATION' },
      { orderId: 99_999_999, status: null }
    ])
  })

  it('transfer queues moving a user licence to another club with no network, refuses its own club with one line, and push moves it', async () => {
    const licence = sandbox.store.userLicence(sandbox.store.userLicenceIds()[0])!
    const target = sandbox.store.organizations.all().find((o) => o.data.type === 'CLUB' && o.data.status === 'ACTIVE' && o.data.federationId === FEDERATION && o.id !== licence.licenceOrganizationId)!.id
    const before = (await outbox()).length
    const same = await runCli(['transfer', '--licence', String(licence.id), '--club', String(licence.licenceOrganizationId), '--db', dbFile], { env: offlineEnv(home) })
    expect(same.code).toBe(1)
    expect(same.stderr).toBe(`kanslia: cannot queue the club transfer: user licence ${licence.id} already belongs to club ${licence.licenceOrganizationId}\n`)
    expect(await queue(['transfer', '--licence', String(licence.id), '--club', String(target)])).toMatch(
      new RegExp(`^queued #\\d+: move user licence ${licence.id} of member ${licence.user.id} to club ${target} \\(\`kanslia push\` sends it\\)\\n$`)
    )
    const queued = await outbox()
    expect(queued).toHaveLength(before + 1)
    const pushed = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(pushed.code).toBe(0)
    expect((await outbox()).at(-1)).toMatchObject({ kind: 'club-transfer', state: 'done' })
    expect(sandbox.store.userLicence(licence.id)!.licenceOrganizationId).toBe(target)
  })

  it('refuses invalid changes with one line, and usage errors with exit 2', async () => {
    const before = (await outbox()).length
    const merit = await runCli(['create-merit', '--group', '1', '--organization', String(FEDERATION), '--name', ' ', '--description', 'x', '--type', 'CARD', '--validity', 'FIXED_DURATION', '--db', dbFile], { env: offlineEnv(home) })
    expect(merit.code).toBe(1)
    expect(merit.stderr).toBe('kanslia: cannot queue the merit: name must not be empty; validityFixedDurationInMonths must be a whole number ≥ 1 with FIXED_DURATION, got undefined\n')
    const event = await runCli(['create-event', '--organizer', String(FEDERATION), '--name', 'Takaperin', '--start', '2027-02-02', '--end', '2027-02-01', '--webhook-url', 'ftp://x', '--db', dbFile], { env: offlineEnv(home) })
    expect(event.stderr).toBe('kanslia: cannot queue the event: endDateTime is before startDateTime; webhookUrl must be an http or https URL, got "ftp://x"\n')
    expect((await runCli(['create-event', '--organizer', '1', '--name', 'x', '--start', 'tomorrow', '--end', '2027-02-01', '--db', dbFile], { env: offlineEnv(home) })).code).toBe(2)
    expect((await runCli(['order', 'pay', '--order', 'outbox:x', '--method', 'op', '--db', dbFile], { env: offlineEnv(home) })).code).toBe(2)
    expect(await outbox()).toHaveLength(before)
  })

  it('push names an order whose answer was lost and exits 1; it is sent again only by `retry`', async () => {
    const paid = sandbox.activity.registrations
      .all()
      .filter((r) => r.state === 'ACTIVE' && r.paymentStatus === 'WAITING_PAYMENT_CONFIRMATION' && sandbox.store.isWithin(sandbox.activity.events.get(r.eventId)!.organizerId, FEDERATION))
      .at(-1)!
    await queue(['order', 'create', '--user', String(paid.userId), '--registrations', String(paid.id)])
    const item = (await outbox()).at(-1)!
    let posts = 0
    sandbox.events.on('request', (e: SandboxRequestEvent) => e.method === 'POST' && e.url === '/api/public/v2/order' && posts++)
    const proxy = await startDropProxy(sandbox.baseUrl, (method, path) => method === 'POST' && path === '/api/public/v2/order')
    await runCli(['push', '--db', dbFile, ...connection(proxy.url)], { env: onlineEnv(home, sandbox) })
    await proxy.close()

    const again = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(again.code).toBe(1)
    expect(again.stdout).toBe('')
    const [head, tail] = again.stderr.split(': POST /api/public/v2/order: no complete answer (')
    expect(head).toBe(`unknown #${item.id} ${item.summary}`)
    expect(tail).toMatch(/\); no endpoint lists orders, so whether the order was placed cannot be read back; check the registry: retry or discard it \(`kanslia retry \d+` or `kanslia discard \d+`\)\n$/)
    expect(tail).toContain(`\`kanslia retry ${item.id}\` or \`kanslia discard ${item.id}\``)
    expect(posts).toBe(1)

    const retried = await runCli(['retry', String(item.id), '--db', dbFile], { env: offlineEnv(home) })
    expect(retried.stdout).toBe(`queued #${item.id} again: ${item.summary} (\`kanslia push\` sends it)\n`)
    const sent = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(sent.code).toBe(0)
    expect(posts).toBe(2)
    expect((await outbox()).at(-1)).toMatchObject({ id: item.id, state: 'done' })
    const notRetryable = await runCli(['retry', String(item.id), '--db', dbFile], { env: offlineEnv(home) })
    expect(notRetryable.code).toBe(1)
    expect(notRetryable.stderr).toMatch(/is done; only rejected items are retried by hand/)
  })
})
