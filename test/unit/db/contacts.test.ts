import { describe, expect, it } from 'vitest'
import { readMemberEmails } from '../../../src/main/db/contacts'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { elementStore, testPerson } from '../../support/elements'

const T = '2026-01-05T12:00:00+02:00'
const TODAY = '2026-06-01'
const store = elementStore(T)

const person = (id: number, lastName: string, birthDate: string, extra: Record<string, unknown> = {}) => testPerson(T, id, lastName, birthDate, extra)

/** Members of two clubs: adults, a minor with two guardians (one without an address), a minor without an address of their own, an adult with guardians listed. */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  store(db, 'licence-periods', 'federation 100', [{ id: 2026, name: '2026', startTime: '2026-01-01T00:00:00', endTime: '2026-12-31T23:59:59' }])
  store(db, 'licences', 'federation 100', [{ id: 1, licencePeriodId: 2026, name: 'Aikuinen' }])
  const guardians = [{ firstName: 'Huoltaja', lastName: 'Yksi', email: 'huoltaja@example.fi' }, { firstName: 'Ilman', lastName: 'Osoitetta' }]
  const licence = (id: number, user: ReturnType<typeof person>, clubId: number) => ({
    id,
    userId: user.id,
    licencePeriodId: 2026,
    licenceId: 1,
    licenceOrganizationId: clubId,
    licenceOrganizationName: `Seura ${clubId}`,
    usagePeriodStart: '2026-01-01',
    usagePeriodEnd: '2026-12-31',
    user
  })
  store(db, 'user-licences', 'federation 100', [
    licence(11, person(1, 'Aho', '1980-02-02'), 501),
    licence(12, person(2, 'Berg', '2012-03-03', { guardians }), 501),
    licence(13, person(3, 'Carlson', '2015-04-04', { guardians, email: null }), 502),
    licence(14, person(4, 'Dahl', '1985-05-05', { guardians: [{ email: 'aikuisen.huoltaja@example.fi' }] }), 502)
  ])
  return db
}

describe('readMemberEmails (issue 7 "copy e-mail addresses" on the member list)', () => {
  const all = { text: '', status: 'all' as const, sort: 'name' as const, direction: 'asc' as const }

  it("gives each adult's address and each minor's guardians' before the minor's own, once each, in the list's order", () => {
    const db = seed()
    expect(readMemberEmails(db, all, TODAY)).toEqual(['aho@example.fi', 'huoltaja@example.fi', 'berg@example.fi', 'dahl@example.fi'])
    expect(readMemberEmails(db, { ...all, direction: 'desc' }, TODAY)).toEqual(['dahl@example.fi', 'huoltaja@example.fi', 'berg@example.fi', 'aho@example.fi'])
  })

  it("narrows to the query's matches: search text and club", () => {
    const db = seed()
    expect(readMemberEmails(db, { ...all, text: 'berg' }, TODAY)).toEqual(['huoltaja@example.fi', 'berg@example.fi'])
    expect(readMemberEmails(db, { ...all, clubId: 502 }, TODAY)).toEqual(['huoltaja@example.fi', 'dahl@example.fi'])
    expect(readMemberEmails(db, { ...all, text: 'nobody' }, TODAY)).toEqual([])
  })
})
