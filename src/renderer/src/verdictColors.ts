import type { LicenceVerdict } from '../../shared/licenceValidity'

/** The colour of each licence verdict (DESIGN §3b), one for the venue check and the member list: green may compete, yellow soon may not, red may not. */
export const VERDICT_COLOR: Record<LicenceVerdict, 'green' | 'yellow' | 'red'> = {
  valid: 'green',
  expiring: 'yellow',
  expired: 'red',
  missing: 'red',
  'insurance-missing': 'red',
  'outside-birth-range': 'red'
}
