import type { Strings } from './en'

/** Suomenkieliset tekstit. */
export const fi: Strings = {
  app: { title: 'Kanslia', tagline: 'Urheilurekisterisi, myös ilman verkkoa.' },
  nav: { members: 'Jäsenet', licences: 'Lisenssit', organizations: 'Organisaatiot', sync: 'Synkronointi', settings: 'Asetukset' },
  firstRun: {
    heading: 'Tervetuloa Kansliaan',
    intro: 'Yhdistä valtakunnalliseen urheilurekisteriin lajiliittosi antamilla API-tunnuksilla tai tutustu ensin demoliittoon.',
    connectHeading: 'Yhdistä',
    baseUrl: 'API-osoite',
    authUrl: 'Kirjautumisosoite',
    clientId: 'Asiakastunnus',
    clientSecret: 'Asiakassalaisuus',
    secretHint: 'Tallennetaan käyttöjärjestelmän avainnippuun, ei koskaan tiedostoon.',
    connect: 'Yhdistä ja synkronoi',
    demoHeading: 'Demoliitto',
    demoIntro: 'Keksitty lajiliitto seuroineen, jäsenineen, lisensseineen ja vakuutuksineen Kanslian sisällä.',
    demo: 'Tutustu demoliittoon',
    syncing: 'Haetaan tietoja…'
  },
  members: {
    search: 'Hae nimellä, Sport-ID:llä tai sähköpostilla',
    count: '{{count, number}} jäsentä',
    name: 'Nimi',
    sportId: 'Sport-ID',
    birthYear: 'Syntynyt',
    club: 'Seura',
    licence: 'Lisenssi',
    insurance: 'Vakuutus',
    allClubs: 'Kaikki seurat',
    allLicences: 'Kaikki lisenssit',
    allPeriods: 'Kaikki lisenssikaudet',
    status: 'Lisenssin tila',
    empty: 'Ei hakua vastaavia jäseniä.',
    keyboardHint: 'Ctrl+F hakee, nuolinäppäimet liikkuvat, Enter avaa; Ctrl+1…5 vaihtaa sivua'
  },
  status: {
    all: 'Kaikki tilat',
    valid: 'Voimassa',
    expiring: 'Päättymässä',
    missing: 'Puuttuu',
    expired: 'Päättynyt',
    upcoming: 'Tuleva',
    upgraded: 'Korotettu',
    insured: 'Vakuutettu',
    uninsured: 'Ei vakuutusta'
  },
  detail: {
    profile: 'Henkilötiedot',
    licences: 'Lisenssit',
    insurances: 'Vakuutukset',
    guardians: 'Huoltajat',
    none: 'Ei yhtään',
    upgradedTo: 'korotettu: #{{id}}',
    upgradeOf: 'korotus lisenssistä #{{id}}',
    period: '{{start}} – {{end}}'
  },
  licences: { heading: 'Lisenssit ja vakuutukset lisenssikausittain', licence: 'Lisenssi', insurance: 'Vakuutus', count: 'Haltijoita' },
  organizations: { heading: 'Organisaatiot' },
  sync: {
    heading: 'Synkronointi',
    online: 'Verkossa',
    offline: 'Ei verkkoyhteyttä — näet viimeisimmän synkronoinnin tiedot',
    syncNow: 'Synkronoi nyt',
    running: 'Synkronoidaan {{resource}}: {{elements, number}} kohdetta',
    lastRun: 'Viimeisin synkronointi',
    resource: 'Tieto',
    rows: 'Rivejä',
    result: 'Tulos',
    never: 'ei koskaan',
    ok: 'OK',
    failed: 'Epäonnistui',
    done: 'Synkronointi valmis: {{elements, number}} kohdetta {{seconds, number}} sekunnissa',
    error: 'Synkronointi ei valmistunut: {{message}}'
  },
  /** Labels of user profile fields (spec v2 §2.11) and of their values. */
  profile: {
    firstName: 'Etunimet',
    nickname: 'Kutsumanimi',
    lastName: 'Sukunimi',
    birthDate: 'Syntymäaika',
    deceasedDate: 'Kuolinpäivä',
    sportId: 'Sport-ID',
    email: 'Sähköposti',
    phone: 'Puhelin',
    city: 'Kotikunta',
    username: 'Käyttäjätunnus',
    gender: 'Sukupuoli',
    nationality: 'Kansalaisuus',
    languageCode: 'Kieli',
    locale: 'Kieliasetus',
    marketingPermission: 'Kolmannen osapuolen markkinointi sallittu',
    hasSocialSecurityNumber: 'Suomalainen henkilötunnus',
    socialSecurityNumber: 'Henkilötunnus',
    isAuthenticatedWithPassword: 'Kirjautuu salasanalla',
    isEventInstructor: 'Tapahtuman ohjaaja',
    deletionTime: 'Tiedot poistettu',
    address: {
      streetAddress: 'Katuosoite',
      postCode: 'Postinumero',
      postOffice: 'Postitoimipaikka',
      state: 'Osavaltio',
      countryCode: 'Maa'
    },
    yes: 'Kyllä',
    no: 'Ei',
    Male: 'Mies',
    Female: 'Nainen',
    Both: 'Muu'
  },
  /** Names of synced resources (`kanslia export` names); an unknown one is shown as it is. */
  resources: {
    organizations: 'Organisaatiot',
    'licence-periods': 'Lisenssikaudet',
    licences: 'Lisenssit',
    sports: 'Lajit',
    insurances: 'Vakuutukset',
    'sport-parameters': 'Lajiparametrit',
    'user-licences': 'Jäsenten lisenssit',
    'user-insurances': 'Jäsenten vakuutukset'
  },
  settings: {
    heading: 'Asetukset',
    language: 'Kieli',
    connection: 'Yhteys',
    demoMode: 'Tutustut demoliittoon.',
    theme: 'Ulkoasu',
    light: 'Vaalea',
    dark: 'Tumma',
    auto: 'Järjestelmän mukaan'
  },
  errors: { generic: 'Jokin meni vikaan: {{message}}' }
}
