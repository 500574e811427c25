import { describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { ApiClient } from '../../../src/main/api/client'
import type { WritableDB } from '../../../src/main/db/open'
import { readStatus } from '../../../src/main/db/status'
import { runSync } from '../../../src/main/sync/engine'
import { startTamperProxy, type Answer } from '../../support/dropProxy'
import { closeAfterTest } from '../../support/afterTest'
import { startSyncFixture } from './fixture'
import { expectMirror, stored } from './mirror'

/**
 * Issue 6 "Bad input, answered clearly and losing nothing": the sandbox answers, and a proxy
 * spoils the user licence list on its way to the client — malformed JSON, an HTML error page,
 * wrong types, unknown enum values, a 10 MB field, a server clock a year behind. Each run says
 * what went wrong (or stores what is usable), leaves no partial or corrupted state, and the next
 * clean sync mirrors the sandbox again.
 */

/** A synced database, and a sandbox in which 5 user licences and one person changed since. */
async function setup() {
  const { sandbox, db, client: clean } = await startSyncFixture({ sandbox: { athletes: 300, seed: 17 }, client: { backoffBaseMs: 5, maxAttempts: 3 } })
  expect((await runSync(db, clean)).ok).toBe(true)
  const touched = sandbox.store.userLicenceIds().slice(0, 5)
  sandbox.store.touchUserLicences(touched)
  return { sandbox, db, clean, touched }
}

/** Syncs (a full run when `full`) through a proxy that applies `tamper` to the answers of the user licence list. */
async function syncTampered(sandbox: Sandbox, db: WritableDB, tamper: (answer: Answer) => Answer, full = false) {
  const listPath = `/api/public/v2/user-licence/${sandbox.federationId}`
  const proxy = await startTamperProxy(sandbox.baseUrl, (method, path, answer) => (method === 'GET' && path.startsWith(listPath) ? tamper(answer) : undefined))
  const client = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, backoffBaseMs: 5, maxAttempts: 3 })
  closeAfterTest(
    () => proxy.close(),
    () => client.close()
  )
  return runSync(db, client, { full })
}

/** The list answer with each element passed through `change`. */
function editElements(answer: Answer, change: (element: Record<string, unknown>, index: number) => Record<string, unknown>): Answer {
  const envelope = JSON.parse(answer.body.toString('utf8')) as { content: Array<Record<string, unknown>> }
  envelope.content = envelope.content.map(change)
  return { ...answer, body: Buffer.from(JSON.stringify(envelope)) }
}

const userLicenceCursor = (db: WritableDB) => readStatus(db).find((s) => s.resource === 'user-licences')

describe('bad input from the API (issue 6)', () => {
  it.each([
    ['malformed JSON', (answer: Answer) => ({ ...answer, body: answer.body.subarray(0, Math.floor(answer.body.length / 2)) }), /JSON/],
    [
      'an HTML error page instead of JSON',
      (answer: Answer) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<html><body><h1>502 Bad Gateway</h1></body></html>') }),
      /not JSON|HTML|text\/html/
    ],
    ['a body that is no list envelope', (answer: Answer) => ({ ...answer, body: Buffer.from('{"content":"none"}') }), /not a list envelope/],
    // An empty answer is one the spec documents for some lists, never for this one: no sweep may take it for "none left".
    ['an empty body', (answer: Answer) => ({ ...answer, body: Buffer.alloc(0) }), /not a list envelope/]
  ])('%s: the resource fails with a clear message, nothing of it changes, and the next sync catches up', async (_, tamper, message) => {
    const { sandbox, db, clean } = await setup()
    const before = stored(db, 'user-licences')
    const cursorBefore = userLicenceCursor(db)
    const result = await syncTampered(sandbox, db, tamper)
    expect(result.ok).toBe(false)
    const failed = result.resources.find((r) => r.resource === 'user-licences')!
    expect(failed.error).toMatch(message)
    expect(failed.errorCode).toBe('api-invalid-response')
    expect(userLicenceCursor(db)).toMatchObject({ lastResult: 'error', lastErrorCode: 'api-invalid-response' })
    expect(stored(db, 'user-licences')).toEqual(before)
    expect(userLicenceCursor(db)?.cursor).toEqual(cursorBefore?.cursor)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    // The other resources were kept; the next clean run mirrors everything.
    expect(result.resources.filter((r) => r.error).map((r) => r.resource)).toEqual(['user-licences'])
    expect((await runSync(db, clean)).ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('client data (spec v2 §4.10, shape "not shown"): an empty answer is nothing stored, a JSON string its content; another answer fails that resource alone', async () => {
    const { sandbox, db, clean } = await setup()
    await clean.writeV2('PUT', '/client-data', { body: { content: 'kausi 2026' }, emptyAnswer: true })
    expect((await runSync(db, clean)).ok).toBe(true)
    expect(stored(db, 'client-data')).toEqual([{ content: 'kausi 2026' }])
    const syncAnswering = async (body: string) => {
      const proxy = await startTamperProxy(sandbox.baseUrl, (method, path, answer) => (method === 'GET' && path.startsWith('/api/public/v2/client-data') ? { ...answer, body: Buffer.from(body) } : undefined))
      const client = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, backoffBaseMs: 5, maxAttempts: 3 })
      closeAfterTest(
        () => proxy.close(),
        () => client.close()
      )
      return runSync(db, client)
    }
    const emptied = await syncAnswering('')
    expect(emptied.ok).toBe(true)
    expect(emptied.resources.find((r) => r.resource === 'client-data')).toMatchObject({ elements: 0, removed: 1 })
    expect(stored(db, 'client-data')).toEqual([])
    expect((await syncAnswering('"kausi 2027"')).ok).toBe(true)
    expect(stored(db, 'client-data')).toEqual([{ content: 'kausi 2027' }])
    const odd = await syncAnswering('[1, 2]')
    expect(odd.resources.filter((r) => r.error).map((r) => [r.resource, r.error])).toEqual([['client-data', expect.stringMatching(/client-data: the answer is not a JSON object/)]])
    expect(stored(db, 'client-data')).toEqual([{ content: 'kausi 2027' }])
  })

  it('a server that answers fewer elements a page than asked, saying so in pageable.size, is read whole; a full run removes nothing', async () => {
    const { sandbox, db } = await setup()
    const CAP = 100
    const full = await syncTampered(
      sandbox,
      db,
      (answer) => {
        const envelope = JSON.parse(answer.body.toString('utf8')) as { content: unknown[]; pageable: { size: number } }
        if (envelope.pageable.size <= CAP) return answer
        envelope.content = envelope.content.slice(0, CAP)
        envelope.pageable.size = CAP
        return { ...answer, body: Buffer.from(JSON.stringify(envelope)) }
      },
      true
    )
    expect(full.ok).toBe(true)
    const licences = full.resources.find((r) => r.resource === 'user-licences')!
    expect(licences.elements).toBeGreaterThan(3 * CAP)
    expect(licences.removed).toBe(0)
    await expectMirror(db, sandbox)
  })

  it('wrong types: elements without a usable id or modificationTime are skipped and counted; wrong field types are stored as received', async () => {
    const { sandbox, db, clean, touched } = await setup()
    const [noId, badTime, oddFields] = touched
    const result = await syncTampered(sandbox, db, (answer) =>
      editElements(answer, (element) => {
        if (element.id === noId) return { ...element, id: `x${noId}` }
        if (element.id === badTime) return { ...element, modificationTime: 1_700_000_000 }
        if (element.id === oddFields) return { ...element, usagePeriodEnd: 20261231, licenceOrganizationName: { fi: 'Seura' } }
        return element
      })
    )
    expect(result.ok).toBe(true)
    const licences = result.resources.find((r) => r.resource === 'user-licences')!
    expect(licences.skipped).toBe(2)
    const odd = stored(db, 'user-licences').find((l) => l.id === oddFields)!
    expect(odd).toMatchObject({ usagePeriodEnd: 20261231, licenceOrganizationName: { fi: 'Seura' } })
    expect(db.prepare('SELECT usage_period_end, licence_organization_name FROM user_licence WHERE id = ?').get(oddFields)).toEqual({ usage_period_end: null, licence_organization_name: null })
    // The skipped ones were not stored in their spoiled form, and the cursor did not pass them: the next clean sync brings them.
    expect((await runSync(db, clean)).ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('a full run keeps the last good version of a listed element whose modificationTime it cannot read', async () => {
    const { sandbox, db, clean, touched } = await setup()
    const badTime = touched[0]
    const before = stored(db, 'user-licences').find((l) => l.id === badTime)
    expect(before).toBeDefined()
    const result = await syncTampered(sandbox, db, (answer) => editElements(answer, (element) => (element.id === badTime ? { ...element, modificationTime: null } : element)), true)
    expect(result.ok).toBe(true)
    const licences = result.resources.find((r) => r.resource === 'user-licences')!
    expect(licences.skipped).toBe(1)
    // Still listed, so not swept (DESIGN §3 rule 5): the stored version stays until a readable one comes.
    expect(licences.removed ?? 0).toBe(0)
    expect(stored(db, 'user-licences').find((l) => l.id === badTime)).toEqual(before)
    expect((await runSync(db, clean)).ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it('unknown enum values and a 10 MB field are kept as received; the next clean sync mirrors again', async () => {
    const { sandbox, db, clean, touched } = await setup()
    const huge = 'x'.repeat(10 * 1024 * 1024)
    const result = await syncTampered(sandbox, db, (answer) =>
      editElements(answer, (element) => {
        if (element.id === touched[0]) return { ...element, status: 'SOMETHING_NEW', user: { ...(element.user as object), gender: 'NOT_IN_THE_SPEC' } }
        if (element.id === touched[1]) return { ...element, remarks: huge }
        return element
      })
    )
    expect(result.ok).toBe(true)
    const mine = stored(db, 'user-licences')
    expect(mine.find((l) => l.id === touched[0])).toMatchObject({ status: 'SOMETHING_NEW', user: { gender: 'NOT_IN_THE_SPEC' } })
    expect((mine.find((l) => l.id === touched[1])!.remarks as string).length).toBe(huge.length)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    sandbox.store.touchUserLicences(touched.slice(0, 2))
    expect((await runSync(db, clean)).ok).toBe(true)
    await expectMirror(db, sandbox)
  })

  it("a server clock a year behind changes nothing: tokens expire by Kanslia's clock, cursors follow the server's own times", async () => {
    const { sandbox, db } = await setup()
    const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000).toUTCString()
    const proxy = await startTamperProxy(sandbox.baseUrl, (_, __, answer) => ({ ...answer, headers: { ...answer.headers, date: yearAgo } }))
    const client = new ApiClient({ ...sandbox.credentials(), baseUrl: proxy.url, authUrl: proxy.url, backoffBaseMs: 5 })
    closeAfterTest(
      () => proxy.close(),
      () => client.close()
    )
    const result = await runSync(db, client)
    expect(result.ok).toBe(true)
    expect(result.resources.find((r) => r.resource === 'user-licences')!.elements).toBeGreaterThanOrEqual(5)
    await expectMirror(db, sandbox)
  })
})
