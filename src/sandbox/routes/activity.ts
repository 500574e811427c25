/**
 * v2 merits (spec v2 §4.3), event registrations (§4.8), orders (§4.9), client data (§4.10),
 * event search (§4.11), club transfer (§4.6), club creation and organization users (§4.1).
 * Bodies are checked with zod against the limits of spec v2 §8; a failed check is a 400 naming
 * the field. Writes need write permission on the organization concerned (spec v2 §5), else 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { canRead, canWrite, isReadableFederation, requireFederation400 } from '../access'
import type { ActivityStore } from '../activity'
import { badRequest, forbidden, HttpError } from '../httpError'
import { parseListParams, parsePathId, type RawQuery } from '../listParams'
import type { EventRecord, RegistrationRecord } from '../activityRecords'
import { sendPage } from '../respond'
import type { PathParams, RouteDeps } from './deps'
import { date } from './fields'

const id = z.number().int().positive()
const address = z.object({ streetAddress: z.string(), postCode: z.string(), postOffice: z.string(), state: z.string().optional(), countryCode: z.string().optional() })

/** Spec v2 §4.3 grant body with the limits of §8. */
const meritGrantBody = z
  .object({
    grantingDate: date,
    granterUserId: id.optional(),
    meritGranter: z.string().min(1).max(255).optional(),
    meritAdditionalInfo: z.string().max(2048).optional(),
    registrationDate: date.optional(),
    meritGrantees: z.array(id).min(1).max(10_000).refine((ids) => new Set(ids).size === ids.length, 'user ids must be unique'),
    notifyGrantees: z.boolean().optional()
  })
  .refine((b) => b.granterUserId !== undefined || b.meritGranter !== undefined, 'one of granterUserId or meritGranter is required')

/** Spec v2 §2.2 create-suborganization body. */
const createClubBody = z.object({
  type: z.literal('CLUB'),
  name: z.string().min(1),
  shortName: z.string().optional(),
  description: z.string().optional(),
  address: address.optional(),
  parentId: id.optional(),
  federationId: id.optional(),
  businessId: z.string().optional(),
  emailAddress: z.string().optional(),
  url: z.string().optional(),
  contactPerson: z.string().optional(),
  phone: z.string().optional(),
  established: date.optional(),
  terminated: date.optional()
})

const organizationUsersBody = z.object({
  authorizedOrganizationUser: z.object({ organizationId: id, userId: id, write: z.boolean() }),
  inviterName: z.string().min(1)
})

const registrationBody = z.object({
  eventRegistrationId: z.number().int().optional(),
  eventUuid: z.string().optional(),
  participantUserId: id,
  additionalDetails: z.string().optional(),
  additionalProducts: z.array(z.unknown()).optional()
})

const orderBody = z.object({
  orderId: z.number().int().optional(),
  userId: id,
  organizationId: id.optional(),
  source: z.literal('EVENT_REGISTRATION'),
  purchases: z
    .array(
      z.object({
        beneficiaryUserId: id.optional(),
        beneficiaryOrganizationId: id.optional(),
        products: z.array(z.object({ productType: z.literal('EVENT_REGISTRATION'), productId: id, productStatusRowId: z.number().int().optional() })).min(1)
      })
    )
    .min(1)
})

const clientDataBody = z.object({ content: z.string().max(2048) })
const transferBody = z.object({ targetClubId: id })

/** Parses a body with a schema. @throws HttpError 400 naming the first failing field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw badRequest(`${issue.path.join('.') || 'body'}: ${issue.message}`)
  }
  return result.data
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/

/** Registers the routes; `activity` holds the merits, events, registrations and orders. */
export function registerActivityRoutes(app: FastifyInstance, deps: RouteDeps, activity: ActivityStore): void {
  const { store, sender } = deps
  const path = (request: FastifyRequest, name: string): number => parsePathId((request.params as PathParams)[name], name)

  // ---- §4.1 writes ----

  app.post('/organization/:id/suborganizations', async (request, reply) => {
    const parentId = path(request, 'id')
    const body = parseBody(createClubBody, request.body)
    const parent = store.organizations.get(parentId)
    if (!parent) throw badRequest(`invalid organization id ${parentId}`)
    if (!canWrite(store, deps.clientOf(request), parentId)) throw forbidden(`no write access to organization ${parentId}`)
    if (parent.data.type !== 'SPORTS_FEDERATION' && parent.data.type !== 'AREA') throw badRequest('clubs are created under a sports federation or an area')
    if (body.parentId !== undefined && body.parentId !== parentId) throw badRequest(`parentId ${body.parentId} differs from the path id ${parentId}`)
    const { parentId: _ignored, federationId: _fed, ...fields } = body
    const created = store.addOrganization(parentId, {
      ...fields,
      url: body.url ?? '',
      contactPerson: body.contactPerson ?? '',
      phone: body.phone ?? '',
      established: body.established ?? new Date().toISOString().slice(0, 10),
      terminated: body.terminated ?? '9999-12-31'
    })
    reply.code(201).send(created)
  })

  app.put('/organization/:id/users', async (request) => {
    const orgId = path(request, 'id')
    const body = parseBody(organizationUsersBody, request.body)
    if (!store.organizations.get(orgId)) throw badRequest(`invalid organization id ${orgId}`)
    if (!canWrite(store, deps.clientOf(request), orgId)) throw forbidden(`no write access to organization ${orgId}`)
    const grant = body.authorizedOrganizationUser
    if (grant.organizationId !== orgId) throw badRequest(`authorizedOrganizationUser.organizationId ${grant.organizationId} differs from the path id ${orgId}`)
    if (!store.person(grant.userId)) throw badRequest(`unknown user id ${grant.userId}`)
    return { created: activity.authorizeOrganizationUser(orgId, grant.userId, grant.write) }
  })

  // ---- §4.3 merits ----

  app.get('/merit-group/:organizationId', async (request, reply) => {
    const orgId = path(request, 'organizationId')
    const params = parseListParams(request.query as RawQuery)
    if (!store.organizations.get(orgId) || !canRead(store, deps.clientOf(request), orgId)) throw badRequest(`invalid organization id ${orgId}`)
    const page = activity.meritGroups.query({ ...params, where: (g) => g.data.organizationId === orgId })
    sendPage(sender, request, reply, { content: page.items.map((g) => g.data), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  app.get('/merit/:groupId', async (request, reply) => {
    const groupId = path(request, 'groupId')
    const params = parseListParams(request.query as RawQuery)
    const group = activity.meritGroups.get(groupId)
    if (!group || !canRead(store, deps.clientOf(request), group.data.organizationId)) throw badRequest(`invalid merit group id ${groupId}`)
    const page = activity.merits.query({ ...params, where: (m) => m.data.meritGroupId === groupId })
    sendPage(sender, request, reply, { content: page.items.map((m) => m.data), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  /** The organization owning a merit, when the client may read it; else 400 invalid merit id. */
  function meritOwner(request: FastifyRequest, meritId: number): number {
    const merit = activity.merits.get(meritId)
    const group = merit && activity.meritGroups.get(merit.data.meritGroupId)
    if (!group || !canRead(store, deps.clientOf(request), group.data.organizationId)) throw badRequest(`invalid merit id ${meritId}`)
    return group.data.organizationId
  }

  app.get('/granted-merit/:meritId', async (request, reply) => {
    const meritId = path(request, 'meritId')
    const params = parseListParams(request.query as RawQuery)
    meritOwner(request, meritId)
    const level = deps.clientOf(request).personalDataLevel
    const page = activity.grantCollection(meritId).query(params)
    sendPage(sender, request, reply, { content: page.items.map((g) => activity.renderGrant(g, level)), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  app.post('/merit-grant/grant/:meritId', async (request) => {
    const meritId = path(request, 'meritId')
    const body = parseBody(meritGrantBody, request.body)
    const owner = meritOwner(request, meritId)
    if (!canWrite(store, deps.clientOf(request), owner)) throw forbidden(`no write access to organization ${owner}`)
    return activity.grantMerit(meritId, grantInput(body, owner, body.meritGrantees))
  })

  /** Validated grant fields (spec v2 §4.3): granterUserId wins over meritGranter; grantees readable by `owner`. */
  function grantInput(body: { grantingDate: string; granterUserId?: number; meritGranter?: string; meritAdditionalInfo?: string; registrationDate?: string }, owner: number, all: number[]) {
    let granter = body.meritGranter ?? ''
    if (body.granterUserId !== undefined) {
      const person = store.person(body.granterUserId)
      if (!person) throw badRequest(`unknown granterUserId ${body.granterUserId}`)
      granter = `${person.firstName} ${person.lastName}`
    }
    const unreadable = activity.usersNotReadableBy(owner, all)
    if (unreadable.length) throw badRequest(`users not readable by organization ${owner}: ${unreadable.slice(0, 20).join(', ')}`)
    return { grantingDate: body.grantingDate, meritGranter: granter, additionalInfo: body.meritAdditionalInfo ?? '', registrationDate: body.registrationDate, grantees: all }
  }

  // ---- §4.6 club transfer ----

  app.post('/user-licence-club-transfer/sports-federation/:sportsFederationId/user-licence/:userLicenceId', async (request, reply) => {
    const fed = path(request, 'sportsFederationId')
    const userLicenceId = path(request, 'userLicenceId')
    const body = parseBody(transferBody, request.body)
    const client = deps.clientOf(request)
    requireFederation400(store, client, fed)
    if (store.userLicences.get(fed)?.get(userLicenceId) === undefined) throw badRequest(`invalid user licence id ${userLicenceId}`)
    const club = store.organizations.get(body.targetClubId)?.data
    if (!club || club.type !== 'CLUB' || club.status !== 'ACTIVE' || club.federationId !== fed) throw badRequest(`targetClubId ${body.targetClubId} is not an active club of federation ${fed}`)
    if (!canWrite(store, client, body.targetClubId)) throw forbidden(`no write access to club ${body.targetClubId}`)
    reply.code(201).send(store.transferUserLicence(userLicenceId, body.targetClubId, client.personalDataLevel))
  })

  // ---- §4.8 event registrations ----

  /** A live (not deleted) event the client may read, by uuid. @throws 404 unknown, 403 no rights. */
  function eventOf(request: FastifyRequest, uuid: string | undefined): EventRecord {
    const event = uuid === undefined ? undefined : activity.eventByUuid(uuid)
    if (!event || event.deletionMs !== undefined) throw new HttpError(404, `no event with uuid ${JSON.stringify(uuid)}`)
    if (!canRead(store, deps.clientOf(request), event.organizerId)) throw forbidden(`no rights to the organizer of event ${event.id}`)
    return event
  }

  app.post('/event/registration/:eventUuid', async (request, reply) => {
    const event = eventOf(request, (request.params as PathParams).eventUuid)
    const body = parseBody(registrationBody, request.body)
    const client = deps.clientOf(request)
    if (!store.person(body.participantUserId)) throw badRequest(`unknown participantUserId ${body.participantUserId}`)
    const userClub = store.userLicenceIdsOfPerson(body.participantUserId).map((i) => store.userLicence(i, 'PERMISSION_USER_ANONYMOUS')!.licenceOrganizationId)
    if (!canWrite(store, client, event.organizerId) && !userClub.some((c) => canWrite(store, client, c))) throw forbidden('no write access to the organizer or the participant\'s club')
    const closed = activity.registrationClosedReason(event)
    if (closed !== undefined) throw badRequest(closed)
    if (event.maxAttendeeCount !== undefined && activity.attendeeCount(event.id) >= event.maxAttendeeCount) throw badRequest(`event ${event.id} is full`)
    const record = activity.register(event, body.participantUserId, { additionalDetails: body.additionalDetails }, 'MEMBERSHIP')
    const out = { ...body, eventRegistrationId: record.id, eventUuid: event.uuid }
    reply.code(201).header('location', `/api/public/v2/event/registration/${event.uuid}/${record.id}`).send(out)
  })

  app.get('/event/registration/user/:userId', async (request) => {
    const userId = path(request, 'userId')
    activity.settle()
    const client = deps.clientOf(request)
    return activity.registrations
      .all()
      .filter((r) => r.userId === userId && r.state === 'ACTIVE' && listed(activity.events.get(r.eventId)!) && canRead(store, client, activity.events.get(r.eventId)!.organizerId))
      .sort((a, b) => a.id - b.id)
      .map((r) => activity.renderRegistration(r))
  })

  app.get('/event/registration/:eventUuid', async (request) => {
    const event = eventOf(request, (request.params as PathParams).eventUuid)
    activity.settle()
    return activity.listedRegistrations(event.id).sort((a, b) => a.id - b.id).map((r) => activity.renderRegistration(r))
  })

  app.delete('/event/registration/:eventUuid/:eventRegistrationId', async (request) => {
    const event = eventOf(request, (request.params as PathParams).eventUuid)
    const registrationId = path(request, 'eventRegistrationId')
    const record = activity.registrations.get(registrationId)
    if (!record || record.eventId !== event.id || record.state !== 'ACTIVE') throw new HttpError(404, `no registration ${registrationId} in event ${event.uuid}`)
    const client = deps.clientOf(request)
    if (!canWrite(store, client, event.organizerId) && !canWrite(store, client, record.organizationId)) throw forbidden('no write access to the organizer or the participant\'s club')
    activity.cancelRegistration(registrationId)
    return { eventRegistrationId: registrationId, cancelled: true }
  })

  app.get('/event/registered-event-users/:eventId', async (request, reply) => {
    const eventId = path(request, 'eventId')
    const params = parseListParams(request.query as RawQuery)
    const event = activity.events.get(eventId)
    if (!event || !listed(event)) throw badRequest(`invalid event id ${eventId}`)
    const client = deps.clientOf(request)
    if (!canRead(store, client, event.organizerId)) throw forbidden(`no rights to the organizer of event ${eventId}`)
    activity.settle()
    const page = activity.registrations.query({ ...params, where: (r: RegistrationRecord) => r.eventId === eventId && r.state === 'ACTIVE' })
    sendPage(sender, request, reply, { content: page.items.map((r) => activity.renderRegisteredUser(r, client.personalDataLevel)), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  // ---- §4.9 orders ----

  /** An order of the requesting client. @throws 404 otherwise. */
  function orderOf(request: FastifyRequest) {
    const orderId = path(request, 'orderId')
    activity.settle()
    const order = activity.order(orderId)
    if (!order || order.clientId !== deps.clientOf(request).clientId) throw new HttpError(404, `no order with id ${orderId}`)
    return order
  }

  app.post('/order', async (request) => {
    const body = parseBody(orderBody, request.body)
    const client = deps.clientOf(request)
    if (!store.person(body.userId)) throw badRequest(`unknown userId ${body.userId}`)
    if (body.organizationId !== undefined && !canWrite(store, client, body.organizationId)) throw forbidden(`no write access to organization ${body.organizationId}`)
    const registrationIds = body.purchases.flatMap((p) => p.products.map((x) => x.productId))
    for (const rid of registrationIds) {
      const r = activity.registrations.get(rid)
      if (!r || r.state !== 'ACTIVE') throw badRequest(`productId ${rid} is not an active event registration`)
      if (!canRead(store, client, activity.events.get(r.eventId)!.organizerId)) throw forbidden(`no rights to the event of registration ${rid}`)
    }
    return activity.createOrder(client.clientId, body, registrationIds)
  })

  app.post('/order/:orderId/cancel', async (request) => {
    const order = orderOf(request)
    if (!activity.cancelOrder(order.orderId)) throw badRequest(`order ${order.orderId} is completed and cannot be cancelled`)
    return activity.renderOrder(order)
  })

  app.get('/order/:orderId/payment/status', async (request, reply) => {
    const order = orderOf(request)
    reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(order.status))
  })

  app.get('/order/:orderId/payment/methods', async (request) => {
    const order = orderOf(request)
    return {
      language: 'fi',
      termsText: 'Maksamalla hyväksyt tilausehdot.',
      termsUrl: 'https://sandbox.invalid/ehdot',
      paymentMethods: PAYMENT_METHODS.map(([code, displayName]) => ({
        paymentMethodCode: code,
        costInCents: 0,
        totalOrderAmountInCents: order.amountInCents,
        displayName,
        image: { width: 120, height: 60, mimeType: 'image/svg+xml', url: `https://sandbox.invalid/pay/${code}.svg` }
      }))
    }
  })

  app.post('/order/:orderId/payment/:paymentMethodCode', async (request) => {
    const order = orderOf(request)
    const code = (request.params as PathParams).paymentMethodCode ?? ''
    if (!PAYMENT_METHODS.some(([c]) => c === code)) throw badRequest(`unknown payment method ${JSON.stringify(code)}`)
    if (order.status !== 'IN_PROGRESS' && order.status !== 'WAITING_PAYMENT_CONFIRMATION') throw badRequest(`order ${order.orderId} is ${order.status}`)
    activity.startPayment(order.orderId, code)
    const clientId = (request.query as RawQuery).clientId
    const requestData = [
      { key: 'orderId', value: String(order.orderId) },
      { key: 'amountInCents', value: String(order.amountInCents) },
      { key: 'paymentMethodCode', value: code }
    ]
    if (typeof clientId === 'string') requestData.push({ key: 'clientId', value: clientId })
    return { paymentGatewayUrl: `http://${request.headers.host}/sandbox/payment-gateway`, requestData }
  })

  app.get('/orders/:orderIds/payment/status', async (request) => {
    const raw = (request.params as PathParams).orderIds ?? ''
    const parts = raw.split(',')
    if (parts.length > 100) throw badRequest(`at most 100 order ids, got ${parts.length}`)
    if (parts.some((p) => !/^\d{1,15}$/.test(p))) throw badRequest('orderIds must be comma-separated integers')
    const clientId = deps.clientOf(request).clientId
    return parts.map((p) => activity.orderStatus(Number(p), clientId))
  })

  // ---- §4.10 client data ----

  app.get('/client-data', async (request) => activity.clientDataOf(deps.clientOf(request).clientId))
  app.put('/client-data', async (request, reply) => {
    const body = parseBody(clientDataBody, request.body)
    activity.setClientData(deps.clientOf(request).clientId, body.content)
    reply.code(204).send()
  })
  app.delete('/client-data', async (request, reply) => {
    activity.setClientData(deps.clientOf(request).clientId, undefined)
    reply.code(204).send()
  })

  // ---- §4.11 event search ----

  app.get('/event/search', async (request, reply) => {
    const query = request.query as RawQuery
    const params = parseListParams(query, true)
    const term = typeof query.searchTerm === 'string' ? query.searchTerm.trim().toLowerCase() : ''
    if (!term) throw badRequest('searchTerm is required')
    const page = activity.events.query({
      ...params,
      where: (e) => {
        if (!listed(e) || e.visibility !== 'PUBLIC') return false
        const organizer = store.organizations.get(e.organizerId)!.data.name
        return [e.name, e.locationAddress, e.locationDescription, organizer, ...e.tags].some((t) => t.toLowerCase().includes(term))
      }
    })
    sendPage(sender, request, reply, { content: page.items.map((e) => activity.renderSearchResult(e)), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  app.get('/event/search/:federationId', async (request, reply) => {
    const fed = path(request, 'federationId')
    const query = request.query as RawQuery
    const params = parseListParams(query, true)
    if (!isReadableFederation(store, deps.clientOf(request), fed)) throw badRequest(`invalid federation id ${fed}`)
    const from = query.dateTimeRangeStart
    const to = query.dateTimeRangeEnd
    if (typeof from !== 'string' || !LOCAL_DATE_TIME.test(from) || typeof to !== 'string' || !LOCAL_DATE_TIME.test(to)) throw badRequest('dateTimeRangeStart and dateTimeRangeEnd are required local date-times yyyy-mm-ddTHH:MM[:SS]')
    const box = ['topLeftLat', 'topLeftLon', 'bottomRightLat', 'bottomRightLon'].map((k) => (query[k] === undefined ? undefined : Number(query[k])))
    if (box.some((v) => v !== undefined && !Number.isFinite(v))) throw badRequest('bounding box coordinates must be numbers')
    const [top, left, bottom, right] = box
    const within = (t: string): boolean => t >= normalize(from) && t <= normalize(to)
    const page = activity.events.query({
      ...params,
      where: (e) =>
        listed(e) &&
        store.isWithin(e.organizerId, fed) &&
        (within(e.start) || within(e.end)) &&
        (top === undefined || e.lat <= top) &&
        (bottom === undefined || e.lat >= bottom) &&
        (left === undefined || e.lon >= left) &&
        (right === undefined || e.lon <= right)
    })
    sendPage(sender, request, reply, { content: page.items.map((e) => activity.renderSearchResult(e)), pageable: { page: params.page, size: params.size, total: page.total } })
  })
}

/** Payment methods the sandbox offers (code, display name). */
const PAYMENT_METHODS: [string, string][] = [
  ['nordea', 'Nordea'],
  ['op', 'OP'],
  ['mobilepay', 'MobilePay']
]

/** A published, not deleted event. */
function listed(e: EventRecord): boolean {
  return e.deletionMs === undefined && e.status === 'PUBLISHED'
}

/** `yyyy-mm-ddTHH:MM[:SS]` → `yyyy-mm-ddTHH:MM:SS` for string comparison with stored local times. */
function normalize(t: string): string {
  return t.length === 16 ? `${t}:00` : t.slice(0, 19)
}
