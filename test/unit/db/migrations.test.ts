import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { LATEST_VERSION, migrate, MIGRATIONS } from '../../../src/main/db/migrate'
import type { WritableDB } from '../../../src/main/db/open'
import { resumeMemberSearch } from '../../../src/main/db/memberSearch'
import { autoSyncEnabled, setAutoSyncEnabled } from '../../../src/main/db/autoSync'
import { memberSummaryDate } from '../../../src/main/db/memberSummary'
import { HELD_LICENCE_COLUMNS } from '../../../src/main/db/heldLicences'
import { refreshMemberSummary } from '../../../src/main/db/memberSummary'
import { recordCursorResult } from '../../../src/main/db/runs'

const fresh = () => new Database(':memory:') as WritableDB
const tables = (db: WritableDB) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'member_search_%' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name)

/**
 * A database at version `before` whose first sync was killed with `index` dropped (recorded in
 * `deferred_index`, db/bulkLoad.ts), migrated to `after`: the index is still not there, and the
 * definition the next run restores is returned.
 */
function restoredAfterKilledFirstSync(index: string, before: number, after: number): string {
  const killed = fresh()
  migrate(killed, before)
  killed.exec(`INSERT INTO deferred_index (name, sql) SELECT name, sql FROM sqlite_master WHERE name = '${index}'; DROP INDEX ${index};`)
  migrate(killed, after)
  expect(killed.prepare('SELECT count(*) FROM sqlite_master WHERE name = ?').pluck().get(index)).toBe(0)
  return killed.prepare('SELECT sql FROM deferred_index WHERE name = ?').pluck().get(index) as string
}

describe('migrations', () => {
  it('are numbered 1, 2, … without gaps and each has a name', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1))
    for (const m of MIGRATIONS) expect(m.name).toMatch(/^[a-z0-9-]+$/)
    expect(LATEST_VERSION).toBe(MIGRATIONS.length)
  })

  it('0001-initial creates the synced tables, person and the engine tables', () => {
    const db = fresh()
    expect(migrate(db, 1)).toEqual([1])
    expect(db.pragma('user_version', { simple: true })).toBe(1)
    expect(tables(db)).toEqual([
      'insurance',
      'licence',
      'licence_period',
      'organization',
      'person',
      'sport',
      'sport_parameter',
      'sync_cursor',
      'sync_run',
      'user_insurance',
      'user_licence'
    ])
    const columns = (db.prepare('PRAGMA table_info(user_licence)').all() as Array<{ name: string }>).map((c) => c.name)
    expect(columns).toEqual(expect.arrayContaining(['id', 'scope', 'modification_us', 'generation', 'raw', 'user_id', 'licence_organization_name']))
  })

  it('0002-member-search indexes persons that existed before it ran, and follows later changes', () => {
    const db = fresh()
    migrate(db, 1)
    db.prepare("INSERT INTO person (id, sport_id, first_name, last_name, email, modification_us, raw) VALUES (1, 12345678, 'Äijö', 'Virtanen', 'aijo@example.fi', 1, '{}')").run()
    expect(migrate(db, 2)).toEqual([2])
    const match = (q: string) => (db.prepare('SELECT rowid FROM member_search WHERE member_search MATCH ?').all(q) as Array<{ rowid: number }>).map((r) => r.rowid)
    expect(match('"aijo"*')).toEqual([1])
    expect(match('"1234"*')).toEqual([1])
    db.prepare("UPDATE person SET last_name = 'Lindqvist' WHERE id = 1").run()
    expect(match('"virtanen"*')).toEqual([])
    expect(match('"lindq"*')).toEqual([1])
    db.prepare('DELETE FROM person WHERE id = 1').run()
    expect(match('"lindq"*')).toEqual([])
  })

  it('0003-member-search-bulk-load keeps the index in step unless suspended, and keeps the persons of 0002', () => {
    const db = fresh()
    migrate(db, 2)
    db.prepare("INSERT INTO person (id, sport_id, last_name, modification_us, raw) VALUES (1, 12345678, 'Virtanen', 1, '{}')").run()
    expect(migrate(db, 3)).toEqual([3])
    const match = (q: string) => (db.prepare('SELECT rowid FROM member_search WHERE member_search MATCH ?').all(q) as Array<{ rowid: number }>).map((r) => r.rowid)
    expect(match('"virtanen"*')).toEqual([1])
    db.prepare("INSERT INTO person (id, sport_id, last_name, modification_us, raw) VALUES (2, 23456789, 'Korhonen', 1, '{}')").run()
    expect(match('"korhonen"*')).toEqual([2])
    db.prepare("INSERT INTO member_search_suspended (id, since) VALUES (1, '2026-11-23T10:00:00Z')").run()
    db.prepare("INSERT INTO person (id, sport_id, last_name, modification_us, raw) VALUES (3, 34567890, 'Laine', 1, '{}')").run()
    db.prepare("UPDATE person SET last_name = 'Lindqvist' WHERE id = 1").run()
    expect(match('"laine"*')).toEqual([])
    expect(match('"lindqvist"*')).toEqual([])
    expect(() => db.prepare("INSERT INTO member_search_suspended (id, since) VALUES (2, 'x')").run()).toThrow(/CHECK/)
  })

  it('0004-member-summary adds the per-person summary, empty and of no day until a sync fills it', () => {
    const db = fresh()
    migrate(db, 4)
    expect(tables(db)).toEqual(expect.arrayContaining(['member_summary', 'member_summary_state']))
    const columns = (db.prepare('PRAGMA table_info(member_summary)').all() as Array<{ name: string }>).map((c) => c.name)
    expect(columns).toEqual(['person_id', 'club', 'current_licence_id', 'licence_end', 'insured'])
    expect(db.prepare('SELECT count(*) FROM member_summary_state').pluck().get()).toBe(0)
    expect(() => db.prepare("INSERT INTO member_summary_state (id, on_date) VALUES (2, '2026-11-23')").run()).toThrow(/CHECK/)
  })

  it('0005-activity adds the merit, event and v3 reference tables; grants and registered users are keyed by (scope, id)', () => {
    const db = fresh()
    migrate(db, 4)
    expect(migrate(db, 5)).toEqual([5])
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'merit_group',
        'merit',
        'granted_merit',
        'event',
        'event_search_result',
        'event_registration',
        'registered_event_user',
        'municipality',
        'master_sport',
        'federation_master_sport',
        'area_association',
        'area_association_child',
        'sports_federation',
        'sports_club',
        'api_version_info',
        'client_data'
      ])
    )
    const grant = db.prepare("INSERT INTO granted_merit (id, scope, modification_us, generation, raw, merit_id, user_id) VALUES (7, ?, 1, 1, '{}', ?, 7)")
    grant.run('merit 1', 1)
    grant.run('merit 2', 2)
    expect(() => grant.run('merit 1', 1)).toThrow(/UNIQUE/)
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map((r) => r.name)
    expect(indexes).toEqual(expect.arrayContaining(['granted_merit_scope', 'granted_merit_user', 'event_registration_user', 'registered_event_user_user', 'event_uuid']))
  })

  it('0006-outbox adds the outbox, its optimistic effects, the audit log and the worker claim, with checked states', () => {
    const db = fresh()
    migrate(db, 5)
    expect(migrate(db, 6)).toEqual([6])
    expect(tables(db)).toEqual(expect.arrayContaining(['outbox_item', 'outbox_effect', 'audit_log', 'outbox_worker']))
    db.pragma('foreign_keys = ON')
    const insert = db.prepare("INSERT INTO outbox_item (kind, payload, state, created_at, updated_at) VALUES ('merit-grant', ?, ?, 'now', 'now')")
    const id = Number(insert.run('{"meritId":1}', 'queued').lastInsertRowid)
    expect(() => insert.run('{"meritId":1}', 'lost')).toThrow(/CHECK/)
    expect(() => insert.run('not json', 'queued')).toThrow(/CHECK/)
    expect(() => db.prepare("INSERT INTO audit_log (at, item_id, kind, event) VALUES ('now', 1, 'merit-grant', 'forgotten')").run()).toThrow(/CHECK/)
    db.prepare("INSERT INTO outbox_effect (item_id, person_id, target) VALUES (?, 7, 'merit 1')").run(id)
    db.prepare("INSERT INTO audit_log (at, item_id, kind, event) VALUES ('now', ?, 'merit-grant', 'queued')").run(id)
    db.prepare('DELETE FROM outbox_item WHERE id = ?').run(id)
    expect(db.prepare('SELECT count(*) FROM outbox_effect').pluck().get()).toBe(0)
    expect(db.prepare('SELECT count(*) FROM audit_log').pluck().get()).toBe(1)
    expect(() => db.prepare("INSERT INTO outbox_worker (id, pid, host, started_at) VALUES (2, 1, 'h', 'now')").run()).toThrow(/CHECK/)
  })

  it('0007-sync-layout keeps the rows, ids, triggers and member search of user licences, user insurances and persons, with id no longer the rowid', () => {
    const db = fresh()
    migrate(db, 6)
    const person = db.prepare("INSERT INTO person (id, sport_id, first_name, last_name, modification_us, raw) VALUES (?, ?, ?, 'Virtanen', 1, '{}')")
    person.run(900, 12345678, 'Aino')
    person.run(5, 23456789, 'Eino')
    const licence = db.prepare("INSERT INTO user_licence (id, scope, modification_us, generation, raw, user_id) VALUES (?, 'federation 1', 1, 1, '{}', ?)")
    licence.run(70, 900)
    licence.run(3, 5)
    db.prepare("INSERT INTO user_insurance (id, scope, modification_us, generation, raw, user_id) VALUES (8, 'federation 1', 1, 1, '{}', 5)").run()
    const indexesBefore = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[])

    expect(migrate(db, 7)).toEqual([7])
    expect(db.prepare('SELECT id, user_id FROM user_licence ORDER BY id').all()).toEqual([{ id: 3, user_id: 5 }, { id: 70, user_id: 900 }])
    expect(db.prepare('SELECT id FROM user_insurance').pluck().all()).toEqual([8])
    const indexesAfter = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]
    const replaced = ['user_licence_user', 'user_insurance_user']
    const added = ['person_id', 'user_insurance_id', 'user_licence_id', 'user_licence_user_period', 'user_insurance_user_period']
    expect(indexesAfter).toEqual([...indexesBefore.filter((name) => !replaced.includes(name)), ...added].sort())
    // id is an ordinary unique column now: a new row gets the next rowid, and ids stay unique.
    const rowid = Number(licence.run(1, 5).lastInsertRowid)
    expect(rowid).toBe(3)
    expect(() => licence.run(1, 5)).toThrow(/UNIQUE/)
    db.prepare("INSERT INTO user_licence (id, scope, modification_us, generation, raw) VALUES (1, 's', 2, 2, '{\"v\":2}') ON CONFLICT (id) DO UPDATE SET raw = excluded.raw").run()
    expect(db.prepare('SELECT raw FROM user_licence WHERE id = 1').pluck().get()).toBe('{"v":2}')
    // The person triggers still keep the member search in step.
    const search = (text: string) => db.prepare('SELECT rowid FROM member_search WHERE member_search MATCH ? ORDER BY rowid').pluck().all(text)
    expect(search('virtanen')).toEqual([5, 900])
    db.prepare("UPDATE person SET last_name = 'Korhonen' WHERE id = 900").run()
    expect(search('virtanen')).toEqual([5])
    expect(search('korhonen')).toEqual([900])
  })

  it('0008-privacy-log adds the privacy log with checked actions and JSON details', () => {
    const db = fresh()
    migrate(db, 7)
    expect(migrate(db, 8)).toEqual([8])
    const insert = db.prepare('INSERT INTO privacy_log (at, actor, action, person_id, detail) VALUES (?, ?, ?, ?, ?)')
    insert.run('2026-11-23T10:00:00.000Z', 'sihteeri', 'reveal-identity-number', 7, null)
    insert.run('2026-11-23T10:01:00.000Z', 'sihteeri', 'export-list', null, '{"rows":3}')
    expect(() => insert.run('now', 'x', 'peek', 7, null)).toThrow(/CHECK/)
    expect(() => insert.run('now', 'x', 'export-person', 7, 'not json')).toThrow(/CHECK/)
    expect(db.prepare('SELECT count(*) FROM privacy_log').pluck().get()).toBe(2)
  })

  it('0009-retention keeps people without current data 24 months by default, in one checked row', () => {
    const db = fresh()
    migrate(db, 8)
    expect(migrate(db, 9)).toEqual([9])
    expect(db.prepare('SELECT id, months, purged_on FROM retention').all()).toEqual([{ id: 1, months: 24, purged_on: null }])
    expect(() => db.prepare('UPDATE retention SET months = 0').run()).toThrow(/CHECK/)
    expect(() => db.prepare('INSERT INTO retention (id, months) VALUES (2, 12)').run()).toThrow(/CHECK/)
  })

  it('0010-member-search-speed remakes the member search with one-letter prefixes, keeping its persons and triggers, and adds person_order', () => {
    const db = fresh()
    migrate(db, 9)
    const person = db.prepare("INSERT INTO person (id, sport_id, first_name, last_name, modification_us, raw) VALUES (?, ?, ?, ?, 1, '{}')")
    person.run(900, 12345678, 'Aino', 'Virtanen')
    person.run(5, 23456789, 'Eino', 'Mäkinen')
    expect(migrate(db, 10)).toEqual([10])
    const search = (text: string) => db.prepare('SELECT rowid FROM member_search WHERE member_search MATCH ? ORDER BY rowid').pluck().all(text)
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'member_search'").pluck().get()).toMatch(/prefix='1 2 3'/)
    expect(search('"m"*')).toEqual([5])
    expect(search('"v"*')).toEqual([900])
    // The triggers of 0003 follow later changes into the new table.
    db.prepare("UPDATE person SET last_name = 'Korhonen' WHERE id = 900").run()
    person.run(7, 34567890, 'Kalle', 'Kivi')
    expect(search('"k"*')).toEqual([7, 900])
    expect(search('"v"*')).toEqual([])
    expect(db.prepare('SELECT count(*) FROM member_search WHERE member_search MATCH ?').pluck().get('"e"*')).toBe(1)
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'person_order'").pluck().get()).toMatch(/\(id, last_name, first_name, birth_date, sport_id\)/)
  })

  it('0010-member-search-speed leaves a suspended member search empty for the bulk load to fill when it resumes', () => {
    const db = fresh()
    migrate(db, 9)
    db.prepare("INSERT INTO member_search_suspended (id, since) VALUES (1, '2026-11-23T10:00:00Z')").run()
    db.prepare("INSERT INTO person (id, sport_id, first_name, last_name, modification_us, raw) VALUES (1, 1, 'Aino', 'Virtanen', 1, '{}')").run()
    migrate(db, 10)
    const found = () => db.prepare('SELECT count(*) FROM member_search WHERE member_search MATCH ?').pluck().get('"vi"*')
    expect(found()).toBe(0)
    expect(resumeMemberSearch(db)).toBe(true)
    expect(found()).toBe(1)
  })

  it('0011-deferred-indexes lists indexes to restore by name, each once', () => {
    const db = fresh()
    migrate(db, 10)
    expect(migrate(db, 11)).toEqual([11])
    db.prepare("INSERT INTO deferred_index (name, sql) VALUES ('person_name', 'CREATE INDEX person_name ON person (last_name, first_name, id)')").run()
    expect(() => db.prepare("INSERT INTO deferred_index (name, sql) VALUES ('person_name', 'x')").run()).toThrow(/UNIQUE/)
    expect(() => db.prepare("INSERT INTO deferred_index (name) VALUES ('person_sport_id')").run()).toThrow(/NOT NULL/)
  })

  it('0012-renewal-list-indexes widens the per-person indexes of user licences and insurances behind their leading columns, or the definition a first sync will restore', () => {
    const indexSql = (db: WritableDB, name: string) => db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name)
    const db = fresh()
    migrate(db, 11)
    db.prepare("INSERT INTO user_licence (id, scope, modification_us, generation, raw, user_id, licence_id, licence_period_id) VALUES (1, 'federation 1', 1, 1, '{}', 7, 3, 2026)").run()
    expect(migrate(db, 12)).toEqual([12])
    expect(indexSql(db, 'user_licence_user_period')).toMatch(/\(user_id, usage_period_end, id, usage_period_start, licence_organization_name, upgrade_from, licence_id, licence_period_id\)/)
    expect(indexSql(db, 'user_insurance_user_period')).toMatch(/\(user_id, usage_period_start, usage_period_end, id, upgrade_from, insurance_id\)/)
    expect(db.prepare('SELECT licence_period_id FROM user_licence INDEXED BY user_licence_user_period WHERE user_id = 7').pluck().all()).toEqual([2026])

    // A first sync killed with the index dropped: the new definition is what it restores.
    const killed = fresh()
    migrate(killed, 11)
    killed.exec(`INSERT INTO deferred_index (name, sql) SELECT name, sql FROM sqlite_master WHERE name = 'user_licence_user_period'; DROP INDEX user_licence_user_period;`)
    migrate(killed, 12)
    expect(indexSql(killed, 'user_licence_user_period')).toBeUndefined()
    expect(killed.prepare("SELECT sql FROM deferred_index WHERE name = 'user_licence_user_period'").pluck().get()).toMatch(/licence_id, licence_period_id\)$/)
    expect(indexSql(killed, 'user_insurance_user_period')).toMatch(/insurance_id\)$/)
  })

  it("0013-sync-error-code keeps each resource's last result and adds its error's code, none for errors recorded before it", () => {
    const db = fresh()
    migrate(db, 12)
    const cursor = db.prepare("INSERT INTO sync_cursor (resource, scope, last_run_id, last_result, last_error) VALUES (?, 'federation 1', 1, ?, ?)")
    cursor.run('licences', 'error', 'GET /api/public/v2/licence: 503 Service Unavailable')
    expect(migrate(db, 13)).toEqual([13])
    db.prepare("INSERT INTO sync_cursor (resource, scope, last_run_id, last_result, last_error, last_error_code) VALUES ('sports', 'federation 1', 2, 'error', 'GET /api/public/v2/sport: 503', 'api-server')").run()
    expect(db.prepare('SELECT resource, last_result, last_error, last_error_code FROM sync_cursor ORDER BY resource').all()).toEqual([
      { resource: 'licences', last_result: 'error', last_error: 'GET /api/public/v2/licence: 503 Service Unavailable', last_error_code: null },
      { resource: 'sports', last_result: 'error', last_error: 'GET /api/public/v2/sport: 503', last_error_code: 'api-server' }
    ])
  })

  it('0014-report-columns fills purchase times and genders from the rows received before it, and indexes them for the reports, or records the indexes a first sync will restore', () => {
    const indexSql = (db: WritableDB, name: string) => db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name)
    const seed = (db: WritableDB) => {
      db.prepare(`INSERT INTO user_licence (id, scope, modification_us, generation, raw, user_id, licence_period_id) VALUES (1, 'federation 1', 1, 1, '{"purchaseTime":"2026-03-19T18:59:21"}', 7, 10), (2, 'federation 1', 1, 1, '{}', 8, 10)`).run()
      db.prepare(`INSERT INTO person (id, sport_id, modification_us, raw) VALUES (7, 1, 1, '{"gender":"Female"}'), (8, 2, 1, '{}')`).run()
    }
    const db = fresh()
    migrate(db, 13)
    seed(db)
    expect(migrate(db, 14)).toEqual([14])
    expect(db.prepare('SELECT id, purchase_time FROM user_licence ORDER BY id').all()).toEqual([
      { id: 1, purchase_time: '2026-03-19T18:59:21' },
      { id: 2, purchase_time: null }
    ])
    expect(db.prepare('SELECT id, gender FROM person ORDER BY id').all()).toEqual([
      { id: 7, gender: 'Female' },
      { id: 8, gender: null }
    ])
    expect(indexSql(db, 'user_licence_period')).toMatch(/\(licence_period_id, user_id, licence_organization_id, licence_organization_name, licence_id, purchase_time\)/)
    expect(indexSql(db, 'person_order')).toMatch(/\(id, last_name, first_name, birth_date, sport_id, gender\)/)
    expect(db.prepare('SELECT gender FROM person INDEXED BY person_order WHERE id = 7').pluck().get()).toBe('Female')

    // A first sync killed with the bulk load's indexes dropped: the new definitions are what it restores.
    const killed = fresh()
    migrate(killed, 13)
    killed.exec(`INSERT INTO deferred_index (name, sql) SELECT name, sql FROM sqlite_master WHERE name = 'person_order'; DROP INDEX person_order;`)
    migrate(killed, 14)
    expect(indexSql(killed, 'person_order')).toBeUndefined()
    expect(indexSql(killed, 'user_licence_period')).toBeUndefined()
    expect(killed.prepare('SELECT name, sql FROM deferred_index ORDER BY name').all()).toEqual([
      { name: 'person_order', sql: expect.stringMatching(/sport_id, gender\)$/) },
      { name: 'user_licence_period', sql: expect.stringMatching(/licence_id, purchase_time\)$/) }
    ])
  })

  it('0015-auto-sync turns the app\'s own syncs on for new and earlier databases, in one checked row', () => {
    const db = fresh()
    migrate(db, 14)
    expect(migrate(db, 15)).toEqual([15])
    expect(db.prepare('SELECT id, enabled FROM auto_sync').all()).toEqual([{ id: 1, enabled: 1 }])
    expect(autoSyncEnabled(db)).toBe(true)
    setAutoSyncEnabled(db, false)
    expect(autoSyncEnabled(db)).toBe(false)
    expect(() => db.prepare('UPDATE auto_sync SET enabled = 2').run()).toThrow(/CHECK/)
    expect(() => db.prepare('INSERT INTO auto_sync (id, enabled) VALUES (2, 1)').run()).toThrow(/CHECK/)
  })

  it('0016-licence-verdicts makes the summary anew with the verdict columns, of no day, so the next read or sync evaluates it', () => {
    const db = fresh()
    migrate(db, 15)
    db.prepare("INSERT INTO member_summary (person_id, club, current_licence_id, licence_end, insured) VALUES (1, 'Seura', 7, '2026-12-31', 1)").run()
    db.prepare("INSERT INTO member_summary_state (id, on_date) VALUES (1, '2026-11-23')").run()
    const licence = db.prepare("INSERT INTO user_licence (id, scope, modification_us, generation, raw, user_id) VALUES (?, 'federation 1', 1, 1, ?, 1)")
    licence.run(1, JSON.stringify({ id: 1, externalInsuranceCompany: 'Pohjola' }))
    licence.run(2, JSON.stringify({ id: 2 }))
    expect(migrate(db, 16)).toEqual([16])
    expect(db.prepare('SELECT id, external_insurance_company FROM user_licence ORDER BY id').all()).toEqual([
      { id: 1, external_insurance_company: 'Pohjola' },
      { id: 2, external_insurance_company: null }
    ])
    // The rules' columns of then are all in the per-person index, so evaluating everyone reads no row.
    const rulesColumns = 'ul.user_id, ul.id, ul.licence_id, ul.usage_period_start, ul.usage_period_end, ul.upgrade_from, ul.purchase_time, ul.licence_organization_name, ul.external_insurance_company'
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT ${rulesColumns} FROM user_licence ul WHERE ul.user_id BETWEEN 1 AND 9`).all() as Array<{ detail: string }>
    expect(plan.map((row) => row.detail)).toEqual(['SEARCH ul USING COVERING INDEX user_licence_user_period (user_id>? AND user_id<?)'])

    // A first sync killed with the index dropped: the new definition is what it restores.
    expect(restoredAfterKilledFirstSync('user_licence_user_period', 15, 16)).toMatch(/purchase_time, external_insurance_company\)$/)
    const columns = (db.prepare('PRAGMA table_info(member_summary)').all() as Array<{ name: string }>).map((c) => c.name)
    expect(columns).toEqual(['person_id', 'club', 'verdict', 'licence_id', 'valid_until', 'held_until', 'insured', 'recheck_on'])
    expect(db.prepare('SELECT count(*) FROM member_summary').pluck().get()).toBe(0)
    expect(memberSummaryDate(db)).toBeNull()
    expect(() => db.prepare('INSERT INTO member_summary (person_id) VALUES (1)').run()).toThrow(/NOT NULL/)
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'member_summary' ORDER BY name").pluck().all()
    expect(indexes).toEqual(['member_summary_club', 'member_summary_recheck'])
    // Asked before each list of verdicts: an index seek, never a scan of the summary.
    const due = db.prepare('EXPLAIN QUERY PLAN SELECT 1 FROM member_summary WHERE recheck_on <= ? LIMIT 1').all('2026-11-26') as Array<{ detail: string }>
    expect(due.map((row) => row.detail)).toEqual(['SEARCH member_summary USING COVERING INDEX member_summary_recheck (recheck_on<?)'])
  })

  it('0017-outbox-answers-without-profiles keeps the answers and audit details the outbox holds, with each nested user profile reduced to its id', () => {
    const db = fresh()
    migrate(db, 16)
    const user = { id: 7, sportId: 12345678, firstName: 'Aino', lastName: 'Virta', birthDate: '2014-07-25', socialSecurityNumber: '250714A255L', guardians: [{ firstName: 'Eero', lastName: 'Virta', email: 'eero@example.fi' }] }
    const licence = { id: 70, licenceOrganizationId: 300, user }
    const item = db.prepare("INSERT INTO outbox_item (kind, payload, state, created_at, updated_at, last_status, last_answer) VALUES ('club-transfer', '{}', 'done', 'x', 'x', 200, ?)")
    item.run(JSON.stringify(licence))
    item.run('could not read back whether it took effect (503: busy): retry or discard it')
    const audit = db.prepare("INSERT INTO audit_log (at, item_id, kind, event, detail) VALUES ('x', 1, 'club-transfer', ?, ?)")
    audit.run('reconciled', JSON.stringify({ status: 200, answer: licence }))
    audit.run('sent', JSON.stringify({ attempt: 1 }))
    expect(migrate(db, 17)).toEqual([17])
    const kept = { id: 70, licenceOrganizationId: 300, user: { id: 7 } }
    expect(db.prepare('SELECT last_answer FROM outbox_item ORDER BY id').pluck().all()).toEqual([JSON.stringify(kept), 'could not read back whether it took effect (503: busy): retry or discard it'])
    expect(db.prepare('SELECT detail FROM audit_log ORDER BY id').pluck().all()).toEqual([JSON.stringify({ status: 200, answer: kept }), JSON.stringify({ attempt: 1 })])
  })

  it('0018-erased-persons adds the persons whose data the registry deleted, each once, for the lists of their copies to be read', () => {
    const db = fresh()
    migrate(db, 17)
    expect(migrate(db, 18)).toEqual([18])
    db.prepare('INSERT INTO erased_person (person_id) VALUES (7)').run()
    expect(() => db.prepare('INSERT INTO erased_person (person_id) VALUES (7)').run()).toThrow(/UNIQUE/)
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT 1 FROM erased_person e CROSS JOIN granted_merit t ON t.user_id = e.person_id LIMIT 1').all() as Array<{ detail: string }>
    expect(plan.map((row) => row.detail)).toEqual(['SCAN e', 'SEARCH t USING COVERING INDEX granted_merit_user (user_id=?)'])
  })

  it('0019-outbox-dependents indexes what each outbox item depends on, for the deletes foreign keys check and for its dependents', () => {
    const db = fresh()
    migrate(db, 18)
    expect(migrate(db, 19)).toEqual([19])
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail)
    expect(plan('SELECT id FROM outbox_item WHERE depends_on = 1 ORDER BY id')).toEqual(['SEARCH outbox_item USING COVERING INDEX outbox_item_depends_on (depends_on=?)'])
  })

  it('0020-outbox-references records what the items not yet done refer to, by their operations, and forgets it with the item; a payload of another shape names nothing', () => {
    const db = fresh()
    migrate(db, 19)
    db.pragma('foreign_keys = ON')
    const insert = db.prepare("INSERT INTO outbox_item (kind, payload, state, created_at, updated_at) VALUES (?, ?, ?, 'now', 'now')")
    const uuid = 'a3f1c0de-0000-4000-8000-000000000001'
    const cancel = Number(insert.run('registration-cancel', JSON.stringify({ eventUuid: uuid, eventRegistrationId: 40000001 }), 'rejected').lastInsertRowid)
    insert.run('merit-grant', JSON.stringify({ meritId: 2001, grant: { grantingDate: '2026-03-01', meritGrantees: [7] } }), 'done')
    insert.run('client-data-delete', '{}', 'queued')
    insert.run('order-create', '{}', 'queued')
    // Written by hand or by a newer Kanslia: no event UUID, or one that is no text.
    insert.run('registration-cancel', '{}', 'queued')
    insert.run('event-participants', JSON.stringify({ eventUuid: 12, participants: { userIds: [] } }), 'queued')
    expect(migrate(db, 20)).toEqual([20])
    const references = () => db.prepare('SELECT item_id AS itemId, referred, referred_key AS referredKey FROM outbox_reference ORDER BY referred').all()
    expect(references()).toEqual([
      { itemId: cancel, referred: 'event', referredKey: uuid },
      { itemId: cancel, referred: 'event-registration', referredKey: 40000001 }
    ])
    db.prepare('DELETE FROM outbox_item WHERE id = ?').run(cancel)
    expect(references()).toEqual([])
  })

  it('0021-sport-id-order walks persons in Sport-ID order with their ids from the index alone, also where a killed first sync restores it', () => {
    const db = fresh()
    migrate(db, 20)
    const plan = () =>
      (db.prepare('EXPLAIN QUERY PLAN SELECT p.id FROM person p LEFT JOIN member_summary s ON s.person_id = p.id ORDER BY p.sport_id, p.id').all() as Array<{ detail: string }>).map((row) => row.detail)
    expect(plan()).not.toContain('SCAN p USING COVERING INDEX person_sport_id')
    expect(migrate(db, 21)).toEqual([21])
    expect(plan()[0]).toBe('SCAN p USING COVERING INDEX person_sport_id')
    expect(db.prepare('EXPLAIN QUERY PLAN SELECT id FROM person WHERE sport_id = 12345678').all()).toEqual([expect.objectContaining({ detail: 'SEARCH person USING COVERING INDEX person_sport_id (sport_id=?)' })])

    expect(restoredAfterKilledFirstSync('person_sport_id', 20, 21)).toBe('CREATE INDEX person_sport_id ON person (sport_id, id)')
  })

  it("0022-summary-club-id gives the summary each member's club id, indexed, from the per-person index alone, evaluated anew; also where a killed first sync restores the index", () => {
    const db = fresh()
    migrate(db, 21)
    db.prepare("INSERT INTO person (id, sport_id, birth_date, modification_us, raw) VALUES (7, 12345678, '1990-01-01', 1, '{}')").run()
    const licence = db.prepare(
      "INSERT INTO user_licence (id, scope, modification_us, generation, raw, user_id, licence_organization_id, licence_organization_name, usage_period_end) VALUES (?, 'federation 1', 1, 1, '{}', 7, ?, ?, ?)"
    )
    licence.run(1, 300, 'Seura A', '2025-12-31')
    licence.run(2, 301, 'Seura B', '2026-12-31')
    db.prepare("INSERT INTO member_summary (person_id, club, verdict, insured) VALUES (7, 'Seura B', 'missing', 0)").run()
    db.prepare("INSERT INTO member_summary_state (id, on_date) VALUES (1, '2026-11-23')").run()
    expect(migrate(db, 22)).toEqual([22])
    // Of no day: the next read or sync evaluates everyone, with the ids.
    expect(memberSummaryDate(db)).toBeNull()
    expect(db.prepare('SELECT club_id FROM member_summary WHERE person_id = 7').pluck().get()).toBeNull()
    refreshMemberSummary(db, '2026-11-23')
    expect(db.prepare('SELECT club, club_id FROM member_summary WHERE person_id = 7').get()).toEqual({ club: 'Seura B', club_id: 301 })
    const detail = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail)
    expect(detail(`SELECT ${HELD_LICENCE_COLUMNS} FROM user_licence ul WHERE ul.user_id BETWEEN 1 AND 9`)).toEqual(['SEARCH ul USING COVERING INDEX user_licence_user_period (user_id>? AND user_id<?)'])
    expect(detail('SELECT person_id FROM member_summary WHERE club_id = 301')).toEqual(['SEARCH member_summary USING COVERING INDEX member_summary_club_id (club_id=?)'])

    expect(restoredAfterKilledFirstSync('user_licence_user_period', 21, 22)).toMatch(/external_insurance_company, licence_organization_id\)$/)
  })

  it("0023-sync-changed-count keeps each resource's last result and adds the rows its last run changed, unknown for results recorded before it", () => {
    const db = fresh()
    migrate(db, 22)
    db.prepare("INSERT INTO sync_cursor (resource, scope, last_run_id, last_result, last_elements) VALUES ('licences', 'federation 1', 1, 'ok', 12)").run()
    expect(migrate(db, 23)).toEqual([23])
    recordCursorResult(db, 'sports', 'federation 1', 2, { elements: 5, changed: 3 })
    expect(db.prepare('SELECT resource, last_result, last_elements, last_changed FROM sync_cursor ORDER BY resource').all()).toEqual([
      { resource: 'licences', last_result: 'ok', last_elements: 12, last_changed: null },
      { resource: 'sports', last_result: 'ok', last_elements: 5, last_changed: 3 }
    ])
  })

  it('0024-purged-persons adds the persons the retention purge removed, each once, with the newest instant of their removed rows', () => {
    const db = fresh()
    migrate(db, 23)
    expect(migrate(db, 24)).toEqual([24])
    db.prepare('INSERT INTO purged_person (person_id, newest_us) VALUES (7, 1000)').run()
    expect(() => db.prepare('INSERT INTO purged_person (person_id, newest_us) VALUES (7, 2000)').run()).toThrow(/UNIQUE/)
    expect(() => db.prepare('INSERT INTO purged_person (person_id, newest_us) VALUES (8, NULL)').run()).toThrow(/NOT NULL/)
    expect(db.prepare('SELECT person_id, newest_us FROM purged_person').all()).toEqual([{ person_id: 7, newest_us: 1000 }])
  })

  it('a failing migration leaves the previous version and no half-made tables', () => {
    const db = fresh()
    migrate(db, 1)
    db.exec('CREATE TABLE member_search (x)')
    expect(() => migrate(db)).toThrow()
    expect(db.pragma('user_version', { simple: true })).toBe(1)
    expect((db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'person_search_insert'").get() as { n: number }).n).toBe(0)
  })
})
