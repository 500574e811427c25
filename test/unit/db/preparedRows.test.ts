import { describe, expect, it } from 'vitest'
import { prepareElements, rawAsReceived, scopeId } from '../../../src/main/db/preparedRows'
import { parseInstant } from '../../../src/shared/instant'

const at = '2026-01-15T10:00:00.000001+02:00'
const received = (element: Record<string, unknown>) => ({ id: element.id as number, modificationUs: parseInstant(at), element })

describe('prepareElements (the rows of received elements, DESIGN §2)', () => {
  it('keeps a user licence with a reference to its profile, and gives back the JSON as received, sportParameters in its place', () => {
    const user = { id: 7, modificationTime: at, firstName: 'Aino', sportParameters: [{ id: 1, value: 'M21' }], lastName: 'Virta', deletionTime: '2026-01-16T00:00:00Z' }
    const element = { id: 1, modificationTime: at, user, licenceOrganizationName: 'Kangasalan Kiri', usagePeriodEnd: '2026-12-31' }
    const [row] = prepareElements('user-licences', 'federation 100', [received(element)])
    expect(JSON.parse(row.raw)).toEqual({ ...element, user: { id: 7, sportParameters: [{ id: 1, value: 'M21' }] } })
    expect(row.person).toMatchObject({ id: 7, modificationUs: parseInstant(at), deleted: true, sportParametersAt: 3 })
    expect(JSON.parse(row.person!.json)).toEqual({ id: 7, modificationTime: at, firstName: 'Aino', lastName: 'Virta', deletionTime: '2026-01-16T00:00:00Z' })
    expect(row.person!.hash).toMatch(/^[0-9a-f]{40}$/)
    expect(row.userId).toBe(7)
    expect(row.values).toContain('Kangasalan Kiri')
    expect(rawAsReceived(row)).toBe(JSON.stringify(element))
  })

  it('keeps a user it cannot store apart as received: no integer id, no readable time; and elements of tables without persons', () => {
    const untimed = { id: 2, modificationTime: at, user: { id: 8, firstName: 'Eero' } }
    const unreadable = { id: 3, modificationTime: at, user: { id: 9, modificationTime: 'eilen' } }
    const anonymous = { id: 4, modificationTime: at, user: { id: '10', modificationTime: at } }
    const rows = prepareElements('user-insurances', 'federation 100', [untimed, unreadable, anonymous].map(received))
    expect(rows.map((row) => row.person)).toEqual([null, null, null])
    expect(rows.map((row) => row.raw)).toEqual([untimed, unreadable, anonymous].map((e) => JSON.stringify(e)))
    expect(rows.map((row) => row.userId)).toEqual([8, 9, null])
    const [grant] = prepareElements('registered-event-users', 'event 9', [received({ id: 5, user: { id: 11, modificationTime: at, lastName: 'Virta' } })])
    expect(grant.person).toBeNull()
    expect(rawAsReceived(grant)).toBe(grant.raw)
  })

  it('fills columns the element lacks from the id its scope names', () => {
    expect(scopeId('federation 100')).toBe(100)
    expect(scopeId('all')).toBeNull()
    const [sport] = prepareElements('federation-master-sports', 'federation 100', [{ id: 1, modificationUs: 0, element: { id: 1, nameFi: 'Suunnistus' } }])
    expect(sport.values).toContain(100)
  })
})
