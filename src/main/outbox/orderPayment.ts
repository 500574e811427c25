import type { OrderStatus, PaymentInitiation } from '../../shared/api/v2Activity'
import { problem } from '../../shared/outboxProblems'
import type { OrderPaymentPayload } from '../../shared/outboxPayloads'
import { openItemsOfKind } from '../db/outbox'
import { notTheAnswer } from '../api/errors'
import { Problems } from './errors'
import type { Operation } from './operation'
import { checkOrderReference, orderIdOf } from './orderCreate'

/**
 * Initiates the payment of an order (spec v2 §4.9 POST /order/{orderId}/payment/{paymentMethodCode},
 * 200 with the payment initiation of §2.17). The answer kept in the item holds `paymentGatewayUrl`
 * and `requestData`: the desktop app later opens the gateway in the system browser, posting the
 * request data; queuing and pushing open nothing.
 *
 * Payments are never retried automatically (DESIGN §4). After an `unknown` the worker reads the
 * order's payment status (GET /order/{orderId}/payment/status): the gateway address a lost answer
 * carried cannot be read back, so the item stays `unknown` whatever the status says (it is named
 * in the item's answer), until a person retries (a new payment attempt) or discards it. A 2xx
 * that is no payment initiation (`isPaymentInitiation`) is no answer (`notTheAnswer`): nothing
 * could open the gateway, so it is `unknown` too, never done.
 *
 * Checked before queuing: the order reference (an id, or a dependency on an `order-create` item);
 * a payment method code of 1..64 letters, digits, `_` or `-`; `clientId` not empty when given; no
 * other payment item not yet done pays the same order.
 */
export const orderPayment: Operation<OrderPaymentPayload, OrderPaymentPayload> = {
  kind: 'order-payment',
  idempotent: false,
  retriedByHandOnly: true,

  prepare(db, input, { dependency, editing }) {
    const problems = new Problems()
    checkOrderReference(problems, input.orderId, dependency)
    if (typeof input.paymentMethodCode !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(input.paymentMethodCode)) {
      problems.add(problem('order-payment.bad-method', { value: JSON.stringify(input.paymentMethodCode) }))
    }
    if (input.clientId !== undefined && (typeof input.clientId !== 'string' || input.clientId.trim() === '')) problems.add(problem('empty-when-given', { what: 'clientId' }))
    if (problems.none) {
      const same = openItemsOfKind(db, 'order-payment').find((item) => item.id !== editing && (dependency ? item.dependsOn === dependency.id : item.payload.orderId === input.orderId))
      if (same) problems.add(problem('order-payment.already-queued', { itemId: same.id, state: same.state }))
    }
    problems.throwIfAny('the payment')
    const payload: OrderPaymentPayload = { paymentMethodCode: input.paymentMethodCode }
    if (!dependency) payload.orderId = input.orderId
    if (input.clientId !== undefined) payload.clientId = input.clientId
    return payload
  },

  effects: () => [],

  refersTo: () => [],

  describe: ({ orderId, paymentMethodCode }) => `pay ${orderId === undefined ? 'the order queued before it' : `order ${orderId}`} with ${paymentMethodCode}`,

  async send(client, payload, dependency) {
    const path = `/order/${orderIdOf(payload, dependency)}/payment/${encodeURIComponent(payload.paymentMethodCode)}`
    const answer = await client.writeV2<PaymentInitiation>('POST', path, { query: { clientId: payload.clientId } })
    // The payment page opens the gateway from the initiation: an answer without it is not the answer.
    if (!isPaymentInitiation(answer.body)) throw notTheAnswer(`POST /api/public/v2${path}`, answer.status, 'a payment initiation without its paymentGatewayUrl or requestData')
    return { status: answer.status, answer: answer.body }
  },

  async reconcile(client, payload, dependency) {
    const orderId = orderIdOf(payload, dependency)
    const status = await client.getV2<OrderStatus | null>(`/order/${orderId}/payment/status`)
    return { applied: 'undecided', reason: `order ${orderId} is ${status ?? 'not found'}; the payment gateway address of a lost answer cannot be read back` }
  }
}

/**
 * Whether an answer is a payment initiation (spec v2 §2.17, the answer of §4.9 POST
 * /order/{orderId}/payment/{paymentMethodCode}): a `paymentGatewayUrl` string and a `requestData`
 * array, what opening the gateway needs.
 */
export function isPaymentInitiation(answer: unknown): answer is PaymentInitiation {
  if (answer === null || typeof answer !== 'object') return false
  const { paymentGatewayUrl, requestData } = answer as Partial<Record<keyof PaymentInitiation, unknown>>
  return typeof paymentGatewayUrl === 'string' && Array.isArray(requestData)
}
