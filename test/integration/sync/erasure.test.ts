import { describe, expect, it } from 'vitest'
import { listMembers } from '../../../src/main/db/memberList'
import { searchMembers } from '../../../src/main/db/members'
import { PERSON_REFERENCES } from '../../../src/main/db/tables'
import { runSync } from '../../../src/main/sync/engine'
import { localDate } from '../../../src/shared/localDate'
import { startSyncFixture } from './fixture'

interface Profile {
  id: number
  sportId: number
  firstName: string
  lastName: string
  email?: string
  socialSecurityNumber: string
  address: { streetAddress: string }
  guardians?: Array<{ email?: string }>
  deletionTime?: string
}

/**
 * A user whose data the registry deleted (spec v2 §2.11 `deletionTime`: the profile then carries
 * no personal data): the next incremental sync leaves no copy of it in the local database.
 */
describe('a user whose data the registry deleted', () => {
  it('keeps none of their personal data after the next incremental sync, though the one before stopped half-way, in any table, and finds them by Sport-ID alone, said as such in the member list', async () => {
    const { sandbox, db, client } = await startSyncFixture({ sandbox: { athletes: 300, seed: 8, personalDataLevel: 'PERMISSION_USER_SSN' } })
    const today = localDate()
    expect((await runSync(db, client, { today })).ok).toBe(true)
    // A minor with guardians and an identity number, holding a granted merit and registered to an event: their data is in most tables.
    const id = db
      .prepare(
        `SELECT p.id FROM person p WHERE p.raw ->> '$.socialSecurityNumber' IS NOT NULL AND p.raw ->> '$.guardians[0].email' IS NOT NULL
           AND EXISTS (SELECT 1 FROM granted_merit g WHERE g.user_id = p.id) AND EXISTS (SELECT 1 FROM registered_event_user r WHERE r.user_id = p.id)
         ORDER BY p.id LIMIT 1`
      )
      .pluck()
      .get() as number
    const before = JSON.parse(db.prepare('SELECT raw FROM person WHERE id = ?').pluck().get(id) as string) as Profile
    const rowsOf = () =>
      [{ table: 'person', column: 'id' }, ...PERSON_REFERENCES].flatMap(({ table, column }) =>
        (db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).all(id) as Array<Record<string, unknown>>).map((row) => ({ table, text: JSON.stringify(row) }))
      )
    const personal = [before.firstName, before.lastName, before.socialSecurityNumber, before.address.streetAddress, ...(before.email ? [before.email] : []), ...(before.guardians ?? []).flatMap((g) => (g.email ? [g.email] : []))]
    // The check below can fail: before the erasure the person's rows hold every one of these.
    for (const value of personal) expect(rowsOf().some((row) => row.text.includes(value)), value).toBe(true)

    sandbox.store.deleteUserData(id)
    // A run stopped once it has stored the erased profile (with the user licences), before the lists of its copies.
    const stop = new AbortController()
    const stopAtInsurances = (event: { url: string }) => {
      if (event.url.includes('/user-insurance/')) stop.abort()
    }
    sandbox.events.on('request', stopAtInsurances)
    expect((await runSync(db, client, { today, signal: stop.signal })).ok).toBe(false)
    sandbox.events.off('request', stopAtInsurances)
    expect(JSON.parse(db.prepare('SELECT raw FROM person WHERE id = ?').pluck().get(id) as string)).toHaveProperty('deletionTime')
    expect(rowsOf().some((row) => row.table === 'granted_merit' && row.text.includes(before.lastName))).toBe(true)
    // Within the quarter hour of the first run: the lists of that tier (a merit's grants, an
    // event's registered users) are read now only because they name the person.
    expect((await runSync(db, client, { today })).ok).toBe(true)
    expect(db.prepare('SELECT count(*) FROM erased_person').pluck().get()).toBe(0)

    const after = JSON.parse(db.prepare('SELECT raw FROM person WHERE id = ?').pluck().get(id) as string) as Profile
    expect(after).toMatchObject({ id, sportId: before.sportId, deletionTime: expect.any(String) })
    for (const field of ['firstName', 'lastName', 'email', 'birthDate', 'socialSecurityNumber', 'guardians', 'address']) expect(after, field).not.toHaveProperty(field)
    for (const row of rowsOf()) for (const value of personal) expect(row.text.includes(value), `${row.table} holds ${value}`).toBe(false)
    // The identity number is unique to them: no row of any table holds it (text columns, the search index's content included).
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[]
    for (const table of tables) {
      const rows = db.prepare(`SELECT * FROM "${table}"`).all() as Array<Record<string, unknown>>
      expect(rows.some((row) => JSON.stringify(row).includes(before.socialSecurityNumber)), table).toBe(false)
    }
    expect(searchMembers(db, before.lastName).map((member) => member.id)).not.toContain(id)
    expect(searchMembers(db, String(before.sportId)).map((member) => member.id)).toEqual([id])
    // The member list says why the row has no name; rows with a name never say it.
    const list = (text: string) => listMembers(db, { text, status: 'all', sort: 'name', direction: 'asc', offset: 0, limit: 50 }, today).rows
    expect(list(String(before.sportId))).toEqual([expect.objectContaining({ id, sportId: before.sportId, dataDeleted: true })])
    expect(list(String(before.sportId))[0]).not.toHaveProperty('lastName')
    const others = list('')
    expect(others.length).toBe(50)
    for (const row of others) expect(row.dataDeleted === true, `row ${row.id}`).toBe(row.id === id)
  })
})
