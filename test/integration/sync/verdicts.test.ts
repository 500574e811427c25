import { describe, expect, it } from 'vitest'
import { checkPerson } from '../../../src/main/db/venueCheck'
import { runSync } from '../../../src/main/sync/engine'
import { localDate } from '../../../src/shared/localDate'
import { startSyncFixture } from './fixture'

/** The member summary's licence verdicts (DESIGN §3b) after incremental syncs from the real sandbox over loopback. */
describe('licence verdicts kept by the sync', () => {
  it('re-evaluates every holder of a licence product the registry changed, though none of them changed', async () => {
    const { sandbox, db, client } = await startSyncFixture({ sandbox: { athletes: 300, seed: 5 } })
    const today = localDate()
    await runSync(db, client, { today })
    // The product most members hold valid today; a trial of one day from now on leaves them expired.
    const { licenceId, holders } = db
      .prepare(
        `SELECT ul.licence_id AS licenceId, json_group_array(s.person_id) AS holders FROM member_summary s JOIN user_licence ul ON ul.id = s.licence_id
         WHERE s.verdict = 'valid' AND substr(ul.purchase_time, 1, 10) < ? GROUP BY ul.licence_id ORDER BY count(*) DESC LIMIT 1`
      )
      .get(today) as { licenceId: number; holders: string }
    const ids = JSON.parse(holders) as number[]
    expect(ids.length).toBeGreaterThan(5)
    sandbox.store.updateLicence(licenceId, { validityDurationInDays: 1 })

    const quiet = await runSync(db, client, { today })
    expect(quiet.ok).toBe(true)
    const verdict = db.prepare('SELECT verdict FROM member_summary WHERE person_id = ?').pluck()
    for (const id of ids) {
      const expected = checkPerson(db, id, today)!.check.verdict
      expect(expected).not.toBe('valid')
      expect(verdict.get(id), `person ${id}`).toBe(expected)
    }
  })
})
