import type { ReadableDB } from './open'
import { prepared } from './statements'

/**
 * Which licence period (spec v2 §2.3) is which, as SQL over `licence_period`, for the lists and
 * reports that compare one period with the one before it.
 */

/** SQL: the id of the licence period containing :today (ISO date), by start: the latest that started by then. */
export const CURRENT_PERIOD = "(SELECT id FROM licence_period WHERE substr(start_time, 1, 10) <= :today ORDER BY start_time DESC LIMIT 1)"

/** SQL: the id of the licence period before the one `period` (SQL giving its id) names: the latest that started earlier; NULL for none. */
export function periodBefore(period: string): string {
  return `(SELECT id FROM licence_period WHERE start_time < (SELECT start_time FROM licence_period WHERE id = ${period}) ORDER BY start_time DESC, id DESC LIMIT 1)`
}

/** A stored licence period as the reports name it: its id, its name (`#id` when it has none) and its end (ISO instant, local; null when open). */
export interface NamedLicencePeriod {
  id: number
  name: string
  end_time: string | null
}

/**
 * Licence period `periodId`, or the one containing `today` (ISO date, CURRENT_PERIOD) when none is
 * given; undefined when that is not stored.
 */
export function readLicencePeriod(db: ReadableDB, today: string, periodId?: number): NamedLicencePeriod | undefined {
  const columns = "id, coalesce(name, '#' || id) AS name, end_time"
  return (
    periodId === undefined
      ? prepared(db, `SELECT ${columns} FROM licence_period WHERE id = ${CURRENT_PERIOD}`).get({ today })
      : prepared(db, `SELECT ${columns} FROM licence_period WHERE id = ?`).get(periodId)
  ) as NamedLicencePeriod | undefined
}
