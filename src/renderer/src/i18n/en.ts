/** English strings; `fi.ts` and `sv.ts` have the same keys (typed against this file). */
export const en = {
  app: { title: 'Kanslia', tagline: 'Your sports registry, offline.' },
  nav: { members: 'Members', licences: 'Licences', organizations: 'Organizations', sync: 'Sync', settings: 'Settings' },
  firstRun: {
    heading: 'Welcome to Kanslia',
    intro: 'Connect to the national sports registry with the API credentials your federation gave you, or look around in a demo federation first.',
    connectHeading: 'Connect',
    baseUrl: 'API address',
    authUrl: 'Sign-in address',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    secretHint: 'Stored in your operating system’s keychain, never in a file.',
    connect: 'Connect and sync',
    demoHeading: 'Demo federation',
    demoIntro: 'A made-up federation with clubs, members, licences and insurances, running inside Kanslia.',
    demo: 'Explore the demo federation',
    syncing: 'Fetching data…'
  },
  members: {
    search: 'Search by name, Sport-ID or e-mail',
    count: '{{count, number}} members',
    name: 'Name',
    sportId: 'Sport-ID',
    birthYear: 'Born',
    club: 'Club',
    licence: 'Licence',
    insurance: 'Insurance',
    allClubs: 'All clubs',
    allLicences: 'All licences',
    allPeriods: 'All licence periods',
    status: 'Licence status',
    empty: 'No members match.',
    keyboardHint: 'Ctrl+F searches, arrow keys move, Enter opens; Ctrl+1…5 switch pages'
  },
  status: {
    all: 'Any status',
    valid: 'Valid',
    expiring: 'Expiring',
    missing: 'Missing',
    expired: 'Expired',
    upcoming: 'Upcoming',
    upgraded: 'Upgraded',
    insured: 'Insured',
    uninsured: 'No insurance'
  },
  detail: {
    profile: 'Profile',
    licences: 'Licences',
    insurances: 'Insurances',
    guardians: 'Guardians',
    none: 'None',
    upgradedTo: 'upgraded to #{{id}}',
    upgradeOf: 'upgrade of #{{id}}',
    period: '{{start}} – {{end}}'
  },
  licences: { heading: 'Licences and insurances per licence period', licence: 'Licence', insurance: 'Insurance', count: 'Holders' },
  organizations: { heading: 'Organizations' },
  sync: {
    heading: 'Sync',
    online: 'Online',
    offline: 'Offline — you see the data of the last sync',
    syncNow: 'Sync now',
    running: 'Syncing {{resource}}: {{elements, number}} items',
    runningOf: 'Syncing {{resource}}: {{elements, number}} of {{total, number}} items',
    eta: '{{rate, number}} items/s, about {{seconds, number}} s left',
    lastRun: 'Last sync',
    resource: 'Data',
    rows: 'Rows',
    result: 'Result',
    never: 'never',
    ok: 'OK',
    failed: 'Failed',
    done: 'Sync finished: {{elements, number}} items in {{seconds, number}} s',
    error: 'The sync did not finish: {{message}}'
  },
  /** Labels of user profile fields (spec v2 §2.11) and of their values. */
  profile: {
    firstName: 'First names',
    nickname: 'Called',
    lastName: 'Last name',
    birthDate: 'Date of birth',
    deceasedDate: 'Date of death',
    sportId: 'Sport-ID',
    email: 'E-mail',
    phone: 'Phone',
    city: 'Home town',
    username: 'Username',
    gender: 'Gender',
    nationality: 'Nationality',
    languageCode: 'Language',
    locale: 'Locale',
    marketingPermission: 'Third-party marketing allowed',
    hasSocialSecurityNumber: 'Has a Finnish identity number',
    socialSecurityNumber: 'Identity number',
    isAuthenticatedWithPassword: 'Signs in with a password',
    isEventInstructor: 'Event instructor',
    deletionTime: 'Data deleted',
    address: {
      streetAddress: 'Street address',
      postCode: 'Postcode',
      postOffice: 'Post office',
      state: 'State',
      countryCode: 'Country'
    },
    yes: 'Yes',
    no: 'No',
    Male: 'Male',
    Female: 'Female',
    Both: 'Other'
  },
  /** Names of synced resources (`kanslia export` names); an unknown one is shown as it is. */
  resources: {
    organizations: 'Organizations',
    'licence-periods': 'Licence periods',
    licences: 'Licences',
    sports: 'Sports',
    insurances: 'Insurances',
    'sport-parameters': 'Sport parameters',
    'user-licences': 'User licences',
    'user-insurances': 'User insurances'
  },
  settings: {
    heading: 'Settings',
    language: 'Language',
    connection: 'Connection',
    demoMode: 'You are exploring the demo federation.',
    theme: 'Appearance',
    light: 'Light',
    dark: 'Dark',
    auto: 'Like the system'
  },
  errors: { generic: 'Something went wrong: {{message}}' }
}

/** The shape every language file follows. */
export type Strings = typeof en
