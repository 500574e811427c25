import i18next, { type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { intlLocale, LANGUAGES, type Language } from '../../../shared/languages'
import { en } from './en'
import { fi } from './fi'
import { sv } from './sv'

export { intlLocale, LANGUAGES, type Language }

/** The first of the OS/browser languages (`navigator.languages`) Kanslia speaks; English otherwise. */
export function detectLanguage(preferred: readonly string[] = navigator.languages): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0]
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language
  }
  return 'en'
}

/** Where the language chosen in Settings is kept on this computer (not personal data: a wipe keeps it). */
const CHOSEN_LANGUAGE_KEY = 'kanslia.language'

/** The language chosen in Settings (`chooseLanguage`) at an earlier start, or null: the OS's then decides. */
export function chosenLanguage(): Language | null {
  const stored = localStorage.getItem(CHOSEN_LANGUAGE_KEY)
  return (LANGUAGES as readonly (string | null)[]).includes(stored) ? (stored as Language) : null
}

/** Switches the UI to `language` and keeps the choice for the next starts. */
export function chooseLanguage(language: Language): void {
  localStorage.setItem(CHOSEN_LANGUAGE_KEY, language)
  void i18next.changeLanguage(language)
}

/** Starts i18next in `language`; numbers in messages format with Intl in that language. */
export function initI18n(language: Language): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, fi: { translation: fi }, sv: { translation: sv } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }
  })
  document.documentElement.lang = language
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng
  })
  return i18next
}

/** One date formatter per language: creating an Intl.DateTimeFormat costs more than formatting with it. */
const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** Formats an ISO date (YYYY-MM-DD) in the user's language, e.g. 31.12.2026 in Finnish. */
export function formatDate(isoDate: string | undefined, language: string): string {
  if (!isoDate) return ''
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00`)
  if (Number.isNaN(date.getTime())) return isoDate
  let format = dateFormats.get(language)
  if (format === undefined) dateFormats.set(language, (format = new Intl.DateTimeFormat(intlLocale(language))))
  return format.format(date)
}

/** Formats an instant (ISO string) as date and time in the user's language. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return ''
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'short', timeStyle: 'short' }).format(date)
}

/** The user-facing name of a synced resource (`user-licences` → "User licences"); unknown names as they are. */
export function resourceName(t: TFunction, resource: string): string {
  return t(`resources.${resource}`, { defaultValue: resource })
}

/** An organization's type (spec v2 §2.2) in the user's language: `CLUB` → "Seura"; an unknown value as it is. */
export function organizationTypeName(t: TFunction, type: string | null): string {
  return type === null ? '' : t(`organizationTypes.${type}`, { defaultValue: type })
}

/**
 * Where a synced list was read, in the user's language: `federation 100` → "liitto 100",
 * `per merit` → "merkeittäin", `all`, `public`; a scope of any other form as it is.
 */
export function scopeName(t: TFunction, scope: string): string {
  const federation = /^federation (\d+)$/.exec(scope)
  if (federation) return t('scopes.federation', { id: federation[1] })
  if (scope.startsWith('per ')) return t(`scopes.per.${scope.slice(4)}`, { defaultValue: scope })
  return scope === 'all' || scope === 'public' ? t(`scopes.${scope}`) : scope
}
