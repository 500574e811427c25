import type { FastifyRequest } from 'fastify'
import type { SandboxClient } from '../auth'
import type { ListSenderContext } from '../respond'
import type { SandboxStore } from '../store'

/** What route modules need: the data, the list sender and the authenticated client of a request. */
export interface RouteDeps {
  store: SandboxStore
  sender: ListSenderContext
  /** The client whose bearer token the request carried (authentication ran before the route). */
  clientOf(request: FastifyRequest): SandboxClient
}

/** Path parameters as Fastify gives them. */
export type PathParams = Record<string, string | undefined>
