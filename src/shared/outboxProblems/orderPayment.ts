import type { ProblemTexts } from './text'

/** Problems of the `order-payment` kind (src/main/outbox/orderPayment.ts, spec v2 §4.9 POST /order/{orderId}/payment/{paymentMethodCode}). */
export const orderPaymentProblems = {
  'order-payment.bad-method': {
    en: "paymentMethodCode must be a code of the order's payment methods (letters, digits, _ or -), got {{value}}",
    fi: 'paymentMethodCode: pitää olla jonkin tilauksen maksutavan koodi (kirjaimia, numeroita, _ tai -), annettiin {{value}}',
    sv: 'paymentMethodCode: måste vara koden för något av beställningens betalningssätt (bokstäver, siffror, _ eller -), angavs {{value}}'
  },
  'order-payment.already-queued': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already initiates the payment of this order',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) aloittaa jo tämän tilauksen maksun',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) påbörjar redan betalningen av beställningen'
  }
} as const satisfies ProblemTexts
