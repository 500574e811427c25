import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { getItem } from '../../../src/main/db/outbox'
import {
  listAwaitingDecision,
  listOutbox,
  pushOutboxNow,
  queueClientDataPut,
  queueClubCreate,
  queueEventRegistration,
  queueOrderCreate,
  queueOrderPayment,
  readOutboxAudit
} from '../../../src/main/services/outbox'
import { closeAfterTest } from '../../support/afterTest'
import { startDropProxy, startHoldProxy, startTamperProxy } from '../../support/dropProxy'
import { countRequests, members, openEvents, WRITABLE_FEDERATION, writableSandboxForTest } from '../../support/outbox'

const ROOT = join(import.meta.dirname, '..', '..', '..')

type Connection = ReturnType<Sandbox['credentials']>

/**
 * Another process writing the database (test/support/outbox-writer.ts): resolves `locked` once it
 * holds the write lock, which it keeps `ms` (then discards or retries item `then.id`, if given);
 * `exited` when it is done.
 */
function otherWriter(dbFile: string, ms: number, then?: { action: 'discard' | 'retry'; id: number }): { locked: Promise<void>; exited: Promise<number | null> } {
  const args = [join(ROOT, 'bin', 'run-ts.mjs'), join(ROOT, 'test', 'support', 'outbox-writer.ts'), dbFile, String(ms), ...(then === undefined ? [] : [then.action, String(then.id)])]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve())
    child.once('exit', () => reject(new Error('the other writer ended before it held the lock')))
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { locked, exited }
}

/**
 * The sandbox through a proxy that holds back the answer to the first request matching `hold`
 * until another process holds the database (`otherWriter`, with `ms` and `then`): `connection`
 * goes through it; `writerExited` resolves with that process's exit code.
 */
async function whileOtherProcessWrites(
  test: { sandbox: Sandbox; connection: Connection; dbFile: string },
  hold: (method: string, path: string) => boolean,
  ms: number,
  then?: { action: 'discard' | 'retry'; id: number }
): Promise<{ connection: Connection; writerExited: Promise<number | null> }> {
  let exited!: (code: number | null) => void
  const writerExited = new Promise<number | null>((resolve) => (exited = resolve))
  const proxy = await startHoldProxy(test.sandbox.baseUrl, hold, () => {
    const writer = otherWriter(test.dbFile, ms, then)
    void writer.exited.then(exited)
    return writer.locked
  })
  closeAfterTest(() => proxy.close())
  return { connection: { ...test.connection, baseUrl: proxy.url, authUrl: proxy.url }, writerExited }
}

/** Issue 5: each change reaches the registry exactly once when another process writes the database meanwhile. */
describe('the outbox while another process writes the database', () => {
  it('a change queued while another process holds the database a moment waits for it, not refused as busy', async () => {
    const { sandbox, dbFile } = await writableSandboxForTest()
    const event = openEvents(sandbox)[0]
    const [user] = members(sandbox, 1, [event])
    // A sync's page, a push's answer: the queuing reads the local data first, then writes.
    const writer = otherWriter(dbFile, 1500)
    await writer.locked
    const item = await queueEventRegistration({ dbFile, actor: 'sihteeri', eventUuid: event.uuid, registration: { participantUserId: user } })
    expect(await writer.exited).toBe(0)
    expect(listOutbox(dbFile).map((i) => [i.id, i.state])).toEqual([[item.id, 'queued']])
  })

  it('a change the registry took whose answer cannot be stored (the database busy past its timeout) is read back by the next push, never sent again', async () => {
    const test = await writableSandboxForTest()
    const { sandbox, dbFile, connection } = test
    const parentId = sandbox.store.organizations.all().find((o) => o.data.type === 'AREA' && o.data.federationId === WRITABLE_FEDERATION && o.data.status === 'ACTIVE')!.id
    const item = await queueClubCreate({ dbFile, parentId, club: { name: 'Kahdesti Kilpa' } })
    const posts = countRequests(sandbox, 'POST', '/suborganizations')
    // The club is made; as its answer comes back, a sync of another process holds the database for
    // 12 s: storing the answer times out (5 s), and so does giving up the push's claim after it.
    const busy = await whileOtherProcessWrites(test, (method, path) => method === 'POST' && path.includes('/suborganizations'), 12_000)
    await expect(pushOutboxNow({ dbFile, connection: busy.connection, backoffBaseMs: 1 })).rejects.toThrow(/locked|busy/i)
    expect(await busy.writerExited).toBe(0)
    const db = openDatabaseReadonly(dbFile)
    expect(getItem(db, item.id)!.state).toBe('sending')
    db.close()

    // The same process pushes again (the app's next push): the claim the failed one left is taken over.
    const second = await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(second.done).toEqual([item.id])
    expect(posts.count).toBe(1)
    expect(sandbox.store.organizations.all().filter((o) => o.data.name === 'Kahdesti Kilpa')).toHaveLength(1)
    expect(readOutboxAudit(dbFile, item.id).map((entry) => entry.event)).toEqual(['queued', 'sent', 'no-answer', 'reconciled'])
  }, 60_000)

  it('an order\'s answer, which no read gives back, waits for a database another process holds past its timeout: its orderId is kept', async () => {
    const test = await writableSandboxForTest()
    const { sandbox, dbFile } = test
    const unpaid = sandbox.activity.registrations.all().find((r) => {
      const event = sandbox.activity.events.get(r.eventId)!
      return r.state === 'ACTIVE' && r.paymentStatus === 'WAITING_PAYMENT_CONFIRMATION' && event.deletionMs === undefined && event.status === 'PUBLISHED' && sandbox.store.isWithin(event.organizerId, WRITABLE_FEDERATION)
    })!
    const order = await queueOrderCreate({ dbFile, userId: unpaid.userId, eventRegistrationIds: [unpaid.id] })
    const posts = countRequests(sandbox, 'POST', '/api/public/v2/order')
    // The order is placed; as its answer comes back, another process holds the database for 12 s,
    // past the 5 s a write waits for it.
    const busy = await whileOtherProcessWrites(test, (method, path) => method === 'POST' && path === '/api/public/v2/order', 12_000)
    const pushed = await pushOutboxNow({ dbFile, connection: busy.connection, backoffBaseMs: 1 })
    expect(await busy.writerExited).toBe(0)
    expect(pushed.done).toEqual([order.id])
    expect(posts.count).toBe(1)
    const stored = listOutbox(dbFile).find((i) => i.id === order.id)!
    expect(stored.state).toBe('done')
    const { orderId } = JSON.parse(stored.lastAnswer!) as { orderId: number }
    expect(sandbox.activity.order(orderId)).toMatchObject({ orderId, userId: unpaid.userId })
    expect(readOutboxAudit(dbFile, order.id).map((entry) => entry.event)).toEqual(['queued', 'sent', 'answered'])
  }, 60_000)

  it('an item another process discards as the push picks it is never sent', async () => {
    const test = await writableSandboxForTest()
    const { sandbox, dbFile, connection } = test
    // A payment whose answer was lost waits for a person: each push reads its order's status back and writes nothing.
    const unpaid = sandbox.activity.registrations.all().find((r) => {
      const event = sandbox.activity.events.get(r.eventId)!
      return r.state === 'ACTIVE' && r.paymentStatus === 'WAITING_PAYMENT_CONFIRMATION' && event.deletionMs === undefined && event.status === 'PUBLISHED' && sandbox.store.isWithin(event.organizerId, WRITABLE_FEDERATION)
    })!
    const order = await queueOrderCreate({ dbFile, userId: unpaid.userId, eventRegistrationIds: [unpaid.id] })
    await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    const orderId = (JSON.parse(listOutbox(dbFile).find((i) => i.id === order.id)!.lastAnswer!) as { orderId: number }).orderId
    const payment = await queueOrderPayment({ dbFile, order: { orderId }, paymentMethodCode: 'op' })
    const drop = await startDropProxy(sandbox.baseUrl, (method, path) => method === 'POST' && path.includes('/payment/op'))
    closeAfterTest(() => drop.close())
    await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: drop.url, authUrl: drop.url }, backoffBaseMs: 1 })
    await pushOutboxNow({ dbFile, connection, backoffBaseMs: 1 })
    expect(listAwaitingDecision(dbFile).map((i) => i.id)).toEqual([payment.id])

    // While that read-back is answered, another process takes the database and discards the next item.
    const discarded = await queueClientDataPut({ dbFile, content: 'discarded: never to be sent' })
    const puts = countRequests(sandbox, 'PUT', '/client-data')
    const busy = await whileOtherProcessWrites(test, (method, path) => method === 'GET' && path.includes('/payment/status'), 500, { action: 'discard', id: discarded.id })
    const push = await pushOutboxNow({ dbFile, connection: busy.connection, backoffBaseMs: 1 })
    expect(await busy.writerExited).toBe(0)
    expect(push.done).toEqual([])
    expect(puts.count).toBe(0)
    expect(listOutbox(dbFile).map((i) => i.id)).not.toContain(discarded.id)
    expect(readOutboxAudit(dbFile, discarded.id).map((entry) => entry.event)).toEqual(['queued', 'discarded'])
  }, 60_000)

  it('an item a person discards while a push reads it back is left discarded, not settled by the read-back', async () => {
    const test = await writableSandboxForTest()
    const { sandbox, dbFile, connection } = test
    const event = openEvents(sandbox)[0]
    const [user] = members(sandbox, 1, [event])
    const item = await queueEventRegistration({ dbFile, eventUuid: event.uuid, registration: { participantUserId: user } })
    const readBack = (method: string, path: string) => method === 'GET' && path.startsWith(`/api/public/v2/event/registration/user/${user}`)
    // The registration is made but its answer lost; its read-back is refused: it waits for a person.
    const drop = await startDropProxy(sandbox.baseUrl, (method, path) => method === 'POST' && path.startsWith('/api/public/v2/event/registration/'))
    closeAfterTest(() => drop.close())
    await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: drop.url, authUrl: drop.url }, backoffBaseMs: 1 })
    const refuse = await startTamperProxy(sandbox.baseUrl, (method, path, answer) => (readBack(method, path) ? { ...answer, status: 403, body: Buffer.from('{"message":"no"}') } : undefined))
    closeAfterTest(() => refuse.close())
    await pushOutboxNow({ dbFile, connection: { ...connection, baseUrl: refuse.url, authUrl: refuse.url }, backoffBaseMs: 1 })
    expect(listAwaitingDecision(dbFile).map((i) => i.id)).toEqual([item.id])

    // The next push's read-back finds the registration; meanwhile another process discards the item.
    const busy = await whileOtherProcessWrites(test, readBack, 500, { action: 'discard', id: item.id })
    const push = await pushOutboxNow({ dbFile, connection: busy.connection, backoffBaseMs: 1 })
    expect(await busy.writerExited).toBe(0)
    expect(push.done).toEqual([])
    const events = readOutboxAudit(dbFile, item.id).map((entry) => entry.event)
    expect(events.at(-1)).toBe('discarded')
  }, 60_000)
})
