import type { ProblemTexts } from './text'

/** Problems of the `registration-cancel` kind (src/main/outbox/registrationCancel.ts, spec v2 §4.8). */
export const registrationCancelProblems = {
  'registration-cancel.not-a-registration': {
    en: 'outbox item #{{itemId}} does not register anyone to an event',
    fi: 'jonon kohta #{{itemId}} ei ilmoita ketään tapahtumaan',
    sv: 'post #{{itemId}} i utkorgen anmäler ingen till ett evenemang'
  },
  'registration-cancel.item-other-event': {
    en: 'outbox item #{{itemId}} registers to event {{itemEvent}}, not {{eventUuid}}',
    fi: 'jonon kohta #{{itemId}} ilmoittaa tapahtumaan {{itemEvent}}, ei tapahtumaan {{eventUuid}}',
    sv: 'post #{{itemId}} i utkorgen anmäler till evenemanget {{itemEvent}}, inte {{eventUuid}}'
  },
  'registration-cancel.id-and-item': {
    en: 'give the registration id or the outbox item that registers, not both',
    fi: 'anna ilmoittautumisen tunniste tai ilmoittava jonon kohta, ei molempia',
    sv: 'ange anmälans id eller posten i utkorgen som anmäler, inte båda'
  },
  'registration-cancel.no-registration': {
    en: 'no registration {{registrationId}} in the local database',
    fi: 'paikallisessa tietokannassa ei ole ilmoittautumista {{registrationId}}',
    sv: 'den lokala databasen har ingen anmälan {{registrationId}}'
  },
  'registration-cancel.other-event': {
    en: 'registration {{registrationId}} is to event {{registrationEvent}}, not {{eventUuid}}',
    fi: 'ilmoittautuminen {{registrationId}} on tapahtumaan {{registrationEvent}}, ei tapahtumaan {{eventUuid}}',
    sv: 'anmälan {{registrationId}} gäller evenemanget {{registrationEvent}}, inte {{eventUuid}}'
  },
  'registration-cancel.already-queued': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already cancels this registration',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) peruu jo tämän ilmoittautumisen',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) annullerar redan anmälan'
  }
} as const satisfies ProblemTexts
