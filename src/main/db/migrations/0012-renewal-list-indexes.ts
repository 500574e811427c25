import { redefineIndex } from '../bulkLoad'
import type { WritableDB } from '../open'

export const version = 12
export const name = 'renewal-list-indexes'

/**
 * The per-person indexes of user licences and user insurances (0007) also hold the licence,
 * licence period and insurance of each row, so that the renewal lists (db/renewalLists.ts) can
 * scan an index instead of every row's JSON: at 150,000 athletes "not renewed" took 7 s and
 * "licence ending" 1.1 s on the app's main process, now about 0.5 s and 0.2 s. The leading
 * columns stay as they were, so the member summary and list keep their plans.
 *
 * An index a killed first sync left dropped (0011 `deferred_index`) gets the new definition there,
 * and is built once, when the next sync restores it.
 */
export const INDEXES = {
  user_licence_user_period:
    'CREATE INDEX user_licence_user_period ON user_licence (user_id, usage_period_end, id, usage_period_start, licence_organization_name, upgrade_from, licence_id, licence_period_id)',
  user_insurance_user_period: 'CREATE INDEX user_insurance_user_period ON user_insurance (user_id, usage_period_start, usage_period_end, id, upgrade_from, insurance_id)'
} as const

export function up(db: WritableDB): void {
  for (const [index, sql] of Object.entries(INDEXES)) redefineIndex(db, index, sql)
}
