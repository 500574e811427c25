import type { ProblemTexts } from './text'

/**
 * Problems of the `order-create` kind (src/main/outbox/orderCreate.ts, spec v2 §4.9 POST /order,
 * §2.17), and of the order reference that `order-payment` and `order-cancel` items name
 * (`checkOrderReference` there).
 */
export const orderCreateProblems = {
  'order-create.no-registrations': {
    en: 'give at least one event registration to pay for',
    fi: 'anna vähintään yksi maksettava ilmoittautuminen',
    sv: 'ange minst en anmälan att betala'
  },
  'order-create.registration-ids': {
    en: 'registration ids must be positive whole numbers: {{values}}',
    fi: 'ilmoittautumisten tunnisteiden pitää olla positiivisia kokonaislukuja: {{values}}',
    sv: 'anmälningarnas id måste vara positiva heltal: {{values}}'
  },
  'order-create.repeated-registrations': {
    en: 'registrations listed more than once: {{ids}}',
    fi: 'ilmoittautumisia on listassa useammin kuin kerran: {{ids}}',
    sv: 'anmälningar som står flera gånger i listan: {{ids}}'
  },
  'order-create.unknown-registrations': {
    en: 'no event registration {{ids}} in the local database',
    fi: 'paikallisessa tietokannassa ei ole ilmoittautumista {{ids}}',
    sv: 'den lokala databasen har ingen anmälan {{ids}}'
  },
  'order-create.already-ordered': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already orders registration {{ids}}',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) tilaa jo ilmoittautumisen {{ids}}',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) beställer redan anmälan {{ids}}'
  },
  'order-create.not-an-order-item': {
    en: 'outbox item #{{itemId}} does not place an order',
    fi: 'jonon kohta #{{itemId}} ei tee tilausta',
    sv: 'post #{{itemId}} i utkorgen gör ingen beställning'
  },
  'order-create.order-given-twice': {
    en: 'give the order id or the outbox item that places the order, not both',
    fi: 'anna joko tilauksen tunniste tai tilauksen tekevä jonon kohta, ei molempia',
    sv: 'ange antingen beställningens id eller posten i utkorgen som gör beställningen, inte båda'
  }
} as const satisfies ProblemTexts
