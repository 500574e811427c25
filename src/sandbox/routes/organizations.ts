/**
 * Organization reads (spec v2 §4.1): GET /organization, /organization/{id},
 * /organization/{id}/suborganizations, /organization/{id}/list, /organization/{id}/verifyAccess.
 * PASSIVE organizations vanish from the suborganization and full lists (spec v2 §3). Default
 * ordering (the spec names none): id ascending.
 */
import type { FastifyInstance } from 'fastify'
import type { Organization } from '../../shared/api/v2'
import { canRead, canWrite, isReadableFederation } from '../access'
import { badRequest, forbidden, HttpError } from '../httpError'
import { parseBusinessId, parseListParams, parseOrgTypes, parsePathId, type RawQuery } from '../listParams'
import type { OrganizationRecord } from '../records'
import { sendPage } from '../respond'
import type { PathParams, RouteDeps } from './deps'

export function registerOrganizationRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store, sender } = deps

  app.get('/organization', async (request, reply) => {
    const params = parseListParams(request.query as RawQuery, true)
    const client = deps.clientOf(request)
    const roots = new Set([...client.readableOrganizationIds, ...client.writableOrganizationIds])
    // Root level: the readable organizations that no other readable organization contains.
    const where = (o: OrganizationRecord): boolean =>
      roots.has(o.id) && ![...roots].some((other) => other !== o.id && store.isWithin(o.id, other))
    const page = store.organizations.query({ ...params, where })
    sendPage(sender, request, reply, { content: page.items.map((o) => o.data), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  app.get('/organization/:id', async (request) => {
    const id = parsePathId((request.params as PathParams).id, 'id')
    const org = store.organizations.get(id)
    if (!org) throw new HttpError(404, `no organization with id ${id}`)
    if (!canRead(store, deps.clientOf(request), id)) throw forbidden(`no rights to organization ${id}`)
    return org.data
  })

  app.get('/organization/:id/suborganizations', async (request, reply) => {
    const id = parsePathId((request.params as PathParams).id, 'id')
    const query = request.query as RawQuery
    const params = parseListParams(query)
    const types = parseOrgTypes(query)
    const businessId = parseBusinessId(query)
    if (!store.organizations.get(id)) throw badRequest(`invalid organization id ${id}`)
    if (!canRead(store, deps.clientOf(request), id)) throw forbidden(`no rights to organization ${id}`)
    const where = (o: OrganizationRecord): boolean => o.data.parentId === id && matches(o.data, types, businessId)
    const page = store.organizations.query({ ...params, where })
    sendPage(sender, request, reply, { content: page.items.map((o) => o.data), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  app.get('/organization/:id/list', async (request, reply) => {
    const id = parsePathId((request.params as PathParams).id, 'id')
    const query = request.query as RawQuery
    const params = parseListParams(query)
    const types = parseOrgTypes(query)
    const businessId = parseBusinessId(query)
    if (!isReadableFederation(store, deps.clientOf(request), id)) throw badRequest(`organization ${id} is not a sports federation the client may read`)
    const where = (o: OrganizationRecord): boolean => o.id !== id && o.data.federationId === id && matches(o.data, types, businessId)
    const page = store.organizations.query({ ...params, where })
    sendPage(sender, request, reply, { content: page.items.map((o) => o.data), pageable: { page: params.page, size: params.size, total: page.total } })
  })

  app.get('/organization/:id/verifyAccess', async (request, reply) => {
    const id = parsePathId((request.params as PathParams).id, 'id')
    const raw = (request.query as RawQuery).writeAccess
    if (raw !== undefined && raw !== 'true' && raw !== 'false') throw badRequest(`writeAccess must be true or false, got ${JSON.stringify(raw)}`)
    const client = deps.clientOf(request)
    const granted = raw === 'true' ? canWrite(store, client, id) : canRead(store, client, id)
    if (!granted) throw forbidden(`no ${raw === 'true' ? 'write' : 'read'} access to organization ${id}`)
    reply.code(200).send()
  })
}

/** Active, of an allowed type, with the requested business id. */
function matches(o: Organization, types: Set<string> | undefined, businessId: string | undefined): boolean {
  return o.status === 'ACTIVE' && (!types || types.has(o.type)) && (businessId === undefined || o.businessId === businessId)
}
