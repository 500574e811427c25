import type { ProblemTexts } from './text'

/**
 * Problems of the checks the outbox kinds share (src/main/outbox/checks.ts). `what` is the API
 * field's name as the spec writes it (`grantingDate`, `meritGranter`), the same in every language;
 * `value` is the value given, as JSON.
 */
export const checkProblems = {
  'not-an-id': {
    en: '{{what}} must be a positive whole number, got {{value}}',
    fi: '{{what}}: pitää olla positiivinen kokonaisluku, annettiin {{value}}',
    sv: '{{what}}: måste vara ett positivt heltal, angavs {{value}}'
  },
  'not-a-date': {
    en: '{{what}} must be a date yyyy-mm-dd, got {{value}}',
    fi: '{{what}}: pitää olla päivämäärä muodossa vvvv-kk-pp, annettiin {{value}}',
    sv: '{{what}}: måste vara ett datum åååå-mm-dd, angavs {{value}}'
  },
  'not-in-calendar': {
    en: '{{what}} {{value}} is not a date in the calendar',
    fi: '{{what}}: päivää {{value}} ei ole kalenterissa',
    sv: '{{what}}: dagen {{value}} finns inte i kalendern'
  },
  'not-text': {
    en: '{{what}} must be text',
    fi: '{{what}}: pitää olla tekstiä',
    sv: '{{what}}: måste vara text'
  },
  'empty-text': {
    en: '{{what}} must not be empty',
    fi: '{{what}} ei saa olla tyhjä',
    sv: '{{what}} får inte vara tom'
  },
  'empty-when-given': {
    en: '{{what}} must not be empty when given',
    fi: '{{what}} ei saa olla tyhjä, jos se annetaan',
    sv: '{{what}} får inte vara tom när den anges'
  },
  'text-too-short': {
    en: '{{what}} must have at least {{min}} characters',
    fi: '{{what}}: vähintään {{min}} merkkiä',
    sv: '{{what}}: minst {{min}} tecken'
  },
  'text-too-long': {
    en: '{{what}} has {{length}} characters; at most {{max}} are allowed',
    fi: '{{what}}: {{length}} merkkiä, kun enintään {{max}} sallitaan',
    sv: '{{what}}: {{length}} tecken, när högst {{max}} tillåts'
  },
  'not-a-boolean': {
    en: '{{what}} must be true or false',
    fi: '{{what}}: pitää olla true tai false',
    sv: '{{what}}: måste vara true eller false'
  },
  'not-a-uuid': {
    en: '{{what}} must be a UUID, got {{value}}',
    fi: '{{what}}: pitää olla UUID-tunniste, annettiin {{value}}',
    sv: '{{what}}: måste vara en UUID, angavs {{value}}'
  },
  'not-a-time': {
    en: '{{what}} must be a time HH:MM, got {{value}}',
    fi: '{{what}}: pitää olla kellonaika TT:MM, annettiin {{value}}',
    sv: '{{what}}: måste vara en tid TT:MM, angavs {{value}}'
  },
  'not-one-of': {
    en: '{{what}} must be one of {{allowed}}, got {{value}}',
    fi: '{{what}}: pitää olla jokin näistä: {{allowed}}; annettiin {{value}}',
    sv: '{{what}}: måste vara något av {{allowed}}; angavs {{value}}'
  },
  'not-a-url': {
    en: '{{what}} must be a URL',
    fi: '{{what}}: pitää olla verkko-osoite',
    sv: '{{what}}: måste vara en webbadress'
  },
  'not-an-http-url': {
    en: '{{what}} must be an http or https URL, got {{value}}',
    fi: '{{what}}: pitää olla http- tai https-osoite, annettiin {{value}}',
    sv: '{{what}}: måste vara en http- eller https-adress, angavs {{value}}'
  },
  'not-an-absolute-url': {
    en: '{{what}} must be an absolute URL, got {{value}}',
    fi: '{{what}}: pitää olla täydellinen verkko-osoite, annettiin {{value}}',
    sv: '{{what}}: måste vara en fullständig webbadress, angavs {{value}}'
  },
  'unknown-members': {
    en: 'no member with id {{ids}} in the local database',
    fi: 'paikallisessa tietokannassa ei ole jäsentä, jonka tunniste on {{ids}}',
    sv: 'den lokala databasen har ingen medlem med id {{ids}}'
  },
  'unknown-merits': {
    en: 'no merit {{ids}} in the local database',
    fi: 'paikallisessa tietokannassa ei ole ansiomerkkiä {{ids}}',
    sv: 'den lokala databasen har inget förtjänsttecken {{ids}}'
  },
  'unknown-organization': {
    en: 'no organization {{organizationId}} in the local database',
    fi: 'paikallisessa tietokannassa ei ole organisaatiota {{organizationId}}',
    sv: 'den lokala databasen har ingen organisation {{organizationId}}'
  },
  'unknown-event': {
    en: 'no event {{eventUuid}} in the local database (`kanslia sync` first if it is new)',
    fi: 'paikallisessa tietokannassa ei ole tapahtumaa {{eventUuid}} (synkronoi ensin, jos se on uusi)',
    sv: 'den lokala databasen har inget evenemang {{eventUuid}} (synkronisera först om det är nytt)'
  },
  'event-deleted': {
    en: 'event {{event}} was deleted',
    fi: 'tapahtuma {{event}} on poistettu',
    sv: 'evenemanget {{event}} har tagits bort'
  },
  'not-this-kind': {
    en: 'the input does not have the fields of a change of kind {{kind}} (its payload in `kanslia outbox --json` shows them)',
    fi: 'syötteessä ei ole muutostyypin {{kind}} kenttiä (sen sisältö näkyy lähtevien jonossa)',
    sv: 'indata saknar fälten för en ändring av typen {{kind}} (dess innehåll syns i utkorgen)'
  },
  'dependent-no-longer-fits': {
    en: 'outbox item #{{itemId}} waits for this change and would no longer fit it (discard that item first, or keep what it needs)',
    fi: 'jonon kohta #{{itemId}} odottaa tätä muutosta eikä enää sopisi siihen (poista se ensin tai säilytä, mitä se tarvitsee)',
    sv: 'post #{{itemId}} i utkorgen väntar på den här ändringen och skulle inte längre passa den (ta bort den först eller behåll det den behöver)'
  }
} as const satisfies ProblemTexts
