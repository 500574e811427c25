import { describe, expect, it } from 'vitest'
import type { OutboxRow } from '../../../src/main/db/outbox'
import { outboxNames } from '../../../src/main/outbox/names'
import type { OutboxKind } from '../../../src/shared/outbox'
import type { OutboxPayloads } from '../../../src/shared/outboxPayloads'
import { databaseWithMembers } from '../../support/outbox'

const EVENT = '6d2f0cd8-253d-498c-ad01-e43dcf28c538'
const row = <K extends OutboxKind>(kind: K, payload: OutboxPayloads[K]) => ({ id: 1, kind, payload }) as unknown as OutboxRow

/** Members 1–3 (Virtanen) and the rows the outbox's changes below name, as a sync stores them. */
function database() {
  const db = databaseWithMembers()
  db.prepare("UPDATE person SET first_name = 'Anja' WHERE id = 1").run()
  const synced = (table: string, columns: string, values: unknown[]) =>
    db.prepare(`INSERT INTO ${table} (scope, modification_us, generation, raw, ${columns}) VALUES ('x', 1, 1, '{}', ${values.map(() => '?').join(', ')})`).run(...values)
  synced('organization', 'id, type, name', [300, 'CLUB', 'Rasti-Vantaa'])
  synced('organization', 'id, type, name', [200, 'AREA', 'Helsingin alue'])
  synced('merit_group', 'id, name', [40, 'Ansiomerkit'])
  synced('merit', 'id, merit_group_id, name', [12, 40, 'Pronssinen ansiomerkki'])
  synced('licence', 'id, name', [7, 'Kilpailulisenssi aikuiset'])
  synced('user_licence', 'id, user_id, licence_id', [5000001, 2, 7])
  synced('event', 'id, uuid, name', [30001, EVENT, 'Kevätkokous Helsinki'])
  // A payer who is no member: only a registered event user's copy (spec v2 §2.16) names them.
  db.prepare("INSERT INTO registered_event_user (id, scope, modification_us, generation, raw, event_id, user_id) VALUES (1, 'event 30001', 5, 1, ?, 30001, 77)").run(
    JSON.stringify({ user: { id: 77, sportId: 10000077, firstName: 'Liisa', lastName: 'Laine' } })
  )
  return db
}

describe('the names of what outbox items name (the outbox panel)', () => {
  it('names the member of a one-member change, the payer, organizations, merits, licences and events from the local data', () => {
    const db = database()
    const names = outboxNames(db, [
      row('event-registration', { eventUuid: EVENT.toUpperCase(), registration: { participantUserId: 1 } }),
      row('club-transfer', { userLicenceId: 5000001, targetClubId: 300, sportsFederationId: 100, userId: 2, licencePeriodId: 9 }),
      row('club-create', { parentId: 200, club: { type: 'CLUB', name: 'Rasti-Kerava' } }),
      row('merit-grant', { meritId: 12, grant: { meritGrantees: [1, 2, 3], grantingDate: '2026-02-14', meritGranter: 'Hallitus' } }),
      row('order-create', { userId: 77, source: 'EVENT_REGISTRATION', purchases: [{ products: [{ productType: 'EVENT_REGISTRATION', productId: 40000015 }] }] }),
      row('merit-create', { name: 'Kultainen', description: '', meritGroupId: 40, organizationId: 999, meritGrantingAuthorType: 'BOTH', meritValidityPeriodType: 'PERPETUAL', type: 'CARD' })
    ])
    expect(names).toEqual({
      // Member 3 is named by no description: the grant to three is said by its count.
      persons: { 1: 'Anja Virtanen (10000001)', 2: 'Virtanen (10000002)', 77: 'Liisa Laine (10000077)' },
      // Organization 999 is not stored here: the panel shows its id.
      organizations: { 300: 'Rasti-Vantaa', 200: 'Helsingin alue' },
      meritGroups: { 40: 'Ansiomerkit' },
      merits: { 12: 'Ansiomerkit · Pronssinen ansiomerkki' },
      userLicences: { 5000001: 'Kilpailulisenssi aikuiset' },
      events: { [EVENT]: 'Kevätkokous Helsinki' }
    })
  })

  it('names nothing for an empty outbox, and leaves out a person it stores nothing about', () => {
    const db = database()
    expect(outboxNames(db, [])).toEqual({ persons: {}, organizations: {}, meritGroups: {}, merits: {}, userLicences: {}, events: {} })
    expect(outboxNames(db, [row('order-create', { userId: 555, source: 'EVENT_REGISTRATION', purchases: [] })]).persons).toEqual({})
  })
})
