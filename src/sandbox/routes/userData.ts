/**
 * User licences (spec v2 §4.4) and user insurances (§4.5): SYNC paging, default order purchase
 * time newest first then product id, the nested `user` at the client's personal-data level,
 * includeSportParams and includeUpgradedLicences.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { requireFederation400, requireFederation403 } from '../access'
import type { SandboxClient } from '../auth'
import { badRequest } from '../httpError'
import {
  parseIncludeSportParams,
  parseIncludeUpgraded,
  parseListParams,
  parsePathId,
  type ListParams,
  type RawQuery
} from '../listParams'
import type { UserInsuranceRecord, UserLicenceRecord } from '../records'
import { emptyPage, sendJsonPage, sendPage } from '../respond'
import type { SportParamSelection } from '../store'
import type { PathParams, RouteDeps } from './deps'

export function registerUserDataRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store, sender } = deps

  interface Parsed {
    client: SandboxClient
    ids: number[]
    params: ListParams
    sportParams: SportParamSelection
  }

  function read(request: FastifyRequest, names: string[], withSportParams: boolean): Parsed {
    const path = request.params as PathParams
    const query = request.query as RawQuery
    return {
      client: deps.clientOf(request),
      ids: names.map((n) => parsePathId(path[n], n)),
      params: parseListParams(query),
      sportParams: withSportParams ? parseIncludeSportParams(query) : 'none'
    }
  }

  function periodOf(federationId: number, periodId: number): boolean {
    return store.licencePeriods.get(periodId)?.data.federationId === federationId
  }

  function licences(request: FastifyRequest, reply: FastifyReply, p: Parsed, fed: number, where?: (r: UserLicenceRecord) => boolean): void {
    const page = store.userLicences.get(fed)!.query({ ...p.params, where })
    const level = p.client.personalDataLevel
    const content = page.items.map((r) => store.userLicenceJson(r, level, p.sportParams))
    sendJsonPage(sender, request, reply, content, { page: p.params.page, size: p.params.size, total: page.total })
  }

  function insurances(request: FastifyRequest, reply: FastifyReply, p: Parsed, fed: number, where?: (r: UserInsuranceRecord) => boolean): void {
    const page = store.userInsurances.get(fed)!.query({ ...p.params, where })
    const level = p.client.personalDataLevel
    const content = page.items.map((r) => store.userInsuranceJson(r, level))
    sendJsonPage(sender, request, reply, content, { page: p.params.page, size: p.params.size, total: page.total })
  }

  app.get('/user-licence/:sportsFederationId', async (request, reply) => {
    const p = read(request, ['sportsFederationId'], true)
    const [fed] = p.ids
    requireFederation400(store, p.client, fed)
    licences(request, reply, p, fed)
  })

  app.get('/user-licence/:sportsFederationId/:licencePeriodId', async (request, reply) => {
    const p = read(request, ['sportsFederationId', 'licencePeriodId'], true)
    const includeUpgraded = parseIncludeUpgraded(request.query as RawQuery)
    const [fed, period] = p.ids
    requireFederation400(store, p.client, fed)
    if (!periodOf(fed, period)) throw badRequest(`invalid licence period id ${period}`)
    // includeUpgradedLicences=false hides the replaced licences only (spec v2 §3).
    const replaced = new Set<number>()
    if (!includeUpgraded) for (const r of store.userLicences.get(fed)!.all()) if (r.upgradeFrom !== undefined) replaced.add(r.upgradeFrom)
    licences(request, reply, p, fed, (r) => r.licencePeriodId === period && !replaced.has(r.id))
  })

  app.get('/user-licence/:sportsFederationId/:licencePeriodId/:licenceId', async (request, reply) => {
    const p = read(request, ['sportsFederationId', 'licencePeriodId', 'licenceId'], true)
    const [fed, period, licence] = p.ids
    requireFederation400(store, p.client, fed)
    if (!periodOf(fed, period)) throw badRequest(`invalid licence period id ${period}`)
    if (store.licences.get(licence)?.data.licencePeriodId !== period) throw badRequest(`invalid licence id ${licence}`)
    licences(request, reply, p, fed, (r) => r.licenceId === licence)
  })

  app.get('/user-licence/:sportsFederationId/:licencePeriodId/sport/:sportId', async (request, reply) => {
    const p = read(request, ['sportsFederationId', 'licencePeriodId', 'sportId'], true)
    const [fed, period, sport] = p.ids
    requireFederation403(store, p.client, fed)
    if (!periodOf(fed, period) || store.sports.get(sport)?.data.federationId !== fed) return sendPage(sender, request, reply, emptyPage(p.params))
    const licenceIds = new Set(store.licences.all().filter((l) => l.data.licencePeriodId === period && l.data.sportsIds.includes(sport)).map((l) => l.id))
    licences(request, reply, p, fed, (r) => licenceIds.has(r.licenceId))
  })

  app.get('/user-licence/:sportsFederationId/:licencePeriodId/user/:userId', async (request, reply) => {
    const p = read(request, ['sportsFederationId', 'licencePeriodId', 'userId'], true)
    const [fed, period, user] = p.ids
    requireFederation403(store, p.client, fed)
    if (!periodOf(fed, period)) return sendPage(sender, request, reply, emptyPage(p.params))
    const own = new Set(store.userLicenceIdsOfPerson(user))
    licences(request, reply, p, fed, (r) => r.licencePeriodId === period && own.has(r.id))
  })

  app.get('/user-insurance/:sportsFederationId', async (request, reply) => {
    const p = read(request, ['sportsFederationId'], false)
    const [fed] = p.ids
    requireFederation400(store, p.client, fed)
    insurances(request, reply, p, fed)
  })

  app.get('/user-insurance/:sportsFederationId/:licencePeriodId', async (request, reply) => {
    const p = read(request, ['sportsFederationId', 'licencePeriodId'], false)
    const [fed, period] = p.ids
    requireFederation400(store, p.client, fed)
    if (!periodOf(fed, period)) throw badRequest(`invalid licence period id ${period}`)
    insurances(request, reply, p, fed, (r) => r.licencePeriodId === period)
  })

  app.get('/user-insurance/:sportsFederationId/:licencePeriodId/user/:userId', async (request, reply) => {
    const p = read(request, ['sportsFederationId', 'licencePeriodId', 'userId'], false)
    const [fed, period, user] = p.ids
    requireFederation403(store, p.client, fed)
    if (!periodOf(fed, period)) return sendPage(sender, request, reply, emptyPage(p.params))
    const own = new Set(store.userInsuranceIdsOfPerson(user))
    insurances(request, reply, p, fed, (r) => r.licencePeriodId === period && own.has(r.id))
  })
}
