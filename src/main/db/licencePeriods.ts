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
