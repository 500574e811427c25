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
  },
  // `end`, `start` and `now` are the event's local times (yyyy-mm-ddTHH:MM[:SS]), as the registry writes them.
  'event-registration.registration-ended': {
    en: 'registration to event {{event}} ended at {{end}} (local time), it is now {{now}}',
    fi: 'ilmoittautuminen tapahtumaan {{event}} päättyi {{end}} (paikallista aikaa), nyt on {{now}}',
    sv: 'anmälan till evenemanget {{event}} stängde {{end}} (lokal tid), nu är det {{now}}'
  },
  'event-registration.registration-not-open': {
    en: 'registration to event {{event}} opens at {{start}} (local time), it is now {{now}}',
    fi: 'ilmoittautuminen tapahtumaan {{event}} alkaa {{start}} (paikallista aikaa), nyt on {{now}}',
    sv: 'anmälan till evenemanget {{event}} öppnar {{start}} (lokal tid), nu är det {{now}}'
  }
} as const satisfies ProblemTexts
