/**
 * Season data of a federation (spec v2 §4.2 and §4.7): licences, licence periods, sports,
 * insurances and sport parameters, each with SYNC paging and its documented default ordering
 * (kept in `SandboxStore`'s collections).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { requireFederation400, requireFederation403 } from '../access'
import type { Collection, Stamped } from '../collection'
import { badRequest } from '../httpError'
import { parseListParams, parsePathId, type ListParams, type RawQuery } from '../listParams'
import type { WireRecord } from '../records'
import { emptyPage, sendPage } from '../respond'
import type { PathParams, RouteDeps } from './deps'

export function registerSeasonRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store, sender } = deps

  function list<T extends Stamped & WireRecord<unknown>>(
    request: FastifyRequest,
    reply: FastifyReply,
    params: ListParams,
    collection: Collection<T>,
    where: (r: T) => boolean
  ): void {
    const page = collection.query({ ...params, where })
    sendPage(sender, request, reply, { content: page.items.map((r) => r.data), pageable: { page: params.page, size: params.size, total: page.total } })
  }

  /** Path ids and SYNC params of a request; the federation is checked by the caller. */
  function read(request: FastifyRequest, ...names: string[]): { ids: number[]; params: ListParams } {
    const path = request.params as PathParams
    const ids = names.map((n) => parsePathId(path[n], n))
    return { ids, params: parseListParams(request.query as RawQuery) }
  }

  function periodOf(federationId: number, periodId: number): boolean {
    return store.licencePeriods.get(periodId)?.data.federationId === federationId
  }

  app.get('/licence/:sportsFederationId', async (request, reply) => {
    const { ids: [fed], params } = read(request, 'sportsFederationId')
    requireFederation400(store, deps.clientOf(request), fed)
    list(request, reply, params, store.licences, (l) => l.data.federationId === fed)
  })

  app.get('/licence/:sportsFederationId/:licencePeriodId', async (request, reply) => {
    const { ids: [fed, period], params } = read(request, 'sportsFederationId', 'licencePeriodId')
    requireFederation400(store, deps.clientOf(request), fed)
    if (!periodOf(fed, period)) throw badRequest(`invalid licence period id ${period}`)
    list(request, reply, params, store.licences, (l) => l.data.licencePeriodId === period)
  })

  app.get('/licence/:sportsFederationId/:licencePeriodId/sport/:sportId', async (request, reply) => {
    const { ids: [fed, period, sport], params } = read(request, 'sportsFederationId', 'licencePeriodId', 'sportId')
    requireFederation403(store, deps.clientOf(request), fed)
    if (!periodOf(fed, period)) return sendPage(sender, request, reply, emptyPage(params))
    list(request, reply, params, store.licences, (l) => l.data.licencePeriodId === period && l.data.sportsIds.includes(sport))
  })

  app.get('/licenceperiod/:sportsFederationId', async (request, reply) => {
    const { ids: [fed], params } = read(request, 'sportsFederationId')
    requireFederation400(store, deps.clientOf(request), fed)
    list(request, reply, params, store.licencePeriods, (p) => p.data.federationId === fed)
  })

  app.get('/sport/:sportsFederationId', async (request, reply) => {
    const { ids: [fed], params } = read(request, 'sportsFederationId')
    requireFederation400(store, deps.clientOf(request), fed)
    list(request, reply, params, store.sports, (s) => s.data.federationId === fed)
  })

  app.get('/insurance/:sportsFederationId', async (request, reply) => {
    const { ids: [fed], params } = read(request, 'sportsFederationId')
    requireFederation400(store, deps.clientOf(request), fed)
    list(request, reply, params, store.insurances, (i) => i.data.federationId === fed)
  })

  app.get('/insurance/:sportsFederationId/:licencePeriodId', async (request, reply) => {
    const { ids: [fed, period], params } = read(request, 'sportsFederationId', 'licencePeriodId')
    requireFederation400(store, deps.clientOf(request), fed)
    if (!periodOf(fed, period)) throw badRequest(`invalid licence period id ${period}`)
    list(request, reply, params, store.insurances, (i) => i.data.licencePeriodId === period)
  })

  app.get('/sport-parameter/:sportsFederationId', async (request, reply) => {
    const { ids: [fed], params } = read(request, 'sportsFederationId')
    requireFederation400(store, deps.clientOf(request), fed)
    list(request, reply, params, store.sportParameters, (p) => store.sports.get(p.data.sportId)?.data.federationId === fed)
  })
}
