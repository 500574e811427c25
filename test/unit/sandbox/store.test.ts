import { describe, expect, it } from 'vitest'
import { generateData } from '../../../src/sandbox/generate'
import { SandboxStore } from '../../../src/sandbox/store'
import { parseInstant } from '../../../src/shared/instant'

const REFERENCE = Date.UTC(2026, 0, 1)

describe('SandboxStore wire JSON', () => {
  it('serves user licences and insurances rendered at start, and renders them again after any change', () => {
    const store = new SandboxStore(generateData({ seed: 3, athletes: 200, referenceMs: REFERENCE }))
    store.prerenderWire('PERMISSION_USER_EXTENDED')
    const licence = store.userLicences.get(store.federationId)!.all()[0]
    const insurance = store.userInsurances.get(store.federationId)!.all()[0]
    const licenceJson = store.userLicenceJson(licence, 'PERMISSION_USER_EXTENDED', 'all')
    expect(JSON.parse(licenceJson)).toEqual(JSON.parse(JSON.stringify(store.renderUserLicence(licence, 'PERMISSION_USER_EXTENDED', 'all'))))
    expect(JSON.parse(store.userInsuranceJson(insurance, 'PERMISSION_USER_EXTENDED'))).toEqual(JSON.parse(JSON.stringify(store.renderUserInsurance(insurance, 'PERMISSION_USER_EXTENDED'))))

    // Another level or sport-parameter choice is another text.
    const anonymous = JSON.parse(store.userLicenceJson(licence, 'PERMISSION_USER_ANONYMOUS', 'none'))
    expect(anonymous.user.firstName).toBeUndefined()
    expect(anonymous.user.sportParameters).toBeUndefined()

    // A change of the person shows at once (updatePerson also gives their licences a new modificationTime).
    store.updatePerson(licence.userId, { firstName: 'Vaihdettu' })
    const changed = JSON.parse(store.userLicenceJson(store.userLicences.get(store.federationId)!.get(licence.id)!, 'PERMISSION_USER_EXTENDED', 'all'))
    expect(changed.user.firstName).toBe('Vaihdettu')
    expect(changed.modificationTime).not.toBe(JSON.parse(licenceJson).modificationTime)
  })
})

describe('SandboxStore.stampUserLicenceAt', () => {
  it('stamps a user licence at the instant given, wire text included, and leaves the store clock to stamp later changes', () => {
    const store = new SandboxStore(generateData({ seed: 3, athletes: 200, referenceMs: REFERENCE }))
    store.prerenderWire('PERMISSION_USER_EXTENDED')
    const licences = store.userLicences.get(store.federationId)!
    const [ahead, other] = store.userLicenceIds()
    const aMonthAhead = (Date.now() + 30 * 86_400_000) * 1000
    store.stampUserLicenceAt(ahead, aMonthAhead)
    expect(parseInstant(JSON.parse(store.userLicenceJson(licences.get(ahead)!, 'PERMISSION_USER_EXTENDED', 'all')).modificationTime)).toBe(aMonthAhead)
    store.touchUserLicences([other])
    expect(licences.get(other)!.mt).toBeLessThan(aMonthAhead)
    // Still after it in tsOrder, and listed by a ts between them.
    expect(licences.all().at(-1)!.id).toBe(ahead)
    expect(licences.query({ ts: licences.get(other)!.mt - 1, tsOrder: 'asc', page: 0, size: 10 }).items.map((r) => r.id)).toEqual([other, ahead])
  })
})
