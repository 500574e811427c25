import type { TFunction } from 'i18next'
import { registrationWindowAt, type EventLimits, type EventRow } from '../../../shared/events'

/**
 * The register dialog's choices of event: "start date · name", each event whose registration is
 * not open at `now` (Helsinki local time `yyyy-mm-ddTHH:MM:SS`, `registrationWindowAt`) disabled
 * and saying when it opens or that it ended, as queuing would refuse it. `date` formats an ISO
 * date for the user's language.
 */
export function eventOptions(events: readonly EventRow[], now: string, t: TFunction, date: (iso: string | undefined) => string): Array<{ value: string; label: string; disabled: boolean }> {
  return events.map((event) => {
    const label = `${date(event.startDateTime)} · ${event.name}`
    const window = registrationWindowAt({ start: event.registrationStart, end: event.registrationEnd }, now)
    if (window.state === 'open') return { value: event.uuid, label, disabled: false }
    const why = window.state === 'ended' ? t('events.registrationEnded') : t('events.registrationOpens', { date: date(window.start) })
    return { value: event.uuid, label: `${label} (${why})`, disabled: true }
  })
}

/**
 * An event's limits on who may register in words ("born 1.1.2008–31.12.2018, women only"), or ''
 * when it sets none. `date` formats an ISO date for the user's language.
 */
export function eventLimitWords(limits: EventLimits | null, t: TFunction, date: (iso: string) => string): string {
  const words: string[] = []
  if (limits?.minBirthDate && limits.maxBirthDate) words.push(t('events.limits.born', { from: date(limits.minBirthDate), to: date(limits.maxBirthDate) }))
  else if (limits?.minBirthDate) words.push(t('events.limits.bornFrom', { from: date(limits.minBirthDate) }))
  else if (limits?.maxBirthDate) words.push(t('events.limits.bornUntil', { to: date(limits.maxBirthDate) }))
  if (limits?.allowedGender) words.push(t(`events.limits.${limits.allowedGender}`))
  return words.join(', ')
}
