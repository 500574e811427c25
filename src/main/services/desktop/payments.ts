import type { OrderStatus, PaymentInitiation, PaymentMethods } from '../../../shared/api/v2Activity'
import { readPaymentInitiation, readPaymentMethods, readPaymentStatus } from '../outbox'
import type { SessionContext } from './context'

/** Paying an order the outbox placed (spec v2 §4.9, §2.17): its gateway's initiation, and its methods and status read online. */
export class SessionPayments {
  constructor(private readonly session: SessionContext) {}

  /** `readPaymentInitiation` of outbox item `itemId`. @throws UserFacingError `no-payment`; `no-database`. */
  initiation(itemId: number): PaymentInitiation {
    return this.session.read((db) => readPaymentInitiation(db, itemId))
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
