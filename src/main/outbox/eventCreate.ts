import type { ApiEventPage, CreatedEvent, CreateEvent, EventDateTime, PublicApiEvent } from '../../shared/api/v3'
import { problem, type OutboxProblem } from '../../shared/outboxProblems'
import type { ApiClient } from '../api/client'
import { openItemsOfKind } from '../db/outbox'
import { prepared } from '../db/statements'
import type { ReadableDB } from '../db/open'
import { checkDate, checkHttpUrl, checkId, checkOneOf, checkTime, listSome, localMeritExists, localOrganization, mirrors } from './checks'
import { Problems } from './errors'
import type { Operation } from './operation'

const PURPOSES = ['SPORTS', 'EDUCATION', 'ORGANIZATIONAL', 'OTHER', 'PROMOTION'] as const
const REGISTERERS = ['ATHLETE', 'ORGANIZATION_USER', 'BOTH'] as const
/** Events reached by reading pages of GET /event while reconciling; one page of the chosen size is the usual case. */
const LIST_PAGE_SIZE = 500

/**
 * Creates an event (spec v3 §4 POST /event, body CreateEvent, 200 CreatedEvent), optionally with
 * a `webhookUrl` that registers the client as listener for the event's webhooks (spec v3 §6; the
 * spec does not name the field, the sandbox and our wire types call it `webhookUrl`). Not
 * idempotent: a second POST makes a second event. After an `unknown` the worker lists events
 * (GET /event with the event's name as `searchTerm`, its dates as the range and deleted events
 * included) and adopts the one with the same name, organizer and start and end; only when none
 * is there is it sent again. GET /event lists only PUBLIC, PUBLISHED events (spec v3 §3: a DRAFT
 * is not visible, a PRIVATE one reachable only by URL), so a lost answer to creating any other
 * cannot be read back: that item stays `unknown` for a person to retry or discard.
 *
 * Checked before queuing: `name` not empty; the organizer is a known, active organization; start
 * and end (and the registration period, when given) are real dates with optional `HH:MM` times,
 * the end not before the start; `maxAttendeeCount` ≥ 1; the enumerations of spec v3 §2; price
 * rows with a name, description and a whole `priceInCents` ≥ 0; `meritIds` unique and known
 * locally (once the sync mirrors merits); `webhookUrl` an absolute http(s) URL; no event of that
 * name, organizer and start is in the local database or being created by an item not yet done.
 */
export const eventCreate: Operation<CreateEvent, CreateEvent> = {
  kind: 'event-create',
  idempotent: false,

  prepare(db, input, { editing }) {
    const problems = new Problems()
    if (typeof input.name !== 'string' || input.name.trim() === '') problems.add(problem('empty-text', { what: 'name' }))
    problems.add(checkId(input.organizerId, 'organizerId'))
    const period = checkPeriod(problems, input.startDateTime, input.endDateTime, 'startDateTime', 'endDateTime')
    if (input.registrationStartDateTime !== undefined || input.registrationEndDateTime !== undefined) {
      checkPeriod(problems, input.registrationStartDateTime, input.registrationEndDateTime, 'registrationStartDateTime', 'registrationEndDateTime', true)
    }
    if (input.maxAttendeeCount !== undefined && (!Number.isSafeInteger(input.maxAttendeeCount) || input.maxAttendeeCount < 1)) problems.add(problem('event-create.max-attendees', { value: JSON.stringify(input.maxAttendeeCount) }))
    if (typeof input.registrationCancellable !== 'boolean') problems.add(problem('not-a-boolean', { what: 'registrationCancellable' }))
    problems.add(checkOneOf(input.allowedRegisterer, 'allowedRegisterer', REGISTERERS))
    problems.add(checkOneOf(input.visibility, 'visibility', ['PUBLIC', 'PRIVATE']))
    problems.add(checkOneOf(input.purpose, 'purpose', PURPOSES))
    if (input.status !== undefined) problems.add(checkOneOf(input.status, 'status', ['DRAFT', 'PUBLISHED']))
    if (input.eventKind !== undefined) problems.add(checkOneOf(input.eventKind, 'eventKind', ['INDIVIDUAL', 'CROWD_REGISTRATION']))
    const prices = input.priceDetails === undefined ? [] : Array.isArray(input.priceDetails) ? input.priceDetails : [input.priceDetails]
    prices.forEach((row, i) => {
      if (typeof row?.name !== 'string' || typeof row.description !== 'string') problems.add(problem('event-create.price-row-incomplete', { row: i + 1 }))
      if (!Number.isSafeInteger(row?.priceInCents) || row.priceInCents < 0) problems.add(problem('event-create.price-row-cents', { row: i + 1 }))
    })
    const meritIds = input.meritIds ?? []
    const badMerits = meritIds.filter((id) => checkId(id, 'meritIds') !== null)
    if (badMerits.length) problems.add(problem('event-create.merit-ids', { values: listSome(badMerits.map((id) => JSON.stringify(id))) }))
    if (new Set(meritIds).size !== meritIds.length) problems.add(problem('event-create.repeated-merits'))
    if (input.webhookUrl !== undefined) problems.add(checkHttpUrl(input.webhookUrl, 'webhookUrl'))
    if (problems.none) {
      const organizer = localOrganization(db, input.organizerId)
      if (!organizer) problems.add(problem('unknown-organization', { organizationId: input.organizerId }))
      else if (organizer.status !== 'ACTIVE') {
        problems.add(organizer.name !== null ? problem('event-create.organizer-inactive', { name: organizer.name }) : problem('event-create.unnamed-organizer-inactive', { organizerId: input.organizerId }))
      }
      const unknownMerits = mirrors(db, 'merit') ? meritIds.filter((id) => !localMeritExists(db, id)) : []
      if (unknownMerits.length) problems.add(problem('unknown-merits', { ids: listSome(unknownMerits) }))
      const name = input.name.trim()
      const existing = period ? localEventLike(db, name, input.organizerId, input.startDateTime) : undefined
      if (existing !== undefined) problems.add(problem('event-create.event-exists', { organizerId: input.organizerId, name: JSON.stringify(name), start: localTime(input.startDateTime), eventId: existing }))
      const same = openItemsOfKind(db, 'event-create').find((item) => item.id !== editing && sameEvent(item.payload, { ...input, name }))
      if (same) problems.add(problem('event-create.already-queued', { itemId: same.id, state: same.state }))
    }
    problems.throwIfAny('the event')
    return completeBody(input)
  },

  effects: () => [],

  refersTo: (event) => [{ to: 'organization', id: event.organizerId }, ...(event.meritIds ?? []).map((id) => ({ to: 'merit' as const, id }))],

  describe: (event) =>
    `create event ${JSON.stringify(event.name)} of organization ${event.organizerId} on ${localTime(event.startDateTime).replace('T', ' ')}${event.webhookUrl ? ` (webhooks to ${event.webhookUrl})` : ''}`,

  async send(client, event) {
    const answer = await client.writeV3<CreatedEvent>('POST', '/event', { body: event })
    return { status: answer.status, answer: answer.body }
  },

  async reconcile(client, event) {
    if ((event.status ?? 'PUBLISHED') !== 'PUBLISHED' || event.visibility !== 'PUBLIC') {
      return { applied: 'undecided', reason: `a ${event.status === 'DRAFT' ? 'draft' : 'private'} event is not listed by GET /event, so whether it was created cannot be read back` }
    }
    const found = await findEvent(client, event)
    if (!found) return { applied: false }
    const created: CreatedEvent = { id: found.eventId, uuid: found.uuid, name: found.name, organizerId: found.organizerId, visibility: 'PUBLIC', status: 'PUBLISHED' }
    return { applied: true, status: 200, answer: created }
  }
}

/** The body exactly as spec v3 §2 CreateEvent names it, the name trimmed; fields not given stay out. */
function completeBody(input: CreateEvent): CreateEvent {
  const body: CreateEvent = { ...input, name: input.name.trim() }
  for (const key of Object.keys(body) as (keyof CreateEvent)[]) if (body[key] === undefined) delete body[key]
  return body
}

/** `date` with its time (`HH:MM`, midnight when not given) as a local `yyyy-mm-ddTHH:MM`. */
function localTime(at: EventDateTime): string {
  return `${at.date}T${at.time ?? '00:00'}`
}

/** An EventDateTime (spec v3 §2): a real date, an optional `HH:MM`. */
function checkDateTime(value: EventDateTime | undefined, what: string): OutboxProblem | null {
  if (typeof value !== 'object' || value === null) return problem('event-create.no-date', { what })
  return checkDate(value.date, `${what}.date`) ?? (value.time === undefined ? null : checkTime(value.time, `${what}.time`))
}

/**
 * Checks a period of two EventDateTimes (each optional when `optional`) and that it does not end
 * before it starts; adds the problems. @returns true when both are given and valid.
 */
function checkPeriod(problems: Problems, start: EventDateTime | undefined, end: EventDateTime | undefined, startName: string, endName: string, optional = false): boolean {
  const startProblem = optional && start === undefined ? null : checkDateTime(start, startName)
  const endProblem = optional && end === undefined ? null : checkDateTime(end, endName)
  problems.add(startProblem)
  problems.add(endProblem)
  if (startProblem || endProblem || !start || !end) return false
  // A date alone ends nothing before its day is over (`sameTime`): on the start's day it is no earlier.
  const before = end.date < start.date || (end.date === start.date && end.time !== undefined && localTime(end) < localTime(start))
  if (before) problems.add(problem('event-create.end-before-start', { end: endName, start: startName }))
  return true
}

/** Same name, organizer and start: the same event (names compared case-insensitively). */
function sameEvent(a: CreateEvent, b: CreateEvent): boolean {
  return a.organizerId === b.organizerId && a.name.toLowerCase() === b.name.toLowerCase() && localTime(a.startDateTime) === localTime(b.startDateTime)
}

/** The id of a local event with the name and organizer starting at that local time (`sameTime`), or undefined. */
function localEventLike(db: ReadableDB, name: string, organizerId: number, start: EventDateTime): number | undefined {
  return prepared(db, 'SELECT id FROM event WHERE organizer_id = ? AND lower(name) = lower(?) AND substr(start_date_time, 1, length(:at)) = :at ORDER BY id LIMIT 1')
    .pluck()
    .get(organizerId, name, { at: sameTime(start) }) as number | undefined
}

/**
 * What a listed local date-time (`yyyy-mm-ddTHH:MM…`) must begin with to be `at`: its date and time
 * to the minute, or its date alone when `at` has no time, since the spec does not say which time of
 * the day the registry keeps for a date alone (spec v3 §2 EventDateTime: time optional).
 */
function sameTime(at: EventDateTime): string {
  return at.time === undefined ? at.date : localTime(at)
}

/**
 * The listed event with the payload's name, organizer, start and end (spec v3 §4 GET /event;
 * times compared to the minute, the listing's being local date-times, or by date alone for a date
 * without a time, `sameTime`), deleted ones included.
 */
async function findEvent(client: ApiClient, event: CreateEvent): Promise<PublicApiEvent | undefined> {
  const start = sameTime(event.startDateTime)
  const end = sameTime(event.endDateTime)
  const rangeEnd = event.endDateTime.time === undefined ? `${event.endDateTime.date}T23:59:59` : `${localTime(event.endDateTime)}:00`
  const query = { searchTerm: event.name, dateTimeRangeStart: `${localTime(event.startDateTime)}:00`, dateTimeRangeEnd: rangeEnd, includeDeletedEvents: true, size: LIST_PAGE_SIZE }
  for (let page = 0; ; page++) {
    const answer = await client.getV3<ApiEventPage>('/event', { ...query, page })
    const content = answer?.content ?? []
    const found = content.find((e) => e.name === event.name && e.organizerId === event.organizerId && e.startDateTime?.startsWith(start) === true && e.endDateTime?.startsWith(end) === true)
    if (found) return found
    if (content.length < LIST_PAGE_SIZE || (page + 1) * LIST_PAGE_SIZE >= (answer?.pageable?.total ?? 0)) return undefined
  }
}
