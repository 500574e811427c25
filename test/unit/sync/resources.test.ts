import { describe, expect, it } from 'vitest'
import * as resources from '../../../src/main/sync/resources'
import type { FanOut, ListSource } from '../../../src/main/sync/resources'

/** Every list the engine reads, its parent-dependent ones for a parent with an id and a uuid. */
function everySource(): ListSource[] {
  const parent = { id: 1, uuid: 'a3f1c0de-0000-4000-8000-000000000001' }
  const fanOuts = Object.values(resources).filter((value): value is FanOut => typeof value === 'object' && value !== null && 'source' in value)
  return [
    ...resources.FEDERATION_SOURCES.map((entry) => resources.federationSource(entry, 100)),
    resources.federationMasterSports(100),
    resources.eventSearch(100, '2026-11-27'),
    ...resources.REFERENCE_SOURCES,
    ...resources.SMALL_SOURCES,
    resources.PUBLIC_EVENTS,
    ...fanOuts.map((fanOut) => fanOut.source(parent))
  ]
}

describe('the list catalogue (DESIGN §3)', () => {
  it('reads every SYNC list by the `id` field with no tombstones: their pages are decoded apart (PageJob), functions cannot go along', () => {
    const sources = everySource()
    expect(sources.filter((source) => source.paging === 'sync').map((source) => source.resource)).toEqual(
      expect.arrayContaining(['user-licences', 'user-insurances', 'merit-groups', 'merits', 'granted-merits', 'registered-event-users'])
    )
    const misfits = sources.filter((source) => source.paging === 'sync' && (source.idOf !== undefined || source.tombstone !== undefined))
    expect(misfits.map((source) => source.resource)).toEqual([])
  })
})
