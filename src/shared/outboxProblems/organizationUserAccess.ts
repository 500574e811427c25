import type { ProblemTexts } from './text'

/** Problems of the `organization-user-access` kind (src/main/outbox/organizationUserAccess.ts, spec v2 §4.1). */
export const organizationUserAccessProblems = {
  'organization-user-access.already-queued': {
    en: 'outbox item #{{itemId}} ({{state, state}}) already grants user {{userId}} access to organization {{organizationId}}',
    fi: 'jonon kohta #{{itemId}} ({{state, state}}) antaa jo käyttäjälle {{userId}} pääsyn organisaatioon {{organizationId}}',
    sv: 'post #{{itemId}} i utkorgen ({{state, state}}) ger redan användaren {{userId}} åtkomst till organisation {{organizationId}}'
  }
} as const satisfies ProblemTexts
