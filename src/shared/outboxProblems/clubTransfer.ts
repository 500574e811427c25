import type { ProblemTexts } from './text'

/** Problems of the `club-transfer` kind (src/main/outbox/clubTransfer.ts, spec v2 §4.6). */
export const clubTransferProblems = {
  'club-transfer.no-licence': {
    en: 'no user licence {{userLicenceId}} in the local database',
    fi: 'paikallisessa tietokannassa ei ole lisenssiä {{userLicenceId}}',
    sv: 'den lokala databasen har ingen licens {{userLicenceId}}'
  },
  'club-transfer.not-active-club': {
    en: '{{name}} is not an active club ({{type}} {{status}})',
    fi: '{{name}} ei ole aktiivinen seura ({{type}} {{status}})',
    sv: '{{name}} är inte en aktiv förening ({{type}} {{status}})'
  },
  'club-transfer.unnamed-not-active-club': {
    en: 'organization {{targetClubId}} is not an active club ({{type}} {{status}})',
    fi: 'organisaatio {{targetClubId}} ei ole aktiivinen seura ({{type}} {{status}})',
    sv: 'organisation {{targetClubId}} är inte en aktiv förening ({{type}} {{status}})'
  },
  'club-transfer.other-federation': {
    en: 'club {{targetClubId}} is not in federation {{federationId}} of the licence',
    fi: 'seura {{targetClubId}} ei kuulu lisenssin liittoon {{federationId}}',
    sv: 'föreningen {{targetClubId}} hör inte till licensens förbund {{federationId}}'
  },
  'club-transfer.same-club': {
    en: 'user licence {{userLicenceId}} already belongs to club {{targetClubId}}',
    fi: 'lisenssi {{userLicenceId}} kuuluu jo seuraan {{targetClubId}}',
    sv: 'licensen {{userLicenceId}} hör redan till föreningen {{targetClubId}}'
  },
  'club-transfer.already-queued': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already transfers user licence {{userLicenceId}}',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) siirtää jo lisenssin {{userLicenceId}}',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) flyttar redan licensen {{userLicenceId}}'
  }
} as const satisfies ProblemTexts
