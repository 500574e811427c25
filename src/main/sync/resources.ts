import type { ExportResource } from '../db/tables'

/** Where the engine reads one resource of a federation scope (spec v2 §4.1, §4.2, §4.4, §4.5, §4.7). */
export interface ResourceSource {
  resource: ExportResource
  /** The SYNC list path under /api/public/v2 for federation `federationId`. */
  path(federationId: number): string
  /** Extra query parameters of every request. */
  query?: Record<string, string>
}

/**
 * The resource catalogue, in sync order (products before the user data that names them). The
 * organization roots of `GET /organization` join `organizations` (see engine); the list gives
 * everything active below the federation.
 */
export const SYNC_SOURCES: readonly ResourceSource[] = [
  { resource: 'organizations', path: (f) => `/organization/${f}/list` },
  { resource: 'licence-periods', path: (f) => `/licenceperiod/${f}` },
  { resource: 'licences', path: (f) => `/licence/${f}` },
  { resource: 'sports', path: (f) => `/sport/${f}` },
  { resource: 'insurances', path: (f) => `/insurance/${f}` },
  { resource: 'sport-parameters', path: (f) => `/sport-parameter/${f}` },
  // includeSportParams=true: the person's sport parameters come along (spec v2 §4.4).
  { resource: 'user-licences', path: (f) => `/user-licence/${f}`, query: { includeSportParams: 'true' } },
  { resource: 'user-insurances', path: (f) => `/user-insurance/${f}` }
]

/** The scope name of a federation, as stored in rows and cursors: `federation 100`. */
export function federationScope(federationId: number): string {
  return `federation ${federationId}`
}
