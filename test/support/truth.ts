import type { Sandbox } from '../../src/sandbox/index'
import type { ExportResource } from '../../src/main/db/tables'

type Element = Record<string, unknown>

/**
 * One GET of the sandbox over real HTTP as the default client (or `clientId`), with faults
 * switched off for the read and restored afterwards: the truth a synced database must equal.
 * @returns the parsed JSON body.
 */
export async function fetchJson(sandbox: Sandbox, api: 'v2' | 'v3', path: string, query: Record<string, string> = {}, clientId = sandbox.clientId): Promise<unknown> {
  return withoutFaults(sandbox, async () => {
    const token = await fetchToken(sandbox, clientId)
    const params = new URLSearchParams(query)
    const response = await fetch(`${sandbox.baseUrl}/api/public/${api}${path}${params.size ? `?${params}` : ''}`, { headers: { authorization: `Bearer ${token}` } })
    if (!response.ok) throw new Error(`GET ${api}${path}: ${response.status} ${await response.text()}`)
    return await response.json()
  })
}

/** Faults saved by the outermost of overlapping reads, per sandbox, and how many reads are open. */
const quiet = new WeakMap<Sandbox, { depth: number; saved: Sandbox['faults'] }>()

/** Runs `read` with the sandbox's faults off; overlapping reads restore them once, after the last. */
async function withoutFaults<T>(sandbox: Sandbox, read: () => Promise<T>): Promise<T> {
  let state = quiet.get(sandbox)
  if (!state) {
    state = { depth: 0, saved: { ...sandbox.faults } }
    quiet.set(sandbox, state)
    Object.assign(sandbox.faults, { errorRate: 0, rateLimitRate: 0, truncateNext: 0, latencyMs: 0 })
  }
  state.depth++
  try {
    return await read()
  } finally {
    if (--state.depth === 0) {
      quiet.delete(sandbox)
      Object.assign(sandbox.faults, state.saved)
    }
  }
}

/**
 * Everything a list endpoint of the sandbox answers right now, read in pages of 100,000 without
 * `ts` (v2 paths unless `api` says v3), in id order.
 */
export async function fetchAll(sandbox: Sandbox, path: string, query: Record<string, string> = {}, api: 'v2' | 'v3' = 'v2'): Promise<Element[]> {
  const all: Element[] = []
  for (let page = 0; ; page++) {
    const body = (await fetchJson(sandbox, api, path, { ...query, page: String(page), size: '100000' })) as { content: Element[]; pageable: { total: number } }
    all.push(...body.content)
    if (all.length >= body.pageable.total || body.content.length === 0) break
  }
  return all.sort((a, b) => (a.id as number) - (b.id as number))
}

async function fetchToken(sandbox: Sandbox, clientId: string): Promise<string> {
  const { clientSecret } = sandbox.clientCredentials(clientId)
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64')
  const response = await fetch(`${sandbox.authUrl}/oauth2/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }
  })
  if (!response.ok) throw new Error(`token: ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** The v2 list path and query the sync engine reads each federation-wide resource from. */
export function truthSources(federationId: number): Record<string, { path: string; query?: Record<string, string> }> {
  return {
    'licence-periods': { path: `/licenceperiod/${federationId}` },
    licences: { path: `/licence/${federationId}` },
    sports: { path: `/sport/${federationId}` },
    insurances: { path: `/insurance/${federationId}` },
    'sport-parameters': { path: `/sport-parameter/${federationId}` },
    'user-licences': { path: `/user-licence/${federationId}`, query: { includeSportParams: 'true' } },
    'user-insurances': { path: `/user-insurance/${federationId}` }
  }
}

/**
 * What identifies an element of a resource, as numbers to sort by: the id, and for elements
 * whose id is unique only within their list, the list's parent first.
 */
export function elementKey(resource: ExportResource, e: Element): number[] {
  const n = (value: unknown) => (typeof value === 'number' ? value : Number.NaN)
  switch (resource) {
    case 'events':
    case 'event-search-results':
      return [n(e.eventId)]
    case 'event-registrations':
      return [n(e.eventRegistrationId)]
    case 'granted-merits':
      return [n((e.grantedMerit as Element).meritId), n(e.id)]
    case 'registered-event-users':
      return [n(e.eventId), n(e.id)]
    case 'federation-master-sports':
      return [n(e.sportsFederationId), n(e.id)]
    case 'api-version-info':
    case 'client-data':
      return [1]
    default:
      return [n(e.id)]
  }
}

/** Sorts elements of `resource` by `elementKey`. */
export function byKey(resource: ExportResource, elements: Element[]): Element[] {
  return [...elements].sort((a, b) => {
    const [x, y] = [elementKey(resource, a), elementKey(resource, b)]
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i]
    return 0
  })
}

/** The event search range the engine uses for `today` (see sync/resources.ts eventSearch). */
function searchRange(today: string): Record<string, string> {
  const year = Number(today.slice(0, 4))
  return { dateTimeRangeStart: `${year - 1}-01-01T00:00:00`, dateTimeRangeEnd: `${year + 1}-12-31T23:59:59` }
}

/**
 * What the sandbox lists now, for the default client (which reads its whole federation), for
 * every resource the engine mirrors, each sorted by `elementKey`: the federation lists, the v3
 * reference lists, public events (without deleted ones) and event search results, and the lists
 * under each parent the engine fans out over (merit groups of every organization, merits of every
 * group, grants of every merit, registered users and registrations of every event organized in
 * the federation, children of the federation's areas, clubs of its master clubs).
 */
export async function sandboxTruth(sandbox: Sandbox, today: string): Promise<Record<ExportResource, Element[]>> {
  const fed = sandbox.federationId
  const roots = await fetchAll(sandbox, '/organization')
  const below = await fetchAll(sandbox, `/organization/${fed}/list`)
  const organizations = [...roots, ...below]
  const orgIds = new Set(organizations.map((o) => o.id as number))
  const truth = { organizations } as Record<ExportResource, Element[]>
  for (const [resource, source] of Object.entries(truthSources(fed))) truth[resource as ExportResource] = await fetchAll(sandbox, source.path, source.query)

  const v3 = async (path: string) => (await fetchJson(sandbox, 'v3', path)) as Element[]
  truth.municipalities = await v3('/municipalities')
  truth['master-sports'] = await v3('/mastersports')
  truth['federation-master-sports'] = (await v3(`/sportsfederation/${fed}/mastersports`)).map((m) => ({ ...m, sportsFederationId: fed }))
  truth['area-associations'] = await v3('/area-association')
  truth['sports-federations'] = await v3('/organization/sports-federation/list')
  truth['api-version-info'] = [(await fetchJson(sandbox, 'v3', '/api-version-info')) as Element]
  truth['client-data'] = [(await fetchJson(sandbox, 'v2', '/client-data')) as Element]
  const ourAreas = truth['area-associations'].map((a) => a.id as number).filter((id) => orgIds.has(id))
  truth['area-association-children'] = (await Promise.all(ourAreas.map((id) => fetchAll(sandbox, `/area-association/${id}/listChildren`, {}, 'v3')))).flat()
  const masterClubs = [...new Set(organizations.map((o) => o.masterClubId).filter((id): id is number => typeof id === 'number'))]
  truth['sports-clubs'] = (await Promise.all(masterClubs.map((id) => v3(`/master-club/${id}/sportsClubs`)))).flat()

  truth.events = (await fetchAll(sandbox, '/event', {}, 'v3')).filter((e) => e.deletionTime === undefined)
  truth['event-search-results'] = await fetchAll(sandbox, `/event/search/${fed}`, searchRange(today))
  truth['merit-groups'] = (await Promise.all([...orgIds].map((id) => fetchAll(sandbox, `/merit-group/${id}`)))).flat()
  truth.merits = (await Promise.all(truth['merit-groups'].map((g) => fetchAll(sandbox, `/merit/${g.id}`)))).flat()
  truth['granted-merits'] = (await Promise.all(truth.merits.map((m) => fetchAll(sandbox, `/granted-merit/${m.id}`)))).flat()
  const events = new Map<number, string>()
  for (const e of [...truth.events, ...truth['event-search-results']]) if (orgIds.has(e.organizerId as number)) events.set(e.eventId as number, e.uuid as string)
  truth['registered-event-users'] = (await Promise.all([...events.keys()].map((id) => fetchAll(sandbox, `/event/registered-event-users/${id}`)))).flat()
  truth['event-registrations'] = (await Promise.all([...events.values()].map(async (uuid) => (await fetchJson(sandbox, 'v2', `/event/registration/${uuid}`)) as Element[]))).flat()

  for (const resource of Object.keys(truth) as ExportResource[]) truth[resource] = byKey(resource, truth[resource])
  return truth
}
