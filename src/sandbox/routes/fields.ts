import { z } from 'zod'

/** A date-only field of a write body (spec v2 §2 "date-only", v3 dates): yyyy-mm-dd, a day of the calendar, else 400. */
export const date = z.iso.date('must be a date yyyy-mm-dd in the calendar')
