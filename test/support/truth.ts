import type { Sandbox } from '../../src/sandbox/index'

/**
 * Everything a list endpoint of the sandbox answers right now, read over real HTTP in pages of
 * 100,000 without `ts`: the truth a synced database must equal. Faults are switched off for the
 * read and restored afterwards.
 */
export async function fetchAll(sandbox: Sandbox, path: string, query: Record<string, string> = {}): Promise<Array<Record<string, unknown>>> {
  const faults = { ...sandbox.faults }
  Object.assign(sandbox.faults, { errorRate: 0, rateLimitRate: 0, truncateNext: 0, latencyMs: 0 })
  try {
    const token = await fetchToken(sandbox)
    const all: Array<Record<string, unknown>> = []
    for (let page = 0; ; page++) {
      const params = new URLSearchParams({ ...query, page: String(page), size: '100000' })
      const response = await fetch(`${sandbox.baseUrl}/api/public/v2${path}?${params}`, { headers: { authorization: `Bearer ${token}` } })
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
      const body = (await response.json()) as { content: Array<Record<string, unknown>>; pageable: { total: number } }
      all.push(...body.content)
      if (all.length >= body.pageable.total || body.content.length === 0) break
    }
    return all.sort((a, b) => (a.id as number) - (b.id as number))
  } finally {
    Object.assign(sandbox.faults, faults)
  }
}

async function fetchToken(sandbox: Sandbox): Promise<string> {
  const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')
  const response = await fetch(`${sandbox.authUrl}/oauth2/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }
  })
  if (!response.ok) throw new Error(`token: ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** The v2 list path and query the sync engine reads each exportable resource from, per federation. */
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
