import type { ProblemTexts } from './text'

/** Problems of the `order-cancel` kind (src/main/outbox/orderCancel.ts, spec v2 §4.9 POST /order/{orderId}/cancel). */
export const orderCancelProblems = {
  'order-cancel.already-queued': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already cancels this order',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) peruu jo tämän tilauksen',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) annullerar redan beställningen'
  }
} as const satisfies ProblemTexts
