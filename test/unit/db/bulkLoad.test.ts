import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deferIndexesForBulkLoad, indexesDeferred, restoreDeferredIndexes } from '../../../src/main/db/bulkLoad'
import { listMembers } from '../../../src/main/db/memberList'
import { openDatabase, type ReadableDB, type WritableDB } from '../../../src/main/db/open'

const DEFERRED = ['person_name', 'person_order', 'person_sport_id', 'user_insurance_user_period', 'user_licence_period', 'user_licence_user_period']

/** Every index of the database with its definition, by name. */
const indexes = (db: ReadableDB) => db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all() as Array<{ name: string; sql: string | null }>
const deferredNames = (db: ReadableDB) => db.prepare('SELECT name FROM deferred_index ORDER BY name').pluck().all()
const addPerson = (db: WritableDB, id: number, lastName: string) =>
  db.prepare("INSERT INTO person (id, sport_id, first_name, last_name, modification_us, raw) VALUES (?, ?, 'Anna', ?, 1, '{}')").run(id, 10_000_000 + id, lastName)
const plan = (db: ReadableDB, sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join('; ')

describe('secondary indexes during a bulk load', () => {
  it('are dropped only while user licences, user insurances and persons are all empty, and come back as they were', () => {
    const db = openDatabase(':memory:')
    const before = indexes(db)
    expect(deferIndexesForBulkLoad(db)).toBe(true)
    expect(deferredNames(db)).toEqual(DEFERRED)
    expect(indexes(db).map((i) => i.name)).toEqual(before.map((i) => i.name).filter((name) => !DEFERRED.includes(name)))
    // The unique id indexes and the scope indexes the sync reads stay.
    expect(indexes(db).map((i) => i.name)).toEqual(expect.arrayContaining(['person_id', 'user_licence_id', 'user_licence_scope', 'user_insurance_scope']))
    expect(deferIndexesForBulkLoad(db)).toBe(false)

    addPerson(db, 1, 'Virtanen')
    addPerson(db, 2, 'Korhonen')
    expect(indexesDeferred(db)).toBe(true)
    expect(plan(db, "SELECT id FROM person WHERE last_name = 'Virtanen'")).not.toContain('person_name')
    // The member list, which names its indexes, still answers meanwhile.
    const members = (text: string) => listMembers(db, { text, status: 'all', sort: 'name', direction: 'asc', offset: 0, limit: 10 }, '2026-11-23').rows.map((r) => r.id)
    expect(members('')).toEqual([2, 1])
    expect(members('vir')).toEqual([1])
    expect(restoreDeferredIndexes(db)).toBe(DEFERRED.length)
    expect(indexes(db)).toEqual(before)
    expect(deferredNames(db)).toEqual([])
    expect(indexesDeferred(db)).toBe(false)
    expect(plan(db, "SELECT id FROM person WHERE last_name = 'Virtanen'")).toContain('person_name')
    expect(db.prepare("SELECT id FROM person WHERE last_name = 'Korhonen'").pluck().all()).toEqual([2])
    expect(restoreDeferredIndexes(db)).toBe(0)
    expect(deferIndexesForBulkLoad(db)).toBe(false)
  })

  it('a bulk load killed before it restored them is repaired by the next restore', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanslia-bulk-'))
    const file = join(dir, 'kanslia.db')
    const db = openDatabase(file)
    const before = indexes(db)
    try {
      expect(deferIndexesForBulkLoad(db)).toBe(true)
      addPerson(db, 1, 'Mäkelä')
    } finally {
      db.close()
    }
    const reopened = openDatabase(file)
    try {
      expect(deferredNames(reopened)).toEqual(DEFERRED)
      expect(restoreDeferredIndexes(reopened)).toBe(DEFERRED.length)
      expect(indexes(reopened)).toEqual(before)
      expect(reopened.prepare('SELECT id FROM person WHERE sport_id = 10000001').pluck().all()).toEqual([1])
    } finally {
      reopened.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
