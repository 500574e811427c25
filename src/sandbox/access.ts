/**
 * Organization permissions of a client (spec v2 §5): read or write on some organizations,
 * cascading to everything below them.
 *
 * Choices the spec leaves open, made here and used by every route:
 * - Endpoints whose spec names only "400 invalid federation id" (licences, licence periods,
 *   insurances, user licences, user insurances, sports, sport parameters, /organization/{id}/list)
 *   also answer 400 when the federation exists but the client may not read it: to the client it
 *   is not a valid federation id, and the answer does not reveal that it exists.
 * - Endpoints whose spec names 403 (the sport and user variants of §4.2/§4.4/§4.5) answer 403
 *   for both an unknown federation and one without rights.
 * - GET /organization/{id}: 404 for an unknown id, 403 without read rights (spec shows neither).
 * - GET /organization/{id}/suborganizations: 400 for an unknown id, 403 without read rights.
 */
import type { SandboxClient } from './auth'
import { badRequest, forbidden } from './httpError'
import type { SandboxStore } from './store'

/** True when the client may read the organization (directly or through an ancestor). */
export function canRead(store: SandboxStore, client: SandboxClient, organizationId: number): boolean {
  return [...client.readableOrganizationIds, ...client.writableOrganizationIds].some((root) => store.isWithin(organizationId, root))
}

/** True when the client may write the organization (directly or through an ancestor). */
export function canWrite(store: SandboxStore, client: SandboxClient, organizationId: number): boolean {
  return client.writableOrganizationIds.some((root) => store.isWithin(organizationId, root))
}

/** True when `id` is a sports federation the client may read. */
export function isReadableFederation(store: SandboxStore, client: SandboxClient, id: number): boolean {
  return store.organizations.get(id)?.data.type === 'SPORTS_FEDERATION' && canRead(store, client, id)
}

/** @throws HttpError 400 "invalid federation id" unless `id` is a federation the client may read. */
export function requireFederation400(store: SandboxStore, client: SandboxClient, id: number): void {
  if (!isReadableFederation(store, client, id)) throw badRequest(`invalid federation id ${id}`)
}

/** @throws HttpError 403 unless `id` is a federation the client may read (spec v2 §7). */
export function requireFederation403(store: SandboxStore, client: SandboxClient, id: number): void {
  if (!isReadableFederation(store, client, id)) throw forbidden(`invalid federation id ${id} or no rights to it`)
}
