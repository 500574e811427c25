import type { ProblemTexts } from './text'

/** Problems of the `merit-create` kind (src/main/outbox/meritCreate.ts, spec v3 §4 POST /merit, §2 CreateMerit). */
export const meritCreateProblems = {
  'merit-create.fixed-date-missing': {
    en: 'validityFixedDate is required with FIXED_DATE',
    fi: 'validityFixedDate on pakollinen, kun voimassaolo on FIXED_DATE',
    sv: 'validityFixedDate krävs när giltigheten är FIXED_DATE'
  },
  'merit-create.fixed-date-not-allowed': {
    en: 'validityFixedDate is given only with FIXED_DATE',
    fi: 'validityFixedDate annetaan vain, kun voimassaolo on FIXED_DATE',
    sv: 'validityFixedDate anges bara när giltigheten är FIXED_DATE'
  },
  'merit-create.bad-duration': {
    en: 'validityFixedDurationInMonths must be a whole number ≥ 1 with FIXED_DURATION, got {{value}}',
    fi: 'validityFixedDurationInMonths: pitää olla kokonaisluku ≥ 1, kun voimassaolo on FIXED_DURATION; annettiin {{value}}',
    sv: 'validityFixedDurationInMonths: måste vara ett heltal ≥ 1 när giltigheten är FIXED_DURATION; angavs {{value}}'
  },
  'merit-create.duration-not-allowed': {
    en: 'validityFixedDurationInMonths is given only with FIXED_DURATION',
    fi: 'validityFixedDurationInMonths annetaan vain, kun voimassaolo on FIXED_DURATION',
    sv: 'validityFixedDurationInMonths anges bara när giltigheten är FIXED_DURATION'
  },
  'merit-create.master-sport-count': {
    en: 'mastersportIds must list 1 to {{max, number}} master sports, got {{count}}',
    fi: 'mastersportIds: päälajeja pitää olla 1–{{max, number}}, annettiin {{count}}',
    sv: 'mastersportIds: huvudgrenarna ska vara 1–{{max, number}}, angavs {{count}}'
  },
  'merit-create.master-sport-ids': {
    en: 'master sport ids must be positive whole numbers: {{values}}',
    fi: 'päälajien tunnisteiden pitää olla positiivisia kokonaislukuja: {{values}}',
    sv: 'huvudgrenarnas id måste vara positiva heltal: {{values}}'
  },
  'merit-create.repeated-master-sports': {
    en: 'master sports listed more than once: {{ids}}',
    fi: 'päälajeja on listassa useammin kuin kerran: {{ids}}',
    sv: 'huvudgrenar som står flera gånger i listan: {{ids}}'
  },
  'merit-create.no-merit-group': {
    en: 'no merit group {{meritGroupId}} in the local database',
    fi: 'paikallisessa tietokannassa ei ole ansiomerkkiryhmää {{meritGroupId}}',
    sv: 'den lokala databasen har ingen grupp av förtjänsttecken {{meritGroupId}}'
  },
  'merit-create.group-of-other-organization': {
    en: 'merit group {{meritGroupId}} belongs to organization {{owner}}, not {{organizationId}}',
    fi: 'ansiomerkkiryhmä {{meritGroupId}} kuuluu organisaatiolle {{owner}}, ei organisaatiolle {{organizationId}}',
    sv: 'gruppen av förtjänsttecken {{meritGroupId}} hör till organisation {{owner}}, inte {{organizationId}}'
  },
  'merit-create.name-taken': {
    en: 'merit group {{meritGroupId}} already has a merit named {{name}} (merit {{meritId}})',
    fi: 'ansiomerkkiryhmässä {{meritGroupId}} on jo ansiomerkki nimeltä {{name}} (ansiomerkki {{meritId}})',
    sv: 'gruppen av förtjänsttecken {{meritGroupId}} har redan ett förtjänsttecken som heter {{name}} (förtjänsttecken {{meritId}})'
  },
  'merit-create.already-queued': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already creates a merit named {{name}} in group {{meritGroupId}}',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) luo jo ansiomerkin nimeltä {{name}} ryhmään {{meritGroupId}}',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) skapar redan ett förtjänsttecken som heter {{name}} i grupp {{meritGroupId}}'
  }
} as const satisfies ProblemTexts
