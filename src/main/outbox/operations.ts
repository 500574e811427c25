import type { OutboxKind } from '../../shared/outbox'
import { eventRegistration } from './eventRegistration'
import { meritGrant } from './meritGrant'
import type { Operation } from './operation'
import { registrationCancel } from './registrationCancel'

/** The operation module of each kind (DESIGN §4: one module per operation kind). */
export const OPERATIONS = {
  'merit-grant': meritGrant,
  'event-registration': eventRegistration,
  'registration-cancel': registrationCancel
} as const

/** The kinds this Kanslia can queue and push. */
export type OperationKind = keyof typeof OPERATIONS

/** What a caller gives to queue a change of kind `K`. */
export type InputOf<K extends OperationKind> = Parameters<(typeof OPERATIONS)[K]['prepare']>[1]

/**
 * The module of a stored item's kind, typed loosely: stored payloads were prepared by the same
 * module, so they have its payload's shape.
 * @throws Error for a kind this version does not know (a newer Kanslia queued it).
 */
export function operationOf(kind: OutboxKind): Operation<unknown, unknown> {
  const operation = (OPERATIONS as Partial<Record<OutboxKind, unknown>>)[kind]
  if (!operation) throw new Error(`outbox items of kind ${kind} are not known to this version of Kanslia`)
  return operation as Operation<unknown, unknown>
}
