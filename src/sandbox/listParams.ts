/**
 * Parsing of the common list parameters (spec v2 §2.1, §8) and of the endpoint-specific ones
 * (§4.1 orgtypes/businessId, §4.4 includeSportParams/includeUpgradedLicences). Anything
 * malformed is a 400 with a message naming the parameter.
 */
import type { OrganizationType } from '../shared/api/v2'
import { InvalidInstantError, parseInstant, type InstantMicros } from '../shared/instant'
import type { TsOrder } from './collection'
import { badRequest } from './httpError'
import type { SportParamSelection } from './store'

/** Parsed SYNC parameters: `page` ≥ 0, 1 ≤ `size` ≤ 100000, `ts` in micros. */
export interface ListParams {
  page: number
  size: number
  ts?: InstantMicros
  tsOrder?: TsOrder
}

/** The raw query string values as Fastify parses them. */
export type RawQuery = Record<string, string | string[] | undefined>

const MAX_SIZE = 100_000

function single(query: RawQuery, name: string): string | undefined {
  const value = query[name]
  if (Array.isArray(value)) throw badRequest(`${name} must be given at most once`)
  return value
}

function integer(query: RawQuery, name: string, fallback: number, min: number, max: number): number {
  const raw = single(query, name)
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw.trim())) throw badRequest(`${name} must be an integer between ${min} and ${max}, got ${JSON.stringify(raw)}`)
  const value = Number(raw)
  if (value < min || value > max) throw badRequest(`${name} must be an integer between ${min} and ${max}, got ${raw}`)
  return value
}

/**
 * SYNC parameters (page, size, ts, tsOrder) or, with `pageOnly`, PAGE parameters (spec v2 §2.1).
 * `ts` is any ISO 8601 date-time `parseInstant` accepts; note that a literal `+` in a query
 * string means a space, so clients must send an offset like `+02:00` as `%2B02:00`.
 * @throws HttpError 400 for a malformed or out-of-range value.
 */
export function parseListParams(query: RawQuery, pageOnly = false): ListParams {
  const page = integer(query, 'page', 0, 0, Number.MAX_SAFE_INTEGER)
  const size = integer(query, 'size', 50, 1, MAX_SIZE)
  if (page * size > Number.MAX_SAFE_INTEGER) throw badRequest('page is too large')
  if (pageOnly) return { page, size }
  const params: ListParams = { page, size }
  const ts = single(query, 'ts')
  if (ts !== undefined) {
    try {
      params.ts = parseInstant(ts)
    } catch (error) {
      if (!(error instanceof InvalidInstantError)) throw error
      throw badRequest(`ts must be an ISO 8601 date-time with offset (a '+' must be sent as %2B), got ${JSON.stringify(ts)}`)
    }
  }
  const tsOrder = single(query, 'tsOrder')
  if (tsOrder !== undefined) {
    if (tsOrder !== 'asc' && tsOrder !== 'desc') throw badRequest(`tsOrder must be asc or desc, got ${JSON.stringify(tsOrder)}`)
    params.tsOrder = tsOrder
  }
  return params
}

const ORG_TYPES: readonly OrganizationType[] = ['SPORTS_FEDERATION', 'AREA', 'CLUB', 'GROUP']

/**
 * `orgtypes` (spec v2 §4.1, §8): at most 15 characters, comma-separated SPORTS_FEDERATION, AREA,
 * CLUB, GROUP. Undefined when absent (no filter).
 * @throws HttpError 400 when too long or naming another value.
 */
export function parseOrgTypes(query: RawQuery): Set<OrganizationType> | undefined {
  const raw = single(query, 'orgtypes')
  if (raw === undefined) return undefined
  if (raw.length > 15) throw badRequest(`orgtypes must be at most 15 characters, got ${raw.length}`)
  const types = new Set<OrganizationType>()
  for (const part of raw.split(',')) {
    const t = part.trim() as OrganizationType
    if (!ORG_TYPES.includes(t)) throw badRequest(`orgtypes may list only ${ORG_TYPES.join(', ')}; got ${JSON.stringify(part)}`)
    types.add(t)
  }
  return types
}

/** `businessId` filter (spec v2 §4.1); undefined when absent. @throws HttpError 400 when repeated. */
export function parseBusinessId(query: RawQuery): string | undefined {
  return single(query, 'businessId')
}

/**
 * `includeSportParams` (spec v2 §4.4): `true` (all), `false` (none, the default) or a
 * comma-separated list of sport-parameter ids.
 * @throws HttpError 400 for anything else.
 */
export function parseIncludeSportParams(query: RawQuery): SportParamSelection {
  const raw = single(query, 'includeSportParams')
  if (raw === undefined || raw === 'false') return 'none'
  if (raw === 'true') return 'all'
  const parts = raw.split(',').map((p) => p.trim())
  if (parts.length === 0 || parts.some((p) => !/^\d{1,15}$/.test(p))) {
    throw badRequest(`includeSportParams must be true, false or a comma-separated list of sport parameter ids, got ${JSON.stringify(raw)}`)
  }
  return new Set(parts.map(Number))
}

/**
 * `includeUpgradedLicences` (spec v2 §4.4): boolean, default true.
 * @throws HttpError 400 for anything but true or false.
 */
export function parseIncludeUpgraded(query: RawQuery): boolean {
  const raw = single(query, 'includeUpgradedLicences')
  if (raw === undefined || raw === 'true') return true
  if (raw === 'false') return false
  throw badRequest(`includeUpgradedLicences must be true or false, got ${JSON.stringify(raw)}`)
}

/**
 * A path id (spec v2 §4: "all path ids are integers").
 * @throws HttpError 400 when not a positive integer.
 */
export function parsePathId(value: string | undefined, name: string): number {
  if (value === undefined || !/^\d{1,15}$/.test(value)) throw badRequest(`${name} must be an integer, got ${JSON.stringify(value)}`)
  return Number(value)
}
