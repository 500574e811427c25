import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { MemberListQuery } from '../../../src/main/db/memberList'
import { localDate } from '../../../src/shared/localDate'
import { markForRecheck } from '../../../src/main/db/memberSummary'
import { openDatabase } from '../../../src/main/db/open'
import { renewalList } from '../../../src/main/services/renewals'
import { createTestSession } from '../../support/desktop'

const everyone: MemberListQuery = { text: '', status: 'all', sort: 'name', direction: 'asc', offset: 0, limit: 500 }

/** Licence verdicts in the desktop app (DESIGN §3b): the member list says what the venue check says, on the session's day. */
describe('licence verdicts in the desktop session', () => {
  let dispose: (() => Promise<void>) | null = null
  afterEach(async () => {
    await dispose?.()
    dispose = null
  })

  /** A session on the demo federation, synced today; `later()` moves its day 400 days on. */
  const syncedDemo = async (demoAthletes: number) => {
    let today = localDate()
    const test = createTestSession({ demoAthletes, today: () => today })
    dispose = test.dispose
    await test.session.startDemo()
    expect((await test.session.sync()).ok).toBe(true)
    const later = () => (today = new Date(Date.parse(`${today}T00:00:00Z`) + 400 * 86_400_000).toISOString().slice(0, 10))
    return { session: test.session, later }
  }

  it('evaluates a later day on its first read, without a sync, as the venue check judges that day', async () => {
    const { session, later: aYearOn } = await syncedDemo(200)
    const first = session.reads.members(everyone)
    expect(first.verdictsPending).toBe(false)
    expect(first.total).toBeGreaterThan(100)

    // A year on, offline: no sync ran, yet the list judges the new day.
    aYearOn()
    const later = session.reads.members(everyone)
    expect(later.verdictsPending).toBe(false)
    expect(later.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id))
    const changed = later.rows.filter((row, i) => row.licenceStatus !== first.rows[i].licenceStatus)
    expect(changed.length).toBeGreaterThan(0)
    for (const row of later.rows) {
      const [checked] = session.reads.venueCheck(String(row.sportId)).members
      expect({ id: row.id, verdict: row.licenceStatus, until: row.licenceEnd }).toEqual({ id: row.id, verdict: checked.check.verdict, until: checked.check.validUntil })
    }
  })

  it('answers a list while another process writes the database (verdicts pending), refuses to export them, and evaluates the day on a later one', async () => {
    const { session, later } = await syncedDemo(100)
    later()
    // As a `kanslia sync` from cron holds the write lock.
    const other = openDatabase(session.dbFile)
    other.exec('BEGIN IMMEDIATE')
    expect(session.reads.members(everyone).verdictsPending).toBe(true)
    // An export of the statuses meanwhile says so, rather than writing blank ones.
    const columns = [{ key: 'name' as const, label: 'Nimi' }, { key: 'licenceStatus' as const, label: 'Lisenssi' }]
    const values = { valid: 'v', expiring: 'e', expired: 'x', missing: 'm', 'insurance-missing': 'im', 'outside-birth-range': 'ob', insured: 'i', uninsured: 'u' }
    const file = join(tmpdir(), `kanslia-pending-${process.pid}.csv`)
    await expect(session.exports.members({ text: '', status: 'all', sort: 'name', direction: 'asc', format: 'csv', columns, values }, file)).rejects.toMatchObject({ code: 'verdicts-pending' })
    await expect(session.exports.renewalList({ kind: 'licence-ending', days: 30, format: 'csv', columns: [{ key: 'lastName', label: 'Sukunimi' }] }, file)).rejects.toMatchObject({
      code: 'verdicts-pending'
    })
    expect(existsSync(file)).toBe(false)
    other.exec('ROLLBACK')
    other.close()
    expect(session.reads.members(everyone).verdictsPending).toBe(false)
  })

  it("while another process's sync has changed members on the day, shows theirs as pending and refuses lists of verdicts until they are judged", async () => {
    const { session } = await syncedDemo(100)
    const before = session.reads.members(everyone)
    const changed = before.rows.slice(0, 3).map((row) => row.id)
    // As a `kanslia sync` from cron that has stored pages (their members marked due) and still runs.
    const other = openDatabase(session.dbFile)
    other.transaction(() => markForRecheck(other, changed))()
    other.exec('BEGIN IMMEDIATE')
    const during = session.reads.members(everyone)
    expect(during.verdictsPending).toBe(true)
    expect(during.rows.filter((row) => row.licenceStatus === undefined).map((row) => row.id)).toEqual(changed)
    const valid = { ...everyone, status: 'valid' as const }
    expect(session.reads.members(valid).rows.map((row) => row.id)).toEqual(before.rows.filter((row) => row.licenceStatus === 'valid' && !changed.includes(row.id)).map((row) => row.id))
    await expect(session.exports.memberEmails(valid)).rejects.toMatchObject({ code: 'verdicts-pending' })
    await expect(session.exports.renewalListEmails({ kind: 'outside-birth-range', days: 30 })).rejects.toMatchObject({ code: 'verdicts-pending' })
    const file = join(tmpdir(), `kanslia-due-${process.pid}.csv`)
    const byName = [{ key: 'name' as const, label: 'Nimi' }]
    const values = { valid: 'v', expiring: 'e', expired: 'x', missing: 'm', 'insurance-missing': 'im', 'outside-birth-range': 'ob', insured: 'i', uninsured: 'u' }
    await expect(session.exports.members({ ...valid, format: 'csv', columns: byName, values }, file)).rejects.toMatchObject({ code: 'verdicts-pending' })
    await expect(session.exports.renewalList({ kind: 'licence-ending', days: 30, format: 'csv', columns: [{ key: 'lastName', label: 'Sukunimi' }] }, file)).rejects.toMatchObject({
      code: 'verdicts-pending'
    })
    expect(existsSync(file)).toBe(false)
    // The CLI's lists of verdicts, read after it evaluated them, refuse as well when a sync marked members since.
    expect(() => renewalList(session.dbFile, { kind: 'licence-ending', days: 30 })).toThrow(expect.objectContaining({ code: 'verdicts-pending' }))
    expect(renewalList(session.dbFile, { kind: 'not-renewed', days: 30 }).verdictsPending).toBe(false)
    other.exec('ROLLBACK')
    other.close()
    // The writer gone, the next read judges the marked members.
    const after = session.reads.members(everyone)
    expect(after.verdictsPending).toBe(false)
    expect(after.rows).toEqual(before.rows)
  })
})
