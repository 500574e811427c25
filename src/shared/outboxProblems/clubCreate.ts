import type { ProblemTexts } from './text'

/** Problems of the `club-create` kind (src/main/outbox/clubCreate.ts, spec v2 §4.1). */
export const clubCreateProblems = {
  'club-create.established-after-terminated': {
    en: 'established {{established}} is after terminated {{terminated}}',
    fi: 'established {{established}} on myöhemmin kuin terminated {{terminated}}',
    sv: 'established {{established}} är senare än terminated {{terminated}}'
  },
  'club-create.address-incomplete': {
    en: 'the address needs {{parts}}',
    fi: 'osoitteesta puuttuu {{parts}}',
    sv: 'adressen saknar {{parts}}'
  },
  'club-create.parent-not-federation-or-area': {
    en: '{{name}} is not an active sports federation or area ({{type}} {{status}}); clubs are created under those',
    fi: '{{name}} ei ole aktiivinen liitto tai alue ({{type}} {{status}}); seurat perustetaan niiden alle',
    sv: '{{name}} är inte ett aktivt förbund eller område ({{type}} {{status}}); föreningar skapas under dem'
  },
  'club-create.unnamed-parent-not-federation-or-area': {
    en: 'organization {{parentId}} is not an active sports federation or area ({{type}} {{status}}); clubs are created under those',
    fi: 'organisaatio {{parentId}} ei ole aktiivinen liitto tai alue ({{type}} {{status}}); seurat perustetaan niiden alle',
    sv: 'organisation {{parentId}} är inte ett aktivt förbund eller område ({{type}} {{status}}); föreningar skapas under dem'
  },
  'club-create.name-taken': {
    en: 'a club named {{name}} already exists under organization {{parentId}} (organization {{clubId}})',
    fi: 'organisaation {{parentId}} alla on jo seura nimeltä {{name}} (organisaatio {{clubId}})',
    sv: 'under organisation {{parentId}} finns redan en förening som heter {{name}} (organisation {{clubId}})'
  },
  'club-create.already-queued': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already creates a club named {{name}} under organization {{parentId}}',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) perustaa jo seuran nimeltä {{name}} organisaation {{parentId}} alle',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) skapar redan en förening som heter {{name}} under organisation {{parentId}}'
  }
} as const satisfies ProblemTexts
