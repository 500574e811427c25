import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox, SandboxRequestEvent } from '../../../src/sandbox/index'
import type { OutboxItem } from '../../../src/shared/outbox'
import { discardOutboxItem, readOutboxAudit } from '../../../src/main/services/outbox'
import { connectionFlags, covers, offlineEnv, onlineEnv, readBackTimeHasCome, startWritableSandbox, tiesOf, WRITABLE_FEDERATION } from '../../support/outbox'
import { formatHelsinkiDate } from '../../../src/sandbox/helsinkiTime'
import { localDate } from '../../../src/shared/localDate'
import { runCli, spawnCli } from '../../support/cli'

/**
 * Issue 5 CLI contract: `grant-merit`, `register` and `cancel-registration` queue with no
 * network at all; `push` sends (exit 0 when the queue is empty or only offline, non-zero with one
 * line per rejected item); `outbox` lists every item with its state. The real CLI against the
 * real sandbox, whose default client may write in its federation (100).
 */

const FEDERATION = WRITABLE_FEDERATION
let sandbox: Sandbox
let home: string
let dbFile: string

beforeAll(async () => {
  const started = await startWritableSandbox(13)
  sandbox = started.sandbox
  home = started.home
  dbFile = started.dbFile
})

afterAll(async () => {
  await sandbox?.close()
})

const connection = (baseUrl?: string) => connectionFlags(sandbox, baseUrl)

/** The days that decide "valid today": the machine's (the CLI's checks) and Helsinki's (the sandbox's). */
const todays = () => [localDate(), formatHelsinkiDate(sandbox.clock.now())]

/**
 * Members of the federation with a user licence valid on both days of `todays` (readable by it,
 * spec v2 §4.3, to the CLI and to the sandbox; on New Year's Eve two licences may do it) after the
 * first `skip`; with `event`, only members not registered to it (the generated data registers some).
 */
function licensedMembers(count: number, skip = 0, event?: { id: number }): number[] {
  const ids = new Set<number>()
  for (const id of sandbox.store.userLicenceIds()) {
    const user = sandbox.store.userLicence(id)!.user.id
    if (todays().every((day) => tiesOf(sandbox, user, false).some((licence) => covers(licence, day)))) ids.add(user)
  }
  const free = (user: number) => !event || !sandbox.activity.registrations.all().some((r) => r.eventId === event.id && r.userId === user && r.state === 'ACTIVE')
  return [...ids].slice(skip).filter(free).slice(0, count)
}

function openEvent(index: number) {
  return sandbox.activity.events
    .all()
    .filter((e) => e.deletionMs === undefined && e.status === 'PUBLISHED' && e.priceInCents === 0 && sandbox.store.isWithin(e.organizerId, FEDERATION))
    .filter((e) => sandbox.activity.registrationClosedReason(e) === undefined)
    .filter((e) => e.maxAttendeeCount === undefined || e.maxAttendeeCount - sandbox.activity.attendeeCount(e.id) >= 20)[index]
}

function federationMerit(): number {
  const group = sandbox.activity.meritGroups.all().find((g) => g.data.organizationId === FEDERATION)!
  return sandbox.activity.merits.all().find((m) => m.data.meritGroupId === group.id)!.id
}

async function outbox(): Promise<OutboxItem[]> {
  const result = await runCli(['outbox', '--db', dbFile, '--json'], { env: offlineEnv(home) })
  expect(result.code).toBe(0)
  return JSON.parse(result.stdout) as OutboxItem[]
}

describe('kanslia outbox commands (issue 5)', () => {
  it('queues a merit grant, a registration and a cancellation with no network, and lists them', async () => {
    const event = openEvent(0)
    const [a, b, c] = licensedMembers(3, 0, event)
    const meritId = federationMerit()
    const grant = await runCli(['grant-merit', '--merit', String(meritId), '--users', `${a},${b}`, '--date', '2026-10-01', '--granter', 'Hallitus', '--info', 'Syyskausi', '--no-notify', '--db', dbFile], { env: offlineEnv(home) })
    expect(grant.stderr).toBe('')
    expect(grant.code).toBe(0)
    expect(grant.stdout).toMatch(new RegExp(`^queued #\\d+: grant merit ${meritId} to 2 members on 2026-10-01 \\(granter: Hallitus\\)`))
    expect((await runCli(['register', '--event', event.uuid, '--user', String(c), '--details', 'Kasvis', '--db', dbFile], { env: offlineEnv(home) })).code).toBe(0)
    const items = await outbox()
    const registration = items[1]
    const cancel = await runCli(['cancel-registration', '--event', event.uuid, '--registration', `outbox:${registration.id}`, '--db', dbFile], { env: offlineEnv(home) })
    expect(cancel.code).toBe(0)

    const listed = await outbox()
    expect(listed.map((i) => [i.kind, i.state, i.dependsOn])).toEqual([
      ['merit-grant', 'queued', null],
      ['event-registration', 'queued', null],
      ['registration-cancel', 'queued', registration.id]
    ])
    expect(listed[0].payload).toEqual({
      meritId,
      grant: { grantingDate: '2026-10-01', meritGrantees: [a, b], notifyGrantees: false, meritGranter: 'Hallitus', meritAdditionalInfo: 'Syyskausi' }
    })
    expect(listed[1].payload).toEqual({ eventUuid: event.uuid, registration: { participantUserId: c, additionalDetails: 'Kasvis' } })
    const table = await runCli(['outbox', '--db', dbFile], { env: offlineEnv(home) })
    // The ids the commands take, then whom and what the change concerns by name.
    const member = sandbox.store.person(c)!
    expect(table.stdout).toContain(`register member ${c} to event ${event.uuid} [${member.firstName} ${member.lastName} (${member.sportId}); ${event.name}]`)

    // Offline is no failure: exit 0, the queue waits.
    const offline = await runCli(['push', '--db', dbFile, '--base-url', 'http://127.0.0.1:9', '--auth-url', 'http://127.0.0.1:9', '--client-id', 'c'], { env: { ...offlineEnv(home), KANSLIA_CLIENT_SECRET: 's' } })
    expect(offline.code).toBe(0)
    expect(offline.stdout).toMatch(/^offline: 3 changes wait for the network/)
    expect((await outbox()).every((i) => i.state === 'queued')).toBe(true)

    const pushed = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(pushed.stderr).toBe('')
    expect(pushed.code).toBe(0)
    expect(pushed.stdout).toContain(`pushed 3 changes: ${listed.map((i) => `#${i.id}`).join(', ')}`)
    expect((await outbox()).map((i) => i.state)).toEqual(['done', 'done', 'done'])
    expect(sandbox.activity.grantCollection(meritId).get(a)).toMatchObject({ grantingDate: '2026-10-01', additionalInfo: 'Syyskausi' })
    expect(sandbox.activity.registrations.all().filter((r) => r.eventId === event.id && r.userId === c).map((r) => r.state)).toEqual(['CANCELLED'])

    const empty = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(empty.code).toBe(0)
    expect(empty.stdout).toBe('nothing to push\n')
  })

  it('queues a grant naming members the merit organization may not read, and warns of them on stderr (spec v2 §4.3)', async () => {
    // Lapsed: licensed once, nothing valid on either day, and the sandbox agrees (no recent registration either); valid: a licence on both.
    const people = sandbox.store.personIds(FEDERATION)
    const lapsed = sandbox.activity
      .usersNotReadableBy(FEDERATION, people.filter((u) => sandbox.store.userLicenceIdsOfPerson(u).length > 0 && !todays().some((day) => tiesOf(sandbox, u).some((tie) => covers(tie, day)))))
      .slice(0, 2)
    const [valid] = licensedMembers(1)
    expect(lapsed).toHaveLength(2)
    const before = (await outbox()).length
    const grant = await runCli(['grant-merit', '--merit', String(federationMerit()), '--users', [lapsed[0], valid, lapsed[1]].join(','), '--date', '2026-10-01', '--granter', 'X', '--db', dbFile], { env: offlineEnv(home) })
    expect(grant.code).toBe(0)
    expect(grant.stdout).toMatch(/^queued #(\d+): grant merit \d+ to 3 members/)
    expect(grant.stderr).toBe(
      `warning: 2 of the grantees hold no licence or insurance of the merit's organization valid today, nor a recent registration to its events (${lapsed.join(', ')}); the registry grants only to members the organization may read (a valid licence, insurance, membership or recent event registration, spec v2 §4.3) and otherwise refuses the whole grant (--leave-out-unreadable leaves them out)\n`
    )
    const item = /^queued #(\d+)/.exec(grant.stdout)![1]
    expect((await runCli(['discard', item, '--db', dbFile], { env: offlineEnv(home) })).code).toBe(0)
    expect(await outbox()).toHaveLength(before)

    // Left out when asked: the grant names the valid member alone; none left is refused, nothing queued.
    const args = ['grant-merit', '--merit', String(federationMerit()), '--date', '2026-10-01', '--granter', 'X', '--leave-out-unreadable', '--db', dbFile]
    const leftOut = await runCli([...args, '--users', [lapsed[0], valid, lapsed[1]].join(',')], { env: offlineEnv(home) })
    expect(leftOut.code).toBe(0)
    expect(leftOut.stdout).toMatch(new RegExp(`^queued #\\d+: grant merit \\d+ to member ${valid} `))
    expect(leftOut.stderr).toBe(`left out: 2 of the grantees hold no licence or insurance of the merit's organization valid today, nor a recent registration to its events (${lapsed.join(', ')})\n`)
    const queued = (await outbox()).at(-1)!
    expect(queued.payload).toMatchObject({ grant: { meritGrantees: [valid] } })
    expect((await runCli(['discard', String(queued.id), '--db', dbFile], { env: offlineEnv(home) })).code).toBe(0)
    const none = await runCli([...args, '--users', lapsed.join(',')], { env: offlineEnv(home) })
    expect(none).toMatchObject({ code: 1, stdout: '', stderr: `kanslia: cannot queue the merit grant: the merit's organization may read none of the grantees today (${lapsed.join(', ')})\n` })
    expect(await outbox()).toHaveLength(before)
  })

  it('refuses invalid changes with one line and queues nothing', async () => {
    const before = (await outbox()).length
    const unknown = await runCli(['grant-merit', '--merit', String(federationMerit()), '--users', '999999999', '--date', '2026-10-01', '--granter', 'X', '--db', dbFile], { env: offlineEnv(home) })
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toBe('kanslia: cannot queue the merit grant: no member with id 999999999 in the local database\n')
    const noGranter = await runCli(['grant-merit', '--merit', String(federationMerit()), '--users', String(licensedMembers(1)[0]), '--date', '2026-10-01', '--db', dbFile], { env: offlineEnv(home) })
    expect(noGranter.stderr).toBe('kanslia: cannot queue the merit grant: give the granter: granterUserId or meritGranter\n')
    const usage = await runCli(['grant-merit', '--merit', '5', '--users', '1,x', '--date', '2026-10-01', '--granter', 'X', '--db', dbFile], { env: offlineEnv(home) })
    expect(usage.code).toBe(2)
    const both = await runCli(['grant-merit', '--merit', '5', '--users', '1', '--date', '2026-10-01', '--granter', 'X', '--granter-user', '7', '--db', dbFile], { env: offlineEnv(home) })
    expect(both.code).toBe(2)
    const noDb = await runCli(['register', '--event', openEvent(0).uuid, '--user', '1', '--db', join(home, 'missing.db')], { env: offlineEnv(home) })
    expect(noDb.code).toBe(1)
    expect(noDb.stderr).toMatch(/^kanslia: there is no Kanslia database at /)
    expect(await outbox()).toHaveLength(before)
  })

  it("edit replaces a queued item's input, checked as when queuing", async () => {
    const [first, second] = [openEvent(3), openEvent(4)]
    // Past the first 20, which earlier tests use; registered to neither event.
    const free = licensedMembers(400, 0, first)
    const [user] = licensedMembers(400, 0, second).filter((u) => free.includes(u)).slice(20)
    await runCli(['register', '--event', first.uuid, '--user', String(user), '--db', dbFile], { env: offlineEnv(home) })
    const item = (await outbox()).at(-1)!
    expect(item.payload).toEqual({ eventUuid: first.uuid, registration: { participantUserId: user } })
    const notJson = await runCli(['edit', String(item.id), '--input', '{eventUuid', '--db', dbFile], { env: offlineEnv(home) })
    expect(notJson.code).toBe(2)
    expect(notJson.stderr).toMatch(/option '--input <json>' argument '\{eventUuid' is invalid\. must be JSON/)
    const otherShape = await runCli(['edit', String(item.id), '--input', '{"eventUuid":"x"}', '--db', dbFile], { env: offlineEnv(home) })
    expect(otherShape.code).toBe(1)
    expect(otherShape.stderr).toMatch(/^kanslia: cannot queue the event-registration: the input does not have the fields of a change of kind event-registration \(its payload in `kanslia outbox --json` shows them\)\n$/)
    const edited = await runCli(['edit', String(item.id), '--input', JSON.stringify({ eventUuid: second.uuid, registration: { participantUserId: user } }), '--db', dbFile], { env: offlineEnv(home) })
    expect(edited.stderr).toBe('')
    expect(edited.stdout).toBe(`edited #${item.id}: register member ${user} to event ${second.uuid} (\`kanslia push\` sends it)\n`)
    expect((await outbox()).at(-1)).toMatchObject({ id: item.id, state: 'queued', payload: { eventUuid: second.uuid } })
    expect(readOutboxAudit(dbFile, item.id).map((e) => e.event)).toEqual(['queued', 'edited'])
    await discardOutboxItem({ dbFile, id: item.id })
  })

  it('push exits non-zero with one line per rejected item; the others are sent', async () => {
    const full = openEvent(1)
    const open = openEvent(2)
    const [u1] = licensedMembers(1, 10, full)
    const [u2] = licensedMembers(1, 10, open)
    await runCli(['register', '--event', full.uuid, '--user', String(u1), '--db', dbFile], { env: offlineEnv(home) })
    await runCli(['register', '--event', open.uuid, '--user', String(u2), '--db', dbFile], { env: offlineEnv(home) })
    const [rejected, sent] = (await outbox()).slice(-2)
    sandbox.activity.events.update(full.id, (e) => {
      e.maxAttendeeCount = sandbox.activity.attendeeCount(full.id)
    })
    const pushed = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(pushed.code).toBe(1)
    expect(pushed.stderr).toBe(`rejected #${rejected.id} register member ${u1} to event ${full.uuid}: 400 event ${full.id} is full\n`)
    expect(pushed.stdout).toContain(`pushed 1 change: #${sent.id}`)
    const after = await outbox()
    expect(after.find((i) => i.id === rejected.id)).toMatchObject({ state: 'rejected', lastStatus: 400, lastAnswer: `event ${full.id} is full` })
    expect(after.find((i) => i.id === sent.id)!.state).toBe('done')
    // A person decides: discarded, the queue is clean again (and the audit log keeps its history).
    expect(await discardOutboxItem({ dbFile, id: rejected.id, actor: 'sihteeri' })).toEqual([rejected.id])
    expect(readOutboxAudit(dbFile, rejected.id).map((e) => [e.event, e.actor])).toEqual([
      ['queued', expect.any(String)],
      ['sent', null],
      ['rejected', null],
      ['discarded', 'sihteeri']
    ])
    // The audit log is exportable: one item's history as CSV, the whole log as JSON in a file.
    const csv = await runCli(['audit', '--item', String(rejected.id), '--format', 'csv', '--db', dbFile], { env: offlineEnv(home) })
    expect(csv.code).toBe(0)
    const lines = csv.stdout.trim().split('\n')
    expect(lines[0]).toBe('id,at,itemId,kind,event,actor,detail')
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(['queued', 'sent', 'rejected', 'discarded'])
    const file = join(home, 'audit.json')
    expect((await runCli(['audit', '--out', file, '--db', dbFile], { env: offlineEnv(home) })).code).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(readOutboxAudit(dbFile))
    // As a CSV file, the same as on standard output after a byte order mark (for Excel).
    const csvFile = join(home, 'audit.csv')
    expect((await runCli(['audit', '--item', String(rejected.id), '--format', 'csv', '--out', csvFile, '--db', dbFile], { env: offlineEnv(home) })).code).toBe(0)
    expect(readFileSync(csvFile, 'utf8')).toBe(`\ufeff${csv.stdout}`)
  })

  it('a push killed with SIGKILL loses nothing and duplicates nothing; the next push finishes', async () => {
    const event = openEvent(3)
    const members = licensedMembers(8, 20, event)
    const meritId = federationMerit()
    const first = (await outbox()).length
    for (const user of members) expect((await runCli(['register', '--event', event.uuid, '--user', String(user), '--db', dbFile], { env: offlineEnv(home) })).code).toBe(0)
    await runCli(['grant-merit', '--merit', String(meritId), '--users', members.join(','), '--date', '2026-12-24', '--granter', 'Joulupukki', '--db', dbFile], { env: offlineEnv(home) })
    const ours = (await outbox()).slice(first)
    expect(ours).toHaveLength(9)

    const run = spawnCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    let posts = 0
    const listener = (e: SandboxRequestEvent) => {
      if (e.method === 'POST' && e.url.includes(`/event/registration/${event.uuid}`) && ++posts === 3) run.child.kill('SIGKILL')
    }
    // On 'answer', not 'request': after a response is written the client may record it before the signal lands.
    sandbox.events.on('answer', listener)
    const killed = await run.done.finally(() => sandbox.events.off('answer', listener))
    expect(killed.signal).toBe('SIGKILL')
    const midway = (await outbox()).slice(first)
    expect(midway.filter((i) => i.state === 'done').length).toBeLessThan(9)

    // The registration whose answer the kill cut off is read back only minutes after it was sent, and nothing is sent before it.
    const lost = midway.filter((i) => i.state === 'sending')
    expect(lost).toHaveLength(1)
    const early = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(early.code).toBe(0)
    // Then the re-pull of what the killed push had done.
    const [said] = early.stdout.split('\n')
    expect(said).toMatch(new RegExp(`^${9 - midway.filter((i) => i.state === 'done').length} changes wait: item #${lost[0].id} was sent without an answer; it is read back after 20\\d\\d-.*Z, before anything else is sent \\(run \`kanslia push\` again then\\)$`))
    const waiting = (await outbox()).slice(first)
    expect(waiting.map((i) => i.state)).toEqual(midway.map((i) => (i.state === 'sending' ? 'unknown' : i.state)))
    expect(Date.parse(waiting.find((i) => i.id === lost[0].id)!.nextAttemptAt!)).toBeGreaterThan(Date.now() + 60_000)

    expect(readBackTimeHasCome(dbFile)).toEqual([lost[0].id])
    const resumed = await runCli(['push', '--db', dbFile, ...connection()], { env: onlineEnv(home, sandbox) })
    expect(resumed.stderr).toBe('')
    expect(resumed.code).toBe(0)
    expect((await outbox()).slice(first).map((i) => i.state)).toEqual(Array(9).fill('done'))
    for (const user of members) {
      expect(sandbox.activity.registrations.all().filter((r) => r.eventId === event.id && r.userId === user && r.state === 'ACTIVE')).toHaveLength(1)
      expect(sandbox.activity.grantCollection(meritId).get(user)?.grantingDate).toBe('2026-12-24')
    }
  })
})
