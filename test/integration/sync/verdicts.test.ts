import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkPerson } from '../../../src/main/db/venueCheck'
import { verdictsDue } from '../../../src/main/db/memberSummary'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { ensureVerdicts } from '../../../src/main/services/verdicts'
import { runSync } from '../../../src/main/sync/engine'
import { formatHelsinkiDate } from '../../../src/sandbox/helsinkiTime'
import { startSyncFixture } from './fixture'
import { dayWithValidLicences } from '../../support/dataDay'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/** The member summary's licence verdicts (DESIGN §3b) after incremental syncs from the real sandbox over loopback. */
describe('licence verdicts kept by the sync', () => {
  it('re-evaluates every holder of a licence product the registry changed, though none of them changed', async () => {
    const { sandbox, db, client } = await startSyncFixture({ sandbox: { athletes: 300, seed: 5 } })
    // A day with `valid` members (none in December).
    const today = dayWithValidLicences()
    await runSync(db, client, { today })
    // The product most members hold valid on that day; a trial of one day from now on leaves them expired.
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

  it('a sync killed before its end leaves the persons it stored due, and the next read judges them', async () => {
    const { sandbox, db, client, dbFile } = await startSyncFixture({ sandbox: { athletes: 300, seed: 6, faults: { latencyMs: 40 } } })
    // The registry's day: a licence bought now starts on it (Helsinki), whatever this machine's zone says.
    const today = formatHelsinkiDate(Date.now())
    await runSync(db, client, { today })
    // A member whose licence has expired buys this season's licence.
    const lapsed = db.prepare("SELECT person_id FROM member_summary WHERE verdict = 'expired' ORDER BY person_id LIMIT 1").pluck().get() as number
    const product = db.prepare("SELECT id FROM licence WHERE raw ->> '$.insuranceRequirement' = 'InsuranceNotRequired' AND usage_start_time <= ? AND usage_end_time >= ? ORDER BY id LIMIT 1").pluck().get(today, today) as number
    sandbox.store.addUserLicence({ userId: lapsed, licenceId: product })

    // Killed once the user licences are stored, before the run's end evaluates anyone.
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'run-ts.mjs'), join(import.meta.dirname, 'sync-child.ts'), JSON.stringify({ dbFile, connection: sandbox.credentials(), pageSize: 50 })], {
      stdio: 'ignore'
    })
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
    sandbox.events.on('request', (event: { url: string }) => {
      if (new URL(event.url, 'http://sandbox').pathname === `/api/public/v2/user-insurance/${sandbox.federationId}`) child.kill('SIGKILL')
    })
    expect(await exited).toBe('SIGKILL')
    const verdict = db.prepare('SELECT verdict FROM member_summary WHERE person_id = ?').pluck()
    expect(verdict.get(lapsed)).toBe('expired')
    expect(verdictsDue(db, today)).toBe(true)

    const reader = openDatabaseReadonly(dbFile)
    expect(ensureVerdicts(dbFile, reader, today)).toBe(true)
    reader.close()
    expect(checkPerson(db, lapsed, today)!.check.verdict).toMatch(/^(valid|expiring)$/)
    expect(verdict.get(lapsed)).toBe(checkPerson(db, lapsed, today)!.check.verdict)
    expect(verdictsDue(db, today)).toBe(false)
  })
})
