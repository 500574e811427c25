import type { Strings } from './en'

/** Svenska texter. */
export const sv: Strings = {
  app: { title: 'Kanslia', tagline: 'Ditt idrottsregister, även offline.' },
  nav: { members: 'Medlemmar', licences: 'Licenser', organizations: 'Organisationer', sync: 'Synkronisering', settings: 'Inställningar' },
  firstRun: {
    heading: 'Välkommen till Kanslia',
    intro: 'Anslut till det nationella idrottsregistret med de API-uppgifter ditt förbund gett dig, eller bekanta dig först med ett demoförbund.',
    connectHeading: 'Anslut',
    baseUrl: 'API-adress',
    authUrl: 'Inloggningsadress',
    clientId: 'Klient-ID',
    clientSecret: 'Klienthemlighet',
    secretHint: 'Sparas i operativsystemets nyckelring, aldrig i en fil.',
    connect: 'Anslut och synkronisera',
    demoHeading: 'Demoförbund',
    demoIntro: 'Ett påhittat förbund med föreningar, medlemmar, licenser och försäkringar, inne i Kanslia.',
    demo: 'Utforska demoförbundet',
    syncing: 'Hämtar uppgifter…'
  },
  members: {
    search: 'Sök på namn, Sport-ID eller e-post',
    count: '{{count, number}} medlemmar',
    name: 'Namn',
    sportId: 'Sport-ID',
    birthYear: 'Född',
    club: 'Förening',
    licence: 'Licens',
    insurance: 'Försäkring',
    allClubs: 'Alla föreningar',
    allLicences: 'Alla licenser',
    allPeriods: 'Alla licensperioder',
    status: 'Licensstatus',
    empty: 'Inga medlemmar matchar.',
    keyboardHint: 'Ctrl+F söker, piltangenterna flyttar, Enter öppnar; Ctrl+1…5 byter sida'
  },
  status: {
    all: 'Alla statusar',
    valid: 'Giltig',
    expiring: 'Går ut snart',
    missing: 'Saknas',
    expired: 'Utgången',
    upcoming: 'Kommande',
    upgraded: 'Uppgraderad',
    insured: 'Försäkrad',
    uninsured: 'Ingen försäkring'
  },
  detail: {
    profile: 'Personuppgifter',
    licences: 'Licenser',
    insurances: 'Försäkringar',
    guardians: 'Vårdnadshavare',
    none: 'Inga',
    upgradedTo: 'uppgraderad till #{{id}}',
    upgradeOf: 'uppgradering av #{{id}}',
    period: '{{start}} – {{end}}'
  },
  licences: { heading: 'Licenser och försäkringar per licensperiod', licence: 'Licens', insurance: 'Försäkring', count: 'Innehavare' },
  organizations: { heading: 'Organisationer' },
  sync: {
    heading: 'Synkronisering',
    online: 'Online',
    offline: 'Offline — du ser uppgifterna från den senaste synkroniseringen',
    syncNow: 'Synkronisera nu',
    running: 'Synkroniserar {{resource}}: {{elements, number}} poster',
    lastRun: 'Senaste synkronisering',
    resource: 'Uppgift',
    rows: 'Rader',
    result: 'Resultat',
    never: 'aldrig',
    ok: 'OK',
    failed: 'Misslyckades',
    done: 'Synkroniseringen klar: {{elements, number}} poster på {{seconds, number}} s',
    error: 'Synkroniseringen blev inte klar: {{message}}'
  },
  /** Labels of user profile fields (spec v2 §2.11) and of their values. */
  profile: {
    firstName: 'Förnamn',
    nickname: 'Tilltalsnamn',
    lastName: 'Efternamn',
    birthDate: 'Födelsedatum',
    deceasedDate: 'Dödsdatum',
    sportId: 'Sport-ID',
    email: 'E-post',
    phone: 'Telefon',
    city: 'Hemort',
    username: 'Användarnamn',
    gender: 'Kön',
    nationality: 'Nationalitet',
    languageCode: 'Språk',
    locale: 'Språkinställning',
    marketingPermission: 'Marknadsföring från tredje part tillåten',
    hasSocialSecurityNumber: 'Har finsk personbeteckning',
    socialSecurityNumber: 'Personbeteckning',
    isAuthenticatedWithPassword: 'Loggar in med lösenord',
    isEventInstructor: 'Evenemangsledare',
    deletionTime: 'Uppgifterna raderade',
    address: {
      streetAddress: 'Gatuadress',
      postCode: 'Postnummer',
      postOffice: 'Postanstalt',
      state: 'Delstat',
      countryCode: 'Land'
    },
    yes: 'Ja',
    no: 'Nej',
    Male: 'Man',
    Female: 'Kvinna',
    Both: 'Annat'
  },
  /** Names of synced resources (`kanslia export` names); an unknown one is shown as it is. */
  resources: {
    organizations: 'Organisationer',
    'licence-periods': 'Licensperioder',
    licences: 'Licenser',
    sports: 'Grenar',
    insurances: 'Försäkringar',
    'sport-parameters': 'Grenparametrar',
    'user-licences': 'Medlemmarnas licenser',
    'user-insurances': 'Medlemmarnas försäkringar'
  },
  settings: {
    heading: 'Inställningar',
    language: 'Språk',
    connection: 'Anslutning',
    demoMode: 'Du utforskar demoförbundet.',
    theme: 'Utseende',
    light: 'Ljust',
    dark: 'Mörkt',
    auto: 'Som systemet'
  },
  errors: { generic: 'Något gick fel: {{message}}' }
}
