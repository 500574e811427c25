import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { describeError, errorText, KansliaError } from '../../../src/renderer/src/api'
import { syncErrorText, syncFailureText } from '../../../src/renderer/src/stores/app'
import { en } from '../../../src/renderer/src/i18n/en'
import { fi } from '../../../src/renderer/src/i18n/fi'
import { sv } from '../../../src/renderer/src/i18n/sv'
import type { IpcError, SyncSummary } from '../../../src/shared/ipc/contract'
import { problem } from '../../../src/shared/outboxProblems'

describe('errorText', () => {
  beforeAll(async () => {
    await i18next.init({ resources: { en: { translation: en }, fi: { translation: fi }, sv: { translation: sv } }, lng: 'fi', interpolation: { escapeValue: false } })
  })

  it('puts the headline of a known code in the app’s language before the main process’s own words', () => {
    const failure = new KansliaError({ code: 'api-bad-request', message: 'GET /api/public/v2/organization/7/list: 400 Bad Request' })
    expect(errorText(failure)).toBe('Rekisteri hylkäsi pyynnön: GET /api/public/v2/organization/7/list: 400 Bad Request')
  })

  it('says what to do about a registry error in the app’s language, its English words kept in parentheses for whoever helps', async () => {
    const refused = new KansliaError({ code: 'api-unauthorized', message: 'POST /oauth2/token?grant_type=client_credentials: 401 Unauthorized: the client id or secret was not accepted' })
    const unreachable = new KansliaError({ code: 'api-network', message: 'GET /api/public/v2/organization: no complete answer (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9)' })
    expect(errorText(refused)).toBe(`Rekisteri ei hyväksynyt tunnuksia: tarkista asiakastunnus ja asiakassalaisuus (${refused.error.message})`)
    expect(errorText(unreachable)).toBe(`Rekisteriin ei saatu yhteyttä: tarkista verkkoyhteys ja yhteyden osoitteet (${unreachable.error.message})`)
    await i18next.changeLanguage('sv')
    expect(errorText(refused)).toBe(`Registret godkände inte inloggningsuppgifterna: kontrollera klient-ID och klienthemlighet (${refused.error.message})`)
    await i18next.changeLanguage('en')
    expect(errorText(unreachable)).toBe(`The registry could not be reached: check the network connection and the connection’s addresses (${unreachable.error.message})`)
    await i18next.changeLanguage('fi')
    // Every language advises on the same codes (the type of `Strings` holds them to it), and none advises on a code that has its own words.
    for (const strings of [en, fi, sv]) {
      expect(Object.keys(strings.errorAdvice)).toEqual(Object.keys(en.errorAdvice))
      expect(Object.keys(strings.errorAdvice).filter((code) => code in strings.errorDetails)).toEqual([])
    }
  })

  it('says each problem of a refused change in the app’s language, not the English message', async () => {
    const refusal = new KansliaError({
      code: 'invalid-change',
      message: 'cannot queue the merit grant: no member with id 4 in the local database; grantees listed more than once: 2',
      problems: [problem('unknown-members', { ids: '4' }), problem('merit-grant.repeated-grantees', { ids: '2' })]
    })
    expect(errorText(refusal)).toBe('Muutosta ei lisätty jonoon: paikallisessa tietokannassa ei ole jäsentä, jonka tunniste on 4; saajia on listassa useammin kuin kerran: 2')
    await i18next.changeLanguage('en')
    expect(errorText(refusal)).toBe(`${en.errors['invalid-change']}: no member with id 4 in the local database; grantees listed more than once: 2`)
    await i18next.changeLanguage('fi')
  })

  it('heads every code the main process uses (ErrorCode), e.g. an outbox item that is no longer editable', () => {
    expect(errorText(new KansliaError({ code: 'not-editable', message: 'outbox item #5 is sending; only queued or rejected items can be edited' }))).toBe(
      'Muutosta ei voi enää muokata: outbox item #5 is sending; only queued or rejected items can be edited'
    )
  })

  it('shows only the words of a code without a headline (from a newer main process), and anything else as an internal error', () => {
    expect(errorText(new KansliaError({ code: 'from-a-newer-kanslia', message: 'no member 12 is stored' } as unknown as IpcError))).toBe('no member 12 is stored')
    expect(errorText(new TypeError('x is undefined'))).toBe('Jokin meni vikaan: TypeError: x is undefined')
  })

  it('says why a finished sync did not succeed: the disk that stopped it, else the first resource that failed, with its code in Finnish', () => {
    const summary: SyncSummary = { ok: false, full: false, first: false, elements: 10, changed: 0, bytes: 100, durationMs: 5, purged: 0, removed: 0, errors: [] }
    expect(syncErrorText({ ...summary, ok: true })).toBeNull()
    const failed = { ...summary, errors: [{ resource: 'sports', scope: 'federation 1', code: 'api-server' as const, message: 'GET /api/public/v2/sport: 503 Service Unavailable' }] }
    expect(syncErrorText(failed)).toBe('Rekisterissä on häiriö: yritä myöhemmin uudelleen (GET /api/public/v2/sport: 503 Service Unavailable)')
    const full = { code: 'storage-full' as const, message: 'the disk is full: free some space and try again (what was stored before is intact)' }
    expect(syncErrorText({ ...failed, stoppedBy: full })).toBe('Levy on täynnä: vapauta levytilaa ja yritä uudelleen (aiemmin tallennetut tiedot ovat tallessa)')
  })

  it('says a failing disk wholly in the app’s language, whichever call met it', async () => {
    const readOnly = new KansliaError({ code: 'storage-read-only', message: 'the database file or its folder is read-only: make them writable and try again (what was stored before is intact)' })
    expect(errorText(readOnly)).toBe('Tietokantatiedostoon tai sen kansioon ei voi kirjoittaa: salli niihin kirjoittaminen ja yritä uudelleen (aiemmin tallennetut tiedot ovat tallessa)')
    await i18next.changeLanguage('en')
    expect(errorText(readOnly)).toBe('The database file or its folder is read-only: make them writable and try again (what was stored before is intact)')
    await i18next.changeLanguage('fi')
  })

  it('says what to do in the app’s language where the English words hold nothing more: statuses being evaluated, a file that is no table, an export over the database', () => {
    const pending = new KansliaError({ code: 'verdicts-pending', message: "some of today's licence statuses are evaluated when the running sync ends: try again then" })
    expect(errorText(pending)).toBe('Lisenssien tiloja päivitetään: yritä uudelleen, kun käynnissä oleva synkronointi päättyy: se arvioi osaa tämän päivän lisenssien tiloista')
    const badFile = new KansliaError({ code: 'bad-file', message: 'C:\\Users\\sihteeri\\lista.docx is not a CSV, text or XLSX file' })
    expect(errorText(badFile)).toBe('Tiedostoa ei voi lukea: valitse CSV-, teksti- tai XLSX-tiedosto')
    expect(errorText(new KansliaError({ code: 'export-over-database', message: '/x/kanslia.db is the database kanslia.db or one of its files; choose another file for the export' }))).toMatch(/: valitse vientiä varten toinen tiedosto$/)
  })

  it('says why the local data does not open, and the remedy the start screen offers, without the CLI’s words', () => {
    const wrongKey = new KansliaError({
      code: 'database-key-wrong',
      message: '/home/sihteeri/.config/Kanslia/kanslia.db cannot be decrypted with the key from the OS keychain: … (`kanslia sync --db NEW-FILE`, …)'
    })
    expect(errorText(wrongKey)).toBe(
      'Tietokantaa ei voi avata sen avaimella: paikalliset tiedot on salattu toisella avaimella, ne ovat vioittuneet tai ne eivät ole Kanslian; mitään ei muutettu. ' +
        `${fi.settings.remove} ja yhdistä uudelleen: tiedot luetaan rekisteristä uudelleen.`
    )
  })

  it('says a failed sync once on the sync page: its own heading says the sync did not finish, so `sync-failed` adds no headline', () => {
    const stopped = { code: 'sync-failed' as const, message: 'the sync stopped unexpectedly (exit code 1)' }
    expect(syncFailureText(stopped)).toBe('the sync stopped unexpectedly (exit code 1)')
    expect(syncErrorText({ ok: false, full: false, first: false, elements: 0, changed: 0, bytes: 0, durationMs: 1, purged: 0, removed: 0, errors: [{ resource: 'sports', scope: 'federation 1', ...stopped }] })).toBe(stopped.message)
    expect(syncFailureText({ code: 'api-unauthorized', message: 'POST /oauth2/token: 401' })).toBe('Rekisteri ei hyväksynyt tunnuksia: tarkista asiakastunnus ja asiakassalaisuus (POST /oauth2/token: 401)')
  })

  it('shows an error recorded without a code (before Kanslia kept codes) in its words only', () => {
    expect(describeError({ code: null, message: 'GET /api/public/v2/sport: 503 Service Unavailable' })).toBe('GET /api/public/v2/sport: 503 Service Unavailable')
    expect(describeError({ code: 'api-bad-request', message: 'no answer' })).toBe('Rekisteri hylkäsi pyynnön: no answer')
  })
})
