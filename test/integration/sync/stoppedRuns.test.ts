import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/api/client'
import type { SandboxRequestEvent } from '../../../src/sandbox/index'
import { runSync } from '../../../src/main/sync/engine'
import { parseInstant } from '../../../src/shared/instant'
import { closeAfterTest } from '../../support/afterTest'
import { startTamperProxy } from '../../support/dropProxy'
import { startSyncFixture } from './fixture'
import { expectMirror } from './mirror'

/**
 * DESIGN §3 rule 4: a run stopped at any point (here: a list whose next request keeps failing)
 * loses nothing; the next incremental run, with nothing to tell it what the stopped one missed
 * but the cursors, mirrors the sandbox. Each case stops a run where its cursor had moved further
 * than what it had stored in full.
 */
describe('a run stopped half-way, then an incremental one', () => {
  const SERVICE_UNAVAILABLE = { status: 503, headers: { 'content-type': 'text/plain' }, body: Buffer.from('unavailable') }

  it('re-reads a bulk import whose pages shifted while read with page++, although the stopped run could not check them', async () => {
    const { sandbox, db, client } = await startSyncFixture({ sandbox: { athletes: 300, seed: 5 }, client: { backoffBaseMs: 5 } })
    const listPath = `/api/public/v2/user-licence/${sandbox.federationId}`
    const all = (await client.getV2<{ content: Array<{ id: number; modificationTime: string }> }>(`/user-licence/${sandbox.federationId}`, { size: 100_000 })).content
    // The largest group of licences sharing one instant (a bulk import): read with page++.
    const byInstant = new Map<number, typeof all>()
    for (const licence of all) {
      const us = parseInstant(licence.modificationTime)
      byInstant.set(us, [...(byInstant.get(us) ?? []), licence])
    }
    const [clusterUs, cluster] = [...byInstant.entries()].sort((a, b) => b[1].length - a[1].length)[0]
    expect(cluster.length).toBeGreaterThan(30)

    // Licences of the group change while its second page is read: the pages after it shift.
    let shifted = false
    const shift = (event: SandboxRequestEvent) => {
      if (shifted || event.method !== 'GET' || !event.url.startsWith(listPath) || new URL(event.url, sandbox.baseUrl).searchParams.get('page') !== '1') return
      shifted = true
      sandbox.store.touchUserLicences(cluster.slice(0, 5).map((licence) => licence.id))
    }
    sandbox.events.on('request', shift)
    // Then the list stops answering once the run re-anchors past the group: the run ends before its check of the group's pages.
    let stopping = true
    const proxy = await startTamperProxy(sandbox.baseUrl, (method, path, answer) => {
      if (!stopping || !shifted || method !== 'GET' || !path.startsWith(listPath)) return answer
      const ts = new URL(path, sandbox.baseUrl).searchParams.get('ts')
      return ts !== null && parseInstant(ts) > clusterUs - 2_000_000 ? SERVICE_UNAVAILABLE : answer
    })
    const stopped = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, backoffBaseMs: 5, maxAttempts: 2 })
    closeAfterTest(
      () => proxy.close(),
      () => stopped.close()
    )
    const first = await runSync(db, stopped, { pageSize: 10 })
    sandbox.events.off('request', shift)
    stopping = false
    expect(shifted).toBe(true)
    expect(first.resources.find((r) => r.resource === 'user-licences')?.error).toMatch(/503/)

    expect((await runSync(db, client, { pageSize: 10 })).ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('reads the rest of an event listing that stopped half-way, although its newest event was stored', async () => {
    const { sandbox, db, client } = await startSyncFixture({ sandbox: { athletes: 3000, seed: 1 }, client: { backoffBaseMs: 5 } })
    // The newest change is on the listing's first page (it is in id order, not by modification time).
    const first = sandbox.activity.events
      .all()
      .filter((event) => event.deletionMs === undefined && event.visibility === 'PUBLIC' && event.status === 'PUBLISHED')
      .sort((a, b) => a.id - b.id)[0]
    sandbox.activity.updateEvent(first.id, { description: 'Muutettu juuri' })
    let stopping = true
    const proxy = await startTamperProxy(sandbox.baseUrl, (method, path, answer) => {
      const url = new URL(path, sandbox.baseUrl)
      const wholeListing = url.pathname === '/api/public/v3/event' && !url.searchParams.has('sort') && !url.searchParams.has('dateTimeRangeStart')
      return stopping && method === 'GET' && wholeListing && url.searchParams.get('page') === '1' ? SERVICE_UNAVAILABLE : answer
    })
    const stopped = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, backoffBaseMs: 5, maxAttempts: 2 })
    closeAfterTest(
      () => proxy.close(),
      () => stopped.close()
    )
    const run = await runSync(db, stopped, { pageSize: 5 })
    stopping = false
    expect(run.resources.find((r) => r.resource === 'events')?.error).toMatch(/503/)
    const storedBefore = db.prepare('SELECT count(*) FROM event').pluck().get() as number

    expect((await runSync(db, client, { pageSize: 5 })).ok).toBe(true)
    expect(db.prepare('SELECT count(*) FROM event').pluck().get()).toBeGreaterThan(storedBefore)
    await expectMirror(db, sandbox)
  })
})
