import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KansliaEvent, MemberPage } from '../../../src/shared/ipc/contract'
import { createHandlers, dispatch } from '../../../src/main/ipc/handlers'
import { createTestSession } from '../../support/desktop'

/**
 * The IPC handlers over the real session: demo sandbox on loopback, sync in a worker thread,
 * member queries on the synced database (issue 3).
 */
describe('desktop IPC handlers against the demo federation', () => {
  const test = createTestSession({ demoAthletes: 400 })
  const handlers = createHandlers({ session: test.session, openExternal: async () => undefined })
  const events: KansliaEvent[] = []
  const call = (method: string, input?: unknown) => dispatch(handlers, method, input)

  beforeAll(async () => {
    test.session.events.on('event', (event: KansliaEvent) => events.push(event))
    expect(await call('getAppState')).toEqual({ ok: true, value: { mode: 'first-run', profile: null, syncing: false } })
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
    for (const status of ['valid', 'expiring', 'missing'] as const) {
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

  it('reports the last result per resource', async () => {
    const status = (await call('getSyncStatus')) as { ok: true; value: { syncing: boolean; resources: Array<{ lastResult: string }> } }
    expect(status.value.syncing).toBe(false)
    expect(status.value.resources.length).toBeGreaterThan(0)
    expect(status.value.resources.every((r) => r.lastResult === 'ok')).toBe(true)
  })
})
