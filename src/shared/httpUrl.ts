/**
 * Whether `value` (trimmed) is an http or https URL: what a connection's `{base_url}` and
 * `{auth_url}` (spec v2 §1, §5) must be. The config's schema (`httpUrl`, main/config/connection.ts)
 * and the first run's form check by it.
 */
export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value.trim()).protocol)
  } catch {
    return false
  }
}
