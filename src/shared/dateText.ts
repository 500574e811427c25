/**
 * Dates as people type them into the app's date fields: written as the app shows dates (Finnish
 * conventions in every language, issue 3) whatever the operating system's locale is.
 */

/** The dayjs format of a date field in `language`: 31.12.2026 in Finnish and Swedish, 31/12/2026 in English. */
export function dateFieldFormat(language: string): string {
  return language === 'en' ? 'DD/MM/YYYY' : 'D.M.YYYY'
}

const DAY_FIRST = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Reads a typed date: day.month.year or day/month/year with a four-digit year (as `dateFieldFormat`
 * writes it, in any app language), or an ISO date; spaces around it are ignored.
 * @returns the ISO date (YYYY-MM-DD, a calendar date, no time zone), or null when the text is not
 *   (yet) a whole date that exists, e.g. `31.2.2026` or `1.2.20` while it is being typed.
 */
export function parseDateText(text: string): string | null {
  const trimmed = text.trim()
  const dayFirst = DAY_FIRST.exec(trimmed)
  const iso = dayFirst ? null : ISO.exec(trimmed)
  if (!dayFirst && !iso) return null
  const [year, month, day] = dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]].map(Number) : [iso![1], iso![2], iso![3]].map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}
