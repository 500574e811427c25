import { describe, expect, it } from 'vitest'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { checkAtVenue, checkStartList, START_LIST_STEP } from '../../../src/main/db/venueCheck'
import { elementStore, testPerson } from '../../support/elements'

const T = '2026-06-01T12:00:00+03:00'
const store = elementStore(T)
const CAMP = '0b7c5d0e-0000-4000-8000-000000000001'

/** A member (7) with a licence; a registrant of the club's event (20) no profile is stored for, registered twice. */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  store(db, 'user-licences', 'federation 100', [
    { id: 501, userId: 7, licenceId: 1, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: testPerson(T, 7, 'Mäkelä', '1990-01-01') }
  ])
  store(db, 'events', 'public', [{ id: 900, eventId: 900, uuid: CAMP, name: 'Syysrastit' }])
  store(db, 'event-registrations', 'event 900', [{ id: 51, eventUuid: CAMP, participantUserId: 20, registrationDate: '2026-05-01', paidAmountInCents: 0 }])
  store(db, 'registered-event-users', 'event 900', [
    { id: 51, eventId: 900, user: { id: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg' }, paymentStatus: 'FREE', paidAmountInCents: 0 },
    { id: 52, eventId: 900, user: { id: 7, sportId: 10000007, firstName: 'Testi', lastName: 'Mäkelä' }, paymentStatus: 'FREE', paidAmountInCents: 0 }
  ])
  return db
}

describe('the venue check of a registrant who is no member (issue 7, spec v2 §2.16)', () => {
  it('names them by an exact Sport-ID or by the beginnings of their names, unjudged, with the events they are registered to', () => {
    const db = seed()
    expect(checkAtVenue(db, ' 10000020 ', '2026-06-10')).toEqual({
      dataAsOf: null,
      members: [],
      moreMatch: false,
      nonMember: { id: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg', events: ['Syysrastit'] }
    })
    expect(checkAtVenue(db, 'vie BERG', '2026-06-10').nonMember).toMatchObject({ id: 20, sportId: 10000020 })
    // A member is the member's check, by Sport-ID or name, with no registrant beside; words or a Sport-ID nothing names find no one.
    expect(checkAtVenue(db, '10000007', '2026-06-10')).toMatchObject({ members: [{ id: 7, check: { verdict: 'valid' } }] })
    expect(checkAtVenue(db, '10000007', '2026-06-10').nonMember).toBeUndefined()
    expect(checkAtVenue(db, 'Mäkelä', '2026-06-10').nonMember).toBeUndefined()
    expect(checkAtVenue(db, 'Berg Testi', '2026-06-10')).toEqual({ dataAsOf: null, members: [], moreMatch: false })
    expect(checkAtVenue(db, 'erg', '2026-06-10').nonMember).toBeUndefined()
    expect(checkAtVenue(db, '10000099', '2026-06-10').nonMember).toBeUndefined()
  })

  it('names no one by words several registrants share', () => {
    const db = seed()
    store(db, 'registered-event-users', 'event 900', [{ id: 53, eventId: 900, user: { id: 21, sportId: 10000021, firstName: 'Veera', lastName: 'Berg' }, paymentStatus: 'FREE', paidAmountInCents: 0 }])
    expect(checkAtVenue(db, 'Berg', '2026-06-10').nonMember).toBeUndefined()
    expect(checkAtVenue(db, 'Berg Vee', '2026-06-10').nonMember).toMatchObject({ id: 21, firstName: 'Veera' })
  })

  it('takes the words of a start list line, or of one member\'s check, as whole words first: "Matti Salo" is not also "Matti Salonen", but "Matti Sal" is either', () => {
    const db = seed()
    const matti = (id: number, lastName: string) => ({ ...testPerson(T, id, lastName, '1980-01-01'), firstName: 'Matti', email: `m${id}@example.fi` })
    store(db, 'user-licences', 'federation 100', [
      { id: 601, userId: 30, licenceId: 1, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: matti(30, 'Salo') },
      { id: 602, userId: 31, licenceId: 1, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', user: matti(31, 'Salonen') }
    ])
    // One rule with the check of one member: a full name is that member, its beginning either.
    expect(checkAtVenue(db, 'Matti Salo', '2026-06-10').members.map((member) => member.id)).toEqual([30])
    expect(checkAtVenue(db, 'Matti Sal', '2026-06-10').members.map((member) => member.id)).toEqual([30, 31])
    // Names in columns of their own, with a class beside them, are the first two columns.
    const rows = checkStartList(db, ['Matti Salo', 'salo matti; H21', 'Matti Salonen', 'Matti Sal', 'Salo', 'Matti; Salonen; H21'], '2026-06-10').rows
    expect(rows.map((row) => [row.matches, row.member?.id])).toEqual([
      [1, 30],
      [1, 30],
      [1, 31],
      [2, undefined],
      [1, 30],
      [1, 31]
    ])
  })

  it('tells namesakes on a start list apart by the club a column of the line names, whole, with their last name on the line, and judges none otherwise', () => {
    const db = seed()
    const matti = (id: number) => ({ ...testPerson(T, id, 'Salo', '1980-01-01'), firstName: 'Matti', email: `m${id}@example.fi` })
    const licence = (id: number, userId: number, club: string) => ({ id, userId, licenceId: 1, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', licenceOrganizationName: club, user: matti(userId) })
    store(db, 'user-licences', 'federation 100', [licence(601, 30, 'Kartta-Turku'), licence(602, 31, 'Rasti-Vantaa'), licence(603, 32, 'Rasti-Vantaa Juniorit')])
    const lines = ['Matti Salo; Rasti-Vantaa; H40', 'Matti Salo\tKARTTA-TURKU', 'Salo, Matti, Rasti-Vantaa Juniorit', 'Matti Salo', 'Matti Salo; Latu-Oulu', 'Matti Salo; Rasti', 'Matti; Virtanen; Kartta-Turku']
    const rows = checkStartList(db, lines, '2026-06-10').rows
    expect(rows.map((row) => [row.matches, row.member?.id])).toEqual([
      [1, 31],
      [1, 30],
      [1, 32],
      [2, undefined],
      [2, undefined],
      [2, undefined],
      [2, undefined]
    ])
    // Not judged, the members a line may mean are given, each with their club, for a person to choose.
    expect(rows[3].candidates?.map((candidate) => [candidate.id, candidate.clubName, candidate.check.verdict])).toEqual([
      [30, 'Kartta-Turku', 'valid'],
      [31, 'Rasti-Vantaa', 'valid']
    ])
  })

  it('tells how far a start list is after every START_LIST_STEP lines that name someone, and after the last', () => {
    const told: Array<[number, number]> = []
    const lines = Array.from({ length: 2 * START_LIST_STEP + 50 }, (_, i) => (i % 2 === 0 ? '10000020' : 'Tuntematon'))
    const { rows } = checkStartList(seed(), [...lines, '', '   '], '2026-06-10', (checked, total) => told.push([checked, total]))
    expect(rows).toHaveLength(lines.length)
    expect(told).toEqual([
      [START_LIST_STEP, lines.length],
      [2 * START_LIST_STEP, lines.length],
      [lines.length, lines.length]
    ])
  })

  it('gives a start list line by their Sport-ID or their names the registrant, unjudged', () => {
    const rows = checkStartList(seed(), ['10000020;Berg;Vieras', 'Berg, Vieras; H21', 'Tuntematon Henkilö'], '2026-06-10').rows
    const berg = { id: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg', events: ['Syysrastit'] }
    expect(rows).toEqual([
      { text: '10000020;Berg;Vieras', matches: 0, nonMember: berg },
      { text: 'Berg, Vieras; H21', matches: 0, nonMember: berg },
      { text: 'Tuntematon Henkilö', matches: 0 }
    ])
  })
})
