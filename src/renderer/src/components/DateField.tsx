import { DateInput } from '@mantine/dates'
import 'dayjs/locale/en-gb'
import 'dayjs/locale/fi'
import 'dayjs/locale/sv'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dateFieldFormat, parseDateText } from '../../../shared/dateText'

/** The dayjs locale of each app language: month and weekday names of the calendar. */
const CALENDAR_LOCALES: Record<string, string> = { fi: 'fi', sv: 'sv', en: 'en-gb' }

export interface DateFieldProps {
  label: string
  /** ISO date (YYYY-MM-DD), or '' for none. */
  value: string
  /** Called with the ISO date once the text is a whole date, and with '' when it is cleared (when `clearable`). */
  onChange: (value: string) => void
  required?: boolean
  clearable?: boolean
  testId?: string
}

/**
 * A date field written as the app writes dates (31.12.2026; 31/12/2026 in English) with a calendar
 * in the app's language, weeks from Monday: the native date input follows the operating system's
 * locale instead, and showed 12/31/2026 to a Finnish secretary on an English Windows. Typing
 * `14.2.2026`, `14/2/2026` or `2026-02-14` sets the date; the field rewrites it on leaving.
 */
export function DateField({ label, value, onChange, required, clearable, testId }: DateFieldProps) {
  const { t, i18n } = useTranslation()
  // Whether the calendar is open, as DateInput opens and closes it. While it is, Escape closes only
  // the calendar: a dialog around the field (Mantine's Modal) leaves an Escape alone that comes from
  // an element marked so, as it does for an open Select.
  const [calendarOpen, setCalendarOpen] = useState(false)
  return (
    <DateInput
      onFocus={() => setCalendarOpen(true)}
      onClick={() => setCalendarOpen(true)}
      onKeyDown={(event) => setCalendarOpen(event.key !== 'Escape')}
      onBlur={() => setCalendarOpen(false)}
      data-mantine-stop-propagation={calendarOpen || undefined}
      label={label}
      value={value === '' ? null : value}
      onChange={(date) => onChange(date ?? '')}
      valueFormat={dateFieldFormat(i18n.language)}
      dateParser={parseDateText}
      locale={CALENDAR_LOCALES[i18n.language] ?? 'en-gb'}
      firstDayOfWeek={1}
      placeholder={t('dateField.placeholder')}
      required={required}
      clearable={clearable}
      data-testid={testId}
    />
  )
}
