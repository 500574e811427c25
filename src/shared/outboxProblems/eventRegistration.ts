import type { ProblemTexts } from './text'

/** Problems of the `event-registration` kind (src/main/outbox/eventRegistration.ts, spec v2 §4.8). */
export const eventRegistrationProblems = {
  'event-registration.already-registered': {
    en: 'member {{userId}} is already registered to this event (registration {{registrationId}}); if it was cancelled elsewhere, a full sync removes it here',
    fi: 'jäsen {{userId}} on jo ilmoitettu tähän tapahtumaan (ilmoittautuminen {{registrationId}}); jos se on peruttu muualla, täysi tarkistus poistaa sen täältä',
    sv: 'medlem {{userId}} är redan anmäld till evenemanget (anmälan {{registrationId}}); om den avbokats någon annanstans tar en fullständig kontroll bort den här'
  },
  'event-registration.already-queued': {
    en: 'member {{userId}} is already being registered to this event by outbox item #{{itemId}} ({{state, state}})',
    fi: 'jäsentä {{userId}} ilmoitetaan jo tähän tapahtumaan jonon kohdassa #{{itemId}} ({{state, state}})',
    sv: 'medlem {{userId}} anmäls redan till evenemanget av post #{{itemId}} i utkorgen ({{state, state}})'
  },
  'event-registration.already-participant': {
    en: 'member {{userId}} is already being added to this event as a participant by outbox item #{{itemId}}',
    fi: 'jäsentä {{userId}} lisätään jo tämän tapahtuman osallistujaksi jonon kohdassa #{{itemId}}',
    sv: 'medlem {{userId}} läggs redan till som deltagare i evenemanget av post #{{itemId}} i utkorgen'
  },
  'event-registration.event-full': {
    en: 'event {{event}} is full: {{registered}} registered and {{queued}} queued for {{places}} places',
    fi: 'tapahtuma {{event}} on täynnä: {{registered}} ilmoittautunutta ja {{queued}} jonossa, paikkoja {{places}}',
    sv: 'evenemanget {{event}} är fullt: {{registered}} anmälda och {{queued}} i kö för {{places}} platser'
  }
} as const satisfies ProblemTexts
