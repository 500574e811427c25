import type { InstantMicros } from '../../shared/instant'

/**
 * How far past the registry's `Date` a cursor may be kept, µs: 1 s, the header's resolution
 * (IMF-fixdate truncates to whole seconds), so the limit is the latest the registry's clock can
 * have read when it answered. Not minutes: the next run asks `ts` = cursor − OVERLAP_US, strictly
 * after (spec v2 §2.1), so a cursor kept d ahead of the registry's time misses the changes of the
 * d − OVERLAP_US that follow. Keeping it at most 1 s ahead leaves the next run's window as wide as
 * after an ordinary page. An element stamped ahead by more (a registry node whose clock runs
 * ahead, a bulk import stamped ahead) is read again on each run until time catches up with it.
 */
export const CLOCK_TOLERANCE_US = 1_000_000

/**
 * The latest instant the cursor of a list may be kept at for the next run (DESIGN §3 rules 1–2):
 * an element stamped in the future must not carry the cursor past the changes made before time
 * catches up with it, or the mirror of that list goes stale until then.
 * @param serverTimeMs the registry's time by the `Date` of the list's responses, ms since the epoch
 *   (`ResponseMeter.serverTimeMs`); undefined when none carried one: this computer's clock then.
 * @param localNowMs this computer's clock, ms since the epoch.
 * @returns µs since the epoch: that time plus CLOCK_TOLERANCE_US.
 */
export function cursorLimitUs(serverTimeMs: number | undefined, localNowMs: number = Date.now()): InstantMicros {
  return (serverTimeMs ?? localNowMs) * 1000 + CLOCK_TOLERANCE_US
}
