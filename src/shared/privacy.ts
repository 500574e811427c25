/**
 * What the privacy log records (issue 6 "Personal data"): personal data shown on purpose or taken
 * out of the app. Times are ISO 8601 UTC instants.
 */
export type PrivacyAction = 'reveal-identity-number' | 'export-person' | 'export-list'

/** One privacy log entry. */
export interface PrivacyLogEntry {
  id: number
  at: string
  /** The OS user at the computer. */
  actor: string | null
  action: PrivacyAction
  /** The member it relates to; null for a list. */
  personId: number | null
  /** Details as JSON text, e.g. the list, the rows and the file of an export. */
  detail: string | null
}
