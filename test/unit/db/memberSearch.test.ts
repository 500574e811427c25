import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resumeMemberSearch, suspendMemberSearchForBulkLoad } from '../../../src/main/db/memberSearch'
import { searchMembers } from '../../../src/main/db/members'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'

const addPerson = (db: WritableDB, id: number, lastName: string) =>
  db.prepare("INSERT INTO person (id, sport_id, first_name, last_name, modification_us, raw) VALUES (?, ?, 'Anna', ?, 1, '{}')").run(id, 10_000_000 + id, lastName)
const found = (db: WritableDB, text: string) => searchMembers(db, text).map((m) => m.id)

describe('member search during a bulk load', () => {
  it('is suspended only while person is empty, and finds everyone once resumed', () => {
    const db = openDatabase(':memory:')
    expect(suspendMemberSearchForBulkLoad(db)).toBe(true)
    expect(suspendMemberSearchForBulkLoad(db)).toBe(false)
    addPerson(db, 1, 'Virtanen')
    addPerson(db, 2, 'Korhonen')
    expect(found(db, 'virtanen')).toEqual([])
    expect(resumeMemberSearch(db)).toBe(true)
    expect(found(db, 'virtanen')).toEqual([1])
    expect(found(db, 'korh')).toEqual([2])
    addPerson(db, 3, 'Virta')
    expect(found(db, 'virta')).toEqual([3, 1])
    expect(resumeMemberSearch(db)).toBe(false)
    expect(suspendMemberSearchForBulkLoad(db)).toBe(false)
  })

  it('a bulk load killed before it resumed is repaired by the next resume', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanslia-search-'))
    const file = join(dir, 'kanslia.db')
    const db = openDatabase(file)
    try {
      expect(suspendMemberSearchForBulkLoad(db)).toBe(true)
      addPerson(db, 1, 'Mäkelä')
    } finally {
      db.close()
    }
    const reopened = openDatabase(file)
    try {
      expect(found(reopened, 'makela')).toEqual([])
      expect(resumeMemberSearch(reopened)).toBe(true)
      expect(found(reopened, 'makela')).toEqual([1])
    } finally {
      reopened.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
