/**
 * Deterministic data of the sandbox: one main sports federation with areas (wellbeing counties),
 * clubs and groups placed by municipality population, two licence periods (previous and current
 * calendar year) with licences, insurances, sports and sport parameters, and athletes with user
 * licences (some upgraded, some with another club than the previous period's) and user
 * insurances; plus a small second federation that the default client may not read. Same seed and
 * athlete count give identical data.
 *
 * All dates derive from the reference instant (`referenceMs`, the start of the current UTC
 * month), not from the wall clock, so two sandboxes started seconds apart hold identical data.
 */
import { Faker, fi, sv, en, base } from '@faker-js/faker'
import type {
  Gender,
  GuardianInformation,
  Insurance,
  InsuranceRequirement,
  Licence,
  LicenceType,
  Organization,
  OrganizationType
} from '../shared/api/v2'
import { groupBy } from '../shared/groupBy'
import { flatString } from './flatString'
import { formatHelsinkiInstant, formatHelsinkiLocalDateTime } from './helsinkiTime'
import { loadMunicipalities, type Municipality } from './municipalities'
import { Prng, WeightedPicker } from './prng'
import type {
  InsuranceRecord,
  LicencePeriodRecord,
  LicenceRecord,
  OrganizationRecord,
  PersonRecord,
  SportParameterRecord,
  SportRecord,
  UserInsuranceRecord,
  UserLicenceRecord
} from './records'

const DAY_MS = 86_400_000

/** Everything the store starts with. */
export interface GeneratedData {
  federationId: number
  otherFederationId: number
  organizations: OrganizationRecord[]
  licencePeriods: LicencePeriodRecord[]
  licences: LicenceRecord[]
  sports: SportRecord[]
  insurances: InsuranceRecord[]
  sportParameters: SportParameterRecord[]
  persons: PersonRecord[]
  userLicences: UserLicenceRecord[]
  userInsurances: UserInsuranceRecord[]
  /** The instant shared by the bulk-imported user licences (micros). */
  bulkImportMt: number
  /** Newest modification time in the data (micros); the store clock starts after it. */
  newestMt: number
}

/** Inputs of the generator. `athletes` ≥ 0, `referenceMs` = milliseconds since epoch. */
export interface GenerateOptions {
  seed: number
  athletes: number
  referenceMs: number
}

const NOT_TERMINATED = '9999-12-31'
const SPORT_ID_MIN = 10_000_000
const SPORT_ID_SPAN = 90_000_000
/** Coprime to SPORT_ID_SPAN, so `i * step mod span` visits every 8-digit Sport-ID once. */
const SPORT_ID_STEP = 48_271_009

// Dates repeat across hundreds of thousands of records; sharing one string per day saves memory.
const isoDates = new Map<number, string>()

function isoDate(ms: number): string {
  const day = Math.floor(ms / DAY_MS)
  let text = isoDates.get(day)
  if (text === undefined) isoDates.set(day, (text = new Date(day * DAY_MS).toISOString().slice(0, 10)))
  return text
}

function dateMs(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day)
}

const uppercased = new Map<string, string>()

/** Upper-case post office name, one shared string per municipality. */
function upper(name: string): string {
  let text = uppercased.get(name)
  if (text === undefined) uppercased.set(name, (text = name.toUpperCase()))
  return text
}

const ASCII: Record<string, string> = { ä: 'a', ö: 'o', å: 'a', é: 'e', ü: 'u', Ä: 'a', Ö: 'o', Å: 'a' }

function emailPart(name: string): string {
  return name
    .replace(/[äöåéüÄÖÅ]/g, (c) => ASCII[c])
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
}

/** Finnish personal identity code with its check character (valid format, fictitious number). */
function hetu(birth: Date, male: boolean, prng: Prng): string {
  const dd = String(birth.getUTCDate()).padStart(2, '0')
  const mm = String(birth.getUTCMonth() + 1).padStart(2, '0')
  const year = birth.getUTCFullYear()
  const yy = String(year % 100).padStart(2, '0')
  let individual = prng.int(2, 899)
  if ((individual % 2 === 1) !== male) individual = individual === 899 ? 898 : individual + 1
  const nnn = String(individual).padStart(3, '0')
  const check = '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(`${dd}${mm}${yy}${nnn}`) % 31]
  return `${dd}${mm}${yy}${year >= 2000 ? 'A' : '-'}${nnn}${check}`
}

/** Finnish business id (Y-tunnus) with its check digit. */
function businessId(prng: Prng): string {
  for (;;) {
    const digits = String(prng.int(1_000_000, 3_299_999)).padStart(7, '0')
    const weights = [7, 9, 10, 5, 8, 4, 2]
    const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0)
    const rest = sum % 11
    if (rest === 1) continue
    return `${digits}-${rest === 0 ? 0 : 11 - rest}`
  }
}

/** Flattens the strings a person keeps for the sandbox's lifetime (see flatString). */
function flattenPerson(p: PersonRecord): void {
  p.firstName = flatString(p.firstName)
  p.lastName = flatString(p.lastName)
  if (p.nickname !== undefined) p.nickname = flatString(p.nickname)
  if (p.email !== undefined) p.email = flatString(p.email)
  if (p.phone !== undefined) p.phone = flatString(p.phone)
  if (p.socialSecurityNumber !== undefined) p.socialSecurityNumber = flatString(p.socialSecurityNumber)
  p.address.streetAddress = flatString(p.address.streetAddress)
  p.address.postCode = flatString(p.address.postCode)
  for (const g of p.guardians ?? []) {
    g.firstName = flatString(g.firstName)
    g.lastName = flatString(g.lastName)
    if (g.email !== undefined) g.email = flatString(g.email)
    if (g.phone !== undefined) g.phone = flatString(g.phone)
  }
  for (const v of p.sportParameters) v.value = flatString(v.value)
}

class Ids {
  private next: Record<string, number> = {
    org: 100,
    period: 10,
    licence: 500,
    sport: 300,
    insurance: 700,
    sportParameter: 900,
    user: 1_000_001,
    userSportParameter: 20_000_001,
    userLicence: 5_000_001,
    userInsurance: 8_000_001
  }
  private sportIdIndex = 1

  take(kind: keyof Ids['next']): number {
    return this.next[kind]++
  }

  sportId(): number {
    return SPORT_ID_MIN + ((this.sportIdIndex++ * SPORT_ID_STEP) % SPORT_ID_SPAN)
  }
}

interface FederationPlan {
  name: string
  shortName: string
  sportNames: string[]
  athletes: number
  clubs: number
  areas: 'counties' | 'single'
  periods: number[]
  municipalities: Municipality[]
}

/** Wellbeing counties whose Finnish genitive is not the name plus -n (consonant gradation, -e stems, a compound). */
const IRREGULAR_GENITIVES: Readonly<Record<string, string>> = {
  Helsinki: 'Helsingin',
  'Kanta-Häme': 'Kanta-Hämeen',
  'Keski-Suomi': 'Keski-Suomen',
  Lappi: 'Lapin',
  'Päijät-Häme': 'Päijät-Hämeen',
  Satakunta: 'Satakunnan',
  'Vantaa ja Kerava': 'Vantaan ja Keravan',
  'Varsinais-Suomi': 'Varsinais-Suomen'
}

/** The Finnish genitive of a wellbeing county's name, as an area's name says it ("Lapin alue", "Pirkanmaan alue"). */
export function countyGenitive(county: string): string {
  return IRREGULAR_GENITIVES[county] ?? `${county}n`
}

// Club names avoid Finnish genitives (irregular for place names): "Rasti-Tampere", "Tampere OK".
const CLUB_WORDS = ['Rasti', 'Suunta', 'Kompassi', 'Kiintopiste', 'Polku', 'Rastikarhu', 'Erä', 'Latu', 'Metsä', 'Kartta']
const CLUB_SUFFIXES = ['OK', 'SK', 'RS', 'Suunnistus']
const CLUB_SUFFIXES_SV = ['OK', 'IF', 'Orientering', 'Idrottsförening']
const STREET_TYPES_FI = ['tie', 'katu', 'kuja', 'polku', 'raitti', 'rinne']
const STREET_WORDS_FI = ['Koivu', 'Kuusi', 'Mänty', 'Pihlaja', 'Kallio', 'Järvi', 'Niitty', 'Kirkko', 'Mylly', 'Ranta', 'Metsä', 'Harju', 'Pelto', 'Kivi', 'Tuomi', 'Vaahtera', 'Haka', 'Salmi']
const STREET_WORDS_SV = ['Björk', 'Gran', 'Tall', 'Strand', 'Kyrk', 'Kvarn', 'Skogs', 'Ängs', 'Sjö']
const STREET_TYPES_SV = ['vägen', 'gatan', 'stigen', 'gränd']
const EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'hotmail.fi', 'luukku.com', 'elisanet.fi', 'kolumbus.fi', 'icloud.com']

/**
 * Generates the sandbox data. Runs in O(athletes) time; 150,000 athletes take a few seconds.
 * @throws RangeError when `athletes` is negative or not an integer.
 */
export function generateData(options: GenerateOptions): GeneratedData {
  const { seed, athletes, referenceMs } = options
  if (!Number.isInteger(athletes) || athletes < 0) throw new RangeError(`athletes must be a non-negative integer, got ${athletes}`)
  const prng = new Prng(seed)
  const fakerFi = new Faker({ locale: [fi, en, base], seed })
  const fakerSv = new Faker({ locale: [sv, en, base], seed: seed + 1 })
  const ids = new Ids()
  const year = new Date(referenceMs).getUTCFullYear()
  const windowStart = referenceMs - 425 * DAY_MS
  const out: GeneratedData = {
    federationId: 0,
    otherFederationId: 0,
    organizations: [],
    licencePeriods: [],
    licences: [],
    sports: [],
    insurances: [],
    sportParameters: [],
    persons: [],
    userLicences: [],
    userInsurances: [],
    bulkImportMt: 0,
    newestMt: 0
  }

  // Modification times: a spread over ~14 months before the reference instant, with microseconds.
  const randomMt = (fromMs = windowStart, toMs = referenceMs - 60_000): number =>
    Math.floor(fromMs * 1000 + prng.next() * (toMs - fromMs) * 1000)
  const sportIdsInUse = new Set<number>()
  const sportId = (): number => {
    const id = ids.sportId()
    sportIdsInUse.add(id)
    return id
  }

  const municipalities = loadMunicipalities()
  const plans: FederationPlan[] = [
    {
      name: 'Suomen Rastiurheiluliitto ry',
      shortName: 'SRUL',
      sportNames: ['Suunnistus', 'Hiihtosuunnistus', 'Pyöräsuunnistus', 'Tarkkuussuunnistus', 'Rogaining'],
      athletes,
      clubs: Math.max(10, Math.round(athletes / 100)),
      areas: 'counties',
      periods: [year - 1, year],
      municipalities
    },
    {
      name: 'Suomen Lumikenkäilyliitto ry',
      shortName: 'SLKL',
      sportNames: ['Lumikenkäily', 'Lumikenkäjuoksu', 'Talvivaellus'],
      athletes: Math.min(60, Math.max(10, Math.round(athletes / 50))),
      clubs: 4,
      areas: 'single',
      periods: [year],
      municipalities: municipalities.filter((m) => m.wellbeingCountyFi === 'Lappi')
    }
  ]

  for (const [planIndex, plan] of plans.entries()) {
    const fedId = ids.take('org')
    if (planIndex === 0) out.federationId = fedId
    else out.otherFederationId = fedId
    const org = (
      type: OrganizationType,
      name: string,
      parentId: number | undefined,
      muni: Municipality,
      extra: Partial<Organization> = {}
    ): OrganizationRecord => {
      const id = type === 'SPORTS_FEDERATION' ? fedId : ids.take('org')
      const mt = randomMt()
      const contactPerson = `${fakerFi.person.firstName()} ${fakerFi.person.lastName()}`
      const data: Organization = {
        id,
        type,
        collectionType: type === 'AREA' ? 'AREA_ASSOCIATION' : 'MASTER_CLUB',
        name,
        officialName: type === 'GROUP' || name.endsWith(' ry') ? name : `${name} ry`,
        shortName: name.split(' ').map((w) => w[0]).join('').toUpperCase(),
        description: `${name} – ${type === 'CLUB' ? 'seura' : type === 'AREA' ? 'alue' : type === 'GROUP' ? 'ryhmä' : 'lajiliitto'} (${muni.nameFi})`,
        sportId: sportId(),
        address: {
          streetAddress: `${prng.pick(STREET_WORDS_FI)}${prng.pick(STREET_TYPES_FI)} ${prng.int(1, 60)}`,
          postCode: String(prng.int(100, 99_999)).padStart(5, '0'),
          postOffice: muni.nameFi.toUpperCase(),
          countryCode: 'FI'
        },
        parentId,
        federationId: type === 'SPORTS_FEDERATION' ? undefined : fedId,
        modificationTime: formatHelsinkiInstant(mt),
        status: 'ACTIVE',
        businessId: type === 'GROUP' ? undefined : businessId(prng),
        emailAddress: `toimisto@${emailPart(name).slice(0, 24)}.fi`,
        federationName: type === 'SPORTS_FEDERATION' ? undefined : plan.name,
        iban: prng.chance(0.6) ? `FI${prng.int(10, 99)}${String(prng.int(0, 99_999_999)).padStart(8, '0')}${String(prng.int(0, 999_999)).padStart(6, '0')}` : undefined,
        bic: undefined,
        municipalityId: muni.code,
        url: `https://www.${emailPart(name).slice(0, 24)}.fi`,
        contactPerson,
        phone: `+35840${prng.int(1_000_000, 9_999_999)}`,
        established: isoDate(dateMs(prng.int(1920, 2020), prng.int(1, 12), prng.int(1, 28))),
        terminated: NOT_TERMINATED,
        ...extra
      }
      if (data.iban) data.bic = prng.pick(['NDEAFIHH', 'OKOYFIHH', 'DABAFIHH', 'HELSFIHH'])
      const record = { id, mt, data }
      out.organizations.push(record)
      return record
    }

    const capital = plan.municipalities.reduce((a, b) => (b.population > a.population ? b : a))
    org('SPORTS_FEDERATION', plan.name, undefined, capital, { shortName: plan.shortName })

    // Areas: one per region (wellbeing county); clubs hang under the area of their municipality.
    const areaByRegion = new Map<string, number>()
    for (const m of plan.municipalities) {
      if (areaByRegion.has(m.wellbeingCountyFi)) continue
      const areaName = plan.areas === 'single' ? `${plan.shortName} Pohjoinen alue` : `${countyGenitive(m.wellbeingCountyFi)} alue`
      if (plan.areas === 'single' && areaByRegion.size > 0) {
        areaByRegion.set(m.wellbeingCountyFi, areaByRegion.values().next().value!)
        continue
      }
      areaByRegion.set(m.wellbeingCountyFi, org('AREA', areaName, fedId, m).id)
    }

    // Clubs: municipality chosen in proportion to population; club sizes vary (log-normal-ish).
    const muniPicker = new WeightedPicker(plan.municipalities.map((m) => m.population))
    const clubNames = new Set<string>()
    const activeClubs: { id: number; muni: Municipality; parentId: number }[] = []
    const clubWeights: number[] = []
    for (let c = 0; c < plan.clubs; c++) {
      const muni = plan.municipalities[muniPicker.pick(prng)]
      const swedish = muni.nameSv !== muni.nameFi && prng.chance(0.15)
      let name = ''
      for (let attempt = 0; attempt < 40 && (!name || clubNames.has(name)); attempt++) {
        name = swedish
          ? `${muni.nameSv} ${prng.pick(CLUB_SUFFIXES_SV)}`
          : prng.chance(0.6)
            ? `${prng.pick(CLUB_WORDS)}-${muni.nameFi}`
            : `${muni.nameFi} ${prng.pick(CLUB_SUFFIXES)}`
      }
      if (clubNames.has(name)) name = `${name} ${c}`
      clubNames.add(name)
      const directlyUnderFederation = prng.chance(0.05)
      const parentId = directlyUnderFederation ? fedId : areaByRegion.get(muni.wellbeingCountyFi)!
      // A few clubs have ended their activity: PASSIVE, so they vanish from lists (spec v2 §3).
      const passive = c >= 10 && prng.chance(0.02)
      const club = org('CLUB', name, parentId, muni, passive ? { status: 'PASSIVE' } : {})
      if (!passive) {
        activeClubs.push({ id: club.id, muni, parentId })
        clubWeights.push(Math.exp(prng.next() * 2.5))
        if (prng.chance(0.1)) org('GROUP', `${name} Nuoret`, club.id, muni)
      }
    }
    const clubPicker = new WeightedPicker(clubWeights)
    const orgName = new Map(out.organizations.map((o) => [o.id, o.data]))
    const clubsOfParent = groupBy(activeClubs, (club) => club.parentId)
    /**
     * The club of a member's current licence period: about 1 in 25 of those who held a licence in the
     * previous one moved on to another club of their area association (a club transfer; one directly
     * under the federation, to another such club). Drawn from the member's own sequence, seeded by
     * their id, so the main sequence, and so every other record, is as without transfers.
     */
    const clubNow = (personId: number, club: (typeof activeClubs)[number]) => {
      const own = new Prng(Math.imul(personId, 0x9e3779b1) ^ seed)
      if (!own.chance(0.04)) return club
      const nearby = clubsOfParent.get(club.parentId)!
      const other = nearby[own.int(0, nearby.length - 1)]
      return other === club ? nearby[(nearby.indexOf(club) + 1) % nearby.length] : other
    }

    // Sports and their sport parameters.
    const sports = plan.sportNames.map((name): SportRecord => {
      const id = ids.take('sport')
      const mt = randomMt()
      return { id, mt, data: { id, modificationTime: formatHelsinkiInstant(mt), federationId: fedId, name, description: `${name} (${plan.shortName})` } }
    })
    out.sports.push(...sports)
    const paramDefs: [number, string, 'ShotText' | 'LongText', number, boolean][] = [
      [0, 'Emit-kortin numero', 'ShotText', 10, true],
      [0, 'SportIdent-numero', 'ShotText', 10, true],
      [1, 'Ranking-sarja', 'ShotText', 20, false],
      [sports.length - 1, 'Lisätiedot', 'LongText', 2000, true]
    ]
    const params = paramDefs.map(([sportIndex, name, type, maxLength, athleteCanModify]): SportParameterRecord => {
      const id = ids.take('sportParameter')
      const mt = randomMt()
      const sport = sports[sportIndex]
      return {
        id,
        mt,
        data: { id, modificationTime: formatHelsinkiInstant(mt), sportId: sport.id, sportName: sport.data.name, name, type, maxLength, athleteCanModify, apiCanModify: !athleteCanModify }
      }
    })
    out.sportParameters.push(...params)

    // Licence periods (calendar years), their insurances and licences.
    interface PeriodPlan { id: number; name: string; year: number; licences: LicenceRecord[]; insurances: InsuranceRecord[] }
    const periods: PeriodPlan[] = plan.periods.map((y) => {
      const id = ids.take('period')
      const mt = randomMt(Math.max(windowStart, dateMs(y - 1, 10, 1)), Math.min(referenceMs, dateMs(y - 1, 12, 1)) - 60_000)
      const name = `Lisenssikausi ${y}`
      out.licencePeriods.push({ id, mt, data: { id, modificationTime: formatHelsinkiInstant(mt), federationId: fedId, name, startTime: `${y}-01-01`, endTime: `${y}-12-31` } })
      const insurance = (name: string, priceInCents: number, extra: Partial<Insurance>): InsuranceRecord => {
        const iid = ids.take('insurance')
        const imt = randomMt(Math.max(windowStart, dateMs(y - 1, 10, 1)), Math.min(referenceMs, dateMs(y - 1, 12, 1)) - 60_000)
        return {
          id: iid,
          mt: imt,
          data: {
            id: iid, federationId: fedId, licencePeriodId: id, modificationTime: formatHelsinkiInstant(imt), name,
            description: `${name}, kausi ${y}`, priceInCents, insuranceCompany: 'Keskinäinen Urheiluvakuutusyhtiö',
            insuranceNumber: `UV-${y}-${iid}`, transferInsuranceAutomatically: true,
            termsLink: 'https://vakuutus.example.fi/ehdot', infoLink: 'https://vakuutus.example.fi/tietoa', costCenter: `VAK${y % 100}`, ...extra
          }
        }
      }
      const insurances = [
        insurance('Urheiluturva Aikuinen', 4900, { earliestBirthDate: `${y - 100}-01-01`, latestBirthDate: `${y - 18}-12-31`, insuranceSubCode: 'A', gender: 'Both' }),
        insurance('Urheiluturva Nuori', 2500, { earliestBirthDate: `${y - 17}-01-01`, latestBirthDate: `${y - 5}-12-31`, insuranceSubCode: 'N', gender: 'Both' }),
        insurance('Urheiluturva Plus', 8900, { insuranceSubCode: 'P', transferInsuranceAutomatically: false })
      ]
      out.insurances.push(...insurances)
      const licence = (name: string, type: LicenceType, priceInCents: number, insuranceRequirement: InsuranceRequirement, extra: Partial<Licence>): LicenceRecord => {
        const lid = ids.take('licence')
        const lmt = randomMt(Math.max(windowStart, dateMs(y - 1, 10, 1)), Math.min(referenceMs, dateMs(y - 1, 12, 1)) - 60_000)
        return {
          id: lid,
          mt: lmt,
          data: {
            id: lid, federationId: fedId, licencePeriodId: id, modificationTime: formatHelsinkiInstant(lmt), name,
            description: `${name} ${y}`, priceInCents, salesStartTime: `${y - 1}-12-01`, salesEndTime: `${y}-11-30`,
            usageStartTime: `${y}-01-01`, usageEndTime: `${y}-12-31`, type, insuranceRequirement,
            requireExternalInsuranceInfo: false, sportsIds: sports.map((s) => s.id), costCenter: `LIS${y % 100}`, ...extra
          }
        }
      }
      const licences = [
        licence('Kilpailulisenssi aikuiset', 'Competition', 6500, 'AnyInsurance', { earliestBirthDate: `${y - 100}-01-01`, latestBirthDate: `${y - 21}-12-31`, requireExternalInsuranceInfo: true }),
        licence('Kilpailulisenssi nuoret', 'Competition', 3000, 'SpecificInsurance', { earliestBirthDate: `${y - 20}-01-01`, latestBirthDate: `${y - 6}-12-31`, insuranceIds: [insurances[1].id, insurances[2].id] }),
        licence('Kuntolisenssi', 'Hobby', 2500, 'InsuranceNotRequired', { sportsIds: [sports[0].id] }),
        licence('Tuomarilisenssi', 'Judge', 1500, 'InsuranceNotRequired', { sportsIds: [sports[0].id] }),
        licence('Kokeilulisenssi 30 vrk', 'Hobby', 1000, 'SpecificInsurance', { validityDurationInDays: 30, insuranceIds: [insurances[0].id] })
      ]
      out.licences.push(...licences)
      return { id, name, year: y, licences, insurances }
    })

    // Athletes, their user licences and user insurances.
    for (let a = 0; a < plan.athletes; a++) {
      const club = activeClubs[clubPicker.pick(prng)]
      // ~5% Swedish speakers: most on Åland and in bilingual municipalities (names differ in the file).
      const swedish = prng.chance(club.muni.wellbeingCountyFi === 'Ahvenanmaa' ? 0.9 : club.muni.nameSv !== club.muni.nameFi ? 0.06 : 0.01)
      const f = swedish ? fakerSv : fakerFi
      const male = prng.chance(0.55)
      const gender: Gender = male ? 'Male' : 'Female'
      // Ages 6–80, weighted towards the young like a real sports federation.
      const age = prng.chance(0.45) ? prng.int(6, 17) : prng.chance(0.6) ? prng.int(18, 45) : prng.int(46, 80)
      const birthMs = referenceMs - age * 365.25 * DAY_MS - prng.int(0, 364) * DAY_MS
      const birth = new Date(birthMs)
      const firstName = f.person.firstName(male ? 'male' : 'female')
      const secondName = prng.chance(0.7) ? f.person.firstName(male ? 'male' : 'female') : ''
      const lastName = f.person.lastName()
      const minor = age < 18
      const mt = randomMt()
      const foreign = prng.chance(0.03)
      const domain = prng.pick(EMAIL_DOMAINS)
      const guardians: GuardianInformation[] | undefined = minor
        ? Array.from({ length: prng.chance(0.6) ? 2 : 1 }, (_, g) => {
            const gf = f.person.firstName(g === 0 ? 'female' : 'male')
            return { firstName: gf, lastName, email: `${emailPart(gf)}.${emailPart(lastName)}@${domain}`, phone: `+35840${prng.int(1_000_000, 9_999_999)}` }
          })
        : undefined
      const person: PersonRecord = {
        id: ids.take('user'),
        mt,
        mtText: formatHelsinkiInstant(mt),
        federationId: fedId,
        sportId: sportId(),
        firstName: secondName && secondName !== firstName ? `${firstName} ${secondName}` : firstName,
        nickname: prng.chance(0.1) ? firstName.slice(0, Math.max(3, Math.ceil(firstName.length / 2))) : undefined,
        lastName,
        birthDate: isoDate(birthMs),
        email: !minor || age >= 13 ? `${emailPart(firstName)}.${emailPart(lastName)}${prng.int(1, 999)}@${domain}` : undefined,
        phone: !minor || age >= 10 ? `+358${prng.pick(['40', '41', '44', '45', '50'])}${prng.int(1_000_000, 9_999_999)}` : undefined,
        address: swedish
          ? { streetAddress: `${prng.pick(STREET_WORDS_SV)}${prng.pick(STREET_TYPES_SV)} ${prng.int(1, 90)}`, postCode: String(prng.int(100, 99_999)).padStart(5, '0'), postOffice: upper(club.muni.nameSv), countryCode: 'FI' }
          : { streetAddress: `${prng.pick(STREET_WORDS_FI)}${prng.pick(STREET_TYPES_FI)} ${prng.int(1, 90)}${prng.chance(0.3) ? ` ${prng.pick(['A', 'B', 'C'])} ${prng.int(1, 40)}` : ''}`, postCode: String(prng.int(100, 99_999)).padStart(5, '0'), postOffice: upper(club.muni.nameFi), countryCode: 'FI' },
        city: swedish ? club.muni.nameSv : club.muni.nameFi,
        languageCode: swedish ? 'SV' : prng.chance(0.01) ? 'EN' : 'FI',
        locale: swedish ? 'sv_SE' : 'fi_FI',
        gender,
        socialSecurityNumber: foreign ? undefined : hetu(birth, male, prng),
        nationality: foreign ? prng.pick(['SE', 'EE', 'NO', 'DE', 'RU']) : 'FI',
        deceasedDate: age > 70 && prng.chance(0.01) ? isoDate(referenceMs - prng.int(30, 300) * DAY_MS) : undefined,
        guardians,
        isAuthenticatedWithPassword: prng.chance(0.7),
        isEventInstructor: !minor && prng.chance(0.03),
        sportParameters: []
      }
      if (person.locale === 'fi_FI' && person.languageCode === 'EN') person.locale = 'en_GB'
      flattenPerson(person)
      for (const param of params) {
        if (!prng.chance(param.data.name === 'Lisätiedot' ? 0.05 : 0.4)) continue
        const value = param.data.type === 'LongText' ? `Ruokavalio: ${prng.pick(['gluteeniton', 'laktoositon', 'vegaani'])}` : String(prng.int(100_000, 9_999_999))
        person.sportParameters.push({ id: ids.take('userSportParameter'), mt: randomMt(), sportParameterId: param.id, value })
      }
      out.persons.push(person)

      let heldBefore = false
      for (const [pIndex, period] of periods.entries()) {
        const current = pIndex === periods.length - 1
        if (!prng.chance(current ? 0.85 : 0.65)) continue
        if (person.deceasedDate && current) continue
        const salesStart = dateMs(period.year - 1, 12, 1)
        const salesEnd = Math.min(dateMs(period.year, 11, 30), referenceMs - DAY_MS)
        if (salesEnd <= salesStart) continue
        let purchaseMs = salesStart + Math.floor(prng.next() ** 1.6 * (salesEnd - salesStart))
        const [adult, youth, hobby, judge, trial] = period.licences
        let licenceRec = minor
          ? prng.chance(0.7) ? youth : hobby
          : prng.chance(0.03) ? judge : prng.chance(0.05) ? trial : prng.chance(0.55) ? adult : hobby
        // A licence of fixed days runs from its activation, the purchase (DESIGN §3b): none is sold
        // before its period starts, where its days would run out before its usage period does.
        const periodStartMs = dateMs(period.year, 1, 1)
        if (licenceRec.data.validityDurationInDays !== undefined && purchaseMs < periodStartMs) {
          const inPeriodMs = periodStartMs + (purchaseMs - salesStart)
          if (inPeriodMs <= salesEnd) purchaseMs = inPeriodMs
          else licenceRec = hobby
        }
        const licenceClub = current && heldBefore ? clubNow(person.id, club) : club
        const ul = makeUserLicence(person, period, licenceRec, licenceClub.id, purchaseMs)
        out.userLicences.push(ul)
        heldBefore = true
        // ~5%: a later upgrade in the same period replaces the first licence (spec v2 §3).
        if (licenceRec === hobby && prng.chance(0.15)) {
          const upgradeMs = purchaseMs + prng.int(1, 120) * DAY_MS
          if (upgradeMs < salesEnd) {
            const up = makeUserLicence(person, period, minor ? youth : adult, licenceClub.id, upgradeMs)
            up.upgradeFrom = ul.id
            out.userLicences.push(up)
          }
        }
        if (prng.chance(0.7)) {
          const ins = minor ? period.insurances[1] : prng.chance(0.2) ? period.insurances[2] : period.insurances[0]
          const ipurchase = purchaseMs - prng.int(0, 3) * 60_000
          const imt = clampMt(ipurchase * 1000 + prng.int(0, 10 * DAY_MS) * 1000)
          out.userInsurances.push({
            id: ids.take('userInsurance'),
            mt: imt,
            mtText: '',
            federationId: fedId,
            licencePeriodId: period.id,
            insuranceId: ins.id,
            userId: person.id,
            usagePeriodStart: isoDate(Math.max(ipurchase, dateMs(period.year, 1, 1))),
            usagePeriodEnd: `${period.year}-12-31`,
            salesPriceInCents: ins.data.priceInCents,
            purchaseTime: formatHelsinkiLocalDateTime(ipurchase),
            purchaseMs: ipurchase,
            insuranceTransferTime: ins.data.transferInsuranceAutomatically ? formatHelsinkiLocalDateTime(ipurchase + DAY_MS) : undefined
          })
        }
      }
    }

    /** Keeps modification times inside the ~14-month window: older records were touched since. */
    function clampMt(mt: number): number {
      const max = (referenceMs - 60_000) * 1000
      if (mt > max) return max - Math.floor(prng.next() * 86_400_000_000)
      return mt < windowStart * 1000 ? randomMt() : mt
    }

    function makeUserLicence(person: PersonRecord, period: PeriodPlan, licenceRec: LicenceRecord, clubId: number, purchaseMs: number): UserLicenceRecord {
      const licence = licenceRec.data
      const clubOrg = orgName.get(clubId)!
      const refunded = prng.chance(0.01)
      const external = licence.requireExternalInsuranceInfo && prng.chance(0.3)
      const usageStart = Math.max(purchaseMs, dateMs(period.year, 1, 1))
      return {
        id: ids.take('userLicence'),
        mt: clampMt(purchaseMs * 1000 + prng.int(0, 20 * DAY_MS) * 1000 + prng.int(0, 999)),
        mtText: '',
        federationId: licence.federationId,
        licencePeriodId: period.id,
        licenceId: licence.id,
        userId: person.id,
        usagePeriodStart: isoDate(usageStart),
        // N days of validity are the first day and N − 1 more (DESIGN §3b).
        usagePeriodEnd: licence.validityDurationInDays ? isoDate(Math.min(usageStart + (licence.validityDurationInDays - 1) * DAY_MS, dateMs(period.year, 12, 31))) : licence.usageEndTime,
        salesPriceInCents: refunded ? Math.floor(licence.priceInCents / 2) : licence.priceInCents,
        purchaseTime: formatHelsinkiLocalDateTime(purchaseMs),
        purchaseMs,
        licenceOrganizationId: clubOrg.id,
        externalInsuranceCompany: external ? prng.pick(['LähiTapiola', 'If Vahinkovakuutus', 'Pohjola Vakuutus', 'Fennia']) : undefined,
        externalInsuranceNumber: external ? flatString(String(prng.int(10_000_000, 99_999_999))) : undefined,
        licencePrimarySportId: licence.sportsIds[0]
      }
    }
  }

  // Bulk import: ~18% of user licences (those bought before it) carry one identical instant, as
  // when a registry migrates records in one transaction; clients must page through the cluster.
  const bulkMs = referenceMs - 60 * DAY_MS
  out.bulkImportMt = bulkMs * 1000 + 250_000
  const eligible = out.userLicences.filter((ul) => ul.mt < out.bulkImportMt && ul.federationId === out.federationId)
  const mainCount = out.userLicences.filter((ul) => ul.federationId === out.federationId).length
  // Exactly 18% (or all eligible, if fewer): a seeded partial shuffle picks the members.
  const clusterSize = Math.min(eligible.length, Math.ceil(0.18 * mainCount))
  for (let i = 0; i < clusterSize; i++) {
    const j = prng.int(i, eligible.length - 1)
    ;[eligible[i], eligible[j]] = [eligible[j], eligible[i]]
    eligible[i].mt = out.bulkImportMt
  }

  for (const r of [...out.userLicences, ...out.userInsurances]) r.mtText = formatHelsinkiInstant(r.mt)
  let newest = 0
  for (const list of [out.organizations, out.licencePeriods, out.licences, out.sports, out.insurances, out.sportParameters, out.persons, out.userLicences, out.userInsurances] as { mt: number }[][]) {
    for (const r of list) if (r.mt > newest) newest = r.mt
  }
  for (const p of out.persons) for (const sp of p.sportParameters) if (sp.mt > newest) newest = sp.mt
  out.newestMt = newest
  return out
}
