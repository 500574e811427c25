import { describe, expect, it } from 'vitest'
import { generateData, type GeneratedData } from '../../../src/sandbox/generate'
import { formatHelsinkiInstant } from '../../../src/sandbox/helsinkiTime'

const REFERENCE = Date.UTC(2026, 10, 1)

function checkShape(d: GeneratedData, athletes: number): void {
  const mainPersons = d.persons.filter((p) => p.federationId === d.federationId)
  expect(mainPersons.length).toBe(athletes)
  const clubs = d.organizations.filter((o) => o.data.type === 'CLUB' && o.data.federationId === d.federationId)
  expect(clubs.length).toBe(Math.max(10, Math.round(athletes / 100)))
  const sportIds = [...d.persons.map((p) => p.sportId), ...d.organizations.map((o) => o.data.sportId)]
  expect(new Set(sportIds).size).toBe(sportIds.length)
  expect(sportIds.every((s) => s >= 10_000_000 && s <= 999_999_999)).toBe(true)
  const main = d.userLicences.filter((u) => u.federationId === d.federationId)
  expect(main.filter((u) => u.mt === d.bulkImportMt).length / main.length).toBeGreaterThanOrEqual(0.15)
  const upgrades = main.filter((u) => u.upgradeFrom !== undefined).length / athletes
  expect(upgrades).toBeGreaterThan(0.03)
  expect(upgrades).toBeLessThan(0.1)
  expect(d.userInsurances.length / athletes).toBeGreaterThan(0.5)
  expect(d.newestMt).toBeLessThan(REFERENCE * 1000)
  const minors = d.persons.filter((p) => p.birthDate > '2008-11-01')
  expect(minors.every((p) => p.guardians && p.guardians.length >= 1 && p.guardians.length <= 2)).toBe(true)
  const swedish = d.persons.filter((p) => p.locale === 'sv_SE').length / d.persons.length
  expect(swedish).toBeGreaterThan(0.02)
  expect(swedish).toBeLessThan(0.12)
}

describe('generateData', () => {
  it('is deterministic and realistic at 2,000 athletes', () => {
    const a = generateData({ seed: 1, athletes: 2000, referenceMs: REFERENCE })
    const b = generateData({ seed: 1, athletes: 2000, referenceMs: REFERENCE })
    expect(JSON.stringify(b)).toBe(JSON.stringify(a))
    checkShape(a, 2000)
    expect(a.userLicences.every((u) => u.mtText === formatHelsinkiInstant(u.mt))).toBe(true)
  })

  it("gives a licence of N days a usage period of N days from its first, or to the year's end (DESIGN §3b)", () => {
    const d = generateData({ seed: 1, athletes: 2000, referenceMs: REFERENCE })
    const days = new Map(d.licences.flatMap((l) => (l.data.validityDurationInDays ? [[l.data.id, l.data.validityDurationInDays]] : [])))
    const trials = d.userLicences.filter((u) => days.has(u.licenceId))
    expect(trials.length).toBeGreaterThan(0)
    for (const trial of trials) {
      const length = (Date.parse(trial.usagePeriodEnd) - Date.parse(trial.usagePeriodStart)) / 86_400_000 + 1
      expect(length === days.get(trial.licenceId) || trial.usagePeriodEnd.endsWith('-12-31'), `${trial.usagePeriodStart}…${trial.usagePeriodEnd}`).toBe(true)
    }
  })

  it("names each area by its wellbeing county's Finnish genitive, irregular ones too", () => {
    const areas = generateData({ seed: 1, athletes: 2000, referenceMs: REFERENCE })
      .organizations.filter((o) => o.data.type === 'AREA')
      .map((o) => o.data.name)
    expect(areas).toEqual(expect.arrayContaining(['Lapin alue', 'Varsinais-Suomen alue', 'Satakunnan alue', 'Kanta-Hämeen alue', 'Helsingin alue', 'Pirkanmaan alue', 'Kainuun alue']))
    expect(areas.filter((name) => /(Lappin|Suomin|Satakuntan|Hämen|Helsinkin) alue/.test(name))).toEqual([])
  })

  it('refuses a negative athlete count', () => {
    expect(() => generateData({ seed: 1, athletes: -1, referenceMs: REFERENCE })).toThrow(RangeError)
  })

  it('scales to 150,000 athletes', { timeout: 120_000 }, () => {
    const d = generateData({ seed: 1, athletes: 150_000, referenceMs: REFERENCE })
    checkShape(d, 150_000)
    expect(d.userLicences.length).toBeGreaterThan(200_000)
  })
})
