/**
 * Is a licence valid on a date? The rules of DESIGN §3b in one place (spec v2 §2.4 licence,
 * §2.12 user licence, §2.13 user insurance, §3 states), pure, for the venue check and any other
 * view that must answer it. Dates are ISO calendar dates (YYYY-MM-DD, Finnish local dates as the
 * API writes them); `purchaseTime` is a local datetime without offset (spec v2 §2.12).
 */
import { addDays } from './localDate'

/** Days before a licence's end when it counts as `expiring` (DESIGN §3b). */
export const EXPIRING_WITHIN_DAYS = 30

/** A user licence a person holds (spec v2 §2.12), the fields the rules need. */
export interface HeldLicence {
  id: number
  licenceId: number
  usagePeriodStart: string
  usagePeriodEnd: string
  /** Activation time, local datetime-only (e.g. `2026-03-26T04:05:34`). */
  purchaseTime?: string
  /** The user licence this one upgrades and replaces. */
  upgradeFrom?: number
  /** The external insurer named on the user licence, which meets `AnyInsurance` when the product has `requireExternalInsuranceInfo`. */
  externalInsuranceCompany?: string
}

/** A licence product (spec v2 §2.4), the fields the rules need. */
export interface LicenceProduct {
  id: number
  validityDurationInDays?: number
  insuranceRequirement: 'SpecificInsurance' | 'AnyInsurance' | 'InsuranceNotRequired' | (string & {})
  requireExternalInsuranceInfo?: boolean
  insuranceIds?: number[]
  earliestBirthDate?: string
  latestBirthDate?: string
}

/** A user insurance a person holds (spec v2 §2.13), the fields the rules need. */
export interface HeldInsurance {
  id: number
  insuranceId: number
  usagePeriodStart: string
  usagePeriodEnd: string
  upgradeFrom?: number
}

/**
 * The verdict shown to users (DESIGN §3b): `valid`; `expiring` (valid, ends within
 * EXPIRING_WITHIN_DAYS); `expired` (the latest licence ended before the date); `missing` (no
 * licence covers the date, none ended before it either); `insurance-missing` (a licence covers
 * the date but its insurance requirement is not met); `outside-birth-range` (a licence covers the
 * date but the birth date lies outside its range).
 */
export const LICENCE_VERDICTS = ['valid', 'expiring', 'expired', 'missing', 'insurance-missing', 'outside-birth-range'] as const
export type LicenceVerdict = (typeof LICENCE_VERDICTS)[number]

/** The verdicts under which the member may compete on the day (DESIGN §3b): the venue check's all-clear. */
export const MAY_COMPETE: ReadonlySet<LicenceVerdict> = new Set(['valid', 'expiring'])

/** Why: the verdict, the user licence it is about (if any), and the day its validity ends. */
export interface LicenceCheck {
  verdict: LicenceVerdict
  /** The user licence the verdict is about: the one that covers the date, else the latest that ended. */
  userLicenceId?: number
  /** Last valid day of that licence (ISO date): usage end, or activation + validityDurationInDays − 1. */
  validUntil?: string
  /** The insurance requirement of that licence's product. */
  insuranceRequirement?: string
  /** The user insurance that met the requirement, if one did. */
  userInsuranceId?: number
  /** True when external insurance info met an `AnyInsurance` requirement. */
  externalInsurance?: boolean
}

/** What `checkLicence` needs about one person. */
export interface LicenceCheckInput {
  /** The day asked about (ISO date). */
  date: string
  /** The person's birth date (ISO date), when the permission level gives it. */
  birthDate?: string
  licences: readonly HeldLicence[]
  /** Licence products by id; a user licence whose product is unknown is judged on its usage period alone. */
  products: ReadonlyMap<number, LicenceProduct>
  insurances: readonly HeldInsurance[]
}

/** Results of `shiftDate`: the member summary asks about the same few season dates for every member. */
const shifts = new Map<string, string | null>()

/** `addDays` on the date a stored value starts with (as the API sent it), memoised for the member summary's 150,000 persons. */
function shiftDate(value: string, days: number): string | null {
  const key = `${value.slice(0, 10)}${days}`
  let shifted = shifts.get(key)
  if (shifted === undefined) {
    shifted = addDays(value.slice(0, 10), days)
    // Bounded: dates as received could be anything.
    if (shifts.size >= 10_000) shifts.clear()
    shifts.set(key, shifted)
  }
  return shifted
}

/**
 * The days a user licence is valid (DESIGN §3b): its usage period; for a product with
 * `validityDurationInDays` N, the N calendar days from the activation day (`purchaseTime`), never
 * outside the usage period.
 */
export function validDays(licence: HeldLicence, product: LicenceProduct | undefined): { from: string; until: string } {
  let from = licence.usagePeriodStart
  let until = licence.usagePeriodEnd
  const days = product?.validityDurationInDays
  const last = typeof days === 'number' && days > 0 && licence.purchaseTime !== undefined ? shiftDate(licence.purchaseTime, days - 1) : null
  if (last !== null) {
    const activated = licence.purchaseTime!.slice(0, 10)
    if (activated > from) from = activated
    if (last < until) until = last
  }
  return { from, until }
}

/**
 * Judges a person's licences on `input.date` by DESIGN §3b: a user licence another one names in
 * `upgradeFrom` is replaced and never counts; of the licences covering the date, one that meets
 * its insurance requirement and birth-date range wins (the latest-ending), else the verdict says
 * which requirement failed. Insurance: `InsuranceNotRequired` always holds; `AnyInsurance` holds
 * with any user insurance valid on the date, or with external insurance info on the user licence
 * when the product has `requireExternalInsuranceInfo`; `SpecificInsurance` needs a valid user
 * insurance whose `insuranceId` is in the product's `insuranceIds`. An unknown requirement value
 * is treated as `AnyInsurance` (the stricter common case). Never throws.
 */
export function checkLicence(input: LicenceCheckInput): LicenceCheck {
  const { date } = input
  const replacedLicences = replacedIds(input.licences)
  const validInsurances = insurancesValidOn(input.insurances, date)
  const judged = input.licences
    .filter((l) => !replacedLicences.has(l.id))
    .map((licence) => ({ licence, product: input.products.get(licence.licenceId), days: validDays(licence, input.products.get(licence.licenceId)) }))
    .sort((a, b) => (a.days.until < b.days.until ? 1 : a.days.until > b.days.until ? -1 : b.licence.id - a.licence.id))
  const covering = judged.filter((j) => j.days.from <= date && date <= j.days.until)
  if (covering.length === 0) {
    const ended = judged.find((j) => j.days.until < date)
    if (ended === undefined) return { verdict: 'missing' }
    return { verdict: 'expired', userLicenceId: ended.licence.id, validUntil: ended.days.until }
  }
  const verdicts = covering.map(({ licence, product, days }): LicenceCheck => {
    const check: LicenceCheck = { verdict: 'valid', userLicenceId: licence.id, validUntil: days.until }
    if (product !== undefined) check.insuranceRequirement = product.insuranceRequirement
    const birthDate = input.birthDate
    if (birthDate !== undefined && product !== undefined) {
      if ((product.earliestBirthDate !== undefined && birthDate < product.earliestBirthDate) || (product.latestBirthDate !== undefined && birthDate > product.latestBirthDate)) {
        return { ...check, verdict: 'outside-birth-range' }
      }
    }
    const insurance = insuranceMet(licence, product, validInsurances)
    if (insurance === null) return { ...check, verdict: 'insurance-missing' }
    if (insurance === 'external') check.externalInsurance = true
    else if (insurance !== 'not-required') check.userInsuranceId = insurance
    check.verdict = days.until <= (shiftDate(date, EXPIRING_WITHIN_DAYS) ?? date) ? 'expiring' : 'valid'
    return check
  })
  const rank: Record<LicenceVerdict, number> = { valid: 0, expiring: 1, 'insurance-missing': 2, 'outside-birth-range': 3, expired: 4, missing: 5 }
  return verdicts.reduce((best, v) => (rank[v.verdict] < rank[best.verdict] ? v : best))
}

/** The ids of the user licences or insurances that another of them names in `upgradeFrom`: replaced, they never count (spec v2 §2.12, §2.13). */
function replacedIds(held: ReadonlyArray<{ upgradeFrom?: number }>): Set<number> {
  return new Set(held.flatMap((h) => (h.upgradeFrom === undefined ? [] : [h.upgradeFrom])))
}

/**
 * The last day any of `licences` that no other names in `upgradeFrom` is valid (`validDays`, ISO
 * date), or null for none: a licence valid after the one judged today is its renewal.
 */
export function lastValidDay(licences: readonly HeldLicence[], products: ReadonlyMap<number, LicenceProduct>): string | null {
  const replaced = replacedIds(licences)
  let last: string | null = null
  for (const licence of licences) {
    if (replaced.has(licence.id)) continue
    const { until } = validDays(licence, products.get(licence.licenceId))
    if (last === null || until > last) last = until
  }
  return last
}

/**
 * The user licences that count on `date` (ISO date) by the first two rules of DESIGN §3b: no other
 * of them names it in `upgradeFrom`, and its `validDays` cover the date. Requirements of insurance
 * and birth date are `checkLicence`'s: a licence here may still not let its holder compete.
 */
export function licencesValidOn(licences: readonly HeldLicence[], products: ReadonlyMap<number, LicenceProduct>, date: string): HeldLicence[] {
  const replaced = replacedIds(licences)
  return licences.filter((licence) => {
    if (replaced.has(licence.id)) return false
    const { from, until } = validDays(licence, products.get(licence.licenceId))
    return from <= date && date <= until
  })
}

/**
 * The user insurances valid on `date` (ISO date): the date lies in the usage period and no other
 * of them names it in `upgradeFrom` (spec v2 §2.13: an upgraded insurance is replaced).
 */
export function insurancesValidOn(insurances: readonly HeldInsurance[], date: string): HeldInsurance[] {
  const replaced = replacedIds(insurances)
  return insurances.filter((i) => !replaced.has(i.id) && i.usagePeriodStart <= date && date <= i.usagePeriodEnd)
}

/**
 * The first day after `input.date` on which `checkLicence` could answer differently for the same
 * licences and insurances (ISO date), or null when no later day can: the verdict, its licence,
 * its end and the insurance met stay as they are on every day before it. Each day a licence's
 * validity starts, ends or becomes `expiring`, and each day a user insurance starts or ends, is a
 * candidate; the earliest after the date wins. The member summary re-evaluates a person on that
 * day (db/memberSummary.ts).
 */
export function nextChangeDay(input: LicenceCheckInput): string | null {
  const replacedLicences = replacedIds(input.licences)
  const days: Array<string | null> = []
  for (const licence of input.licences) {
    if (replacedLicences.has(licence.id)) continue
    const { from, until } = validDays(licence, input.products.get(licence.licenceId))
    days.push(from, shiftDate(until, 1), shiftDate(until, -EXPIRING_WITHIN_DAYS))
  }
  for (const insurance of input.insurances) days.push(insurance.usagePeriodStart, shiftDate(insurance.usagePeriodEnd, 1))
  // An end that names no calendar day (as received) is compared as text: judge again tomorrow.
  if (days.includes(null)) days.push(shiftDate(input.date, 1))
  let next: string | null = null
  for (const day of days) if (day !== null && day > input.date && (next === null || day < next)) next = day
  return next
}

/** The insurance that meets the licence's requirement: a user insurance id, 'external', 'not-required', or null. */
function insuranceMet(licence: HeldLicence, product: LicenceProduct | undefined, valid: readonly HeldInsurance[]): number | 'external' | 'not-required' | null {
  const requirement = product?.insuranceRequirement ?? 'InsuranceNotRequired'
  if (requirement === 'InsuranceNotRequired') return 'not-required'
  if (requirement === 'SpecificInsurance') {
    const allowed = new Set(Array.isArray(product?.insuranceIds) ? product.insuranceIds : [])
    return valid.find((i) => allowed.has(i.insuranceId))?.id ?? null
  }
  if (valid.length > 0) return valid[0].id
  if (product?.requireExternalInsuranceInfo === true && (licence.externalInsuranceCompany ?? '') !== '') return 'external'
  return null
}
