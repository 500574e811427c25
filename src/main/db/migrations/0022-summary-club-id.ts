import { redefineIndex } from '../bulkLoad'
import type { WritableDB } from '../open'

export const version = 22
export const name = 'summary-club-id'

/**
 * The member summary (0016) holds the id of each person's club too (`club_id`: the
 * `licenceOrganizationId` of the user licence whose `licenceOrganizationName` is `club`, spec v2
 * §2.10), indexed, so the member list of a club or an area (area association) picks its members
 * from the summary instead of reading every candidate's latest club licence: the largest area's
 * window at 150,000 athletes took 0.3–0.4 s. The per-person index of user licences holds the id,
 * so evaluating everyone still reads no user licence row. The summary is derived data: it is
 * evaluated again, with the ids, by the next sync or read (`member_summary_state` emptied). An
 * index a killed first sync left dropped (0011) gets the new definition there.
 */
export const INDEXES = {
  user_licence_user_period:
    'CREATE INDEX user_licence_user_period ON user_licence (user_id, usage_period_end, id, usage_period_start, licence_organization_name, upgrade_from, licence_id, licence_period_id, purchase_time, external_insurance_company, licence_organization_id)'
} as const

export function up(db: WritableDB): void {
  for (const [index, sql] of Object.entries(INDEXES)) redefineIndex(db, index, sql)
  db.exec(`
    ALTER TABLE member_summary ADD COLUMN club_id INTEGER;
    CREATE INDEX member_summary_club_id ON member_summary (club_id, person_id);
    DELETE FROM member_summary_state;`)
}
