import type { ProblemTexts } from './text'

/** Problems of the `event-create` kind (src/main/outbox/eventCreate.ts, spec v3 §4 POST /event). */
export const eventCreateProblems = {
  'event-create.no-date': {
    en: '{{what}} must have a date',
    fi: '{{what}}: päivämäärä puuttuu',
    sv: '{{what}}: datum saknas'
  },
  'event-create.end-before-start': {
    en: '{{end}} is before {{start}}',
    fi: '{{end}} on aikaisempi kuin {{start}}',
    sv: '{{end}} är före {{start}}'
  },
  'event-create.max-attendees': {
    en: 'maxAttendeeCount must be a whole number ≥ 1, got {{value}}',
    fi: 'maxAttendeeCount: pitää olla kokonaisluku ≥ 1, annettiin {{value}}',
    sv: 'maxAttendeeCount: måste vara ett heltal ≥ 1, angavs {{value}}'
  },
  'event-create.price-row-incomplete': {
    en: 'price row {{row}} needs a name and a description',
    fi: 'hintarivillä {{row}} pitää olla nimi ja kuvaus',
    sv: 'prisrad {{row}} behöver ett namn och en beskrivning'
  },
  'event-create.price-row-cents': {
    en: 'price row {{row}}: priceInCents must be a whole number ≥ 0',
    fi: 'hintarivi {{row}}: priceInCents-arvon pitää olla kokonaisluku ≥ 0',
    sv: 'prisrad {{row}}: priceInCents måste vara ett heltal ≥ 0'
  },
  'event-create.merit-ids': {
    en: 'merit ids must be positive whole numbers: {{values}}',
    fi: 'ansiomerkkien tunnisteiden pitää olla positiivisia kokonaislukuja: {{values}}',
    sv: 'förtjänsttecknens id måste vara positiva heltal: {{values}}'
  },
  'event-create.repeated-merits': {
    en: 'meritIds lists a merit more than once',
    fi: 'meritIds: sama ansiomerkki on listassa useammin kuin kerran',
    sv: 'meritIds: samma förtjänsttecken står flera gånger i listan'
  },
  'event-create.organizer-inactive': {
    en: '{{name}} is not active',
    fi: '{{name}} ei ole aktiivinen',
    sv: '{{name}} är inte aktiv'
  },
  'event-create.unnamed-organizer-inactive': {
    en: 'organization {{organizerId}} is not active',
    fi: 'organisaatio {{organizerId}} ei ole aktiivinen',
    sv: 'organisationen {{organizerId}} är inte aktiv'
  },
  'event-create.event-exists': {
    en: 'organization {{organizerId}} already has an event {{name}} starting {{start}} (event {{eventId}})',
    fi: 'organisaatiolla {{organizerId}} on jo tapahtuma {{name}}, joka alkaa {{start}} (tapahtuma {{eventId}})',
    sv: 'organisationen {{organizerId}} har redan ett evenemang {{name}} som börjar {{start}} (evenemang {{eventId}})'
  },
  'event-create.already-queued': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already creates this event',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) luo jo tämän tapahtuman',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) skapar redan evenemanget'
  }
} as const satisfies ProblemTexts
