/**
 * The v3 interface (spec v3 §4) except the token endpoints: area associations and their
 * children, master sports, municipalities, organization queries, master clubs' sports clubs,
 * events (list and create), event participants with merit grants, merit creation, user lookup
 * and version info. Default page 0 and size 50 (spec v3 §8).
 *
 * Choices the spec leaves open, made here: the same bearer tokens as v2 are required; reference
 * data (area associations, master sports, municipalities, federations, organization queries) is
 * readable by every client; event listing shows PUBLIC, PUBLISHED events of every federation;
 * writes need write permission on the organizer or the merit group's organization (403);
 * unknown ids in paths are 400; `organizationOrigin` of the service's own organizations is
 * SERVICE; POST /event takes the webhook URL in `webhookUrl`; a client has rights to a user
 * (GET /user/{sportId}/user-id, else 403) through the user's federation or through an organization
 * the user's data is readable by (spec v2 §4.3), so a club's client finds its own members.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Organization } from '../../shared/api/v2'
import type { OrganizationSearchResponse, PublicOrganization, VersionInfo } from '../../shared/api/v3'
import { canRead, canWrite } from '../access'
import { DELETED_EVENTS_WINDOW_MS, eventLocalDateTime, type ActivityStore } from '../activity'
import type { EventRecord } from '../activityRecords'
import { badRequest, forbidden, HttpError } from '../httpError'
import { parseListParams, parsePathId, type RawQuery } from '../listParams'
import { loadMunicipalities } from '../municipalities'
import type { OrganizationRecord } from '../records'
import { sendPage } from '../respond'
import type { SimulatedClock } from '../simulatedClock'
import { parseBody } from './activity'
import type { PathParams, RouteDeps } from './deps'
import { date } from './fields'

/** Interface version of spec v3 §9. */
export const V3_VERSION: VersionInfo = { fullVersion: '3.3.0', major: 3, minor: 3, patch: '0' }
/** At most this many organization search results per organization origin (spec v3 §8). */
const SEARCH_LIMIT = 20

const eventDateTime = z.object({ date, time: z.iso.time({ precision: -1, error: 'must be a time HH:MM' }).optional() })
const priceDetails = z.object({ name: z.string(), description: z.string(), priceInCents: z.number().int().min(0) })
const purpose = z.enum(['SPORTS', 'EDUCATION', 'ORGANIZATIONAL', 'OTHER', 'PROMOTION'])

/** Spec v3 §2 CreateEvent. */
const createEventBody = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  organizerId: z.number().int().positive(),
  locationAddress: z.string().optional(),
  locationDescription: z.string().optional(),
  locationCoordinates: z.object({ lat: z.number(), lon: z.number() }).optional(),
  priceDetails: z.union([priceDetails, z.array(priceDetails)]).optional(),
  municipalityId: z.number().int().optional(),
  mastersportIds: z.array(z.number().int()).optional(),
  startDateTime: eventDateTime,
  endDateTime: eventDateTime,
  registrationStartDateTime: eventDateTime.optional(),
  registrationEndDateTime: eventDateTime.optional(),
  maxAttendeeCount: z.number().int().min(1).optional(),
  registrationCancellable: z.boolean(),
  registrationCancellationDeadline: z.unknown().optional(),
  educationalSystem: z.object({ name: z.enum(['PINJA', 'PRIIMA']), courseId: z.string() }).optional(),
  meritIds: z.array(z.number().int()).optional(),
  allowedRegisterer: z.enum(['ATHLETE', 'ORGANIZATION_USER', 'BOTH']),
  visibility: z.enum(['PUBLIC', 'PRIVATE']),
  purpose,
  status: z.enum(['DRAFT', 'PUBLISHED']).optional(),
  eventKind: z.enum(['INDIVIDUAL', 'CROWD_REGISTRATION']).optional(),
  webhookUrl: z.string().url().optional()
})

/** Spec v3 §2 MeritGrant (limits as in spec v2 §8). */
const meritGrant = z
  .object({
    grantingDate: date,
    granterUserId: z.number().int().positive().optional(),
    meritGranter: z.string().min(1).max(255).optional(),
    meritAdditionalInfo: z.string().max(2048).optional(),
    registrationDate: date.optional(),
    notifyGrantees: z.boolean().optional()
  })
  .refine((g) => g.granterUserId !== undefined || g.meritGranter !== undefined, 'one of granterUserId or meritGranter is required')

/** Spec v3 §2 CreateEventParticipants. */
const participantsBody = z
  .object({
    userIds: z.array(z.number().int().positive()).min(1).max(10_000).refine((ids) => new Set(ids).size === ids.length, 'user ids must be unique'),
    grantEventMerits: z.boolean(),
    meritGrant: meritGrant.optional()
  })
  .refine((b) => !b.grantEventMerits || b.meritGrant !== undefined, 'meritGrant is required when grantEventMerits is true')

/** Spec v3 §2 CreateMerit. */
const createMeritBody = z
  .object({
    name: z.string().min(1),
    description: z.string().min(1),
    meritGroupId: z.number().int().positive(),
    organizationId: z.number().int().positive(),
    meritGrantingAuthorType: z.enum(['BOTH', 'CLUB', 'FEDERATION']),
    meritValidityPeriodType: z.enum(['PERPETUAL', 'FIXED_DURATION', 'FIXED_DATE']),
    type: z.enum(['COMPETITION', 'CARD']),
    validityFixedDate: date.optional(),
    validityFixedDurationInMonths: z.number().int().min(1).optional(),
    mastersportIds: z.array(z.number().int()).min(1).max(10_000).optional(),
    userProvidedMasterSportRequired: z.boolean().optional()
  })
  .refine((m) => m.meritValidityPeriodType !== 'FIXED_DATE' || m.validityFixedDate !== undefined, 'validityFixedDate is required with FIXED_DATE')
  .refine((m) => m.meritValidityPeriodType !== 'FIXED_DURATION' || m.validityFixedDurationInMonths !== undefined, 'validityFixedDurationInMonths is required with FIXED_DURATION')

/** An organization as the public v3 interfaces show it (spec v3 §2 PublicOrganization). */
export function toPublicOrganization(o: Organization, areaAssociationName?: string): PublicOrganization {
  const out: PublicOrganization = {
    id: o.id,
    organizationType: o.type,
    organizationCollectionType: o.collectionType,
    officialName: o.officialName ?? o.name,
    abbreviation: o.shortName,
    description: o.description,
    sportId: o.sportId,
    parentOrganizationId: o.parentId,
    sportsFederationId: o.federationId,
    masterClubId: o.masterClubId,
    areaAssociationId: o.areaAssociationId,
    emailAddress: o.emailAddress,
    phoneNumber: o.phone,
    businessId: o.businessId,
    address: o.address && { ...o.address },
    municipalityId: o.municipalityId,
    iban: o.iban,
    bic: o.bic,
    sportsFederationName: o.federationName,
    masterClubName: o.masterClubName,
    areaAssociationName
  }
  for (const key of Object.keys(out) as (keyof PublicOrganization)[]) if (out[key] === undefined) delete out[key]
  return out
}

/** Registers the v3 routes (under the v3 prefix). */
export function registerV3Routes(app: FastifyInstance, deps: RouteDeps, activity: ActivityStore, clock: SimulatedClock): void {
  const { store, sender } = deps
  const path = (request: FastifyRequest, name: string): number => parsePathId((request.params as PathParams)[name], name)
  const active = (o: OrganizationRecord): boolean => o.data.status === 'ACTIVE'
  const orgs = (): readonly OrganizationRecord[] => store.organizations.all()
  let bySportId: Map<number, number> | undefined

  function searchItem(o: Organization): OrganizationSearchResponse {
    const out: OrganizationSearchResponse = { id: o.id, primaryName: o.name, organizationType: o.type, organizationCollectionType: o.collectionType, organizationOrigin: 'SERVICE', hasAdminUsers: true }
    if (o.federationName !== undefined) out.sportsFederationName = o.federationName
    if (o.type === 'ORGANIZATION_COLLECTION') out.organizationCollectionDetails = { memberOrganizationCount: orgs().filter((c) => c.data.masterClubId === o.id).length }
    return out
  }

  function idList(query: RawQuery): number[] {
    const raw = query.organizationIds
    const parts = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((p) => p.split(','))
    if (parts.length === 0 || parts.some((p) => !/^\d{1,15}$/.test(p.trim()))) throw badRequest('organizationIds is a required list of integers')
    return parts.map((p) => Number(p.trim()))
  }

  /** Area association of each wellbeing county: the main federation's area whose municipality lies in it. */
  function areaOfCounty(): Map<string, Organization> {
    const munis = new Map(loadMunicipalities().map((m) => [m.code, m]))
    const out = new Map<string, Organization>()
    for (const o of orgs()) {
      if (o.data.type !== 'AREA' || o.data.federationId !== store.federationId) continue
      const county = munis.get(o.data.municipalityId ?? -1)?.wellbeingCountyFi
      if (county !== undefined && !out.has(county)) out.set(county, o.data)
    }
    return out
  }

  app.get('/area-association', async () =>
    orgs()
      .filter((o) => active(o) && o.data.type === 'AREA')
      .map((o) => ({ id: o.id, officialName: o.data.officialName ?? o.data.name, grantStatementGroup: { primaryName: o.data.federationName ?? '', id: o.data.federationId! } }))
  )

  app.get('/area-association/:areaAssociationId/listChildren', async (request, reply) => {
    const areaId = path(request, 'areaAssociationId')
    const query = request.query as RawQuery
    const params = parseListParams(query)
    const businessId = typeof query.businessId === 'string' ? query.businessId : undefined
    const area = store.organizations.get(areaId)
    if (!area || area.data.type !== 'AREA') throw badRequest(`invalid area association id ${areaId}`)
    const page = store.organizations.query({ ...params, where: (o) => active(o) && o.data.parentId === areaId && (businessId === undefined || o.data.businessId === businessId) })
    sendPage(sender, request, reply, { content: page.items.map((o) => toPublicOrganization(o.data, area.data.name)), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  app.get('/sportsfederation/:federationId/mastersports', async (request) => {
    const fed = path(request, 'federationId')
    if (store.organizations.get(fed)?.data.type !== 'SPORTS_FEDERATION') throw badRequest(`invalid federation id ${fed}`)
    const ids = new Set(activity.federationMasterSports.get(fed) ?? [])
    return activity.masterSports.filter((m) => ids.has(m.id))
  })

  app.get('/mastersports', async () => activity.masterSports)

  app.get('/municipalities', async () => {
    const areas = areaOfCounty()
    return loadMunicipalities().map((m) => {
      const area = areas.get(m.wellbeingCountyFi)
      return {
        id: m.code,
        nameFi: m.nameFi,
        nameSe: m.nameSv,
        ...(area ? { areaAssociation: { id: area.id, primaryName: area.name, emailAddress: area.emailAddress, phoneNumber: area.phone } } : {})
      }
    })
  })

  app.get('/master-club/:masterClubId/sportsClubs', async (request) => {
    const masterId = path(request, 'masterClubId')
    if (!activity.masterClubIds.includes(masterId)) throw badRequest(`invalid master club id ${masterId}`)
    return orgs()
      .filter((o) => active(o) && o.data.masterClubId === masterId)
      .map((o) => {
        const ids = new Set(activity.federationMasterSports.get(o.data.federationId ?? -1) ?? [])
        return { id: o.id, primaryName: o.data.name, sportsFederationId: o.data.federationId, sportsFederationName: o.data.federationName, sports: activity.masterSports.filter((m) => ids.has(m.id)) }
      })
  })

  app.get('/api-version-info', async () => V3_VERSION)

  app.get('/organization/municipality/list', async () => loadMunicipalities().map((m) => ({ id: m.code, primaryName: m.nameFi })))

  app.get('/organization/sports-federation/list', async (request) => {
    const raw = (request.query as RawQuery).includePassive
    if (raw !== undefined && raw !== 'true' && raw !== 'false') throw badRequest('includePassive must be true or false')
    return orgs()
      .filter((o) => o.data.type === 'SPORTS_FEDERATION' && (raw === 'true' || active(o)))
      .map((o) => searchItem(o.data))
  })

  app.get('/organization/getMultiple', async (request) => {
    const ids = idList(request.query as RawQuery)
    return ids.map((id) => store.organizations.get(id)).filter((o): o is OrganizationRecord => o !== undefined && active(o)).map((o) => toPublicOrganization(o.data))
  })

  app.get('/organization/queryVisibility', async (request) => {
    const ids = idList(request.query as RawQuery)
    return ids.filter((id) => {
      const o = store.organizations.get(id)
      return o !== undefined && active(o)
    })
  })

  app.get('/organization/search', async (request) => {
    const q = request.query as RawQuery
    const text = (name: string): string | undefined => (typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : undefined)
    const businessId = text('businessId')
    const registrationNumber = text('registrationNumber')
    const name = text('name')?.toLowerCase()
    const fedRaw = text('sportsFederationId')
    if (fedRaw !== undefined && !/^\d{1,15}$/.test(fedRaw)) throw badRequest('sportsFederationId must be an integer')
    // No search term: an empty list (spec v3 §4 organization search rules).
    if (businessId === undefined && registrationNumber === undefined && name === undefined) return []
    const type = text('type')
    const collectionType = text('collectionType')
    return orgs()
      .filter(
        (o) =>
          active(o) &&
          (businessId === undefined || o.data.businessId === businessId) &&
          registrationNumber === undefined &&
          (name === undefined || o.data.name.toLowerCase().includes(name)) &&
          (fedRaw === undefined || o.data.federationId === Number(fedRaw) || o.id === Number(fedRaw)) &&
          (type === undefined || o.data.type === type) &&
          (collectionType === undefined || o.data.collectionType === collectionType)
      )
      .slice(0, SEARCH_LIMIT)
      .map((o) => searchItem(o.data))
  })

  app.get('/user/:sportId/user-id', async (request) => {
    const sportId = path(request, 'sportId')
    if (!bySportId) {
      bySportId = new Map()
      for (const fed of [store.federationId, store.otherFederationId]) for (const id of store.personIds(fed)) bySportId.set(store.person(id)!.sportId, id)
    }
    const userId = bySportId.get(sportId)
    const client = deps.clientOf(request)
    if (userId === undefined || sportId < 10_000_000 || sportId > 999_999_999) throw forbidden(`invalid Sport-ID ${sportId}`)
    const roots = [...client.readableOrganizationIds, ...client.writableOrganizationIds]
    if (!canRead(store, client, store.person(userId)!.federationId) && !roots.some((root) => activity.usersNotReadableBy(root, [userId]).length === 0)) throw forbidden(`no rights to the user with Sport-ID ${sportId}`)
    return { userId }
  })

  app.post('/merit', async (request) => {
    const body = parseBody(createMeritBody, request.body)
    const group = activity.meritGroups.get(body.meritGroupId)
    if (!group || group.data.organizationId !== body.organizationId) throw badRequest(`invalid merit group id ${body.meritGroupId} for organization ${body.organizationId}`)
    if (!canWrite(store, deps.clientOf(request), body.organizationId)) throw forbidden(`no write access to organization ${body.organizationId}`)
    const merit = activity.createMerit(body)
    return { id: merit.id, meritGroupId: merit.meritGroupId, name: merit.name }
  })

  app.post('/event', async (request) => {
    const body = parseBody(createEventBody, request.body)
    const organizer = store.organizations.get(body.organizerId)
    if (!organizer) throw badRequest(`invalid organizerId ${body.organizerId}`)
    if (!canWrite(store, deps.clientOf(request), body.organizerId)) throw forbidden(`no write access to organization ${body.organizerId}`)
    if (eventLocalDateTime(body.endDateTime, 'end') < eventLocalDateTime(body.startDateTime, 'start')) throw badRequest('endDateTime is before startDateTime')
    const unknownMerit = (body.meritIds ?? []).find((id) => !activity.merits.get(id))
    if (unknownMerit !== undefined) throw badRequest(`unknown merit id ${unknownMerit}`)
    const fed = store.federationOf(body.organizerId)!
    const event = activity.createEvent(body, fed)
    return { id: event.id, uuid: event.uuid, name: event.name, organizerId: event.organizerId, visibility: event.visibility, status: event.status }
  })

  app.post('/event/:eventUuid/participants', async (request) => {
    const uuid = (request.params as PathParams).eventUuid ?? ''
    const event = activity.eventByUuid(uuid)
    if (!event || event.deletionMs !== undefined) throw new HttpError(404, `no event with uuid ${JSON.stringify(uuid)}`)
    const body = parseBody(participantsBody, request.body)
    if (!canWrite(store, deps.clientOf(request), event.organizerId)) throw forbidden(`no write access to organization ${event.organizerId}`)
    const unreadable = activity.usersNotReadableBy(event.federationId, body.userIds)
    if (unreadable.length) throw badRequest(`users not readable by the organization: ${unreadable.slice(0, 20).join(', ')}`)
    if (body.grantEventMerits && event.meritIds.length === 0) throw badRequest(`event ${event.id} has no merits to grant`)
    const listed = new Set(activity.listedRegistrations(event.id).map((r) => r.userId))
    for (const userId of body.userIds) if (!listed.has(userId)) activity.register(event, userId, {}, 'MEMBERSHIP')
    if (body.grantEventMerits) {
      const g = body.meritGrant!
      let granter = g.meritGranter ?? ''
      if (g.granterUserId !== undefined) {
        const person = store.person(g.granterUserId)
        if (!person) throw badRequest(`unknown granterUserId ${g.granterUserId}`)
        granter = `${person.firstName} ${person.lastName}`
      }
      for (const meritId of event.meritIds) {
        activity.grantMerit(meritId, { grantingDate: g.grantingDate, meritGranter: granter, additionalInfo: g.meritAdditionalInfo ?? '', registrationDate: g.registrationDate, grantees: body.userIds })
      }
    }
    return { eventId: event.id, participants: body.userIds.length }
  })

  /**
   * `sort` of GET /event (spec v3 §4: "sort (field names)", accepted values not shown). Chosen
   * here, in Spring's form `field[,asc|desc]`: only `modificationTime`, ordering like `tsOrder`
   * of v2 (ties by ascending id); anything else answers 400. Without it, the default order.
   */
  function eventSort(value: string | undefined): 'asc' | 'desc' | undefined {
    if (value === undefined) return undefined
    const match = /^modificationTime(?:,(asc|desc))?$/i.exec(value)
    if (!match) throw badRequest(`sort must be modificationTime[,asc|desc], got ${JSON.stringify(value)}`)
    return (match[1]?.toLowerCase() as 'asc' | 'desc' | undefined) ?? 'asc'
  }

  app.get('/event', async (request, reply) => {
    const q = request.query as RawQuery
    const params = parseListParams({ page: q.page, size: q.size }, true)
    const flag = (name: string): boolean => {
      const raw = q[name]
      if (raw !== undefined && raw !== 'true' && raw !== 'false') throw badRequest(`${name} must be true or false`)
      return raw === 'true'
    }
    const includeDeleted = flag('includeDeletedEvents')
    const text = (name: string): string | undefined => (typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : undefined)
    const num = (name: string): number | undefined => {
      const raw = text(name)
      if (raw === undefined) return undefined
      const n = Number(raw)
      if (!Number.isFinite(n)) throw badRequest(`${name} must be a number`)
      return n
    }
    const from = text('dateTimeRangeStart')?.slice(0, 19)
    const to = text('dateTimeRangeEnd')?.slice(0, 19)
    const municipality = text('municipalityName')?.toLowerCase()
    const minPrice = num('minPriceInCents')
    const maxPrice = num('maxPriceInCents')
    const searchTerm = text('searchTerm')?.toLowerCase()
    const purposeFilter = text('purpose')
    const tags = [...[q.tags ?? []].flat(), ...[q.tag ?? []].flat()].flatMap((t) => t.split(',')).filter((t) => t !== '')
    const masterIds = [q.mastersportIds ?? []].flat().flatMap((t) => t.split(',')).filter((t) => t !== '').map(Number)
    const munis = new Map(loadMunicipalities().map((m) => [m.code, m]))
    const oldestDeletion = clock.now() - DELETED_EVENTS_WINDOW_MS
    const where = (e: EventRecord): boolean => {
      if (e.status !== 'PUBLISHED' || e.visibility !== 'PUBLIC') return false
      if (e.deletionMs !== undefined && (!includeDeleted || e.deletionMs < oldestDeletion)) return false
      if (from !== undefined && e.end < from) return false
      if (to !== undefined && e.start > to) return false
      if (minPrice !== undefined && e.priceInCents < minPrice) return false
      if (maxPrice !== undefined && e.priceInCents > maxPrice) return false
      if (purposeFilter !== undefined && e.purpose !== purposeFilter) return false
      if (tags.length && !tags.some((t) => e.tags.includes(t))) return false
      if (masterIds.length && !masterIds.some((id) => e.masterSportIds.includes(id))) return false
      const muni = e.municipalityId === undefined ? undefined : munis.get(e.municipalityId)
      if (municipality !== undefined && muni?.nameFi.toLowerCase() !== municipality && muni?.nameSv.toLowerCase() !== municipality) return false
      if (searchTerm !== undefined) {
        const organizer = store.organizations.get(e.organizerId)!.data.name
        const sports = e.masterSportIds.map((id) => activity.masterSports.find((m) => m.id === id)?.nameFi ?? '')
        if (![e.name, e.locationAddress, e.locationDescription, organizer, ...e.tags, ...sports].some((t) => t.toLowerCase().includes(searchTerm))) return false
      }
      return true
    }
    const page = activity.events.query({ ...params, tsOrder: eventSort(text('sort')), where })
    sendPage(sender, request, reply, { content: page.items.map((e) => activity.renderV3Event(e)), pageable: { page: params.page, size: params.size, total: page.total } })
  })
}
