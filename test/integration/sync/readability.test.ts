import { describe, expect, it } from 'vitest'
import { granteesNotReadable } from '../../../src/main/db/grantees'
import { runSync } from '../../../src/main/sync/engine'
import { formatHelsinkiDate } from '../../../src/sandbox/helsinkiTime'
import { startSyncFixture } from './fixture'

/**
 * The grant review's warning (`granteesNotReadable`) reads what a sync stored as the Federation
 * Sandbox reads its own data when it refuses a merit grant (spec v2 §4.3): licences and insurances
 * valid today for the merit's organization, and registrations to its events.
 */
describe('the grant review warning after a sync, against the sandbox (spec v2 §4.3)', () => {
  it('names for the merit of each organization exactly the members the sandbox refuses', async () => {
    const { sandbox, db, client } = await startSyncFixture({ sandbox: { athletes: 1500, seed: 21 }, client: { backoffBaseMs: 20 } })
    expect((await runSync(db, client, { pageSize: 500 })).ok).toBe(true)
    const today = formatHelsinkiDate(sandbox.clock.now())
    const people = sandbox.store.personIds()
    const organizations = new Set<number>()
    let telling = 0

    for (const group of sandbox.activity.meritGroups.all()) {
      const organization = group.data.organizationId
      // A merit of the client's organizations, as the grant dialog offers (another federation's are not stored).
      const merit = sandbox.activity.merits.all().find((m) => m.data.meritGroupId === group.id && db.prepare('SELECT 1 FROM merit WHERE id = ?').get(m.id) !== undefined)
      if (merit === undefined || organizations.has(organization)) continue
      organizations.add(organization)
      const refused = sandbox.activity.usersNotReadableBy(organization, people)
      expect(granteesNotReadable(db, merit.id, people, today), `organization ${organization}`).toEqual(refused)
      if (refused.length > 0 && refused.length < people.length) telling++
    }
    // Neither everyone nor no one refused, for the federation's merits and those of clubs or area associations below it.
    expect(telling).toBeGreaterThan(1)
  })
})
