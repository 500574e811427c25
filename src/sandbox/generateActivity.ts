/**
 * Deterministic merits, events and registrations on top of `generateData`'s organizations and
 * athletes (spec v2 §2.7–§2.9, §2.15–§2.18, spec v3 §2): per federation four merit groups
 * (ordered competition badges, fixed-duration judge cards, ordered honour badges, fixed-date
 * season cards), a club merit group in about one club in ten, grants to about one athlete in
 * eight, master sports, master clubs in the biggest municipalities, and events spread over the
 * twelve months up to the end of the reference month plus upcoming events open for registration
 * all month (among them one of every kind, in the federation), with registrations. Draws come
 * from their own seeded PRNG, so the data of `generateData` is unchanged by this module.
 */
import type { Merit, MeritGroup } from '../shared/api/v2Activity'
import type { EventPurpose } from '../shared/api/v2Activity'
import type { GeneratedData } from './generate'
import { formatHelsinkiInstant } from './helsinkiTime'
import { loadMunicipalities } from './municipalities'
import { Prng } from './prng'
import type { EventRecord, GrantRecord, MasterSport, MeritGroupRecord, MeritRecord, RegistrationRecord } from './activityRecords'
import type { OrganizationRecord } from './records'

const DAY_MS = 86_400_000

/** What the activity store starts with. */
export interface GeneratedActivity {
  masterSports: MasterSport[]
  /** Master sport ids of each federation's sports, by federation id. */
  federationMasterSports: Map<number, number[]>
  /** Master clubs (ORGANIZATION_COLLECTION / MASTER_CLUB), already added to `data.organizations`. */
  masterClubIds: number[]
  meritGroups: MeritGroupRecord[]
  merits: MeritRecord[]
  grants: GrantRecord[]
  events: EventRecord[]
  registrations: RegistrationRecord[]
}

/** Master sports known to the sandbox: Finnish and Swedish names (spec v3 §2 ApiMasterSport). */
const MASTER_SPORTS: [string, string][] = [
  ['Suunnistus', 'Orientering'],
  ['Hiihtosuunnistus', 'Skidorientering'],
  ['Pyöräsuunnistus', 'Cykelorientering'],
  ['Tarkkuussuunnistus', 'Precisionsorientering'],
  ['Rogaining', 'Rogaining'],
  ['Lumikenkäily', 'Snöskovandring'],
  ['Lumikenkäjuoksu', 'Snöskolöpning'],
  ['Talvivaellus', 'Vintervandring'],
  ['Yleisurheilu', 'Friidrott'],
  ['Hiihto', 'Skidåkning'],
  ['Polkujuoksu', 'Terränglöpning']
]

const EVENT_KINDS = ['Kansallinen kilpailu', 'Aluekilpailu', 'Iltarastit', 'Seuran mestaruuskilpailu', 'Nuorten leiri', 'Valmentajakoulutus', 'Kevätkokous', 'Talkoot']
const EVENT_TAGS = ['kansallinen', 'aluekilpailu', 'iltarastit', 'nuoret', 'aikuiset', 'koulutus', 'leiri', 'mestaruus']

/**
 * A youth camp's birth-date limits (spec v3 §4): those from 8 to 18 years old in the year it starts.
 * Derived from the kind and start, not drawn, so the seeded data of every other field stays as it was.
 */
function youthLimits(kind: string, startMs: number): Pick<EventRecord, 'registrationMinBirthDate' | 'registrationMaxBirthDate'> {
  if (kind !== 'Nuorten leiri') return {}
  const year = new Date(startMs).getUTCFullYear()
  return { registrationMinBirthDate: `${year - 18}-01-01`, registrationMaxBirthDate: `${year - 8}-12-31` }
}

/**
 * A women's event (spec v3 §4 `allowedGender` FEMALE): every third evening orienteering by id (or
 * as `female` says), its name saying so. Derived from the kind and id, not drawn, so every other
 * field stays as it was.
 */
function womensEvent(kind: string, id: number, female = id % 3 === 0): Pick<EventRecord, 'allowedGender'> {
  return kind === 'Iltarastit' && female ? { allowedGender: 'FEMALE' } : {}
}

/**
 * Events open for registration in the federation whatever the month, as a federation always has
 * some: one of every kind, and a women's evening orienteering besides the plain one.
 */
const OPEN_EVENTS: { kind: string; female: boolean }[] = [...EVENT_KINDS.map((kind) => ({ kind, female: false })), { kind: 'Iltarastit', female: true }]

/** Local `yyyy-mm-ddTHH:MM:SS` of a UTC-based millisecond value (the value already is local time). */
function local(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19)
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** A version-4 style UUID from the PRNG (deterministic). */
function uuid(prng: Prng): string {
  const hex = Array.from({ length: 32 }, () => prng.int(0, 15).toString(16))
  hex[12] = '4'
  hex[16] = ((prng.int(0, 15) & 0x3) | 0x8).toString(16)
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

/**
 * Generates the activity data and adds master clubs to `data.organizations` (setting
 * `masterClubId` on their member clubs). `referenceMs` is the data's reference instant;
 * `nowMs` the simulated clock at start, used only for the payment attempts of the few
 * registrations still waiting for payment confirmation.
 */
export function generateActivity(data: GeneratedData, seed: number, referenceMs: number, nowMs: number): GeneratedActivity {
  const prng = new Prng(seed * 7919 + 17)
  const year = new Date(referenceMs).getUTCFullYear()
  const windowStart = referenceMs - 425 * DAY_MS
  const randomMt = (fromMs = windowStart, toMs = referenceMs - 60_000): number => Math.floor(fromMs * 1000 + prng.next() * Math.max(0, toMs - fromMs) * 1000)
  const orgs = new Map(data.organizations.map((o) => [o.id, o]))
  const municipalities = new Map(loadMunicipalities().map((m) => [m.code, m]))

  const masterSports = MASTER_SPORTS.map(([nameFi, nameSe], i): MasterSport => ({ id: i + 1, nameFi, nameSe, description: `${nameFi} / ${nameSe}` }))
  const masterByName = new Map(masterSports.map((m) => [m.nameFi, m.id]))
  const federationMasterSports = new Map<number, number[]>()
  for (const s of data.sports) {
    const master = masterByName.get(s.data.name)
    if (master === undefined) continue
    const list = federationMasterSports.get(s.data.federationId) ?? []
    list.push(master)
    federationMasterSports.set(s.data.federationId, list)
  }

  // Master clubs: in the three biggest municipalities with at least two active clubs.
  let nextOrgId = Math.max(...data.organizations.map((o) => o.id)) + 1
  const clubsByMuni = new Map<number, OrganizationRecord[]>()
  for (const o of data.organizations) {
    if (o.data.type !== 'CLUB' || o.data.status !== 'ACTIVE' || o.data.federationId !== data.federationId || o.data.municipalityId === undefined) continue
    const list = clubsByMuni.get(o.data.municipalityId) ?? []
    list.push(o)
    clubsByMuni.set(o.data.municipalityId, list)
  }
  const masterClubIds: number[] = []
  const bigMunis = [...clubsByMuni.entries()].filter(([, list]) => list.length >= 2).sort((a, b) => (municipalities.get(b[0])?.population ?? 0) - (municipalities.get(a[0])?.population ?? 0)).slice(0, 3)
  for (const [code, clubs] of bigMunis) {
    const muni = municipalities.get(code)!
    const id = nextOrgId++
    const mt = randomMt()
    const name = `${muni.nameFi}n Urheiluseurat`
    const record: OrganizationRecord = {
      id,
      mt,
      data: {
        id,
        type: 'ORGANIZATION_COLLECTION',
        collectionType: 'MASTER_CLUB',
        name,
        officialName: `${name} ry`,
        shortName: `${muni.nameFi.slice(0, 3).toUpperCase()}US`,
        sportId: 100_000_000 + id,
        modificationTime: formatHelsinkiInstant(mt),
        status: 'ACTIVE',
        municipalityId: code,
        url: `https://www.${muni.nameFi.toLowerCase().replace(/[^a-z]/g, '')}urheiluseurat.fi`,
        contactPerson: 'Toiminnanjohtaja',
        phone: `+35850${prng.int(1_000_000, 9_999_999)}`,
        established: `${prng.int(1950, 2010)}-01-01`,
        terminated: '9999-12-31'
      }
    }
    data.organizations.push(record)
    masterClubIds.push(id)
    for (const club of clubs.slice(0, Math.max(2, Math.ceil(clubs.length / 2)))) {
      club.data.masterClubId = id
      club.data.masterClubName = name
      club.data.masterClubModificationTime = record.data.modificationTime
    }
  }

  // Merit groups and merits.
  const meritGroups: MeritGroupRecord[] = []
  const merits: MeritRecord[] = []
  let nextGroupId = 1000
  let nextMeritId = 2000
  const group = (organizationId: number, sportId: number, name: string, isOrdered: boolean, isSportBound: boolean): MeritGroupRecord => {
    const id = nextGroupId++
    const mt = randomMt()
    const g: MeritGroup = { id, isOrdered, isSportBound, modificationTime: formatHelsinkiInstant(mt), name, organizationId, sportId }
    const record = { id, mt, data: g }
    meritGroups.push(record)
    return record
  }
  const merit = (g: MeritGroupRecord, orderNumber: number, name: string, fields: Pick<Merit, 'meritGrantingAuthorType' | 'meritValidityPeriodType' | 'type'> & Partial<Merit>): MeritRecord => {
    const id = nextMeritId++
    const mt = randomMt()
    const m: Merit = { id, description: `${name} (${g.data.name})`, meritGroupId: g.id, meritGroupName: g.data.name, modificationTime: formatHelsinkiInstant(mt), name, orderNumber, ...fields }
    const record = { id, mt, data: m }
    merits.push(record)
    return record
  }
  /** Per federation: merit ladders (ordered lists of merits granted in turn). */
  const ladders = new Map<number, MeritRecord[][]>()
  const clubMerits = new Map<number, MeritRecord[]>()
  for (const fed of data.organizations.filter((o) => o.data.type === 'SPORTS_FEDERATION')) {
    const sports = data.sports.filter((s) => s.data.federationId === fed.id)
    const masters = federationMasterSports.get(fed.id) ?? []
    const badges = group(fed.id, sports[0].id, 'Suoritusmerkit', true, true)
    const cards = group(fed.id, sports[0].id, 'Tuomarikortit', false, true)
    const honours = group(fed.id, sports[0].id, 'Ansiomerkit', true, false)
    const season = group(fed.id, sports[0].id, `Kausikortit ${year}`, false, false)
    const competition = { meritGrantingAuthorType: 'BOTH', meritValidityPeriodType: 'PERPETUAL', type: 'COMPETITION', masterSportIds: masters.slice(0, 1) } as const
    ladders.set(fed.id, [
      [merit(badges, 1, 'Pronssimerkki', competition), merit(badges, 2, 'Hopeamerkki', competition), merit(badges, 3, 'Kultamerkki', competition)],
      [merit(cards, 1, 'Tuomarikortti I', { meritGrantingAuthorType: 'FEDERATION', meritValidityPeriodType: 'FIXED_DURATION', type: 'CARD', validityFixedDurationInMonths: 36 })],
      [
        merit(honours, 1, 'Pronssinen ansiomerkki', { meritGrantingAuthorType: 'FEDERATION', meritValidityPeriodType: 'PERPETUAL', type: 'COMPETITION' }),
        merit(honours, 2, 'Hopeinen ansiomerkki', { meritGrantingAuthorType: 'FEDERATION', meritValidityPeriodType: 'PERPETUAL', type: 'COMPETITION' })
      ],
      [merit(season, 1, `Kausikortti ${year}`, { meritGrantingAuthorType: 'CLUB', meritValidityPeriodType: 'FIXED_DATE', type: 'CARD', validityFixedDate: `${year}-12-31` })]
    ])
    for (const club of data.organizations) {
      if (club.data.type !== 'CLUB' || club.data.federationId !== fed.id || club.data.status !== 'ACTIVE' || !prng.chance(0.1)) continue
      const g = group(club.id, sports[0].id, `${club.data.name} ansiomerkit`, true, false)
      const fields = { meritGrantingAuthorType: 'CLUB', meritValidityPeriodType: 'PERPETUAL', type: 'COMPETITION' } as const
      clubMerits.set(club.id, [merit(g, 1, 'Seuran pronssinen ansiomerkki', fields), merit(g, 2, 'Seuran hopeinen ansiomerkki', fields)])
    }
  }

  // Grants: about one athlete in eight, climbing a ladder from its first step.
  const clubOfUser = new Map<number, number>()
  for (const ul of data.userLicences) clubOfUser.set(ul.userId, ul.licenceOrganizationId)
  const grants: GrantRecord[] = []
  const granters = ['Liiton hallitus', 'Seuran hallitus', 'Tuomarivaliokunta', 'Nuorisovaliokunta']
  for (const person of data.persons) {
    const club = clubOfUser.get(person.id)
    if (club === undefined || !prng.chance(0.125)) continue
    const fedLadders = ladders.get(person.federationId)!
    const ladder = clubMerits.has(club) && prng.chance(0.3) ? clubMerits.get(club)! : prng.pick(fedLadders)
    const steps = 1 + (prng.chance(0.3) ? prng.int(1, ladder.length - 1) : 0)
    let dayMs = referenceMs - prng.int(30, 3000) * DAY_MS
    for (const m of ladder.slice(0, steps)) {
      const mt = randomMt(Math.max(windowStart, dayMs))
      grants.push({
        id: person.id,
        mt,
        meritId: m.id,
        grantingDate: isoDate(dayMs),
        meritGranter: prng.pick(granters),
        additionalInfo: prng.chance(0.2) ? 'Myönnetty kevätkokouksessa' : '',
        registrationDate: prng.chance(0.5) ? isoDate(dayMs + prng.int(1, 20) * DAY_MS) : undefined
      })
      dayMs += prng.int(200, 700) * DAY_MS
      if (dayMs > referenceMs - DAY_MS) break
    }
  }

  // Events over the twelve months up to the end of the reference month, then upcoming ones,
  // organized mostly by clubs.
  const events: EventRecord[] = []
  const registrations: RegistrationRecord[] = []
  const usersByFederation = new Map<number, number[]>()
  const birthDates = new Map(data.persons.map((p) => [p.id, p.birthDate]))
  const genders = new Map(data.persons.map((p) => [p.id, p.gender]))
  // Those born within a federation's limits, once per limits: camps of one year share theirs.
  const eligibleByLimits = new Map<string, number[]>()
  /**
   * Who a user drawn for an event registers as: themselves when born within the event's limits
   * (spec v3 §4, both dates included) and of its `allowedGender`, as its organizer's form allows,
   * else one who is (chosen by the drawn id, not by the PRNG, so every other event's data stays as
   * it was), or no one.
   */
  const registrantsOf = (users: number[], event: EventRecord): ((drawn: number) => number | undefined) => {
    const { registrationMinBirthDate: min, registrationMaxBirthDate: max, allowedGender } = event
    const gender = allowedGender === 'FEMALE' ? 'Female' : allowedGender === 'MALE' ? 'Male' : undefined
    const within = (userId: number) => {
      const born = birthDates.get(userId)!
      return (min === undefined || born >= min) && (max === undefined || born <= max) && (gender === undefined || genders.get(userId) === gender)
    }
    if (min === undefined && max === undefined && gender === undefined) return (drawn) => drawn
    const limits = `${event.federationId} ${min} ${max} ${gender}`
    const eligible = eligibleByLimits.get(limits) ?? eligibleByLimits.set(limits, users.filter(within)).get(limits)!
    return (drawn) => (within(drawn) ? drawn : eligible[drawn % eligible.length])
  }
  for (const p of data.persons) if (clubOfUser.has(p.id)) (usersByFederation.get(p.federationId) ?? usersByFederation.set(p.federationId, []).get(p.federationId)!).push(p.id)
  const activeClubs = data.organizations.filter((o) => o.data.type === 'CLUB' && o.data.status === 'ACTIVE')
  const areas = data.organizations.filter((o) => o.data.type === 'AREA')
  const eventCount = Math.min(400, Math.max(12, Math.round(activeClubs.length / 3)))
  // Upcoming events, drawn after the past ones so those stay as they were: their registration opened
  // before the reference instant and ends 35 days or more after it, so registrations (spec v2
  // §4.8) have open events on every day of the month the data is generated for.
  const upcomingCount = Math.max(20, Math.round(eventCount / 8))
  // Then OPEN_EVENTS, drawn last so every other event stays as it was: public, by the federation
  // or its clubs, with room left, so the registrations of every kind have an open event (the
  // drawn upcoming ones may lack a kind, or be private or of the other federation).
  const ownClubs = activeClubs.filter((o) => o.data.federationId === data.federationId)
  let nextEventId = 30_000
  let nextRegistrationId = 40_000_001
  // The twelve months ending with the reference month, so past events have had registrations in
  // January too; in December the calendar year.
  const periodStart = Date.UTC(year, new Date(referenceMs).getUTCMonth() - 11, 1)
  for (let e = 0; e < eventCount + upcomingCount + OPEN_EVENTS.length; e++) {
    const upcoming = e >= eventCount
    const open = OPEN_EVENTS[e - eventCount - upcomingCount] as (typeof OPEN_EVENTS)[number] | undefined
    const roll = prng.next()
    const organizer = open
      ? roll < 0.2 || ownClubs.length === 0
        ? orgs.get(data.federationId)!
        : prng.pick(ownClubs)
      : roll < 0.1
        ? orgs.get(data.federationId)!
        : roll < 0.2 && areas.length > 0
          ? prng.pick(areas)
          : prng.pick(activeClubs)
    const federationId = organizer.data.type === 'SPORTS_FEDERATION' ? organizer.id : organizer.data.federationId!
    const muni = municipalities.get(organizer.data.municipalityId ?? 91) ?? municipalities.get(91)!
    const kind = open?.kind ?? prng.pick(EVENT_KINDS)
    const startMs = (upcoming ? referenceMs + prng.int(40, 100) * DAY_MS : periodStart + prng.int(0, 364) * DAY_MS) + prng.int(9, 18) * 3_600_000
    const endMs = startMs + (prng.chance(0.8) ? prng.int(2, 6) * 3_600_000 : prng.int(1, 2) * DAY_MS)
    const registrationStartMs = upcoming ? referenceMs - prng.int(2, 30) * DAY_MS + (startMs % DAY_MS) : startMs - prng.int(30, 90) * DAY_MS
    const registrationEndMs = startMs - prng.int(1, 5) * DAY_MS
    const creationMs = registrationStartMs - prng.int(1, 30) * DAY_MS
    const purpose: EventPurpose = /koulutus/i.test(kind) ? 'EDUCATION' : /kokous|talkoot/i.test(kind) ? 'ORGANIZATIONAL' : 'SPORTS'
    const masters = federationMasterSports.get(federationId) ?? []
    const priceInCents = purpose !== 'SPORTS' || prng.chance(0.4) ? 0 : prng.int(5, 45) * 100
    const deleted = prng.chance(0.05) && !upcoming
    const id = nextEventId++
    const women = womensEvent(kind, id, open?.female)
    const fedLadders = ladders.get(federationId) ?? []
    const event: EventRecord = {
      id,
      mt: randomMt(Math.max(windowStart, creationMs), Math.min(referenceMs - 60_000, Math.max(creationMs + DAY_MS, startMs))),
      uuid: uuid(prng),
      name: `${women.allowedGender ? `Naisten ${kind.toLowerCase()}` : kind} ${muni.nameFi}`,
      description: `${kind}, järjestäjä ${organizer.data.name}.`,
      organizerId: organizer.id,
      federationId,
      start: local(startMs),
      end: local(endMs),
      registrationStart: local(registrationStartMs),
      registrationEnd: local(registrationEndMs),
      priceInCents,
      maxAttendeeCount: prng.chance(0.5) ? prng.int(open ? 5 : 3, 30) * 10 : undefined,
      ...youthLimits(kind, startMs),
      ...women,
      municipalityId: muni.code,
      lat: Math.round((60 + prng.next() * 8) * 1e5) / 1e5,
      lon: Math.round((21 + prng.next() * 8) * 1e5) / 1e5,
      locationAddress: `${organizer.data.address?.streetAddress ?? 'Urheilukenttä'}, ${muni.nameFi}`,
      locationDescription: prng.pick(['Kilpailukeskus koululla', 'Urheilupuiston parkkipaikka', 'Seuran maja', 'Kunnan liikuntahalli']),
      masterSportIds: masters.length ? [prng.pick(masters)] : [],
      tags: [prng.pick(EVENT_TAGS)],
      purpose,
      visibility: prng.chance(0.9) || open ? 'PUBLIC' : 'PRIVATE',
      status: 'PUBLISHED',
      allowedRegisterer: 'BOTH',
      registrationCancellable: true,
      contactPersonName: organizer.data.contactPerson,
      contactPersonEmail: organizer.data.emailAddress ?? 'info@example.fi',
      contactPersonPhone: organizer.data.phone,
      meritIds: purpose === 'SPORTS' && fedLadders.length && prng.chance(0.2) ? [fedLadders[0][0].id] : [],
      creationMs,
      deletionMs: deleted ? referenceMs - prng.int(1, 60) * DAY_MS : undefined
    }
    events.push(event)
    const users = usersByFederation.get(federationId) ?? []
    if (registrationStartMs >= referenceMs || users.length === 0) continue
    const registrants = registrantsOf(users, event)
    // An open event of every kind has some registrations and places left (at least 25).
    const count = open ? prng.int(5, 25) : Math.min(event.maxAttendeeCount ?? 40, prng.int(0, 40))
    const seen = new Set<number>()
    const registered = new Set<number>()
    for (let r = 0; r < count; r++) {
      const drawn = prng.pick(users)
      if (seen.has(drawn)) continue
      seen.add(drawn)
      const registeredMs = registrationStartMs + Math.floor(prng.next() * Math.max(DAY_MS, Math.min(registrationEndMs, referenceMs) - registrationStartMs))
      const discount = priceInCents > 0 && prng.chance(0.15)
      const waiting = priceInCents > 0 && prng.chance(0.05)
      const mt = randomMt(Math.max(windowStart, registeredMs), referenceMs - 60_000)
      const registrationInfo = prng.chance(0.3) ? prng.pick(['Sarja H21', 'Sarja D21', 'Sarja H16', 'Sarja D14', 'Kimppakyyti Tampereelta']) : undefined
      const attemptMs = waiting ? nowMs - prng.int(0, 3) * DAY_MS : undefined
      const registrationId = nextRegistrationId++
      const userId = registrants(drawn)
      if (userId === undefined || registered.has(userId)) continue
      registered.add(userId)
      registrations.push({
        id: registrationId,
        mt,
        eventId: id,
        userId,
        organizationId: clubOfUser.get(userId)!,
        registrationDate: isoDate(registeredMs),
        paidAmountInCents: discount ? Math.round(priceInCents * 0.8) : priceInCents,
        activeDiscountType: discount ? 'PUBLIC' : 'NONE',
        paymentStatus: priceInCents === 0 ? 'FREE' : waiting ? 'WAITING_PAYMENT_CONFIRMATION' : 'PAID',
        state: 'ACTIVE',
        registrationInfo,
        attemptMs
      })
    }
  }
  return { masterSports, federationMasterSports, masterClubIds, meritGroups, merits, grants, events, registrations }
}
