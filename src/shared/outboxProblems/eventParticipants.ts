import type { ProblemTexts } from './text'

/**
 * Problems of the `event-participants` kind (src/main/outbox/eventParticipants.ts, spec v3 §4
 * POST /event/{eventUuid}/participants; its merit grant: spec v3 §2 MeritGrant, limits of spec v2 §8).
 */
export const eventParticipantsProblems = {
  'event-participants.participant-count': {
    en: 'userIds must list 1 to {{max, number}} members, got {{count, number}}',
    fi: 'userIds: jäseniä pitää olla 1–{{max, number}}, annettiin {{count, number}}',
    sv: 'userIds: medlemmarna ska vara 1–{{max, number}}, angavs {{count, number}}'
  },
  'event-participants.participant-ids': {
    en: 'participant ids must be positive whole numbers: {{values}}',
    fi: 'osallistujien tunnisteiden pitää olla positiivisia kokonaislukuja: {{values}}',
    sv: 'deltagarnas id måste vara positiva heltal: {{values}}'
  },
  'event-participants.repeated-participants': {
    en: 'participants listed more than once: {{ids}}',
    fi: 'osallistujia on listassa useammin kuin kerran: {{ids}}',
    sv: 'deltagare som står flera gånger i listan: {{ids}}'
  },
  'event-participants.no-merit-grant': {
    en: 'meritGrant is required when grantEventMerits is true',
    fi: 'meritGrant vaaditaan, kun grantEventMerits on true',
    sv: 'meritGrant krävs när grantEventMerits är true'
  },
  'event-participants.unexpected-merit-grant': {
    en: 'meritGrant is given but grantEventMerits is false',
    fi: 'meritGrant on annettu, vaikka grantEventMerits on false',
    sv: 'meritGrant har angetts fast grantEventMerits är false'
  },
  'event-participants.no-granter': {
    en: 'give the granter: meritGrant.granterUserId or meritGrant.meritGranter',
    fi: 'anna myöntäjä: meritGrant.granterUserId tai meritGrant.meritGranter',
    sv: 'ange den som beviljar: meritGrant.granterUserId eller meritGrant.meritGranter'
  },
  'event-participants.already-registered': {
    en: 'already registered to this event: {{ids}}',
    fi: 'jo ilmoitettu tähän tapahtumaan: {{ids}}',
    sv: 'redan anmälda till evenemanget: {{ids}}'
  },
  'event-participants.already-queued': {
    en: 'already being registered to this event by the outbox: {{entries}}',
    fi: 'ilmoitetaan jo tähän tapahtumaan jonon kautta: {{entries}}',
    sv: 'anmäls redan till evenemanget via utkorgen: {{entries}}'
  },
  'event-participants.no-room': {
    en: 'event {{event}} has room for {{free}} more ({{registered}} registered, {{queued}} queued, {{places}} places), not {{count}}',
    fi: 'tapahtumaan {{event}} mahtuu enää {{free}} ({{registered}} ilmoittautunutta, {{queued}} jonossa, paikkoja {{places}}), ei {{count}}',
    sv: 'evenemanget {{event}} har plats för {{free}} till ({{registered}} anmälda, {{queued}} i kö, {{places}} platser), inte {{count}}'
  }
} as const satisfies ProblemTexts
