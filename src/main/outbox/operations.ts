import type { OutboxKind } from '../../shared/outbox'
import type { OutboxPayloads } from '../../shared/outboxPayloads'
import { clientDataDelete, clientDataPut } from './clientData'
import { clubCreate } from './clubCreate'
import { clubTransfer } from './clubTransfer'
import { eventCreate } from './eventCreate'
import { eventParticipants } from './eventParticipants'
import { eventRegistration } from './eventRegistration'
import { meritCreate } from './meritCreate'
import { meritGrant } from './meritGrant'
import type { Operation } from './operation'
import { orderCancel } from './orderCancel'
import { orderCreate } from './orderCreate'
import { orderPayment } from './orderPayment'
import { organizationUserAccess } from './organizationUserAccess'
import { registrationCancel } from './registrationCancel'

/** The operation module of each kind (DESIGN §4: one module per operation kind), each storing its kind's OutboxPayloads. */
export const OPERATIONS = {
  'merit-grant': meritGrant,
  'event-registration': eventRegistration,
  'registration-cancel': registrationCancel,
  'club-transfer': clubTransfer,
  'client-data-put': clientDataPut,
  'client-data-delete': clientDataDelete,
  'club-create': clubCreate,
  'organization-user-access': organizationUserAccess,
  'merit-create': meritCreate,
  'event-create': eventCreate,
  'event-participants': eventParticipants,
  'order-create': orderCreate,
  'order-payment': orderPayment,
  'order-cancel': orderCancel
} as const satisfies { [K in OutboxKind]: Operation<never, OutboxPayloads[K]> }

/** What a caller gives to queue a change of kind `K`. */
export type InputOf<K extends OutboxKind> = Parameters<(typeof OPERATIONS)[K]['prepare']>[1]

/**
 * The module of a stored item's kind, typed loosely: stored payloads were prepared by the same
 * module, so they have its payload's shape.
 */
export function operationOf(kind: OutboxKind): Operation<unknown, unknown> {
  return OPERATIONS[kind] as Operation<unknown, unknown>
}
