import type { OrderStatus, PaymentInitiation, PaymentMethods } from '../../../shared/api/v2Activity'
import { UserFacingError } from '../errors'
import { getItem } from '../../db/outbox'
import { isPaymentInitiation } from '../../outbox/orderPayment'
import { readPaymentMethods, readPaymentStatus } from '../outbox'
import type { SessionContext } from './context'

/** Paying an order the outbox placed (spec v2 §4.9, §2.17): its gateway's initiation, and its methods and status read online. */
export class SessionPayments {
  constructor(private readonly session: SessionContext) {}

  /**
   * The payment initiation a done `order-payment` item received (spec v2 §2.17), for opening the
   * gateway. @throws UserFacingError `no-payment` when the item is not a sent payment initiation; `no-database`.
   */
  initiation(itemId: number): PaymentInitiation {
    const item = this.session.read((db) => getItem(db, itemId))
    const answer: unknown = item?.kind === 'order-payment' && item.state === 'done' && item.lastAnswer !== null ? JSON.parse(item.lastAnswer) : null
    if (!isPaymentInitiation(answer)) {
      throw new UserFacingError('no-payment', `outbox item ${itemId} is no payment initiation the registry answered`)
    }
    return { paymentGatewayUrl: answer.paymentGatewayUrl, requestData: answer.requestData }
  }

  /**
   * The payment methods and terms of a placed order, read online (spec v2 §4.9, §2.17; costs in
   * cents). @throws ApiError (offline, 404 unknown order); UserFacingError `invalid-order-ids` / `not-connected`.
   */
  async methods(orderId: number): Promise<PaymentMethods> {
    return readPaymentMethods({ connection: await this.session.connection(), orderId })
  }

  /**
   * The payment status of up to 100 placed orders, read online (spec v2 §4.9), null for an order
   * not found. @throws ApiError (offline); UserFacingError `invalid-order-ids` / `not-connected`.
   */
  async status(orderIds: number[]): Promise<Array<{ orderId: number; status: OrderStatus | null }>> {
    return readPaymentStatus({ connection: await this.session.connection(), orderIds })
  }
}
