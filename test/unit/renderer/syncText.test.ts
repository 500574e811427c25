import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import type { SyncSummary } from '../../../src/shared/ipc/contract'
import { en } from '../../../src/renderer/src/i18n/en'
import { fi } from '../../../src/renderer/src/i18n/fi'
import { sv } from '../../../src/renderer/src/i18n/sv'
import { describeSyncDone } from '../../../src/renderer/src/pages/syncText'

async function translator(language: string) {
  const instance = i18next.createInstance()
  await instance.init({ resources: { en: { translation: en }, fi: { translation: fi }, sv: { translation: sv } }, lng: language, interpolation: { escapeValue: false } })
  return instance.t
}

const run = (fields: Partial<SyncSummary>): SyncSummary => ({ ok: true, full: false, first: false, elements: 120, changed: 0, bytes: 4096, durationMs: 2460, purged: 0, removed: 0, errors: [], ...fields })

describe('the sync page’s line on a finished run', () => {
  it('says a first sync is the first (full) one in Finnish, Swedish and English, as the CLI does', async () => {
    const first = run({ first: true, full: true, changed: 120 })
    expect(describeSyncDone(first, await translator('fi'))).toBe('Ensimmäinen (täysi) synkronointi valmis: 120 kohdetta 2,5 sekunnissa.')
    expect(describeSyncDone(first, await translator('sv'))).toBe('Första (fullständiga) synkroniseringen klar: 120 poster på 2,5 s.')
    expect(describeSyncDone(first, await translator('en'))).toBe('First (full) sync finished: 120 items in 2.5 s.')
    // The engine reads every list of a first run whole whether or not it was asked for a full one.
    expect(describeSyncDone(run({ first: true, elements: 1, changed: 1 }), await translator('en'))).toBe('First (full) sync finished: 1 item in 2.5 s.')
  })

  it('says nothing of a first sync for a later run, full or incremental, and adds what was new or changed and what was removed', async () => {
    const t = await translator('en')
    expect(describeSyncDone(run({}), t)).toBe('Sync finished: 120 items in 2.5 s. Nothing new.')
    expect(describeSyncDone(run({ full: true, changed: 7, removed: 3, purged: 1 }), t)).toBe(
      'Sync finished: 120 items in 2.5 s. New or changed: 7. 3 items the registry no longer lists were removed (full check). 1 person without current data was removed (retention).'
    )
    expect(describeSyncDone(run({ full: true }), await translator('fi'))).toBe('Synkronointi valmis: 120 kohdetta 2,5 sekunnissa. Ei uutta.')
    expect(describeSyncDone(run({ changed: 1200 }), await translator('fi'))).toBe(`Synkronointi valmis: 120 kohdetta 2,5 sekunnissa. Uusia tai muuttuneita: ${new Intl.NumberFormat('fi').format(1200)}.`)
    expect(describeSyncDone(run({ changed: 2 }), await translator('sv'))).toBe('Synkroniseringen klar: 120 poster på 2,5 s. Nya eller ändrade: 2.')
    // A run in which a list failed may not have read what is new: it says what it did bring only.
    expect(describeSyncDone(run({ ok: false }), t)).toBe('Sync finished: 120 items in 2.5 s.')
    expect(describeSyncDone(run({ ok: false, changed: 3 }), t)).toBe('Sync finished: 120 items in 2.5 s. New or changed: 3.')
  })
})
