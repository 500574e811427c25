import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import type { EventRow } from '../../../src/shared/events'
import { en } from '../../../src/renderer/src/i18n/en'
import { fi } from '../../../src/renderer/src/i18n/fi'
import { sv } from '../../../src/renderer/src/i18n/sv'
import { eventOptions } from '../../../src/renderer/src/pages/eventOptions'

async function translator(language: string) {
  const instance = i18next.createInstance()
  await instance.init({ resources: { en: { translation: en }, fi: { translation: fi }, sv: { translation: sv } }, lng: language, interpolation: { escapeValue: false } })
  return instance.t
}

const event = (uuid: string, fields: Partial<EventRow>): EventRow => ({ id: 1, uuid, name: `Rastit ${uuid}`, registrations: 0, startDateTime: '2027-01-20T10:00:00', ...fields })
const date = (iso: string | undefined) => iso?.slice(0, 10) ?? ''

describe("the register dialog's events", () => {
  it('offers the events whose registration is open now, and shows the others disabled saying why, in Finnish, Swedish and English', async () => {
    const events = [
      event('a', { registrationStart: '2026-11-01T00:00:00', registrationEnd: '2026-12-31T23:59:59' }),
      event('b', { registrationStart: '2026-10-01T00:00', registrationEnd: '2026-11-27T12:00' }),
      event('c', { registrationStart: '2026-12-01T09:00:00', registrationEnd: '2027-01-10T18:00:00' }),
      event('d', {})
    ]
    const now = '2026-11-27T12:00:01'
    expect(eventOptions(events, now, await translator('en'), date)).toEqual([
      { value: 'a', label: '2027-01-20 · Rastit a', disabled: false },
      { value: 'b', label: '2027-01-20 · Rastit b (registration ended)', disabled: true },
      { value: 'c', label: '2027-01-20 · Rastit c (registration opens 2026-12-01)', disabled: true },
      { value: 'd', label: '2027-01-20 · Rastit d', disabled: false }
    ])
    expect(eventOptions(events, '2026-11-27T12:00:00', await translator('en'), date)[1].disabled).toBe(false)
    expect(eventOptions(events, now, await translator('fi'), date).map((o) => o.label).slice(1, 3)).toEqual([
      '2027-01-20 · Rastit b (ilmoittautuminen päättynyt)',
      '2027-01-20 · Rastit c (ilmoittautuminen alkaa 2026-12-01)'
    ])
    expect(eventOptions(events, now, await translator('sv'), date).map((o) => o.label).slice(1, 3)).toEqual([
      '2027-01-20 · Rastit b (anmälan stängd)',
      '2027-01-20 · Rastit c (anmälan öppnar 2026-12-01)'
    ])
  })
})
