import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { LATEST_VERSION, migrate, MIGRATIONS } from '../../../src/main/db/migrate'
import type { WritableDB } from '../../../src/main/db/open'

const fresh = () => new Database(':memory:') as WritableDB
const tables = (db: WritableDB) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'member_search_%' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name)

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
    expect(migrate(db)).toEqual([2])
    const match = (q: string) => (db.prepare('SELECT rowid FROM member_search WHERE member_search MATCH ?').all(q) as Array<{ rowid: number }>).map((r) => r.rowid)
    expect(match('"aijo"*')).toEqual([1])
    expect(match('"1234"*')).toEqual([1])
    db.prepare("UPDATE person SET last_name = 'Lindqvist' WHERE id = 1").run()
    expect(match('"virtanen"*')).toEqual([])
    expect(match('"lindq"*')).toEqual([1])
    db.prepare('DELETE FROM person WHERE id = 1').run()
    expect(match('"lindq"*')).toEqual([])
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
