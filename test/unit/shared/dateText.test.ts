import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { dateFieldFormat, parseDateText } from '../../../src/shared/dateText'

describe('typed dates', () => {
  it('reads day.month.year and day/month/year with or without leading zeros, and ISO dates', () => {
    expect(parseDateText('14.2.2026')).toBe('2026-02-14')
    expect(parseDateText('04.02.2026')).toBe('2026-02-04')
    expect(parseDateText('14/02/2026')).toBe('2026-02-14')
    expect(parseDateText(' 2026-02-14 ')).toBe('2026-02-14')
    expect(parseDateText('29.2.2028')).toBe('2028-02-29')
  })

  it('refuses dates that do not exist, partial input and other orders', () => {
    for (const text of ['31.2.2026', '29.2.2026', '0.1.2026', '1.13.2026', '1.2.20', '1.2.', '', '2026-2-14', '02/14/2026', '14.2.2026 12:00', 'tomorrow']) {
      expect(parseDateText(text), text).toBeNull()
    }
  })

  it('writes dates as the app shows them (Intl in the Finnish form of each language), and reads back what it writes', () => {
    const intl = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' }
    for (const [language, locale] of Object.entries(intl)) {
      for (const iso of ['2026-02-04', '2026-12-31']) {
        const written = dayjs(iso).format(dateFieldFormat(language))
        expect(written, language).toBe(new Intl.DateTimeFormat(locale).format(new Date(`${iso}T00:00:00`)))
        expect(parseDateText(written)).toBe(iso)
      }
    }
  })
})
