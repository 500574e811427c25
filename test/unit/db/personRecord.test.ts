import { describe, expect, it } from 'vitest'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { readPersonRecord } from '../../../src/main/db/personRecord'
import { appendPrivacyLog } from '../../../src/main/db/privacyLog'
import { elementStore } from '../../support/elements'

const T = '2026-03-02T09:00:00.123456+02:00'
const UUID_CAMP = '0b7c5d0e-0000-4000-8000-000000000001'

const store = elementStore(T)

/** A member (7); a grantee (20) and a registrant (21) no profile is stored for; a privacy log entry about each. */
function seed(): WritableDB {
  const db = openDatabase(':memory:')
  store(db, 'user-licences', 'federation 100', [{ id: 501, userId: 7, user: { id: 7, sportId: 10000007, firstName: 'Aino', lastName: 'Mäkelä', modificationTime: T } }])
  store(db, 'granted-merits', 'merit 31', [{ id: 20, firstName: 'Veera', lastName: 'Vieras', email: 'veera@example.fi', phoneNumber: '0402', guardians: [], grantedMerit: { meritId: 31, grantingDate: '2026-02-01' } }])
  store(db, 'event-registrations', 'event 900', [{ id: 51, eventUuid: UUID_CAMP, participantUserId: 21, registrationDate: '2026-03-01', paidAmountInCents: 0 }])
  store(db, 'registered-event-users', 'event 900', [{ id: 51, eventId: 900, user: { id: 21, sportId: 10000021, firstName: 'Risto', lastName: 'Rekisteri', email: 'risto@example.fi' }, paymentStatus: 'FREE', paidAmountInCents: 0 }])
  for (const personId of [7, 20, 21]) appendPrivacyLog(db, { at: '2026-03-03T08:00:00.000Z', actor: 'sihteeri', action: 'export-person', personId, detail: { file: `/tmp/${personId}.json` } })
  return db
}

const empty = { user_licence: [], user_insurance: [], granted_merit: [], registered_event_user: [], event_registration: [] }

describe('readPersonRecord', () => {
  it("gives a member's profile and the rows naming them", () => {
    const record = readPersonRecord(seed(), 7)!
    expect(record.person).toMatchObject({ id: 7, firstName: 'Aino' })
    expect(record.user_licence).toMatchObject([{ id: 501, userId: 7 }])
  })

  it("gives a grantee without a profile their grant's copy, names and contacts as received, and the privacy log", () => {
    expect(readPersonRecord(seed(), 20)).toEqual({
      ...empty,
      person: null,
      granted_merit: [{ id: 20, modificationTime: T, firstName: 'Veera', lastName: 'Vieras', email: 'veera@example.fi', phoneNumber: '0402', guardians: [], grantedMerit: { meritId: 31, grantingDate: '2026-02-01' } }],
      privacy_log: [{ id: 2, at: '2026-03-03T08:00:00.000Z', actor: 'sihteeri', action: 'export-person', personId: 20, detail: '{"file":"/tmp/20.json"}' }]
    })
  })

  it('gives a registrant without a profile their registration and the registered user copy', () => {
    const record = readPersonRecord(seed(), 21)!
    expect(record).toMatchObject({ ...empty, person: null, event_registration: [{ id: 51, participantUserId: 21 }], registered_event_user: [{ id: 51, user: { sportId: 10000021, email: 'risto@example.fi' } }] })
    expect(record.privacy_log).toMatchObject([{ personId: 21 }])
  })

  it('gives the privacy log entries about someone nothing else names (purged since), or what the outbox names; null when nothing names the id', () => {
    const db = seed()
    appendPrivacyLog(db, { at: '2026-03-03T08:00:00.000Z', actor: 'sihteeri', action: 'reveal-identity-number', personId: 99 })
    expect(readPersonRecord(db, 99)).toEqual({ ...empty, person: null, privacy_log: [expect.objectContaining({ personId: 99, action: 'reveal-identity-number' })] })
    expect(readPersonRecord(db, 98)).toBeNull()
    expect(readPersonRecord(db, 98, true)).toEqual({ ...empty, person: null, privacy_log: [] })
  })
})
