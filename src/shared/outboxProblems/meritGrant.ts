import type { ProblemTexts } from './text'

/** Problems of the `merit-grant` kind (src/main/outbox/meritGrant.ts, spec v2 §4.3). */
export const meritGrantProblems = {
  'merit-grant.no-granter': {
    en: 'give the granter: granterUserId or meritGranter',
    fi: 'anna myöntäjä: granterUserId tai meritGranter',
    sv: 'ange den som beviljar: granterUserId eller meritGranter'
  },
  'merit-grant.grantee-count': {
    en: 'meritGrantees must list 1 to {{max, number}} members, got {{count, number}}',
    fi: 'meritGrantees: saajia pitää olla 1–{{max, number}}, annettiin {{count, number}}',
    sv: 'meritGrantees: mottagarna ska vara 1–{{max, number}}, angavs {{count, number}}'
  },
  'merit-grant.grantee-ids': {
    en: 'grantee ids must be positive whole numbers: {{values}}',
    fi: 'saajien tunnisteiden pitää olla positiivisia kokonaislukuja: {{values}}',
    sv: 'mottagarnas id måste vara positiva heltal: {{values}}'
  },
  'merit-grant.repeated-grantees': {
    en: 'grantees listed more than once: {{ids}}',
    fi: 'saajia on listassa useammin kuin kerran: {{ids}}',
    sv: 'mottagare som står flera gånger i listan: {{ids}}'
  }
} as const satisfies ProblemTexts
