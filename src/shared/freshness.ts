/**
 * How old the local data is (issue 7 "Quality": a banner tells when the data is older than a day).
 * Shared by the main process, which judges it on its injectable clock, and the renderer, which shows it.
 */

/** Age of the last successful sync, in ms, above which the data counts as stale: 24 hours. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000

/** When the shown data was last synced successfully (ISO instant, UTC; null: never) and whether that is stale. */
export interface DataFreshness {
  dataAsOf: string | null
  stale: boolean
}

/**
 * Judges `dataAsOf` (ISO instant of the last successful sync, or null) at the instant `now`: stale
 * when no sync succeeded or the last one finished more than STALE_AFTER_MS before `now`.
 */
export function judgeFreshness(dataAsOf: string | null, now: Date): DataFreshness {
  return { dataAsOf, stale: dataAsOf === null || now.getTime() - Date.parse(dataAsOf) > STALE_AFTER_MS }
}
