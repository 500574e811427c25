import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { OUTBOX_KINDS, type OutboxItem, type OutboxKind, type OutboxNames, type OutboxState, type PushSummary } from '../../../src/shared/outbox'
import type { OutboxPayloads } from '../../../src/shared/outboxPayloads'
import { STATE_WORDS } from '../../../src/shared/outboxProblems/text'
import { en } from '../../../src/renderer/src/i18n/en'
import { fi } from '../../../src/renderer/src/i18n/fi'
import { sv } from '../../../src/renderer/src/i18n/sv'
import { describeOutboxItem, describePush } from '../../../src/renderer/src/pages/outboxText'

const EVENT = '7f2adc5e-39f8-460f-98f2-dba05525ad73'

/** A payload of every kind, as the outbox of src/main/outbox stores it. */
const PAYLOADS: { [K in OutboxKind]: OutboxPayloads[K] } = {
  'merit-grant': { meritId: 12, grant: { meritGrantees: [1, 2, 3], grantingDate: '2026-02-14', meritGranter: 'Seuran hallitus' } },
  'event-registration': { eventUuid: EVENT, registration: { participantUserId: 1001211 } },
  'registration-cancel': { eventUuid: EVENT, eventRegistrationId: 40000139 },
  'club-transfer': { userLicenceId: 5000001, targetClubId: 300, sportsFederationId: 100, userId: 1000002, licencePeriodId: 7 },
  'client-data-put': { content: 'x'.repeat(2048) },
  'client-data-delete': {},
  'club-create': { parentId: 200, club: { type: 'CLUB', name: 'Rasti-Kerava' } },
  'organization-user-access': { authorizedOrganizationUser: { organizationId: 300, userId: 1000003, write: true }, inviterName: 'Liisa Laine' },
  'merit-create': { name: 'Kultainen ansiomerkki', description: '', meritGroupId: 40, organizationId: 100, meritGrantingAuthorType: 'BOTH', meritValidityPeriodType: 'PERPETUAL', type: 'CARD' },
  'event-create': {
    name: 'Syyskisat',
    organizerId: 300,
    startDateTime: { date: '2026-09-12', time: '10:00' },
    endDateTime: { date: '2026-09-12', time: '16:00' },
    registrationCancellable: true,
    allowedRegisterer: 'BOTH',
    visibility: 'PUBLIC',
    purpose: 'SPORTS'
  },
  'event-participants': { eventUuid: EVENT, participants: { userIds: [1, 2], grantEventMerits: true, meritGrant: { grantingDate: '2026-09-12' } } },
  'order-create': { userId: 1000636, source: 'EVENT_REGISTRATION', purchases: [{ products: [{ productType: 'EVENT_REGISTRATION', productId: 40000015 }] }] },
  'order-payment': { orderId: 60000001, paymentMethodCode: 'nordea' },
  'order-cancel': {}
}

const item = (kind: OutboxKind): OutboxItem => ({ id: 1, kind, payload: PAYLOADS[kind], summary: `the outbox's summary of a ${kind}` }) as OutboxItem
const names: OutboxNames = {
  persons: { 1001211: 'Anja Aaltonen (88636807)', 1000002: 'Erkki Virtanen (14973519)', 1000636: 'Liisa Laine' },
  organizations: { 300: 'Rasti-Vantaa', 200: 'Helsingin alue' },
  meritGroups: { 40: 'Ansiomerkit' },
  merits: { 12: 'Ansiomerkit · Pronssinen ansiomerkki' },
  userLicences: { 5000001: 'Kilpailulisenssi aikuiset' },
  events: { [EVENT]: 'Kevätkokous Helsinki' }
}
const NOTHING_NAMED: OutboxNames = { persons: {}, organizations: {}, meritGroups: {}, merits: {}, userLicences: {}, events: {} }
const format = { date: (iso: string) => `<${iso}>`, dateTime: (iso: string) => `<${iso}>` }

async function translator(language: string) {
  const instance = i18next.createInstance()
  await instance.init({ resources: { en: { translation: en }, fi: { translation: fi }, sv: { translation: sv } }, lng: language, interpolation: { escapeValue: false } })
  return instance.t
}

describe('outbox items in the user’s language', () => {
  it('says every kind in Finnish, Swedish and English, none by a missing key or the fallback summary', async () => {
    for (const language of ['fi', 'sv', 'en']) {
      const t = await translator(language)
      for (const kind of OUTBOX_KINDS) {
        const text = describeOutboxItem(item(kind), t, format, names)
        expect(text, `${language} ${kind}`).not.toMatch(/outbox\.|undefined|\{\{|\[object/)
        expect(text, `${language} ${kind}: fell back to the summary`).not.toBe(item(kind).summary)
      }
    }
  })

  it('names members, events, merits, organizations and licences as this computer knows them, and writes dates with the page’s formats', async () => {
    const t = await translator('fi')
    expect(describeOutboxItem(item('event-registration'), t, format, names)).toBe('ilmoita jäsen Anja Aaltonen (88636807) tapahtumaan Kevätkokous Helsinki')
    expect(describeOutboxItem(item('club-transfer'), t, format, names)).toBe('siirrä jäsenen Erkki Virtanen (14973519) lisenssi Kilpailulisenssi aikuiset seuraan Rasti-Vantaa')
    expect(describeOutboxItem(item('club-create'), t, format, names)).toBe('perusta seura ”Rasti-Kerava” organisaation Helsingin alue alle')
    expect(describeOutboxItem(item('merit-create'), t, format, names)).toBe('luo ansiomerkki ”Kultainen ansiomerkki” merkkiryhmään Ansiomerkit')
    expect(describeOutboxItem(item('order-create'), t, format, names)).toBe('tilaa 1 ilmoittautuminen, maksajana jäsen Liisa Laine')
    const cancelOf = { ...item('registration-cancel'), payload: { ...PAYLOADS['registration-cancel'], participantUserId: 1001211 } }
    expect(describeOutboxItem(cancelOf, t, format, names)).toBe('peru jäsenen Anja Aaltonen (88636807) ilmoittautuminen tapahtumaan Kevätkokous Helsinki')
    expect(describeOutboxItem(item('merit-grant'), t, format, names)).toBe('Ansiomerkit · Pronssinen ansiomerkki 3 jäsenelle, myönnetty <2026-02-14>, myöntäjä Seuran hallitus')
    expect(describeOutboxItem(item('event-participants'), t, format, names)).toBe('lisää 2 jäsentä tapahtumaan Kevätkokous Helsinki ja myönnä tapahtuman ansiomerkit <2026-09-12>')
    expect(describeOutboxItem(item('order-cancel'), t, format, names)).toBe('peru aiemmin jonoon lisätty tilaus')
    // The event's start as given, a local date and time of its place.
    expect(describeOutboxItem(item('event-create'), t, format, names)).toBe('luo organisaation Rasti-Vantaa tapahtuma ”Syyskisat” <2026-09-12> 10:00')
    // What this computer stores nothing about is given by its id.
    expect(describeOutboxItem(item('registration-cancel'), t, format, NOTHING_NAMED)).toBe('peru ilmoittautuminen 40000139 tapahtumaan 7f2adc5e')
    expect(describeOutboxItem(item('event-registration'), t, format, NOTHING_NAMED)).toBe('ilmoita jäsen 1001211 tapahtumaan 7f2adc5e')
    expect(describeOutboxItem(item('club-transfer'), t, format, NOTHING_NAMED)).toBe('siirrä jäsenen 1000002 lisenssi 5000001 seuraan 300')
  })

  it('falls back to the outbox’s own summary for a payload it does not know', async () => {
    const t = await translator('fi')
    const odd = { ...item('event-registration'), payload: { eventUuid: EVENT } }
    expect(describeOutboxItem(odd, t, format, names)).toBe(odd.summary)
  })
})

describe('a push in the user’s language', () => {
  const summary = (change: Partial<PushSummary>): PushSummary => ({ done: [], rejected: [], blocked: [], waiting: 0, stopped: null, repull: null, ...change })

  // Local time as the page writes it; here the instant itself, so the test does not depend on the machine's zone.
  const format = { dateTime: (instant: string) => `[${instant}]` }

  it('says what was sent and what waits, why a push stopped, and what the registry rejected', async () => {
    const t = await translator('fi')
    expect(describePush(summary({ done: [1, 2] }), t, format)).toEqual({ color: 'green', text: 'Lähetetty 2; 0 odottaa yhä.' })
    expect(describePush(summary({ waiting: 3, stopped: { reason: 'offline', message: 'ECONNREFUSED' } }), t, format)).toEqual({
      color: 'orange',
      text: 'Lähetetty 0; 3 odottaa yhä. Rekisteriin ei saatu yhteyttä: muutokset jäävät jonoon.'
    })
    const fault = describePush(summary({ waiting: 1, stopped: { reason: 'server-error', message: 'POST /api/public/v2/merit-grant/grant/12: 503 Service Unavailable' }, rejected: [item('order-create')] }), t, format)
    expect(fault).toEqual({
      color: 'orange',
      text: 'Lähetetty 0; 1 odottaa yhä. Rekisterissä on häiriö: muutokset jäävät jonoon (POST /api/public/v2/merit-grant/grant/12: 503 Service Unavailable). 1 hylätty: muokkaa, yritä uudelleen tai poista.'
    })
    expect(describePush(summary({ waiting: 1, stopped: { reason: 'no-api', message: '404' } }), t, format)).toEqual({
      color: 'orange',
      text: 'Lähetetty 0; 1 odottaa yhä. Yhteyden API-osoitteessa ei vastaa rekisteri (katso Asetukset). Muutokset jäävät jonoon.'
    })
    const readBack = summary({ waiting: 2, stopped: { reason: 'read-back', itemId: 7, at: '2026-11-27T08:12:00.000Z', message: 'item #7 was sent without an answer' } })
    expect(describePush(readBack, t, format)).toEqual({
      color: 'orange',
      text: 'Lähetetty 0; 2 odottaa yhä. Muutos #7 lähti, mutta vastausta ei tullut. Kanslia tarkistaa rekisteristä [2026-11-27T08:12:00.000Z] jälkeen, menikö se perille, ennen kuin lähettää mitään muuta.'
    })
  })
})

describe('outbox states in problems', () => {
  it('are the Outbox page’s state badges in Finnish and Swedish, in lower case', () => {
    for (const [language, strings] of [['fi', fi], ['sv', sv]] as const) {
      for (const [state, badge] of Object.entries(strings.outbox.state)) expect(STATE_WORDS[language][state as OutboxState]).toBe(badge.toLocaleLowerCase(language))
    }
  })
})
