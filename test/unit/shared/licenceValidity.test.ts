import { describe, expect, it } from 'vitest'
import { checkLicence, insurancesValidOn, licencesValidOn, nextChangeDay, validDays, type HeldInsurance, type HeldLicence, type LicenceProduct } from '../../../src/shared/licenceValidity'

const competition: LicenceProduct = { id: 500, insuranceRequirement: 'SpecificInsurance', insuranceIds: [700, 701] }
const hobby: LicenceProduct = { id: 501, insuranceRequirement: 'AnyInsurance', requireExternalInsuranceInfo: true }
const junior: LicenceProduct = { id: 502, insuranceRequirement: 'InsuranceNotRequired', earliestBirthDate: '2008-01-01', latestBirthDate: '2016-12-31' }
const dayPass: LicenceProduct = { id: 503, insuranceRequirement: 'InsuranceNotRequired', validityDurationInDays: 7 }
const products = new Map([competition, hobby, junior, dayPass].map((p) => [p.id, p]))

const licence = (id: number, licenceId: number, over: Partial<HeldLicence> = {}): HeldLicence => ({ id, licenceId, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', ...over })
const insurance = (id: number, insuranceId: number, over: Partial<HeldInsurance> = {}): HeldInsurance => ({ id, insuranceId, usagePeriodStart: '2026-01-01', usagePeriodEnd: '2026-12-31', ...over })
const check = (licences: HeldLicence[], insurances: HeldInsurance[] = [], date = '2026-06-15', birthDate?: string) => checkLicence({ date, birthDate, licences, products, insurances })

describe('checkLicence (DESIGN §3b; spec v2 §2.4, §2.12, §2.13)', () => {
  it('valid when the usage period covers the day and the specific insurance is held; expiring in its last 30 days', () => {
    expect(check([licence(1, 500)], [insurance(9, 701)])).toEqual({ verdict: 'valid', userLicenceId: 1, validUntil: '2026-12-31', insuranceRequirement: 'SpecificInsurance', userInsuranceId: 9 })
    expect(check([licence(1, 500)], [insurance(9, 701)], '2026-12-10').verdict).toBe('expiring')
  })

  it('SpecificInsurance: an insurance of another product, or one not valid on the day, is missing insurance', () => {
    expect(check([licence(1, 500)], [insurance(9, 799)]).verdict).toBe('insurance-missing')
    expect(check([licence(1, 500)], [insurance(9, 700, { usagePeriodEnd: '2026-05-31' })]).verdict).toBe('insurance-missing')
  })

  it('AnyInsurance: any valid user insurance, or external insurance info when the product requires it', () => {
    expect(check([licence(1, 501)], [insurance(9, 799)]).userInsuranceId).toBe(9)
    expect(check([licence(1, 501)]).verdict).toBe('insurance-missing')
    expect(check([licence(1, 501, { externalInsuranceCompany: 'Pohjola' })])).toMatchObject({ verdict: 'valid', externalInsurance: true })
  })

  it('an upgraded licence is replaced, not a second licence: its upgrade decides (spec v2 §2.12 upgradeFrom)', () => {
    const replaced = licence(1, 501)
    const upgrade = licence(2, 500, { upgradeFrom: 1, usagePeriodEnd: '2026-10-31' })
    expect(check([replaced, upgrade], [insurance(9, 700)])).toMatchObject({ verdict: 'valid', userLicenceId: 2, validUntil: '2026-10-31' })
    // Without the specific insurance the upgrade fails, and the replaced licence does not step in.
    expect(check([replaced, upgrade], [insurance(9, 799)])).toMatchObject({ verdict: 'insurance-missing', userLicenceId: 2 })
  })

  it('a replaced insurance does not count (spec v2 §2.13 upgradeFrom)', () => {
    expect(check([licence(1, 500)], [insurance(9, 700), insurance(10, 799, { upgradeFrom: 9 })]).verdict).toBe('insurance-missing')
  })

  it('expired when the latest licence ended before the day; missing when none did', () => {
    expect(check([licence(1, 502, { usagePeriodStart: '2025-01-01', usagePeriodEnd: '2025-12-31' })], [], '2026-06-15', '2010-05-01')).toEqual({
      verdict: 'expired',
      userLicenceId: 1,
      validUntil: '2025-12-31'
    })
    expect(check([])).toEqual({ verdict: 'missing' })
    expect(check([licence(1, 502, { usagePeriodStart: '2026-07-01' })]).verdict).toBe('missing')
  })

  it('checks the birth date against the licence range when the birth date is known', () => {
    expect(check([licence(1, 502)], [], '2026-06-15', '2010-05-01').verdict).toBe('valid')
    expect(check([licence(1, 502)], [], '2026-06-15', '2006-05-01').verdict).toBe('outside-birth-range')
    expect(check([licence(1, 502)], [], '2026-06-15', undefined).verdict).toBe('valid')
  })

  it('a licence of N days is valid N days from its activation, inside its usage period (validityDurationInDays)', () => {
    const pass = licence(1, 503, { purchaseTime: '2026-06-10T18:30:00' })
    expect(validDays(pass, dayPass)).toEqual({ from: '2026-06-10', until: '2026-06-16' })
    expect(check([pass], [], '2026-06-16').verdict).toBe('expiring')
    expect(check([pass], [], '2026-06-17')).toMatchObject({ verdict: 'expired', validUntil: '2026-06-16' })
    expect(check([pass], [], '2026-06-09').verdict).toBe('missing')
    expect(validDays(licence(2, 503, { purchaseTime: '2026-12-29T10:00:00' }), dayPass).until).toBe('2026-12-31')
    // A purchase time as received that names no calendar day leaves the usage period; never an error.
    expect(validDays(licence(3, 503, { purchaseTime: '2026-13-45T10:00:00' }), dayPass)).toEqual({ from: '2026-01-01', until: '2026-12-31' })
    expect(check([licence(3, 503, { purchaseTime: 'yesterday' })]).verdict).toBe('valid')
  })

  it('never throws on a product as received: days past any calendar, insurance ids that are no list', () => {
    const odd = new Map<number, LicenceProduct>([
      [600, { id: 600, insuranceRequirement: 'InsuranceNotRequired', validityDurationInDays: 200_000_000_000 }],
      [601, { id: 601, insuranceRequirement: 'SpecificInsurance', insuranceIds: 700 as unknown as number[] }]
    ])
    const judge = (licenceId: number) => checkLicence({ date: '2026-06-15', licences: [licence(1, licenceId, { purchaseTime: '2026-06-01T10:00:00' })], products: odd, insurances: [insurance(9, 700)] })
    expect(judge(600).verdict).toBe('valid')
    expect(judge(601).verdict).toBe('insurance-missing')
  })

  it('prefers a licence that holds over one that fails, whatever their order', () => {
    const failing = licence(1, 500, { usagePeriodEnd: '2026-12-31' })
    const holding = licence(2, 502, { usagePeriodEnd: '2026-09-30' })
    expect(check([failing, holding], [], '2026-06-15', '2010-01-01')).toMatchObject({ verdict: 'valid', userLicenceId: 2 })
    expect(check([holding, failing], [], '2026-06-15', '2010-01-01')).toMatchObject({ verdict: 'valid', userLicenceId: 2 })
  })
})

describe('licencesValidOn, insurancesValidOn and nextChangeDay (DESIGN §3b; spec v2 §2.12, §2.13)', () => {
  it('a licence counts on its valid days (the N days of a day pass from activation) unless another replaced it, whatever its insurance needs', () => {
    const pass = licence(3, 503, { purchaseTime: '2026-06-10T21:30:00' })
    const replaced = licence(1, 501)
    const upgrade = licence(2, 500, { upgradeFrom: 1, usagePeriodStart: '2026-03-01' })
    expect(licencesValidOn([pass, replaced, upgrade], products, '2026-06-16').map((l) => l.id)).toEqual([3, 2])
    expect(licencesValidOn([pass, replaced, upgrade], products, '2026-06-17').map((l) => l.id)).toEqual([2])
    expect(licencesValidOn([pass, replaced, upgrade], products, '2026-02-01')).toEqual([])
  })

  it('an insurance counts on the days of its usage period unless another replaced it', () => {
    const replaced = insurance(8, 700)
    const upgrade = insurance(9, 701, { upgradeFrom: 8, usagePeriodStart: '2026-03-01' })
    expect(insurancesValidOn([replaced, upgrade], '2026-06-15').map((i) => i.id)).toEqual([9])
    expect(insurancesValidOn([replaced, upgrade], '2026-02-01')).toEqual([])
  })

  it('names the first later day a verdict could change: a validity starting, ending or turning expiring, an insurance starting or ending', () => {
    const input = (date: string, licences: HeldLicence[], insurances: HeldInsurance[] = []) => ({ date, licences, products, insurances })
    expect(nextChangeDay(input('2026-06-15', [licence(1, 500)], [insurance(9, 701, { usagePeriodEnd: '2026-09-30' })]))).toBe('2026-10-01')
    expect(nextChangeDay(input('2026-06-15', [licence(1, 500)]))).toBe('2026-12-01')
    expect(nextChangeDay(input('2026-12-01', [licence(1, 500)]))).toBe('2027-01-01')
    expect(nextChangeDay(input('2027-01-01', [licence(1, 500)]))).toBeNull()
    expect(nextChangeDay(input('2025-12-24', [licence(1, 500)]))).toBe('2026-01-01')
    // A 7-day pass bought on 10 June: expiring at once, until the 16th.
    expect(nextChangeDay(input('2026-06-12', [licence(2, 503, { purchaseTime: '2026-06-10T18:30:00' })]))).toBe('2026-06-17')
    // An end that names no calendar day is judged again the next day.
    expect(nextChangeDay(input('2026-06-15', [licence(1, 500, { usagePeriodEnd: '2026-06-31' })]))).toBe('2026-06-16')
    // A replaced licence's days change nothing.
    expect(nextChangeDay(input('2026-06-15', [licence(1, 500, { usagePeriodEnd: '2026-08-31' }), licence(2, 500, { upgradeFrom: 1 })]))).toBe('2026-12-01')
    // Between two days, no day in the middle may answer differently: checked day by day over a year.
    const licences = [licence(1, 501, { usagePeriodEnd: '2026-05-31' }), licence(2, 503, { purchaseTime: '2026-07-01T09:00:00' }), licence(3, 500, { usagePeriodStart: '2026-09-01', usagePeriodEnd: '2027-03-31' })]
    const insurances = [insurance(9, 700, { usagePeriodStart: '2026-02-15', usagePeriodEnd: '2026-10-15' })]
    let day = '2026-01-01'
    while (day < '2027-06-01') {
      const next = nextChangeDay(input(day, licences, insurances)) ?? '2027-06-01'
      const verdict = checkLicence(input(day, licences, insurances))
      for (let d = day; d < next && d < '2027-06-01'; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
        expect(checkLicence(input(d, licences, insurances)), d).toEqual(verdict)
      }
      expect(next > day).toBe(true)
      day = next
    }
  })
})
