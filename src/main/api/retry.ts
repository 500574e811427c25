import { parseHttpDate } from './httpDate'

/**
 * Delay before retry number `attempt` (1 = first retry): exponential from `baseMs`, capped at
 * 30 s, with "equal jitter" (half fixed, half random) so many clients do not retry in step.
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, baseMs * 2 ** (attempt - 1))
  return ceiling / 2 + random() * (ceiling / 2)
}

/** Longest Retry-After the client honours; a server asking for more gets this instead. */
export const MAX_RETRY_AFTER_MS = 120_000

/**
 * Reads a `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
 * @returns milliseconds to wait (0 for a date in the past, at most MAX_RETRY_AFTER_MS), or
 *   undefined when the header is absent or malformed.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value
  if (!text) return undefined
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return Math.min(MAX_RETRY_AFTER_MS, Number(trimmed) * 1000)
  const date = parseHttpDate(trimmed, now)
  if (date === undefined) return undefined
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, date - now))
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
