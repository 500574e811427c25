import { describe, expect, it } from 'vitest'
import { parseInstant } from '../../../src/shared/instant'
import { exportRaw } from '../../../src/main/db/export'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { deleteItem, insertItem, updateItem, type OutboxReference } from '../../../src/main/db/outbox'
import {
  countInWindow,
  deleteElements,
  erasedPersonIds,
  forgetErasedPersons,
  hasRowsInScope,
  scopesNamingErased,
  sweepUnreferencedPersons,
  sweepUnseen,
  sweepUnseenOfKind,
  upsertElements,
  type ReceivedElement
} from '../../../src/main/db/synced'

function userLicence(id: number, modificationTime: string, user: Record<string, unknown>, extra: Record<string, unknown> = {}): ReceivedElement {
  const element = { id, modificationTime, licenceOrganizationName: 'Kangasalan Kiri', user, ...extra }
  return { id, modificationUs: parseInstant(modificationTime), element }
}

const anna = (modificationTime: string, lastName: string) => ({ id: 7, sportId: 12345678, modificationTime, firstName: 'Anna', lastName, isAuthenticatedWithPassword: true, isEventInstructor: false })

describe('upsertElements (DESIGN §3 rule 3)', () => {
  it('an older modificationTime never overwrites a newer one, whatever the offset notation', () => {
    const db = openDatabase(':memory:')
    // 10:00+02:00 is 08:00Z: newer than 07:59:59.9999999Z although it sorts lower as a string.
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, '2026-01-15T10:00:00.000001+02:00', anna('2026-01-15T10:00:00+02:00', 'Uusi'), { salesPriceInCents: 200 })], parseInstant)
    const changed = upsertElements(db, 'user-licences', 'federation 1', 2, [userLicence(1, '2026-01-15T07:59:59.9999999Z', anna('2026-01-15T07:59:59.9Z', 'Vanha'), { salesPriceInCents: 100 })], parseInstant)
    expect(changed).toBe(0)
    expect(JSON.parse([...exportRaw(db, 'user-licences')][0]).salesPriceInCents).toBe(200)
    const person = db.prepare('SELECT last_name, generation FROM person, user_licence WHERE person.id = 7').get() as { last_name: string; generation: number }
    expect(person.last_name).toBe('Uusi')
    // The older copy was still seen by run 2: a sweep of run 2 must keep the row.
    expect(person.generation).toBe(2)
    expect(sweepUnseen(db, 'user-licences', 'federation 1', 2)).toEqual({ removed: 0, kept: 0 })
  })

  it('a newer or equal modificationTime replaces the row and the raw JSON exactly as received', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, '2026-01-15T08:00:00Z', anna('2026-01-15T08:00:00Z', 'Vanha'))], parseInstant)
    const newer = userLicence(1, '2026-01-15T10:00:01+02:00', anna('2026-01-15T10:00:01+02:00', 'Uusi'), { extraField: { future: true } })
    expect(upsertElements(db, 'user-licences', 'federation 1', 2, [newer], parseInstant)).toBe(1)
    expect([...exportRaw(db, 'user-licences')]).toEqual([JSON.stringify(newer.element)])
    expect((db.prepare('SELECT last_name FROM person WHERE id = 7').get() as { last_name: string }).last_name).toBe('Uusi')
  })

  it('counts an element re-read at its stored version as changed only when it differs, and still as seen', () => {
    const db = openDatabase(':memory:')
    const at = '2026-01-15T08:00:00Z'
    expect(upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, at, anna(at, 'A'))], parseInstant)).toBe(1)
    // An overlap window reads the same version again: nothing changed, yet run 2 saw the row.
    expect(upsertElements(db, 'user-licences', 'federation 1', 2, [userLicence(1, at, anna(at, 'A'))], parseInstant)).toBe(0)
    expect(db.prepare('SELECT generation FROM user_licence WHERE id = 1').get()).toEqual({ generation: 2 })
    expect(sweepUnseen(db, 'user-licences', 'federation 1', 2)).toEqual({ removed: 0, kept: 0 })
    const corrected = userLicence(1, at, anna(at, 'A'), { salesPriceInCents: 300 })
    expect(upsertElements(db, 'user-licences', 'federation 1', 3, [corrected], parseInstant)).toBe(1)
    expect(JSON.parse([...exportRaw(db, 'user-licences')][0]).salesPriceInCents).toBe(300)
    const licence: ReceivedElement = { id: 5, modificationUs: parseInstant(at), element: { id: 5, modificationTime: at, name: 'Kilpailulisenssi' } }
    expect(upsertElements(db, 'licences', 'federation 1', 1, [licence], parseInstant)).toBe(1)
    expect(upsertElements(db, 'licences', 'federation 1', 2, [licence], parseInstant)).toBe(0)
    // A row keyed by id alone moves to the scope that lists it last, as a newer version would.
    expect(upsertElements(db, 'licences', 'federation 2', 3, [licence], parseInstant)).toBe(1)
    expect(db.prepare('SELECT scope, generation FROM licence WHERE id = 5').get()).toEqual({ scope: 'federation 2', generation: 3 })
  })

  it('keeps absent personal data absent and counts windows by instant, not by string', () => {
    const db = openDatabase(':memory:')
    const anonymous = { id: 8, sportId: 87654321, modificationTime: '2026-01-15T08:00:00Z', isAuthenticatedWithPassword: false, isEventInstructor: false }
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(2, '2026-01-15T10:00:00.5+02:00', anonymous)], parseInstant)
    const person = db.prepare('SELECT first_name, last_name, email, birth_date FROM person WHERE id = 8').get()
    expect(person).toEqual({ first_name: null, last_name: null, email: null, birth_date: null })
    const at = parseInstant('2026-01-15T08:00:00.5Z')
    expect(countInWindow(db, 'user-licences', 'federation 1', at - 1, at)).toBe(1)
    expect(countInWindow(db, 'user-licences', 'federation 1', at, at + 1)).toBe(0)
  })

  it('sweeps only rows of the scope not seen by the generation', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, '2026-01-15T08:00:00Z', anna('2026-01-15T08:00:00Z', 'A')), userLicence(2, '2026-01-15T08:00:00Z', anna('2026-01-15T08:00:00Z', 'A'))], parseInstant)
    upsertElements(db, 'user-licences', 'federation 2', 1, [userLicence(3, '2026-01-15T08:00:00Z', anna('2026-01-15T08:00:00Z', 'A'))], parseInstant)
    upsertElements(db, 'user-licences', 'federation 1', 2, [userLicence(1, '2026-01-15T08:00:00Z', anna('2026-01-15T08:00:00Z', 'A'))], parseInstant)
    expect(sweepUnseen(db, 'user-licences', 'federation 1', 2)).toEqual({ removed: 1, kept: 0 })
    expect([...exportRaw(db, 'user-licences')].map((raw) => JSON.parse(raw).id)).toEqual([1, 3])
  })

  it('tells whether a scope holds rows, the check that spares a first pass its sweep', () => {
    const db = openDatabase(':memory:')
    expect(hasRowsInScope(db, 'user-licences', 'federation 1')).toBe(false)
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, '2026-01-15T08:00:00Z', anna('2026-01-15T08:00:00Z', 'A'))], parseInstant)
    expect(hasRowsInScope(db, 'user-licences', 'federation 1')).toBe(true)
    expect(hasRowsInScope(db, 'user-licences', 'federation 2')).toBe(false)
  })
})

describe('nested users are stored once (spec v2 §2.11, §4.4 includeSportParams)', () => {
  const sportParameters = [{ id: 31, modificationTime: '2026-01-10T08:00:00Z', sportId: 300, name: 'Emit-kortin numero', value: '5421899' }]
  const insurance = (id: number, user: Record<string, unknown>): ReceivedElement => {
    const element = { id, modificationTime: '2026-01-15T08:00:00Z', insuranceId: 700, user, usagePeriodEnd: '2026-12-31' }
    return { id, modificationUs: parseInstant(element.modificationTime), element }
  }

  it('keeps a reference in the element and exports every element exactly as received', () => {
    const db = openDatabase(':memory:')
    const withParams = { ...anna('2026-01-15T08:00:00Z', 'Virtanen'), sportParameters }
    const licence = userLicence(1, '2026-01-15T08:00:00Z', withParams)
    upsertElements(db, 'user-licences', 'federation 1', 1, [licence], parseInstant)
    const plain = insurance(2, anna('2026-01-15T08:00:00Z', 'Virtanen'))
    upsertElements(db, 'user-insurances', 'federation 1', 1, [plain], parseInstant)
    const stored = (table: string) => JSON.parse((db.prepare(`SELECT raw FROM ${table}`).pluck().get() as string)).user
    expect(stored('user_licence')).toEqual({ id: 7, sportParameters })
    expect(stored('user_insurance')).toEqual({ id: 7 })
    expect(JSON.parse(db.prepare('SELECT raw FROM person WHERE id = 7').pluck().get() as string)).toEqual(anna('2026-01-15T08:00:00Z', 'Virtanen'))
    expect([...exportRaw(db, 'user-licences')]).toEqual([JSON.stringify(licence.element)])
    expect([...exportRaw(db, 'user-insurances')]).toEqual([JSON.stringify(plain.element)])
  })

  it('keeps a nested user as received when it is older than the stored profile', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, '2026-01-15T08:00:00Z', anna('2026-01-15T09:00:00Z', 'Uusi'))], parseInstant)
    const older = insurance(2, anna('2026-01-15T08:00:00Z', 'Vanha'))
    upsertElements(db, 'user-insurances', 'federation 1', 1, [older], parseInstant, new Map())
    expect([...exportRaw(db, 'user-insurances')]).toEqual([JSON.stringify(older.element)])
    expect(db.prepare('SELECT last_name FROM person WHERE id = 7').pluck().get()).toBe('Uusi')
  })

  it('replaces a profile with one of the same instant that differs: the personal-data level changed (spec v2 §5), and what is no longer returned goes', () => {
    const db = openDatabase(':memory:')
    const at = '2026-01-15T09:00:00Z'
    const full = { ...anna(at, 'Uusi'), email: 'anna@example.fi', socialSecurityNumber: '010203A123B' }
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, at, full)], parseInstant)
    expect(db.prepare("SELECT raw ->> '$.socialSecurityNumber' FROM person WHERE id = 7").pluck().get()).toBe('010203A123B')
    // A later run with credentials of a lower level: the same modification time, fewer fields.
    const basic = insurance(3, anna(at, 'Uusi'))
    upsertElements(db, 'user-insurances', 'federation 1', 2, [basic], parseInstant, new Map())
    expect(db.prepare('SELECT email, raw FROM person WHERE id = 7').get()).toEqual({ email: null, raw: JSON.stringify(anna(at, 'Uusi')) })
    expect([...exportRaw(db, 'user-insurances')]).toEqual([JSON.stringify(basic.element)])
    // The licence read before keeps its reference and exports the profile as now read.
    expect(JSON.parse([...exportRaw(db, 'user-licences')][0]).user).toEqual(anna(at, 'Uusi'))
  })

  it('lets the first copy of an instant a run reads decide: a later one of that run that differs stays in its element', () => {
    const db = openDatabase(':memory:')
    const at = '2026-01-15T09:00:00Z'
    const seen = new Map()
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, at, anna(at, 'Uusi'))], parseInstant, seen)
    const otherShape = insurance(3, { ...anna(at, 'Uusi'), email: 'anna@example.fi' })
    upsertElements(db, 'user-insurances', 'federation 1', 1, [otherShape], parseInstant, seen)
    expect(db.prepare('SELECT raw FROM person WHERE id = 7').pluck().get()).toBe(JSON.stringify(anna(at, 'Uusi')))
    expect([...exportRaw(db, 'user-insurances')]).toEqual([JSON.stringify(otherShape.element)])
  })
})

describe('merits, events and reference lists (spec v2 §2.9, §2.16; v3 §4)', () => {
  const at = '2026-03-01T12:00:00+02:00'
  const grant = (userId: number, meritId: number, grantingDate: string): ReceivedElement => {
    const element = { id: userId, modificationTime: at, firstName: 'Anna', grantedMerit: { id: meritId, meritId, grantingDate } }
    return { id: userId, modificationUs: parseInstant(at), element }
  }

  it('keys granted merits by (merit, user): one user holds several merits, each re-grant replaces only its own row', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'granted-merits', 'merit 2001', 1, [grant(7, 2001, '2025-05-01')], parseInstant)
    upsertElements(db, 'granted-merits', 'merit 2002', 1, [grant(7, 2002, '2025-06-01')], parseInstant)
    upsertElements(db, 'granted-merits', 'merit 2001', 2, [grant(7, 2001, '2026-02-28')], parseInstant)
    const rows = db.prepare('SELECT scope, merit_id, user_id, granting_date, generation FROM granted_merit ORDER BY scope').all()
    expect(rows).toEqual([
      { scope: 'merit 2001', merit_id: 2001, user_id: 7, granting_date: '2026-02-28', generation: 2 },
      { scope: 'merit 2002', merit_id: 2002, user_id: 7, granting_date: '2025-06-01', generation: 1 }
    ])
  })

  it('sweeps every scope of a kind, also scopes not read at all, and leaves other kinds alone', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'granted-merits', 'merit 1', 1, [grant(7, 1, '2025-05-01'), grant(8, 1, '2025-05-01')], parseInstant)
    upsertElements(db, 'granted-merits', 'merit 2', 1, [grant(7, 2, '2025-05-01')], parseInstant)
    upsertElements(db, 'granted-merits', 'merit-x 3', 1, [grant(9, 3, '2025-05-01')], parseInstant)
    upsertElements(db, 'granted-merits', 'merit 1', 2, [grant(7, 1, '2025-05-01')], parseInstant)
    expect(sweepUnseenOfKind(db, 'granted-merits', 'merit', 2)).toEqual({ removed: 2, kept: 0 })
    expect(db.prepare('SELECT scope, id FROM granted_merit ORDER BY scope, id').all()).toEqual([
      { scope: 'merit 1', id: 7 },
      { scope: 'merit-x 3', id: 9 }
    ])
  })

  it('never takes a profile from a registered event user (basic contact data only)', () => {
    const db = openDatabase(':memory:')
    const licence = userLicence(1, at, anna(at, 'Virtanen'))
    upsertElements(db, 'user-licences', 'federation 1', 1, [licence], parseInstant)
    const newerContact = { id: 7, sportId: 12345678, modificationTime: '2026-03-02T12:00:00Z', lastName: 'Korhonen', isAuthenticatedWithPassword: true, isEventInstructor: false }
    const registered = { id: 40000001, modificationTime: at, eventId: 30001, user: newerContact, paymentStatus: 'FREE', paidAmountInCents: 0 }
    upsertElements(db, 'registered-event-users', 'event 30001', 1, [{ id: registered.id, modificationUs: parseInstant(at), element: registered }], parseInstant)
    expect(db.prepare('SELECT last_name FROM person WHERE id = 7').pluck().get()).toBe('Virtanen')
    expect([...exportRaw(db, 'registered-event-users')]).toEqual([JSON.stringify(registered)])
  })

  it('keeps a profile only while a user licence or user insurance names it or a pending outbox change refers to it (DESIGN §3 rules 5, 6)', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'user-licences', 'federation 1', 1, [userLicence(1, at, anna(at, 'Virtanen'))], parseInstant)
    const registered = { id: 40000001, modificationTime: at, eventId: 30001, user: { id: 7, lastName: 'Virtanen' }, paymentStatus: 'FREE', paidAmountInCents: 0 }
    upsertElements(db, 'registered-event-users', 'event 30001', 1, [{ id: registered.id, modificationUs: parseInstant(at), element: registered }], parseInstant)
    upsertElements(db, 'granted-merits', 'merit 2001', 1, [grant(7, 2001, '2025-05-01')], parseInstant)
    db.prepare("INSERT INTO member_summary (person_id, insured, recheck_on) VALUES (7, 0, '')").run()
    expect(sweepUnreferencedPersons(db)).toBe(0)
    db.prepare('DELETE FROM user_licence').run()
    const item = insertItem(db, { kind: 'merit-grant', payload: {}, dependsOn: null, at }, [{ personId: 7, target: '2001' }], [])
    expect(sweepUnreferencedPersons(db)).toBe(0)
    deleteItem(db, item)
    // The grant and the registered user keep their own copies; the profile and its summary go.
    expect(sweepUnreferencedPersons(db)).toBe(1)
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()
    expect(['person', 'member_summary', 'granted_merit', 'registered_event_user'].map(count)).toEqual([0, 0, 1, 1])
  })

  it('forgets a person whose data the registry deleted once every list keeping a copy of it was read again, and no other', () => {
    const db = openDatabase(':memory:')
    for (const id of [1, 2, 3]) db.prepare('INSERT INTO erased_person (person_id) VALUES (?)').run(id)
    const registered = (id: number, userId: number): ReceivedElement => ({ id, modificationUs: parseInstant(at), element: { id, eventId: 9, user: { id: userId, lastName: 'Virta' } } })
    const grants = (meritId: number, userIds: number[]) => userIds.map((userId) => grant(userId, meritId, '2026-01-01'))
    upsertElements(db, 'granted-merits', 'merit 10', 4, grants(10, [1, 2]), parseInstant)
    // Run 5 reads merit 10's grants and event 9's registered users again, but not merit 11's grants (a 403, a parent gone).
    upsertElements(db, 'granted-merits', 'merit 11', 4, grants(11, [2]), parseInstant)
    upsertElements(db, 'granted-merits', 'merit 10', 5, grants(10, [1, 2]).map((g) => ({ ...g, modificationUs: g.modificationUs + 1 })), parseInstant)
    upsertElements(db, 'registered-event-users', 'event 9', 5, [registered(70, 1)], parseInstant)
    expect(scopesNamingErased(db, 'granted-merits')).toEqual(new Set(['merit 10', 'merit 11']))
    forgetErasedPersons(db, [1, 2], 5)
    // 1: every copy read again; 2: merit 11's copy was not; 3: not among those the run knew of.
    expect(erasedPersonIds(db)).toEqual([2, 3])
    expect(scopesNamingErased(db, 'registered-event-users')).toEqual(new Set())
  })

  it('stores lists without modificationTime as 0, replaces them on every read, and deletes tombstoned ids', () => {
    const db = openDatabase(':memory:')
    const sport = (id: number, nameFi: string): ReceivedElement => ({ id, modificationUs: 0, element: { id, nameFi } })
    upsertElements(db, 'federation-master-sports', 'federation 100', 1, [sport(1, 'Suunnistus')], parseInstant)
    upsertElements(db, 'federation-master-sports', 'federation 200', 1, [sport(1, 'Suunnistus')], parseInstant)
    expect(upsertElements(db, 'federation-master-sports', 'federation 100', 2, [sport(1, 'Suunnistus (OL)')], parseInstant)).toBe(1)
    expect([...exportRaw(db, 'federation-master-sports')].map((raw) => JSON.parse(raw))).toEqual([
      { id: 1, nameFi: 'Suunnistus (OL)', sportsFederationId: 100 },
      { id: 1, nameFi: 'Suunnistus', sportsFederationId: 200 }
    ])
    const event = (id: number): ReceivedElement => ({ id, modificationUs: parseInstant(at), element: { eventId: id, modificationTime: at, uuid: `u-${id}` } })
    upsertElements(db, 'events', 'public', 1, [event(30001), event(30002)], parseInstant)
    expect(deleteElements(db, 'events', [30001, 39999])).toBe(1)
    expect(db.prepare('SELECT id, uuid FROM event').all()).toEqual([{ id: 30002, uuid: 'u-30002' }])
  })
})

describe('sweeps keep what a pending outbox item refers to (DESIGN §3 rule 5)', () => {
  const at = '2026-03-01T12:00:00Z'
  const element = (id: number, fields: Record<string, unknown> = {}): ReceivedElement => ({ id, modificationUs: parseInstant(at), element: { id, modificationTime: at, ...fields } })
  const queue = (db: WritableDB, references: OutboxReference[]) => insertItem(db, { kind: 'merit-grant', payload: {}, dependsOn: null, at }, [], references)
  const ids = (db: WritableDB, table: string) => db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all()

  it('keeps the unseen rows an item not yet done names, in every state but done, and counts them', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'organizations', 'federation 1', 1, [element(10), element(11), element(12)], parseInstant)
    const item = queue(db, [{ to: 'organization', id: 11 }, { to: 'merit', id: 12 }])
    for (const state of ['queued', 'sending', 'unknown', 'rejected'] as const) {
      updateItem(db, item, { state, at })
      expect(sweepUnseen(db, 'organizations', 'federation 1', 2)).toEqual({ removed: state === 'queued' ? 2 : 0, kept: 1 })
      expect(ids(db, 'organization')).toEqual([11])
    }
    updateItem(db, item, { state: 'done', at })
    expect(sweepUnseen(db, 'organizations', 'federation 1', 2)).toEqual({ removed: 1, kept: 0 })
    expect(ids(db, 'organization')).toEqual([])
  })

  it('keeps an event by UUID in any case, in the listing and the search results, until the item is discarded; a row without UUID goes', () => {
    const db = openDatabase(':memory:')
    const uuid = 'A3F1C0DE-0000-4000-8000-000000000001'
    upsertElements(db, 'events', 'public', 1, [element(30001, { uuid }), element(30002, { uuid: 'b3f1c0de-0000-4000-8000-000000000002' }), element(30003)], parseInstant)
    upsertElements(db, 'event-search-results', 'federation 1', 1, [element(30001, { uuid })], parseInstant)
    const item = queue(db, [{ to: 'event', uuid: uuid.toLowerCase() }])
    expect(sweepUnseen(db, 'events', 'public', 2)).toEqual({ removed: 2, kept: 1 })
    expect(sweepUnseen(db, 'event-search-results', 'federation 1', 2)).toEqual({ removed: 0, kept: 1 })
    expect([ids(db, 'event'), ids(db, 'event_search_result')]).toEqual([[30001], [30001]])
    deleteItem(db, item)
    expect(sweepUnseen(db, 'events', 'public', 2)).toEqual({ removed: 1, kept: 0 })
    expect(sweepUnseen(db, 'event-search-results', 'federation 1', 2)).toEqual({ removed: 1, kept: 0 })
  })

  it('keeps a merit of a group whose list is gone, sweeping the rest of every scope of the kind', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'merits', 'merit-group 5', 1, [element(2001), element(2002)], parseInstant)
    upsertElements(db, 'merits', 'merit-group 6', 1, [element(2003)], parseInstant)
    queue(db, [{ to: 'merit', id: 2002 }, { to: 'merit', id: 2003 }])
    expect(sweepUnseenOfKind(db, 'merits', 'merit-group', 2)).toEqual({ removed: 1, kept: 2 })
    expect(ids(db, 'merit')).toEqual([2002, 2003])
  })

  it('keeps a user licence a transfer names, with its holder', () => {
    const db = openDatabase(':memory:')
    const licence = (id: number) => userLicence(id, at, anna(at, 'Virtanen'))
    upsertElements(db, 'user-licences', 'federation 1', 1, [licence(1), licence(2)], parseInstant)
    queue(db, [{ to: 'user-licence', id: 2 }])
    expect(sweepUnseen(db, 'user-licences', 'federation 1', 2)).toEqual({ removed: 1, kept: 1 })
    expect(sweepUnreferencedPersons(db)).toBe(0)
    expect(ids(db, 'user_licence')).toEqual([2])
  })

  it('a tombstone is no sweep: it deletes an event an item refers to all the same', () => {
    const db = openDatabase(':memory:')
    upsertElements(db, 'events', 'public', 1, [element(30001, { uuid: 'a3f1c0de-0000-4000-8000-000000000001' })], parseInstant)
    queue(db, [{ to: 'event', uuid: 'a3f1c0de-0000-4000-8000-000000000001' }])
    expect(deleteElements(db, 'events', [30001])).toBe(1)
  })
})
