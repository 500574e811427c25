/**
 * SandboxStore: the sandbox's live data, shared by the HTTP routes and by tests that change data
 * while a client syncs. Every change takes a new instant from one strictly increasing store clock
 * (microseconds), so a changed element always sorts after everything listed before and shows up
 * in `ts` queries (spec v2 §2.1, §1 synchronisation procedure).
 */
import type {
  Address,
  GuardianInformation,
  Insurance,
  Licence,
  LicencePeriod,
  Organization,
  OrganizationStatus,
  Sport,
  SportParameter,
  UserInsurance,
  UserLicence,
  UserSportParameter
} from '../shared/api/v2'
import type { InstantMicros } from '../shared/instant'
import { StoreClock } from './clock'
import { Collection } from './collection'
import type { GeneratedData } from './generate'
import { formatHelsinkiDate, formatHelsinkiInstant, formatHelsinkiLocalDateTime, helsinkiInstantText } from './helsinkiTime'
import { renderUserProfile, type PersonalDataLevel } from './personalData'
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

/** Which sport parameters to embed in `user.sportParameters` (spec v2 §4.4 includeSportParams). */
export type SportParamSelection = 'none' | 'all' | ReadonlySet<number>

/** Fields of a person that `updatePerson` may change. */
export interface PersonPatch {
  firstName?: string
  nickname?: string
  lastName?: string
  email?: string
  phone?: string
  address?: Address
  city?: string
  guardians?: GuardianInformation[]
}

/** Input of `addUserLicence`. Dates are `yyyy-mm-dd`; money in cents. */
export interface NewUserLicence {
  userId: number
  licenceId: number
  /** Club the licence is bound to; default: the club of the person's newest user licence. */
  licenceOrganizationId?: number
  /** Id of the user licence this one upgrades and replaces (spec v2 §2.12). */
  upgradeFrom?: number
  /** Default: the licence's price. */
  salesPriceInCents?: number
}

/** Sport-IDs of organizations created through the API: nine digits, apart from generated eight-digit ones. */
const NEW_ORGANIZATION_SPORT_ID_BASE = 900_000_000

const finnish = new Intl.Collator('fi')

function byName(a: { data: { name: string }; id: number }, b: { data: { name: string }; id: number }): number {
  return finnish.compare(a.data.name, b.data.name) || a.id - b.id
}

/** Spec v2 §4.4/§4.5 default: purchase time newest first, then product id, then id (stable). */
function byPurchaseNewestFirst(productId: (r: UserLicenceRecord | UserInsuranceRecord) => number) {
  return (a: UserLicenceRecord | UserInsuranceRecord, b: UserLicenceRecord | UserInsuranceRecord): number =>
    b.purchaseMs - a.purchaseMs || productId(a) - productId(b) || a.id - b.id
}

export class SandboxStore {
  /** The federation the default client may read. */
  readonly federationId: number
  /** A second federation the default client may NOT read (for 400/403 tests). */
  readonly otherFederationId: number
  /** The instant shared by the bulk-imported user licences (micros since epoch). */
  readonly bulkImportMt: InstantMicros

  /** Organizations; default order: id ascending (the spec names none). */
  readonly organizations = new Collection<OrganizationRecord>((a, b) => a.id - b.id)
  /** Licence periods; spec v2 §4.2: validity period newest first. */
  readonly licencePeriods = new Collection<LicencePeriodRecord>(
    (a, b) => (a.data.startTime < b.data.startTime ? 1 : a.data.startTime > b.data.startTime ? -1 : a.id - b.id)
  )
  /** Licences; spec v2 §4.2: usage period newest first, then licence name. */
  readonly licences = new Collection<LicenceRecord>(
    (a, b) =>
      (a.data.usageEndTime < b.data.usageEndTime ? 1 : a.data.usageEndTime > b.data.usageEndTime ? -1 : 0) ||
      (a.data.usageStartTime < b.data.usageStartTime ? 1 : a.data.usageStartTime > b.data.usageStartTime ? -1 : 0) ||
      byName(a, b)
  )
  /** Sports; spec v2 §4.2: by name. */
  readonly sports = new Collection<SportRecord>(byName)
  /** Insurances; spec v2 §4.2: licence period newest first, then name. */
  readonly insurances: Collection<InsuranceRecord>
  /** Sport parameters; spec v2 §4.7: by name. */
  readonly sportParameters = new Collection<SportParameterRecord>(byName)
  /** User licences per federation id. */
  readonly userLicences = new Map<number, Collection<UserLicenceRecord>>()
  /** User insurances per federation id. */
  readonly userInsurances = new Map<number, Collection<UserInsuranceRecord>>()

  private readonly persons = new Map<number, PersonRecord>()
  /** Called with the user id after `updatePerson`: other elements that embed the person restamp themselves. */
  private readonly personListeners: Array<(userId: number) => void> = []
  private readonly licencesOfUser = new Map<number, number[]>()
  private readonly insurancesOfUser = new Map<number, number[]>()
  private readonly clock: StoreClock
  /** Wire JSON of user licences and insurances per (list, id, level, sport parameters); see `wireJson`. */
  private readonly wireTexts = new Map<string, string>()
  /** The clock instant `wireTexts` holds texts of: any change ticks the clock and so empties it. */
  private wireTextsAt: InstantMicros = -1

  /** Builds the store from generated data; takes ownership of the records. */
  constructor(data: GeneratedData) {
    this.federationId = data.federationId
    this.otherFederationId = data.otherFederationId
    this.bulkImportMt = data.bulkImportMt
    this.clock = new StoreClock(data.newestMt)
    this.organizations.addAll(data.organizations)
    this.licencePeriods.addAll(data.licencePeriods)
    this.licences.addAll(data.licences)
    this.sports.addAll(data.sports)
    const periodStart = new Map(data.licencePeriods.map((p) => [p.id, p.data.startTime]))
    this.insurances = new Collection<InsuranceRecord>((a, b) => {
      const pa = periodStart.get(a.data.licencePeriodId) ?? ''
      const pb = periodStart.get(b.data.licencePeriodId) ?? ''
      return (pa < pb ? 1 : pa > pb ? -1 : 0) || byName(a, b)
    })
    this.insurances.addAll(data.insurances)
    this.sportParameters.addAll(data.sportParameters)
    for (const p of data.persons) this.persons.set(p.id, p)
    for (const fed of [this.federationId, this.otherFederationId]) {
      this.userLicences.set(fed, new Collection<UserLicenceRecord>(byPurchaseNewestFirst((r) => (r as UserLicenceRecord).licenceId)))
      this.userInsurances.set(fed, new Collection<UserInsuranceRecord>(byPurchaseNewestFirst((r) => (r as UserInsuranceRecord).insuranceId)))
    }
    for (const fed of this.userLicences.keys()) {
      this.userLicences.get(fed)!.addAll(data.userLicences.filter((r) => r.federationId === fed))
      this.userInsurances.get(fed)!.addAll(data.userInsurances.filter((r) => r.federationId === fed))
    }
    for (const r of data.userLicences) push(this.licencesOfUser, r.userId, r.id)
    for (const r of data.userInsurances) push(this.insurancesOfUser, r.userId, r.id)
  }

  // ---- read access for tests and routes ----

  /** Ids of all organizations of `federationId` (default: the readable one), any status, the federation included. */
  organizationIds(federationId = this.federationId): number[] {
    return this.organizations.all().filter((o) => o.id === federationId || o.data.federationId === federationId).map((o) => o.id).sort((a, b) => a - b)
  }

  /** Ids of the clubs of a federation (default: the readable one), ACTIVE only unless `includePassive`. */
  clubIds(federationId = this.federationId, includePassive = false): number[] {
    return this.organizations
      .all()
      .filter((o) => o.data.type === 'CLUB' && o.data.federationId === federationId && (includePassive || o.data.status === 'ACTIVE'))
      .map((o) => o.id)
      .sort((a, b) => a - b)
  }

  /** Ids of the people of a federation (default: the readable one), ascending. */
  personIds(federationId = this.federationId): number[] {
    const ids: number[] = []
    for (const p of this.persons.values()) if (p.federationId === federationId) ids.push(p.id)
    return ids
  }

  /** Ids of a federation's user licences, ascending. */
  userLicenceIds(federationId = this.federationId): number[] {
    return (this.userLicences.get(federationId)?.all() ?? []).map((r) => r.id).sort((a, b) => a - b)
  }

  /** Ids of a federation's user insurances, ascending. */
  userInsuranceIds(federationId = this.federationId): number[] {
    return (this.userInsurances.get(federationId)?.all() ?? []).map((r) => r.id).sort((a, b) => a - b)
  }

  /** A federation's licence periods, oldest first. */
  licencePeriodList(federationId = this.federationId): LicencePeriod[] {
    return this.licencePeriods.all().filter((p) => p.data.federationId === federationId).map((p) => ({ ...p.data })).sort((a, b) => (a.startTime < b.startTime ? -1 : 1))
  }

  /** A federation's licences (optionally of one period), by id. */
  licenceList(federationId = this.federationId, licencePeriodId?: number): Licence[] {
    return this.licences
      .all()
      .filter((l) => l.data.federationId === federationId && (licencePeriodId === undefined || l.data.licencePeriodId === licencePeriodId))
      .map((l) => structuredClone(l.data))
      .sort((a, b) => a.id - b.id)
  }

  /** A federation's sports, by id. */
  sportList(federationId = this.federationId): Sport[] {
    return this.sports.all().filter((s) => s.data.federationId === federationId).map((s) => ({ ...s.data })).sort((a, b) => a.id - b.id)
  }

  /** A federation's insurances, by id. */
  insuranceList(federationId = this.federationId): Insurance[] {
    return this.insurances.all().filter((i) => i.data.federationId === federationId).map((i) => ({ ...i.data })).sort((a, b) => a.id - b.id)
  }

  /** A federation's sport parameters, by id. */
  sportParameterList(federationId = this.federationId): SportParameter[] {
    const sports = new Set(this.sportList(federationId).map((s) => s.id))
    return this.sportParameters.all().filter((p) => sports.has(p.data.sportId)).map((p) => ({ ...p.data })).sort((a, b) => a.id - b.id)
  }

  /** The organization with this id (a copy), or undefined. */
  organization(id: number): Organization | undefined {
    const o = this.organizations.get(id)
    return o && structuredClone(o.data)
  }

  /** The stored person (read-only view; change it only through `updatePerson`). */
  person(id: number): Readonly<PersonRecord> | undefined {
    return this.persons.get(id)
  }

  /** The user licence with this id as a client of `level` sees it, or undefined. */
  userLicence(id: number, level: PersonalDataLevel = 'PERMISSION_USER_SSN'): UserLicence | undefined {
    const r = this.findUserLicence(id)
    return r && this.renderUserLicence(r, level, 'none')
  }

  /** The user insurance with this id as a client of `level` sees it, or undefined. */
  userInsurance(id: number, level: PersonalDataLevel = 'PERMISSION_USER_SSN'): UserInsurance | undefined {
    const r = this.findUserInsurance(id)
    return r && this.renderUserInsurance(r, level)
  }

  /** Ids of the user licences that name this person. */
  userLicenceIdsOfPerson(userId: number): number[] {
    return [...(this.licencesOfUser.get(userId) ?? [])]
  }

  /** Ids of the user insurances that name this person. */
  userInsuranceIdsOfPerson(userId: number): number[] {
    return [...(this.insurancesOfUser.get(userId) ?? [])]
  }

  /** Federation of an organization: itself for a federation; undefined for unknown ids. */
  federationOf(organizationId: number): number | undefined {
    const o = this.organizations.get(organizationId)
    if (!o) return undefined
    return o.data.type === 'SPORTS_FEDERATION' ? o.id : o.data.federationId
  }

  /** True when `organizationId` is `ancestorId` or lies below it in the hierarchy (spec v2 §5 cascading). */
  isWithin(organizationId: number, ancestorId: number): boolean {
    for (let o = this.organizations.get(organizationId); o; o = o.data.parentId === undefined ? undefined : this.organizations.get(o.data.parentId)) {
      if (o.id === ancestorId) return true
    }
    return false
  }

  // ---- mutations for tests ----

  /**
   * Changes each user licence's `salesPriceInCents` (a partial refund, spec v2 §2.12: -100 cents,
   * or +100 when below 100) and gives it a new, strictly newer modification time.
   * @throws Error naming the first unknown id; nothing is changed then.
   */
  touchUserLicences(ids: number[]): void {
    const records = ids.map((id) => this.findUserLicence(id) ?? fail(`no user licence with id ${id}`))
    for (const r of records) {
      this.userLicences.get(r.federationId)!.update(r.id, (x) => {
        x.salesPriceInCents = x.salesPriceInCents >= 100 ? x.salesPriceInCents - 100 : x.salesPriceInCents + 100
        this.stamp(x)
      })
    }
  }

  /**
   * Gives a user licence the modification instant `mt` (µs since the epoch), changing nothing else,
   * as a registry node whose clock runs ahead, or a bulk import stamped ahead, does. The store clock
   * does not follow: later changes are stamped by it as before, so a licence stamped in the future
   * stays after them in `tsOrder`.
   * @throws Error when the user licence is unknown.
   */
  stampUserLicenceAt(id: number, mt: InstantMicros): void {
    const record = this.findUserLicence(id) ?? fail(`no user licence with id ${id}`)
    this.userLicences.get(record.federationId)!.update(id, (x) => this.stamp(x, mt))
  }

  /**
   * Changes each user insurance's `salesPriceInCents` like `touchUserLicences` and gives it a new,
   * strictly newer modification time.
   * @throws Error naming the first unknown id; nothing is changed then.
   */
  touchUserInsurances(ids: number[]): void {
    const records = ids.map((id) => this.findUserInsurance(id) ?? fail(`no user insurance with id ${id}`))
    for (const r of records) {
      this.userInsurances.get(r.federationId)!.update(r.id, (x) => {
        x.salesPriceInCents = x.salesPriceInCents >= 100 ? x.salesPriceInCents - 100 : x.salesPriceInCents + 100
        this.stamp(x)
      })
    }
  }

  /**
   * Changes a person and stamps them with a new modification time; every user licence and user
   * insurance embedding the person gets a new modification time too (their nested `user` changed),
   * and so, through `onPersonChange`, does every other element showing the person's data.
   * @throws Error when the person is unknown or the patch sets an empty name.
   */
  updatePerson(userId: number, patch: PersonPatch): void {
    const person = this.persons.get(userId) ?? fail(`no person with id ${userId}`)
    if (patch.firstName === '' || patch.lastName === '') throw new Error('firstName and lastName must not be empty')
    Object.assign(person, structuredClone(patch))
    this.stamp(person)
    this.personChanged(userId)
  }

  /**
   * Deletes a person's data, as the registry does when the user's data is erased (spec v2 §2.11
   * `deletionTime`): from now on the profile carries only its id, Sport-ID, flags, modification
   * time and `deletionTime` (the same instant) at every level, and the elements showing the person
   * (user licences and insurances, granted merits, registrations) are stamped as by `updatePerson`.
   * @throws Error when the person is unknown.
   */
  deleteUserData(userId: number): void {
    const person = this.persons.get(userId) ?? fail(`no person with id ${userId}`)
    for (const key of ['nickname', 'email', 'phone', 'socialSecurityNumber', 'deceasedDate', 'guardians'] as const) delete person[key]
    Object.assign(person, { firstName: '', lastName: '', birthDate: '', city: '', nationality: '', address: { streetAddress: '', postCode: '', postOffice: '' }, sportParameters: [] })
    this.stamp(person)
    person.deletionTime = person.mtText
    this.personChanged(userId)
  }

  /** Stamps every element embedding the person with a new modification time and tells `onPersonChange` listeners. */
  private personChanged(userId: number): void {
    for (const id of this.licencesOfUser.get(userId) ?? []) {
      const r = this.findUserLicence(id)!
      this.userLicences.get(r.federationId)!.update(id, (x) => this.stamp(x))
    }
    for (const id of this.insurancesOfUser.get(userId) ?? []) {
      const r = this.findUserInsurance(id)!
      this.userInsurances.get(r.federationId)!.update(id, (x) => this.stamp(x))
    }
    for (const listener of this.personListeners) listener(userId)
  }

  /** Registers `listener` to be called with the user id whenever `updatePerson` or `deleteUserData` changed a person. */
  onPersonChange(listener: (userId: number) => void): void {
    this.personListeners.push(listener)
  }

  /**
   * Sets an organization's status with a new modification time. A PASSIVE organization vanishes
   * from /list and /suborganizations (spec v2 §3) but GET /organization/{id} still answers it.
   * @throws Error when the organization is unknown or is a federation.
   */
  setOrganizationStatus(id: number, status: OrganizationStatus): void {
    const org = this.organizations.get(id) ?? fail(`no organization with id ${id}`)
    if (org.data.type === 'SPORTS_FEDERATION') throw new Error('a sports federation cannot change status in the sandbox')
    if (status !== 'ACTIVE' && status !== 'PASSIVE') throw new Error(`unknown status ${String(status)}`)
    this.organizations.update(id, (o) => {
      o.data.status = status
      this.stamp(o)
    })
  }

  /**
   * Changes a licence product's terms (spec v2 §2.4: its days of validity, insurance requirement,
   * birth dates) with a new modification time, as a federation editing a licence does.
   * @throws Error when the licence is unknown.
   */
  updateLicence(id: number, patch: Partial<Pick<Licence, 'validityDurationInDays' | 'insuranceRequirement' | 'insuranceIds' | 'earliestBirthDate' | 'latestBirthDate'>>): void {
    if (this.licences.get(id) === undefined) fail(`no licence with id ${id}`)
    this.licences.update(id, (l) => {
      Object.assign(l.data, patch)
      this.stamp(l)
    })
  }

  /**
   * Records a new user licence bought now, and returns it as an SSN-level client sees it.
   * @throws Error when the person, licence, club or upgraded licence is unknown or of another federation.
   */
  addUserLicence(input: NewUserLicence): UserLicence {
    const person = this.persons.get(input.userId) ?? fail(`no person with id ${input.userId}`)
    const licence = this.licences.get(input.licenceId)?.data ?? fail(`no licence with id ${input.licenceId}`)
    if (licence.federationId !== person.federationId) throw new Error(`licence ${licence.id} belongs to another federation than person ${person.id}`)
    const own = (this.licencesOfUser.get(person.id) ?? []).map((id) => this.findUserLicence(id)!)
    const clubId = input.licenceOrganizationId ?? own.at(-1)?.licenceOrganizationId ?? this.clubIds(licence.federationId)[0]
    if (this.federationOf(clubId) !== licence.federationId) throw new Error(`organization ${clubId} is not in federation ${licence.federationId}`)
    if (input.upgradeFrom !== undefined && !own.some((r) => r.id === input.upgradeFrom)) {
      throw new Error(`user licence ${input.upgradeFrom} is not a licence of person ${person.id}`)
    }
    const collection = this.userLicences.get(licence.federationId)!
    let nextId = 0
    for (const c of this.userLicences.values()) for (const r of c.all()) if (r.id > nextId) nextId = r.id
    const nowMs = Date.now()
    const today = formatHelsinkiDate(nowMs)
    const record: UserLicenceRecord = {
      id: nextId + 1,
      mt: 0,
      mtText: '',
      federationId: licence.federationId,
      licencePeriodId: licence.licencePeriodId,
      licenceId: licence.id,
      userId: person.id,
      usagePeriodStart: today > licence.usageStartTime ? today : licence.usageStartTime,
      usagePeriodEnd: licence.usageEndTime,
      salesPriceInCents: input.salesPriceInCents ?? licence.priceInCents,
      purchaseTime: formatHelsinkiLocalDateTime(nowMs),
      purchaseMs: nowMs,
      licenceOrganizationId: clubId,
      upgradeFrom: input.upgradeFrom,
      licencePrimarySportId: licence.sportsIds[0]
    }
    this.stamp(record)
    collection.add(record)
    push(this.licencesOfUser, person.id, record.id)
    return this.renderUserLicence(record, 'PERMISSION_USER_SSN', 'none')
  }

  /** A new modification instant from the store clock (micros), for records kept outside this class. */
  tick(): InstantMicros {
    return this.clock.tick()
  }

  /**
   * Club transfer (spec v2 §4.6): binds the user licence to another club and gives it a new
   * modification time; returns it as a client of `level` sees it.
   * @throws Error when the user licence is unknown or the club is not an active club of its federation.
   */
  transferUserLicence(userLicenceId: number, targetClubId: number, level: PersonalDataLevel): UserLicence {
    const record = this.findUserLicence(userLicenceId) ?? fail(`no user licence with id ${userLicenceId}`)
    const club = this.organizations.get(targetClubId)?.data
    if (!club || club.type !== 'CLUB' || club.status !== 'ACTIVE' || club.federationId !== record.federationId) {
      throw new Error(`organization ${targetClubId} is not an active club of federation ${record.federationId}`)
    }
    const updated = this.userLicences.get(record.federationId)!.update(userLicenceId, (x) => {
      x.licenceOrganizationId = targetClubId
      this.stamp(x)
    })
    return this.renderUserLicence(updated, level, 'none')
  }

  /**
   * Creates an active organization under `parentId` (spec v2 §4.1 POST suborganizations) with the
   * next free id and a new Sport-ID, and returns its wire form.
   * @throws Error when the parent is unknown.
   */
  addOrganization(parentId: number, fields: Omit<Organization, 'id' | 'sportId' | 'modificationTime' | 'status' | 'parentId' | 'federationId' | 'collectionType'>): Organization {
    const parent = this.organizations.get(parentId) ?? fail(`no organization with id ${parentId}`)
    let id = 0
    let organizationSportIds = 0
    for (const o of this.organizations.all()) {
      if (o.id > id) id = o.id
      if (o.data.sportId >= NEW_ORGANIZATION_SPORT_ID_BASE) organizationSportIds++
    }
    const federationId = parent.data.type === 'SPORTS_FEDERATION' ? parent.id : parent.data.federationId
    const data: Organization = {
      ...structuredClone(fields),
      id: id + 1,
      collectionType: 'MASTER_CLUB',
      sportId: NEW_ORGANIZATION_SPORT_ID_BASE + organizationSportIds,
      parentId,
      federationId,
      federationName: federationId === undefined ? undefined : this.organizations.get(federationId)?.data.name,
      modificationTime: '',
      status: 'ACTIVE'
    }
    const record: OrganizationRecord = { id: data.id, mt: 0, data }
    this.stamp(record)
    this.organizations.add(record)
    return structuredClone(data)
  }

  // ---- rendering (used by the routes) ----

  /** A user licence on the wire (spec v2 §2.12) with the `user` of `level` and chosen sport parameters. */
  renderUserLicence(r: UserLicenceRecord, level: PersonalDataLevel, sportParams: SportParamSelection): UserLicence {
    const period = this.licencePeriods.get(r.licencePeriodId)!.data
    const licence = this.licences.get(r.licenceId)!.data
    const club = this.organizations.get(r.licenceOrganizationId)!.data
    const federation = this.organizations.get(r.federationId)!.data
    const user = renderUserProfile(this.persons.get(r.userId)!, level)
    if (sportParams !== 'none') user.sportParameters = this.userSportParameters(r.userId, sportParams)
    const out: UserLicence = {
      id: r.id,
      modificationTime: r.mtText,
      federationId: r.federationId,
      federationName: federation.name,
      licencePeriodId: r.licencePeriodId,
      licencePeriodName: period.name,
      licenceId: r.licenceId,
      name: licence.name,
      user,
      usagePeriodStart: r.usagePeriodStart,
      usagePeriodEnd: r.usagePeriodEnd,
      salesPriceInCents: r.salesPriceInCents,
      purchaseTime: r.purchaseTime,
      licenceOrganizationId: club.id,
      licenceOrganizationSportId: club.sportId,
      licenceOrganizationName: club.name,
      licenceOrganizationOfficialName: club.officialName ?? club.name
    }
    if (r.upgradeFrom !== undefined) out.upgradeFrom = r.upgradeFrom
    if (r.externalInsuranceCompany !== undefined) out.externalInsuranceCompany = r.externalInsuranceCompany
    if (r.externalInsuranceNumber !== undefined) out.externalInsuranceNumber = r.externalInsuranceNumber
    if (r.licencePrimarySportId !== undefined) {
      out.licencePrimarySportId = r.licencePrimarySportId
      out.licencePrimarySportName = this.sports.get(r.licencePrimarySportId)?.data.name
    }
    return out
  }

  /** `renderUserLicence` as JSON text, kept until the next change of the store (see `wireJson`). */
  userLicenceJson(r: UserLicenceRecord, level: PersonalDataLevel, sportParams: SportParamSelection): string {
    const selection = typeof sportParams === 'string' ? sportParams : [...sportParams].sort((a, b) => a - b).join(',')
    return this.wireJson(`licence ${r.id} ${level} ${selection}`, () => this.renderUserLicence(r, level, sportParams))
  }

  /** `renderUserInsurance` as JSON text, kept until the next change of the store (see `wireJson`). */
  userInsuranceJson(r: UserInsuranceRecord, level: PersonalDataLevel): string {
    return this.wireJson(`insurance ${r.id} ${level}`, () => this.renderUserInsurance(r, level))
  }

  /**
   * Renders every user licence (with all sport parameters, as Kanslia asks for them) and user
   * insurance at `level` into the texts `wireJson` keeps, so that reading them costs the sandbox
   * little: at 150,000 athletes a full read took 8 s of CPU that, on a small machine, the client
   * being measured had to share. Call before serving; the texts last until the first change.
   */
  prerenderWire(level: PersonalDataLevel): void {
    for (const licences of this.userLicences.values()) for (const r of licences.all()) this.userLicenceJson(r, level, 'all')
    for (const insurances of this.userInsurances.values()) for (const r of insurances.all()) this.userInsuranceJson(r, level)
  }

  /**
   * The JSON text of `render()`, remembered under `key` while the store clock stands still. A
   * rendered element also shows its person, club, licence and period, so any change (each one
   * ticks the clock) forgets every text. At most WIRE_TEXTS_MAX texts are kept.
   */
  private wireJson(key: string, render: () => unknown): string {
    if (this.wireTextsAt !== this.clock.latest || this.wireTexts.size >= WIRE_TEXTS_MAX) {
      this.wireTexts.clear()
      this.wireTextsAt = this.clock.latest
    }
    let text = this.wireTexts.get(key)
    if (text === undefined) {
      text = JSON.stringify(render())
      this.wireTexts.set(key, text)
    }
    return text
  }

  /** A user insurance on the wire (spec v2 §2.13) with the `user` of `level`. */
  renderUserInsurance(r: UserInsuranceRecord, level: PersonalDataLevel): UserInsurance {
    const out: UserInsurance = {
      id: r.id,
      modificationTime: r.mtText,
      federationId: r.federationId,
      federationName: this.organizations.get(r.federationId)!.data.name,
      licencePeriodId: r.licencePeriodId,
      licencePeriodName: this.licencePeriods.get(r.licencePeriodId)!.data.name,
      insuranceId: r.insuranceId,
      name: this.insurances.get(r.insuranceId)!.data.name,
      user: renderUserProfile(this.persons.get(r.userId)!, level),
      usagePeriodStart: r.usagePeriodStart,
      usagePeriodEnd: r.usagePeriodEnd,
      salesPriceInCents: r.salesPriceInCents,
      purchaseTime: r.purchaseTime
    }
    if (r.insuranceTransferTime !== undefined) out.insuranceTransferTime = r.insuranceTransferTime
    return out
  }

  /** The person's sport-parameter values with a non-empty value, restricted to `selection`. */
  private userSportParameters(userId: number, selection: 'all' | ReadonlySet<number>): UserSportParameter[] {
    const out: UserSportParameter[] = []
    for (const v of this.persons.get(userId)!.sportParameters) {
      if (v.value === '' || (selection !== 'all' && !selection.has(v.sportParameterId))) continue
      const def = this.sportParameters.get(v.sportParameterId)!.data
      out.push({ id: v.id, modificationTime: helsinkiInstantText(v.mt), sportId: def.sportId, sportName: def.sportName, sportParameterId: def.id, name: def.name, value: v.value })
    }
    return out
  }

  private findUserLicence(id: number): UserLicenceRecord | undefined {
    for (const c of this.userLicences.values()) {
      const r = c.get(id)
      if (r) return r
    }
    return undefined
  }

  private findUserInsurance(id: number): UserInsuranceRecord | undefined {
    for (const c of this.userInsurances.values()) {
      const r = c.get(id)
      if (r) return r
    }
    return undefined
  }

  /**
   * Gives a record a new instant from the store clock, or `at` (µs), in both its numeric and text
   * form. The clock ticks either way: a tick forgets the wire texts (`wireJson`).
   */
  private stamp(r: { mt: number; mtText?: string; data?: { modificationTime: string } }, at?: InstantMicros): void {
    const tick = this.clock.tick()
    r.mt = at ?? tick
    const text = formatHelsinkiInstant(r.mt)
    if (r.data) r.data.modificationTime = text
    else r.mtText = text
  }
}

/** Texts `SandboxStore.wireJson` keeps at most: the user licences and insurances of 300,000 athletes. */
const WIRE_TEXTS_MAX = 800_000

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function fail(message: string): never {
  throw new Error(message)
}
