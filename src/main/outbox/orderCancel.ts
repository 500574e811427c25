import type { Order, OrderStatus } from '../../shared/api/v2Activity'
import { problem } from '../../shared/outboxProblems'
import type { OrderCancelPayload } from '../../shared/outboxPayloads'
import { openItemsOfKind } from '../db/outbox'
import { Problems } from './errors'
import type { Operation } from './operation'
import { checkOrderReference, orderIdOf } from './orderCreate'

/**
 * Cancels an order's transactions (spec v2 §4.9 POST /order/{orderId}/cancel, 200; spec v2 §3).
 * Orders are never retried automatically (DESIGN §4). After an `unknown` the worker reads the
 * order's payment status (GET /order/{orderId}/payment/status): CANCELLED → done; anything else
 * leaves the item `unknown` until a person retries or discards it.
 *
 * Checked before queuing: the order reference (an id, or a dependency on an `order-create` item);
 * no other cancellation not yet done cancels the same order.
 */
export const orderCancel: Operation<OrderCancelPayload, OrderCancelPayload> = {
  kind: 'order-cancel',
  idempotent: false,
  retriedByHandOnly: true,

  prepare(db, input, { dependency, editing }) {
    const problems = new Problems()
    checkOrderReference(problems, input.orderId, dependency)
    if (problems.none) {
      const same = openItemsOfKind(db, 'order-cancel').find((item) => item.id !== editing && (dependency ? item.dependsOn === dependency.id : item.payload.orderId === input.orderId))
      if (same) problems.add(problem('order-cancel.already-queued', { itemId: same.id, state: same.state }))
    }
    problems.throwIfAny('the order cancellation')
    return dependency ? {} : { orderId: input.orderId }
  },

  effects: () => [],

  refersTo: () => [],

  describe: ({ orderId }) => (orderId === undefined ? 'cancel the order queued before it' : `cancel order ${orderId}`),

  async send(client, payload, dependency) {
    const answer = await client.writeV2<Order>('POST', `/order/${orderIdOf(payload, dependency)}/cancel`, { emptyAnswer: true })
    return { status: answer.status, answer: answer.body ?? null }
  },

  async reconcile(client, payload, dependency) {
    const orderId = orderIdOf(payload, dependency)
    const status = await client.getV2<OrderStatus | null>(`/order/${orderId}/payment/status`)
    return status === 'CANCELLED' ? { applied: true, status: 200, answer: { orderId, status } } : { applied: false }
  }
}
