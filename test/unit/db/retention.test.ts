import { describe, expect, it } from 'vitest'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { appendAudit } from '../../../src/main/db/auditLog'
import { deleteItem, insertItem, updateItem } from '../../../src/main/db/outbox'
import { purgeFinishedChanges, purgeInactivePersons, purgeIsDue, purgeOldPrivacyLog, readRetention, retentionCutoff, setRetentionMonths } from '../../../src/main/db/retention'
import { appendPrivacyLog, readPrivacyLog } from '../../../src/main/db/privacyLog'
import { elementStore } from '../../support/elements'

const T = '2026-03-02T09:00:00.123456+02:00'
const TODAY = '2026-11-23'
const OLD_EVENT = '0b7c5d0e-0000-4000-8000-000000000001'
const NEW_EVENT = '0b7c5d0e-0000-4000-8000-000000000002'

const store = elementStore(T)

const user = (id: number) => ({ id, sportId: 10_000_000 + id, firstName: `Etu${id}`, lastName: `Suku${id}`, modificationTime: T })
const licence = (id: number, userId: number, usagePeriodEnd: string) => ({ id, userId, usagePeriodStart: '2020-01-01', usagePeriodEnd, user: user(userId) })
const persons = (db: WritableDB) => db.prepare('SELECT id FROM person ORDER BY id').pluck().all()

/**
 * Persons 1–9, each with a licence that ended on 2024-06-30 (before the cutoff 2024-11-23 of 24
 * months from TODAY) and one other tie that decides:
 * 1 nothing else · 2 a licence ending on the cutoff day · 3 an insurance ending 2025 · 4 a merit
 * held for good · 5 a merit valid until 2023 · 6 a registration to an event of 2023 · 7 one to an
 * event of 2026 · 8 a change waiting in the outbox · 9 a registration to an event not stored,
 * registered in 2022. And three people the scope knows only from an event or a merit, so with no
 * `person` row: 10 registered to the event of 2023 (a child, a guardian's contacts with them) ·
 * 11 holding a merit valid until 2023 · 12 holding a merit for good.
 */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  store(db, 'user-licences', 'federation 100', [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => licence(100 + id, id, '2024-06-30')))
  store(db, 'user-licences', 'federation 100', [licence(202, 2, '2024-11-23')])
  store(db, 'user-insurances', 'federation 100', [{ id: 303, userId: 3, usagePeriodStart: '2025-01-01', usagePeriodEnd: '2025-12-31', user: user(3) }])
  const grant = (id: number, meritId: number, validUntilDate: string | null) => ({ id, grantedMerit: { meritId, grantingDate: '2019-05-01', validUntilDate } })
  store(db, 'granted-merits', 'merit 31', [grant(4, 31, null)])
  store(db, 'granted-merits', 'merit 32', [grant(5, 32, '2023-12-31')])
  store(db, 'events', 'public', [
    { id: 900, uuid: OLD_EVENT, organizerId: 100, name: 'Kevätleiri 2023', startDateTime: '2023-04-10T09:00:00', endDateTime: '2023-04-12T15:00:00' },
    { id: 901, uuid: NEW_EVENT, organizerId: 100, name: 'Syyskisat 2026', startDateTime: '2026-09-05T10:00:00' }
  ])
  store(db, 'event-registrations', 'event 900', [{ id: 41, eventUuid: OLD_EVENT, participantUserId: 6, registrationDate: '2023-03-01' }])
  store(db, 'registered-event-users', 'event 900', [
    { id: 41, eventId: 900, userId: 6, user: user(6) },
    { id: 44, eventId: 900, userId: 10, user: { ...user(10), guardians: [{ firstName: 'Huoltaja', lastName: 'Suku10', email: 'huoltaja@example.fi', phone: '+358401234567' }] } }
  ])
  store(db, 'event-registrations', 'event 900', [{ id: 44, eventUuid: OLD_EVENT, participantUserId: 10, registrationDate: '2023-03-05' }])
  store(db, 'granted-merits', 'merit 32', [grant(11, 32, '2023-12-31')])
  store(db, 'granted-merits', 'merit 31', [grant(12, 31, null)])
  store(db, 'event-registrations', 'event 901', [{ id: 42, eventUuid: NEW_EVENT, participantUserId: 7, registrationDate: '2022-03-02' }])
  store(db, 'event-registrations', 'event 999', [{ id: 43, eventUuid: '0b7c5d0e-0000-4000-8000-000000000009', participantUserId: 9, registrationDate: '2022-01-15' }])
  insertItem(db, { kind: 'merit-grant', payload: { meritId: 31 }, dependsOn: null, at: '2026-11-20T08:00:00.000Z' }, [{ personId: 8, target: 'merit 31' }], [])
  return db
}

describe('retention (issue 6)', () => {
  it('keeps 24 months by default, and a changed time makes the next sync purge', () => {
    const db = openDatabase(':memory:')
    expect(readRetention(db)).toEqual({ months: 24, purgedOn: null })
    purgeInactivePersons(db, TODAY)
    expect(purgeIsDue(db, TODAY, false)).toBe(false)
    expect(purgeIsDue(db, TODAY, true)).toBe(true)
    expect(purgeIsDue(db, '2026-11-24', false)).toBe(true)
    setRetentionMonths(db, 6)
    expect(readRetention(db)).toEqual({ months: 6, purgedOn: null })
    expect(purgeIsDue(db, TODAY, false)).toBe(true)
    for (const bad of [0, 121, 2.5, Number.NaN]) expect(() => setRetentionMonths(db, bad)).toThrow(RangeError)
    expect(readRetention(db).months).toBe(6)
  })

  it('counts calendar months back, the day clamped to the month', () => {
    expect(retentionCutoff('2026-11-23', 24)).toBe('2024-11-23')
    expect(retentionCutoff('2026-03-31', 1)).toBe('2026-02-28')
    expect(retentionCutoff('2024-03-31', 1)).toBe('2024-02-29')
    expect(retentionCutoff('2026-01-15', 13)).toBe('2024-12-15')
  })

  it('removes people whose every licence, insurance, merit and registration ended before the retention, with all their rows', () => {
    const db = seed()
    expect(purgeInactivePersons(db, TODAY)).toEqual([1, 5, 6, 9, 10, 11])
    expect(persons(db)).toEqual([2, 3, 4, 7, 8])
    const count = (sql: string) => db.prepare(sql).pluck().get()
    expect(count('SELECT count(*) FROM user_licence WHERE user_id IN (1, 5, 6, 9)')).toBe(0)
    expect(count('SELECT count(*) FROM granted_merit WHERE user_id = 5')).toBe(0)
    expect(count('SELECT count(*) FROM event_registration WHERE participant_user_id IN (6, 9)')).toBe(0)
    expect(count('SELECT count(*) FROM registered_event_user WHERE user_id = 6')).toBe(0)
    // Those with no person row go too, with their contacts: the child's registration and the expired merit.
    expect(count('SELECT count(*) FROM registered_event_user WHERE user_id = 10')).toBe(0)
    expect(count('SELECT count(*) FROM event_registration WHERE participant_user_id = 10')).toBe(0)
    expect(count('SELECT count(*) FROM granted_merit WHERE user_id = 11')).toBe(0)
    expect(count('SELECT count(*) FROM granted_merit WHERE user_id = 12')).toBe(1)
    expect(count("SELECT count(*) FROM member_search WHERE member_search MATCH '\"suku1\"'")).toBe(0)
    // The others keep every row, old licences included.
    expect(count('SELECT count(*) FROM user_licence')).toBe(6)
    expect(readRetention(db).purgedOn).toBe(TODAY)
  })

  it('removes the history of changes finished before the retention; waiting ones, and what they depend on, stay', () => {
    const db = openDatabase(':memory:')
    /** Queues an item on `queued`, settles it in `state` on `settled` (discarded: removed), with an audit entry at each. */
    const change = (queued: string, state: 'done' | 'rejected' | 'queued' | 'discarded', settled: string, dependsOn: number | null = null) => {
      const payload = { eventUuid: NEW_EVENT, participantUserId: 6, additionalDetails: 'Allergia: pähkinät' }
      const id = insertItem(db, { kind: 'event-registration', payload, dependsOn, at: queued }, [], [])
      appendAudit(db, { at: queued, itemId: id, kind: 'event-registration', event: 'queued', actor: 'sihteeri', detail: payload })
      if (state === 'discarded') deleteItem(db, id)
      else updateItem(db, id, { state, at: settled })
      appendAudit(db, { at: settled, itemId: id, kind: 'event-registration', event: state === 'done' ? 'answered' : state === 'discarded' ? 'discarded' : 'rejected' })
      return id
    }
    // The cutoff of 24 months from TODAY is 2024-11-23.
    const oldDone = change('2024-05-01T08:00:00.000Z', 'done', '2024-05-02T08:00:00.000Z')
    const recentDone = change('2024-11-20T08:00:00.000Z', 'done', '2024-11-23T08:00:00.000Z')
    const oldRejected = change('2023-01-01T08:00:00.000Z', 'rejected', '2023-01-02T08:00:00.000Z')
    const oldDiscarded = change('2023-02-01T08:00:00.000Z', 'discarded', '2023-02-02T08:00:00.000Z')
    const recentDiscarded = change('2024-11-01T08:00:00.000Z', 'discarded', '2025-01-02T08:00:00.000Z')
    // A chain of two old done items whose last link still waits: every link stays.
    const first = change('2023-03-01T08:00:00.000Z', 'done', '2023-03-02T08:00:00.000Z')
    const second = change('2023-03-01T09:00:00.000Z', 'done', '2023-03-02T09:00:00.000Z', first)
    const waiting = change('2023-03-01T10:00:00.000Z', 'queued', '2023-03-02T10:00:00.000Z', second)
    // An old done item whose dependent finished old too: both go.
    const parent = change('2023-04-01T08:00:00.000Z', 'done', '2023-04-02T08:00:00.000Z')
    const child = change('2023-04-01T09:00:00.000Z', 'done', '2023-04-02T09:00:00.000Z', parent)

    expect(purgeFinishedChanges(db, TODAY)).toBe(3)
    const items = db.prepare('SELECT id FROM outbox_item ORDER BY id').pluck().all()
    expect(items).toEqual([recentDone, oldRejected, first, second, waiting])
    const audited = db.prepare('SELECT DISTINCT item_id FROM audit_log ORDER BY item_id').pluck().all()
    expect(audited).toEqual([recentDone, oldRejected, recentDiscarded, first, second, waiting])
    expect([oldDone, oldDiscarded, parent, child].some((id) => audited.includes(id))).toBe(false)

    setRetentionMonths(db, 1)
    expect(purgeFinishedChanges(db, '2030-01-01')).toBe(1)
    expect(db.prepare('SELECT id FROM outbox_item ORDER BY id').pluck().all()).toEqual([oldRejected, first, second, waiting])
    expect(db.prepare('SELECT DISTINCT item_id FROM audit_log ORDER BY item_id').pluck().all()).toEqual([oldRejected, first, second, waiting])
  })

  it('removes the privacy log entries written before the retention, with the search text they keep', () => {
    const db = openDatabase(':memory:')
    const log = (at: string, personId?: number) =>
      appendPrivacyLog(db, { at, actor: 'sihteeri', action: personId === undefined ? 'export-list' : 'export-person', personId, detail: { search: 'Virtanen Aino' } })
    // The cutoff of 24 months from TODAY is 2024-11-23: an entry late on the day before goes.
    log('2023-06-01T08:00:00.000Z')
    log('2024-11-22T23:59:59.999Z', 6)
    log('2024-11-23T00:00:00.000Z', 6)
    log('2026-11-20T08:00:00.000Z')

    expect(purgeOldPrivacyLog(db, TODAY)).toBe(2)
    expect(readPrivacyLog(db).map((e) => e.at)).toEqual(['2024-11-23T00:00:00.000Z', '2026-11-20T08:00:00.000Z'])
    expect(readPrivacyLog(db, 6).map((e) => e.at)).toEqual(['2024-11-23T00:00:00.000Z'])

    setRetentionMonths(db, 1)
    expect(purgeOldPrivacyLog(db, TODAY)).toBe(1)
    expect(readPrivacyLog(db).map((e) => e.at)).toEqual(['2026-11-20T08:00:00.000Z'])
  })

  it('a shorter retention removes more; a person with a change waiting is kept whatever the time', () => {
    const db = seed()
    setRetentionMonths(db, 1)
    expect(purgeInactivePersons(db, '2030-01-01')).toEqual([1, 2, 3, 5, 6, 7, 9, 10, 11])
    expect(persons(db)).toEqual([4, 8])
  })
})
