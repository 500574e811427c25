import type { Order, OrderPurchase } from '../../shared/api/v2Activity'
import { problem } from '../../shared/outboxProblems'
import { openItemsOfKind, type OutboxRow } from '../db/outbox'
import { notTheAnswer } from '../api/errors'
import { answeredId } from './answers'
import { checkId, listSome, localOrganization, localRegistration, mirrors, repeatedValues, unknownMembers } from './checks'
import { Problems, UnsendableChangeError } from './errors'
import type { Operation } from './operation'

/** What a person orders: who pays and which event registrations are paid for (their ids). */
export interface OrderCreateInput {
  /** The billed member when `organizationId` is not given (spec v2 §2.17). */
  userId: number
  /** When given, this organization is billed. */
  organizationId?: number
  /** Event registration ids (spec v2 §2.15 `eventRegistrationId`), each bought as one product. */
  eventRegistrationIds: number[]
}

/**
 * Places an order (spec v2 §4.9 POST /order, body Order of §2.17, 200 with `orderId` and
 * `status` filled). One purchase per registration, its beneficiary the registered member (when
 * known locally), its one product of type EVENT_REGISTRATION whose `productId` is the registration's
 * id (the spec leaves what a product id names open; the registry reads it so).
 *
 * Orders are never retried automatically (DESIGN §4), and none can be read back: no endpoint lists
 * a client's orders, and the status reads need the `orderId` that a lost answer took with it. So
 * after an `unknown` the item stays `unknown` until a person checks the registry and retries or
 * discards it. A 2xx whose Order names no `orderId` is no answer (`notTheAnswer`): the order may
 * be placed, but nothing could pay or cancel it, so it is `unknown` too, never done.
 *
 * Checked before queuing: the ids; the payer is known locally (`unknownMembers`) and the billed
 * organization known locally; 1..n unique registrations, each known locally (once the sync mirrors
 * registrations); no other order item not yet done pays for any of them.
 */
export const orderCreate: Operation<OrderCreateInput, Order> = {
  kind: 'order-create',
  idempotent: false,
  retriedByHandOnly: true,

  prepare(db, input, { editing }) {
    const problems = new Problems()
    problems.add(checkId(input.userId, 'userId'))
    if (input.organizationId !== undefined) problems.add(checkId(input.organizationId, 'organizationId'))
    const ids = Array.isArray(input.eventRegistrationIds) ? input.eventRegistrationIds : []
    if (ids.length === 0) problems.add(problem('order-create.no-registrations'))
    const bad = ids.filter((id) => checkId(id, 'eventRegistrationIds') !== null)
    if (bad.length) problems.add(problem('order-create.registration-ids', { values: listSome(bad.map((id) => JSON.stringify(id))) }))
    const repeated = repeatedValues(ids)
    if (repeated.length) problems.add(problem('order-create.repeated-registrations', { ids: listSome(repeated) }))
    problems.throwIfAny('the order')
    if (unknownMembers(db, [input.userId]).length) problems.add(problem('unknown-members', { ids: input.userId }))
    if (input.organizationId !== undefined && !localOrganization(db, input.organizationId)) problems.add(problem('unknown-organization', { organizationId: input.organizationId }))
    const registrations = ids.map((id) => ({ id, local: localRegistration(db, id) }))
    const unknown = registrations.filter((r) => !r.local).map((r) => r.id)
    if (unknown.length && mirrors(db, 'event_registration')) problems.add(problem('order-create.unknown-registrations', { ids: listSome(unknown) }))
    for (const item of openItemsOfKind(db, 'order-create')) {
      if (item.id === editing) continue
      const paid = productIds(item.payload).filter((id) => ids.includes(id))
      if (paid.length) problems.add(problem('order-create.already-ordered', { itemId: item.id, state: item.state, ids: listSome(paid) }))
    }
    problems.throwIfAny('the order')
    const purchases: OrderPurchase[] = registrations.map(({ id, local }) => {
      const purchase: OrderPurchase = { products: [{ productType: 'EVENT_REGISTRATION', productId: id }] }
      if (local?.participantUserId != null) purchase.beneficiaryUserId = local.participantUserId
      return purchase
    })
    const order: Order = { userId: input.userId, source: 'EVENT_REGISTRATION', purchases }
    if (input.organizationId !== undefined) order.organizationId = input.organizationId
    return order
  },

  effects: (order) => [...new Set(order.purchases.flatMap((p) => (p.beneficiaryUserId === undefined ? [] : [p.beneficiaryUserId])))].map((personId) => ({ personId, target: 'order' })),

  names: (order) => [order.userId],

  refersTo: (order) => [
    ...(order.organizationId === undefined ? [] : [{ to: 'organization' as const, id: order.organizationId }]),
    ...productIds(order).map((id) => ({ to: 'event-registration' as const, id }))
  ],

  describe(order) {
    const ids = productIds(order)
    const payer = order.organizationId === undefined ? `member ${order.userId}` : `organization ${order.organizationId}`
    return `order ${ids.length === 1 ? `registration ${ids[0]}` : `registrations ${listSome(ids)}`} billed to ${payer}`
  },

  async send(client, order) {
    const answer = await client.writeV2<Order>('POST', '/order', { body: order })
    // The payment and the cancellation act on the orderId: an Order without one is not the answer.
    if (answeredId(answer.body, 'orderId') === undefined) throw notTheAnswer('POST /api/public/v2/order', answer.status, 'an Order without an orderId')
    return { status: answer.status, answer: answer.body }
  },

  async reconcile() {
    return { applied: 'undecided', reason: 'no endpoint lists orders, so whether the order was placed cannot be read back; check the registry' }
  }
}

/** The registration ids an order pays for. */
function productIds(order: Order): number[] {
  return order.purchases.flatMap((p) => p.products.map((x) => x.productId))
}

/**
 * The order id a payment or cancellation acts on: its own, or the one the `order-create` item it
 * depends on got in its answer (spec v2 §4.9 POST /order: the Order with `orderId` filled).
 * @throws UnsendableChangeError when neither is known (the order item's answer named none).
 */
export function orderIdOf(payload: { orderId?: number }, dependency: OutboxRow | undefined): number {
  const id = payload.orderId ?? (dependency?.lastAnswer ? answeredId(JSON.parse(dependency.lastAnswer), 'orderId') : undefined)
  if (id === undefined) {
    throw new UnsendableChangeError(
      `the order it acts on has no id: outbox item #${dependency?.id} (${dependency?.state}) holds no orderId from the registry; discard this item and queue it again with the order's id`
    )
  }
  return id
}

/**
 * Checks the order a payment or cancellation names: an `orderId`, or a dependency that is an
 * `order-create` item (not both). Adds the problems to `problems`.
 */
export function checkOrderReference(problems: Problems, orderId: number | undefined, dependency: OutboxRow | undefined): void {
  if (dependency) {
    if (dependency.kind !== 'order-create') problems.add(problem('order-create.not-an-order-item', { itemId: dependency.id }))
    if (orderId !== undefined) problems.add(problem('order-create.order-given-twice'))
  } else {
    problems.add(checkId(orderId, 'orderId'))
  }
}
