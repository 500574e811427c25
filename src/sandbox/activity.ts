/**
 * ActivityStore: the sandbox's merits (spec v2 §4.3, v3 POST /merit), events (v2 §4.11, v3
 * /event), event registrations and registered users (v2 §4.8, v3 participants), orders and
 * payments (v2 §4.9, §3) and client data (v2 §4.10). Every change stamps the element with a new
 * instant from the store clock, so changed elements show up in `ts` queries.
 *
 * Choices the spec leaves open, made here:
 * - A registered event user's `id` is its registration's id.
 * - Payment (spec v2 §3): a registration to a paid event starts WAITING_PAYMENT_CONFIRMATION with
 *   a payment attempt at creation. Initiating an order's payment starts a new attempt. When the
 *   payer completes the payment at the sandbox's gateway, the confirmation arrives
 *   `CONFIRMATION_DELAY_MS` (two days) later on the simulated clock: the registration becomes PAID
 *   and the order COMPLETED. Without confirmation, 7 days after the attempt the registration is
 *   dropped from every listing and its order CANCELLED.
 * - Order payment status (GET /order/{id}/payment/status) is the order's status string.
 * - Granted-merit list items carry `modificationTime` (the list is SYNC-paged by it); their name
 *   fields need BASIC and their contact fields CONTACT_INFO personal-data permission.
 * - Deleted events stay out of every list except v3 GET /event with includeDeletedEvents, which
 *   shows those deleted within `DELETED_EVENTS_WINDOW_MS` (30 days, spec v3 §8 "about a month").
 */
import type {
  ClientData,
  EventRegistration,
  EventSearchResult,
  GrantedMerit,
  Merit,
  Order,
  OrderStatus,
  RegisteredEventUser
} from '../shared/api/v2Activity'
import type { UserProfile } from '../shared/api/v2'
import type { CreateEvent, CreateMerit, EventDateTime, EventWebhookEvent, PublicApiEvent } from '../shared/api/v3'
import type { InstantMicros } from '../shared/instant'
import { RECENT_REGISTRATION_DAYS } from '../shared/readability'
import { Collection } from './collection'
import type { GeneratedActivity } from './generateActivity'
import { formatHelsinkiDate, formatHelsinkiInstant, formatHelsinkiLocalDateTime, helsinkiInstantText } from './helsinkiTime'
import { loadMunicipalities } from './municipalities'
import { PERSONAL_DATA_LEVELS, renderUserProfile, type PersonalDataLevel } from './personalData'
import type { EventRecord, GrantRecord, MasterSport, MeritGroupRecord, MeritRecord, OrderRecord, RegistrationRecord } from './activityRecords'
import type { SimulatedClock } from './simulatedClock'
import type { SandboxStore } from './store'

const DAY_MS = 86_400_000
/** Delay from a completed payment to its confirmation ("typically within two banking days", spec v2 §3). */
export const CONFIRMATION_DELAY_MS = 2 * DAY_MS
/** Unconfirmed payments are dropped this long after the attempt (spec v2 §3, §8). */
export const PAYMENT_DEADLINE_MS = 7 * DAY_MS
/** Deleted events shown by includeDeletedEvents (spec v3 §3, §8). */
export const DELETED_EVENTS_WINDOW_MS = 30 * DAY_MS

const finnish = new Intl.Collator('fi')

/** Input of `grantMerit` after validation (spec v2 §4.3 grant body, v3 MeritGrant). */
export interface MeritGrantInput {
  grantingDate: string
  meritGranter: string
  additionalInfo: string
  registrationDate?: string
  grantees: number[]
}

/** Outcome of `grantMerit`: user ids newly granted and user ids whose grant date was updated. */
export interface MeritGrantOutcome {
  granted: number[]
  updated: number[]
}

/** Listener of webhook payloads (spec v3 §6): the event's URL and the payload to deliver. */
export type WebhookSink = (url: string, payload: Omit<EventWebhookEvent, 'id'>) => void

/**
 * An EventDateTime (spec v3 §2, whose time is optional) as the sandbox keeps it, local
 * `YYYY-MM-DDTHH:MM:SS`: a date alone starts at the day's start and, as an end bound, runs
 * through the day (a registration ending on Friday stays open on Friday; an event ending on the
 * day it starts at 10:00 does not end before it starts).
 */
export function eventLocalDateTime(value: EventDateTime, bound: 'start' | 'end'): string {
  return `${value.date}T${value.time ?? (bound === 'end' ? '23:59' : '00:00')}:00`
}

export class ActivityStore {
  /** Master sports (spec v3 §2). */
  readonly masterSports: MasterSport[]
  /** Master sport ids per federation id. */
  readonly federationMasterSports: Map<number, number[]>
  /** Ids of master clubs (ORGANIZATION_COLLECTION with collection type MASTER_CLUB). */
  readonly masterClubIds: number[]
  /** Merit groups; spec v2 §4.3: ascending by name. */
  readonly meritGroups = new Collection<MeritGroupRecord>((a, b) => finnish.compare(a.data.name, b.data.name) || a.id - b.id)
  /** Merits; spec v2 §2.8: ascending by orderNumber. */
  readonly merits = new Collection<MeritRecord>((a, b) => a.data.orderNumber - b.data.orderNumber || a.id - b.id)
  /** Events; default order start time, then id. */
  readonly events = new Collection<EventRecord>((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id))
  /** Registrations of all events; default order id ascending. */
  readonly registrations = new Collection<RegistrationRecord>((a, b) => a.id - b.id)
  /** Grants per merit id; default order granting date newest first, then user id. */
  private readonly grants = new Map<number, Collection<GrantRecord>>()
  private readonly eventsByUuid = new Map<string, EventRecord>()
  private readonly orders = new Map<number, OrderRecord>()
  private readonly clientData = new Map<string, string>()
  private readonly organizationUsers = new Map<string, boolean>()
  private readonly waiting = new Set<number>()
  private nextIds: { group: number; merit: number; event: number; registration: number; order: number }
  private webhookSink: WebhookSink | undefined

  /** Takes ownership of the generated records. */
  constructor(
    private readonly store: SandboxStore,
    generated: GeneratedActivity,
    private readonly clock: SimulatedClock
  ) {
    this.masterSports = generated.masterSports
    this.federationMasterSports = generated.federationMasterSports
    this.masterClubIds = generated.masterClubIds
    this.meritGroups.addAll(generated.meritGroups)
    this.merits.addAll(generated.merits)
    const byMerit = new Map<number, GrantRecord[]>()
    for (const g of generated.grants) (byMerit.get(g.meritId) ?? byMerit.set(g.meritId, []).get(g.meritId)!).push(g)
    for (const m of generated.merits) this.grantCollection(m.id).addAll(byMerit.get(m.id) ?? [])
    this.events.addAll(generated.events)
    for (const e of generated.events) this.eventsByUuid.set(e.uuid, e)
    this.registrations.addAll(generated.registrations)
    for (const r of generated.registrations) if (r.paymentStatus === 'WAITING_PAYMENT_CONFIRMATION') this.waiting.add(r.id)
    const max = (items: { id: number }[], floor: number): number => items.reduce((m, x) => Math.max(m, x.id), floor) + 1
    this.nextIds = {
      group: max(generated.meritGroups, 1000),
      merit: max(generated.merits, 2000),
      event: max(generated.events, 30_000),
      registration: max(generated.registrations, 40_000_000),
      order: 60_000_001
    }
    clock.onAdvance(() => this.settle())
    store.onPersonChange((userId) => this.restampPerson(userId))
  }

  /**
   * A person changed: their grants (names and contact fields) changed with them, so they get new
   * modification times (issue 4: the modification time moves whenever an element changes; spec
   * v2 §2.9 shows grants none, the sandbox sends one). Registrations keep theirs: a registered
   * user's moves "on creation and on each payment-status change" (spec v2 §2.16), not when the
   * nested `user` does, so a client must not count on a read by `ts` to bring a changed profile.
   */
  private restampPerson(userId: number): void {
    for (const grants of this.grants.values()) {
      if (grants.get(userId)) grants.update(userId, (g) => (g.mt = this.store.tick()))
    }
  }

  /** Sets where webhook payloads of events with a webhook URL go (spec v3 §6). */
  setWebhookSink(sink: WebhookSink): void {
    this.webhookSink = sink
  }

  // ---- lookups ----

  /** The grants of a merit (an empty collection for a merit without grants). */
  grantCollection(meritId: number): Collection<GrantRecord> {
    let c = this.grants.get(meritId)
    if (!c) this.grants.set(meritId, (c = new Collection<GrantRecord>((a, b) => (a.grantingDate < b.grantingDate ? 1 : a.grantingDate > b.grantingDate ? -1 : a.id - b.id))))
    return c
  }

  /** The event with this uuid, deleted or not. */
  eventByUuid(uuid: string): EventRecord | undefined {
    return this.eventsByUuid.get(uuid)
  }

  /** The order with this id. */
  order(orderId: number): Readonly<OrderRecord> | undefined {
    return this.orders.get(orderId)
  }

  /** Listed registrations of an event: not cancelled, not dropped (spec v2 §3, §4.8). */
  listedRegistrations(eventId: number): RegistrationRecord[] {
    return this.registrations.all().filter((r) => r.eventId === eventId && r.state === 'ACTIVE')
  }

  /** Number of distinct users with a listed registration (several registrations reserve one place, spec v2 §3). */
  attendeeCount(eventId: number): number {
    return new Set(this.listedRegistrations(eventId).map((r) => r.userId)).size
  }

  /**
   * Those of `userIds` whose data is not readable by the organization (spec v2 §4.3: "a valid
   * licence, insurance, membership or recent event registration for the granting organization";
   * v3 CreateEventParticipants) on the simulated clock's Helsinki day, in their order. Readable: a
   * user licence bound to the organization or one below it (or of the federation it is), or a user
   * insurance of the federation it is, either valid that day; or a listed registration to an event
   * it or one below it organized, ending at most RECENT_REGISTRATION_DAYS before (shared/readability.ts).
   * Unknown users are unreadable; memberships are not modelled.
   */
  usersNotReadableBy(organizationId: number, userIds: readonly number[]): number[] {
    const nowMs = this.clock.now()
    const today = formatHelsinkiDate(nowMs)
    const validToday = (period: { usagePeriodStart: string; usagePeriodEnd: string }) => period.usagePeriodStart <= today && today <= period.usagePeriodEnd
    const since = formatHelsinkiDate(nowMs - RECENT_REGISTRATION_DAYS * DAY_MS)
    const recentRegistrants = new Set<number>()
    for (const r of this.registrations.all()) {
      const event = this.events.get(r.eventId)!
      // Listed registrations only: a deleted event's are no longer listed (README).
      if (r.state === 'ACTIVE' && event.deletionMs === undefined && event.end.slice(0, 10) >= since && this.store.isWithin(event.organizerId, organizationId)) recentRegistrants.add(r.userId)
    }
    const readable = (userId: number) =>
      recentRegistrants.has(userId) ||
      this.store.userLicenceIdsOfPerson(userId).some((id) => {
        const ul = this.store.userLicence(id, 'PERMISSION_USER_ANONYMOUS')
        return ul !== undefined && validToday(ul) && (this.store.isWithin(ul.licenceOrganizationId, organizationId) || ul.federationId === organizationId)
      }) ||
      this.store.userInsuranceIdsOfPerson(userId).some((id) => {
        const ui = this.store.userInsurance(id, 'PERMISSION_USER_ANONYMOUS')
        return ui !== undefined && validToday(ui) && ui.federationId === organizationId
      })
    return userIds.filter((userId) => this.store.person(userId) === undefined || !readable(userId))
  }

  // ---- merits ----

  /**
   * Grants a merit to users, or updates the grant date and details of users who already hold it
   * (spec v2 §4.3); each changed grant gets a new modification time.
   */
  grantMerit(meritId: number, input: MeritGrantInput): MeritGrantOutcome {
    const collection = this.grantCollection(meritId)
    const outcome: MeritGrantOutcome = { granted: [], updated: [] }
    for (const userId of input.grantees) {
      const fields = { grantingDate: input.grantingDate, meritGranter: input.meritGranter, additionalInfo: input.additionalInfo, registrationDate: input.registrationDate }
      if (collection.get(userId)) {
        collection.update(userId, (g) => {
          Object.assign(g, fields)
          g.mt = this.store.tick()
        })
        outcome.updated.push(userId)
      } else {
        collection.add({ id: userId, mt: this.store.tick(), meritId, ...fields })
        outcome.granted.push(userId)
      }
    }
    return outcome
  }

  /** Creates a merit in a group (spec v3 POST /merit); returns the stored wire object. */
  createMerit(input: CreateMerit): Merit {
    const group = this.meritGroups.get(input.meritGroupId)!.data
    const siblings = this.merits.all().filter((m) => m.data.meritGroupId === group.id)
    const id = this.nextIds.merit++
    const mt = this.store.tick()
    const merit: Merit = {
      id,
      description: input.description,
      meritGrantingAuthorType: input.meritGrantingAuthorType,
      meritGroupId: group.id,
      meritGroupName: group.name,
      meritValidityPeriodType: input.meritValidityPeriodType,
      modificationTime: formatHelsinkiInstant(mt),
      name: input.name,
      orderNumber: siblings.reduce((n, m) => Math.max(n, m.data.orderNumber), 0) + 1,
      type: input.type
    }
    if (input.meritValidityPeriodType === 'FIXED_DATE') merit.validityFixedDate = input.validityFixedDate
    if (input.meritValidityPeriodType === 'FIXED_DURATION') merit.validityFixedDurationInMonths = input.validityFixedDurationInMonths
    if (input.mastersportIds?.length) merit.masterSportIds = [...input.mastersportIds]
    this.merits.add({ id, mt, data: merit })
    return structuredClone(merit)
  }

  // ---- events and registrations ----

  /** Creates an event (spec v3 POST /event); `federationId` is the organizer's federation. */
  createEvent(input: CreateEvent, federationId: number): EventRecord {
    const at = (d: EventDateTime | undefined, fallback: string, dayEnd = false): string => (d ? eventLocalDateTime(d, dayEnd ? 'end' : 'start') : fallback)
    const prices = input.priceDetails === undefined ? [] : Array.isArray(input.priceDetails) ? input.priceDetails : [input.priceDetails]
    const organizer = this.store.organization(input.organizerId)!
    const nowMs = this.clock.now()
    const start = at(input.startDateTime, '')
    const record: EventRecord = {
      id: this.nextIds.event++,
      mt: this.store.tick(),
      uuid: crypto.randomUUID(),
      name: input.name,
      description: input.description ?? '',
      organizerId: input.organizerId,
      federationId,
      start,
      end: at(input.endDateTime, start, true),
      registrationStart: at(input.registrationStartDateTime, formatHelsinkiLocalDateTime(nowMs)),
      registrationEnd: at(input.registrationEndDateTime, start, true),
      priceInCents: prices.length ? Math.min(...prices.map((p) => p.priceInCents)) : 0,
      maxAttendeeCount: input.maxAttendeeCount,
      municipalityId: input.municipalityId ?? organizer.municipalityId,
      lat: input.locationCoordinates?.lat ?? 0,
      lon: input.locationCoordinates?.lon ?? 0,
      locationAddress: input.locationAddress ?? '',
      locationDescription: input.locationDescription ?? '',
      masterSportIds: [...(input.mastersportIds ?? [])],
      tags: [],
      purpose: input.purpose,
      visibility: input.visibility,
      status: input.status ?? 'PUBLISHED',
      allowedRegisterer: input.allowedRegisterer,
      registrationCancellable: input.registrationCancellable,
      contactPersonName: organizer.contactPerson,
      contactPersonEmail: organizer.emailAddress ?? '',
      contactPersonPhone: organizer.phone,
      meritIds: [...(input.meritIds ?? [])],
      creationMs: nowMs,
      webhookUrl: input.webhookUrl
    }
    this.events.add(record)
    this.eventsByUuid.set(record.uuid, record)
    return record
  }

  /** Changes an event's name or description (a test hook standing for organizer edits); sends an EVENT UPDATE webhook. */
  updateEvent(eventId: number, patch: { name?: string; description?: string }): void {
    const event = this.events.update(eventId, (e) => {
      Object.assign(e, patch)
      e.mt = this.store.tick()
    })
    this.notifyEvent(event, 'UPDATE')
  }

  /**
   * Gives an event the modification instant `mt` (µs since the epoch), changing nothing else, as a
   * registry node whose clock runs ahead does (a test hook, like `SandboxStore.stampUserLicenceAt`);
   * no webhook: nothing an organizer sees changed.
   */
  stampEventAt(eventId: number, mt: InstantMicros): void {
    this.events.update(eventId, (e) => {
      e.mt = mt
    })
  }

  /** Deletes an event (a test hook; v3 has no delete endpoint); sends an EVENT DELETE webhook. */
  deleteEvent(eventId: number): void {
    const event = this.events.update(eventId, (e) => {
      e.deletionMs = this.clock.now()
      e.mt = this.store.tick()
    })
    this.notifyEvent(event, 'DELETE')
  }

  /**
   * Why a registration to `event` (spec v2 §4.8 POST) is refused now, or undefined when its
   * registration window is open: `registrationStartDateTime` ≤ the simulated clock's Helsinki local
   * time ≤ `registrationEndDateTime` (spec v2 §2.18, v3 §2; local times of the event's location,
   * which is in Finland, so they compare as `yyyy-mm-ddTHH:MM:SS` strings). Spec v2 §7 names no
   * status for a registration outside its window (nor for a full event): the route answers the
   * reason with 400, the status §7 gives the requests the registry refuses as invalid. v3
   * participants (attendees added after the event) are not bound by the window.
   */
  registrationClosedReason(event: EventRecord): string | undefined {
    const now = formatHelsinkiLocalDateTime(this.clock.now())
    if (now < event.registrationStart) return `registration to event ${event.id} opens at ${event.registrationStart} (local time), it is now ${now}`
    if (now > event.registrationEnd) return `registration to event ${event.id} ended at ${event.registrationEnd} (local time), it is now ${now}`
    return undefined
  }

  /**
   * Registers a user to an event (spec v2 §4.8, v3 participants). A paid event starts the
   * registration in WAITING_PAYMENT_CONFIRMATION with a payment attempt now (spec v2 §3).
   */
  register(event: EventRecord, userId: number, details: { additionalDetails?: string; registrationInfo?: string }, registrationType: 'CROWD' | 'MEMBERSHIP'): RegistrationRecord {
    const clubs = this.store.userLicenceIdsOfPerson(userId).map((id) => this.store.userLicence(id, 'PERMISSION_USER_ANONYMOUS')!)
    const nowMs = this.clock.now()
    const paid = event.priceInCents > 0
    const record: RegistrationRecord = {
      id: this.nextIds.registration++,
      mt: this.store.tick(),
      eventId: event.id,
      userId,
      organizationId: clubs.at(-1)?.licenceOrganizationId ?? event.organizerId,
      // Spec v2 §2.15: the local date of the event's location (Finland's).
      registrationDate: formatHelsinkiDate(nowMs),
      paidAmountInCents: event.priceInCents,
      activeDiscountType: 'NONE',
      paymentStatus: paid ? 'WAITING_PAYMENT_CONFIRMATION' : 'FREE',
      state: 'ACTIVE',
      attemptMs: paid ? nowMs : undefined
    }
    if (details.additionalDetails !== undefined) record.additionalDetails = details.additionalDetails
    if (details.registrationInfo !== undefined) record.registrationInfo = details.registrationInfo
    this.registrations.add(record)
    if (paid) this.waiting.add(record.id)
    this.notifyRegistration(record, 'CREATE', registrationType)
    return record
  }

  /** Cancels a registration: it leaves every listing (spec v2 §3, §4.8). */
  cancelRegistration(registrationId: number): void {
    const record = this.registrations.update(registrationId, (r) => {
      r.state = 'CANCELLED'
      r.mt = this.store.tick()
    })
    this.waiting.delete(registrationId)
    this.notifyRegistration(record, 'DELETE', 'MEMBERSHIP')
  }

  // ---- orders and payments ----

  /** Places an order for registrations (spec v2 §4.9); IN_PROGRESS, or COMPLETED when nothing is to be paid. */
  createOrder(clientId: string, order: Order, registrationIds: number[]): Order {
    const amount = registrationIds.reduce((sum, id) => sum + (this.registrations.get(id)!.paymentStatus === 'PAID' ? 0 : this.registrations.get(id)!.paidAmountInCents), 0)
    const record: OrderRecord = {
      orderId: this.nextIds.order++,
      clientId,
      status: amount === 0 ? 'COMPLETED' : 'IN_PROGRESS',
      userId: order.userId,
      organizationId: order.organizationId,
      purchases: structuredClone(order.purchases),
      registrationIds,
      amountInCents: amount
    }
    this.orders.set(record.orderId, record)
    return this.renderOrder(record)
  }

  /** An order on the wire (spec v2 §2.17). */
  renderOrder(o: OrderRecord): Order {
    const out: Order = { orderId: o.orderId, status: o.status, userId: o.userId, source: 'EVENT_REGISTRATION', purchases: structuredClone(o.purchases) }
    if (o.organizationId !== undefined) out.organizationId = o.organizationId
    return out
  }

  /** Starts a payment attempt (spec v2 §4.9): the order and its unpaid registrations wait for confirmation. */
  startPayment(orderId: number, paymentMethodCode: string): void {
    const order = this.orders.get(orderId)!
    const nowMs = this.clock.now()
    order.status = 'WAITING_PAYMENT_CONFIRMATION'
    order.paymentMethodCode = paymentMethodCode
    for (const id of order.registrationIds) {
      const r = this.registrations.get(id)!
      if (r.state !== 'ACTIVE' || r.paymentStatus !== 'WAITING_PAYMENT_CONFIRMATION') continue
      r.attemptMs = nowMs
      r.confirmAtMs = undefined
      this.waiting.add(id)
    }
  }

  /** The payer completed the payment at the gateway: the confirmation arrives after `CONFIRMATION_DELAY_MS`. */
  completePayment(orderId: number): void {
    const order = this.orders.get(orderId)!
    const confirmAt = this.clock.now() + CONFIRMATION_DELAY_MS
    for (const id of order.registrationIds) {
      const r = this.registrations.get(id)!
      if (this.waiting.has(id)) r.confirmAtMs = confirmAt
    }
    this.settle()
  }

  /** Cancels an order's transactions (spec v2 §3): unpaid registrations are dropped. @returns false when already completed. */
  cancelOrder(orderId: number): boolean {
    const order = this.orders.get(orderId)!
    if (order.status === 'COMPLETED') return false
    order.status = 'CANCELLED'
    for (const id of order.registrationIds) if (this.waiting.has(id)) this.drop(this.registrations.get(id)!)
    return true
  }

  /** Order status, null for unknown orders or orders of another client (spec v2 §4.9). */
  orderStatus(orderId: number, clientId: string): OrderStatus | null {
    this.settle()
    const o = this.orders.get(orderId)
    return o && o.clientId === clientId ? o.status : null
  }

  /**
   * Applies due payment transitions on the simulated clock (spec v2 §3): confirmed → PAID, unconfirmed
   * 7 days after the attempt → dropped. Runs after every clock advance and before payment reads.
   */
  settle(): void {
    const nowMs = this.clock.now()
    for (const id of [...this.waiting]) {
      const r = this.registrations.get(id)!
      if (r.confirmAtMs !== undefined && r.confirmAtMs <= nowMs) {
        this.waiting.delete(id)
        const updated = this.registrations.update(id, (x) => {
          x.paymentStatus = 'PAID'
          x.mt = this.store.tick()
        })
        for (const o of this.orders.values()) if (o.registrationIds.includes(id) && o.registrationIds.every((rid) => !this.waiting.has(rid))) o.status = 'COMPLETED'
        this.notifyRegistration(updated, 'UPDATE', 'MEMBERSHIP')
      } else if (r.attemptMs !== undefined && r.attemptMs + PAYMENT_DEADLINE_MS <= nowMs) {
        this.drop(r)
        for (const o of this.orders.values()) if (o.registrationIds.includes(id) && o.status === 'WAITING_PAYMENT_CONFIRMATION') o.status = 'CANCELLED'
      }
    }
  }

  private drop(r: RegistrationRecord): void {
    this.waiting.delete(r.id)
    const updated = this.registrations.update(r.id, (x) => {
      x.state = 'DROPPED'
      x.mt = this.store.tick()
    })
    this.notifyRegistration(updated, 'DELETE', 'MEMBERSHIP')
  }

  // ---- client data and organization users ----

  /** Stored client data of a client (spec v2 §4.10), '' when nothing is stored. */
  clientDataOf(clientId: string): ClientData {
    return { content: this.clientData.get(clientId) ?? '' }
  }

  /** Stores (content ≤ 2048 characters, checked by the route) or, with undefined, deletes client data. */
  setClientData(clientId: string, content: string | undefined): void {
    if (content === undefined) this.clientData.delete(clientId)
    else this.clientData.set(clientId, content)
  }

  /** Grants a user read or write access to an organization (spec v2 §4.1 PUT users). @returns true when created, false when it existed. */
  authorizeOrganizationUser(organizationId: number, userId: number, write: boolean): boolean {
    const key = `${organizationId}:${userId}`
    const existed = this.organizationUsers.get(key) === write
    this.organizationUsers.set(key, write)
    return !existed
  }

  /** The access a user was granted on an organization: 'write', 'read' or undefined. */
  organizationUserAccess(organizationId: number, userId: number): 'write' | 'read' | undefined {
    const write = this.organizationUsers.get(`${organizationId}:${userId}`)
    return write === undefined ? undefined : write ? 'write' : 'read'
  }

  // ---- rendering ----

  /** A granted-merit list item (spec v2 §2.9) with the person's fields of `level`. */
  renderGrant(g: GrantRecord, level: PersonalDataLevel): GrantedMerit {
    const merit = this.merits.get(g.meritId)!.data
    const group = this.meritGroups.get(merit.meritGroupId)!.data
    const owner = this.store.organization(group.organizationId)!
    const person = this.store.person(g.id)!
    const rank = PERSONAL_DATA_LEVELS.indexOf(level)
    const out: GrantedMerit = {
      id: g.id,
      modificationTime: helsinkiInstantText(g.mt),
      additionalInformation: g.additionalInfo,
      grantedMerit: {
        id: merit.id,
        grantingDate: g.grantingDate,
        meritGroupId: group.id,
        meritGroupName: group.name,
        meritId: merit.id,
        meritGranter: g.meritGranter,
        meritName: merit.name,
        organizations: [{ id: owner.id, primaryName: owner.name, type: owner.type, collectionType: owner.collectionType }],
        masterSports: (merit.masterSportIds ?? []).map((id) => ({ id, name: this.masterSports.find((m) => m.id === id)?.nameFi ?? '' }))
      }
    }
    if (g.registrationDate !== undefined) out.grantedMerit.registrationDate = g.registrationDate
    const validUntil = validUntilDate(merit, g.grantingDate)
    if (validUntil !== undefined) out.grantedMerit.validUntilDate = validUntil
    if (rank >= 1) {
      out.firstName = person.firstName
      out.lastName = person.lastName
      if (person.nickname !== undefined) out.nickname = person.nickname
    }
    if (rank >= 2) {
      out.email = person.email ?? ''
      out.phoneNumber = person.phone ?? ''
      out.guardians = (person.guardians ?? []).map((x) => ({ ...x }))
    }
    return out
  }

  /** An event registration read item (spec v2 §2.15). */
  renderRegistration(r: RegistrationRecord): EventRegistration {
    const event = this.events.get(r.eventId)!
    const org = this.store.organization(r.organizationId)!
    const out: EventRegistration = {
      eventRegistrationId: r.id,
      eventUuid: event.uuid,
      participantUserId: r.userId,
      modificationTime: helsinkiInstantText(r.mt),
      paidAmountInCents: r.paymentStatus === 'PAID' ? r.paidAmountInCents : 0,
      activeDiscountType: r.activeDiscountType,
      registrationDate: r.registrationDate,
      organizationId: org.id,
      organizationPrimaryName: org.name,
      organizationOfficialName: org.officialName ?? org.name
    }
    if (r.additionalDetails !== undefined) out.additionalDetails = r.additionalDetails
    return out
  }

  /** A registered event user (spec v2 §2.16): only id, Sport-ID, names, e-mail, phone, address and guardians, within `level`. */
  renderRegisteredUser(r: RegistrationRecord, level: PersonalDataLevel): RegisteredEventUser {
    const capped = PERSONAL_DATA_LEVELS.indexOf(level) > 2 ? 'PERMISSION_USER_CONTACT_INFO' : level
    const full = renderUserProfile(this.store.person(r.userId)!, capped)
    const user: UserProfile = { id: full.id, sportId: full.sportId, modificationTime: full.modificationTime, isAuthenticatedWithPassword: full.isAuthenticatedWithPassword, isEventInstructor: full.isEventInstructor }
    for (const key of ['firstName', 'nickname', 'lastName', 'email', 'phone', 'address', 'guardians'] as const) {
      if (full[key] !== undefined) Object.assign(user, { [key]: full[key] })
    }
    const out: RegisteredEventUser = {
      id: r.id,
      modificationTime: helsinkiInstantText(r.mt),
      eventId: r.eventId,
      user,
      paymentStatus: r.paymentStatus,
      paidAmountInCents: r.paymentStatus === 'PAID' ? r.paidAmountInCents : 0,
      activeDiscountType: r.activeDiscountType
    }
    if (r.registrationInfo !== undefined) out.registrationInfo = r.registrationInfo
    return out
  }

  /** An event search result (spec v2 §2.18). */
  renderSearchResult(e: EventRecord): EventSearchResult {
    const organizer = this.store.organization(e.organizerId)!
    return {
      eventId: e.id,
      name: e.name,
      sports: e.masterSportIds.map((id) => this.masterSports.find((m) => m.id === id)?.nameFi ?? ''),
      organizerId: organizer.id,
      organizerName: organizer.name,
      startDateTime: e.start,
      endDateTime: e.end,
      registrationStartDateTime: e.registrationStart,
      registrationEndDateTime: e.registrationEnd,
      currentAttendeeCount: this.attendeeCount(e.id),
      maxAttendeeCount: e.maxAttendeeCount ?? 0,
      imageUrl: '',
      locationAddress: e.locationAddress,
      locationDescription: e.locationDescription,
      locationCoordinates: { lat: e.lat, lon: e.lon },
      uuid: e.uuid,
      priceInCents: e.priceInCents,
      productDiscounts: [],
      parentSeriesEventId: 0,
      parentSeriesEventUuid: '',
      parentSeriesEventName: '',
      tags: [...e.tags],
      purpose: e.purpose
    }
  }

  /** An event of v3 GET /event (spec v3 §2 PublicAPIEventSearchResult). */
  renderV3Event(e: EventRecord): PublicApiEvent {
    const organizer = this.store.organization(e.organizerId)!
    const muni = e.municipalityId === undefined ? undefined : loadMunicipalities().find((m) => m.code === e.municipalityId)
    const sports = e.masterSportIds.map((id) => this.masterSports.find((m) => m.id === id)?.nameFi ?? '')
    const out: PublicApiEvent = {
      eventId: e.id,
      name: e.name,
      description: e.description,
      sports,
      mastersports: sports,
      organizerId: organizer.id,
      organizerName: organizer.name,
      startDateTime: e.start,
      endDateTime: e.end,
      currentAttendeeCount: this.attendeeCount(e.id),
      locationAddress: e.locationAddress,
      locationDescription: e.locationDescription,
      locationCoordinates: { lat: e.lat, lon: e.lon },
      uuid: e.uuid,
      priceInCents: e.priceInCents,
      sportEventSponsoringProjectNames: [],
      sportEventSponsoringProjectIds: [],
      registrationStartTime: e.registrationStart,
      registrationEndTime: e.registrationEnd,
      tags: [...e.tags],
      allowedGender: e.allowedGender ?? null,
      eventKind: 'INDIVIDUAL',
      contactPersonName: e.contactPersonName,
      contactPersonEmail: e.contactPersonEmail,
      contactPersonPhone: e.contactPersonPhone,
      creationTime: formatHelsinkiInstant(e.creationMs * 1000),
      modificationTime: formatHelsinkiInstant(e.mt),
      purpose: e.purpose
    }
    if (e.maxAttendeeCount !== undefined) out.maxAttendeeCount = e.maxAttendeeCount
    if (e.registrationMinBirthDate !== undefined) out.registrationMinBirthDate = e.registrationMinBirthDate
    if (e.registrationMaxBirthDate !== undefined) out.registrationMaxBirthDate = e.registrationMaxBirthDate
    if (muni) Object.assign(out, { municipalityId: muni.code, municipalityNameFi: muni.nameFi, municipalityNameSe: muni.nameSv })
    if (e.deletionMs !== undefined) out.deletionTime = formatHelsinkiInstant(e.deletionMs * 1000)
    return out
  }

  // ---- webhooks (spec v3 §6) ----

  private notifyEvent(e: EventRecord, type: 'UPDATE' | 'DELETE'): void {
    if (!e.webhookUrl || !this.webhookSink) return
    this.webhookSink(e.webhookUrl, { type: 'EVENT', eventPayload: { type, eventId: e.id, timestamp: formatHelsinkiInstant(e.mt) } })
  }

  private notifyRegistration(r: RegistrationRecord, type: 'CREATE' | 'UPDATE' | 'DELETE', registrationType: 'CROWD' | 'MEMBERSHIP'): void {
    const e = this.events.get(r.eventId)!
    if (!e.webhookUrl || !this.webhookSink) return
    this.webhookSink(e.webhookUrl, {
      type: 'EVENT_REGISTRATION',
      eventRegistrationPayload: { type, eventId: e.id, eventRegistrationId: r.id, userId: r.userId, timestamp: formatHelsinkiInstant(r.mt), registrationType }
    })
  }
}

/** Valid-until date of a grant (spec v2 §2.8 validity types): none for PERPETUAL. */
function validUntilDate(merit: Merit, grantingDate: string): string | undefined {
  if (merit.meritValidityPeriodType === 'FIXED_DATE') return merit.validityFixedDate
  if (merit.meritValidityPeriodType !== 'FIXED_DURATION' || !merit.validityFixedDurationInMonths) return undefined
  const d = new Date(`${grantingDate}T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + merit.validityFixedDurationInMonths)
  return d.toISOString().slice(0, 10)
}
