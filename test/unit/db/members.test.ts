import { describe, expect, it } from 'vitest'
import { parseInstant } from '../../../src/shared/instant'
import { searchMembers, toFtsQuery } from '../../../src/main/db/members'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { upsertElements } from '../../../src/main/db/synced'

function seed(): WritableDB {
  const db = openDatabase(':memory:')
  const people = [
    { id: 1, sportId: 12345678, firstName: 'Äijö', lastName: "O'Brien", email: 'aijo.obrien@example.fi', city: 'Tampere' },
    { id: 2, sportId: 23456789, firstName: 'Anna', nickname: 'Anni', lastName: 'Virtanen', email: 'anna@example.fi' },
    { id: 3, sportId: 12399999, firstName: 'Erik', lastName: 'Lindqvist' },
    { id: 4, sportId: 34567890 }
  ]
  upsertElements(
    db,
    'user-licences',
    'federation 1',
    1,
    people.map((user, i) => {
      const element = {
        id: 100 + i,
        modificationTime: '2026-01-15T10:00:00+02:00',
        licenceOrganizationName: i % 2 ? 'Kangasalan Kiri' : 'Tampereen Pyrintö',
        usagePeriodEnd: '2026-12-31',
        user: { ...user, modificationTime: '2026-01-15T10:00:00+02:00', isAuthenticatedWithPassword: true, isEventInstructor: false }
      }
      return { id: element.id, modificationUs: parseInstant(element.modificationTime), element }
    }),
    parseInstant
  )
  return db
}

const ids = (db: WritableDB, text: string) => searchMembers(db, text).map((m) => m.id)

describe('toFtsQuery', () => {
  it('quotes every token as a prefix phrase and doubles internal quotes', () => {
    expect(toFtsQuery('anna vir')).toBe('"anna"* "vir"*')
    expect(toFtsQuery('o"brien')).toBe('"o""brien"*')
    expect(toFtsQuery('a AND b')).toBe('"a"* "AND"* "b"*')
    expect(toFtsQuery('NEAR(x y)')).toBe('"NEAR(x"* "y)"*')
  })

  it('quotes every token as a whole word with wholeWords', () => {
    expect(toFtsQuery('Matti  o"salo', true)).toBe('"Matti" "o""salo"')
  })

  it('drops tokens without letters or digits; nothing left means no query', () => {
    expect(toFtsQuery('* @ - "')).toBeNull()
    expect(toFtsQuery('')).toBeNull()
  })
})

describe('searchMembers', () => {
  it('finds by name prefix ignoring diacritics, by nickname, e-mail and Sport-ID', () => {
    const db = seed()
    expect(ids(db, 'aijo')).toEqual([1])
    expect(ids(db, 'Anni')).toEqual([2])
    expect(ids(db, 'anna vir')).toEqual([2])
    expect(ids(db, 'anna@example')).toEqual([2])
    expect(ids(db, "o'brien")).toEqual([1])
    expect(ids(db, '1234')).toEqual([1])
    // Several matches come sorted by last name: Lindqvist before O'Brien.
    expect(ids(db, '123')).toEqual([3, 1])
  })

  it('puts the exact Sport-ID match first', () => {
    const db = seed()
    expect(ids(db, '12399999')[0]).toBe(3)
    expect(ids(db, '34567890')).toEqual([4])
  })

  it('returns members with clubs and only the fields the API returned', () => {
    const db = seed()
    const [anna] = searchMembers(db, 'virtanen')
    expect(anna).toEqual({ id: 2, sportId: 23456789, firstName: 'Anna', nickname: 'Anni', lastName: 'Virtanen', email: 'anna@example.fi', clubs: ['Kangasalan Kiri'] })
    const [anonymous] = searchMembers(db, '34567890')
    expect(Object.keys(anonymous).sort()).toEqual(['clubs', 'id', 'sportId'])
  })

  it('empty text lists everybody, limited', () => {
    const db = seed()
    expect(searchMembers(db, '').length).toBe(4)
    expect(searchMembers(db, '', { limit: 2 }).length).toBe(2)
  })

  it('never throws, whatever the text', () => {
    const db = seed()
    const texts = ['"', "'", '"unterminated', 'a AND b', 'OR', 'NOT x', 'NEAR(a b, 2)', '*', '**', '@', '-', '-x', '^a', 'a:b', 'first_name:anna', '(', ')', '{}', 'x'.repeat(10_000), 'a '.repeat(5000), '\u0000', '😀', 'ä ö å', '  ']
    for (const text of texts) {
      const rows = searchMembers(db, text)
      expect(Array.isArray(rows), text.slice(0, 20)).toBe(true)
    }
    expect(ids(db, 'a AND b')).toEqual([])
    expect(ids(db, 'first_name:anna')).toEqual([])
  })
})
