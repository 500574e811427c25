/** The languages of the app (issue 3): Finnish, Swedish, English. */
export const LANGUAGES = ['fi', 'sv', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

/**
 * The Intl locale of an app language: its form in Finland (so English dates read 31/12/2026, not
 * 12/31/2026, and Swedish ones 31.12.2026).
 */
export function intlLocale(language: string): string {
  return { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' }[language] ?? language
}
