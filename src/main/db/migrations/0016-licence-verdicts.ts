import { redefineIndex } from '../bulkLoad'
import type { WritableDB } from '../open'

export const version = 16
export const name = 'licence-verdicts'

/**
 * The member summary (0004) holds each person's licence verdict by the rules of DESIGN §3b
 * (`checkLicence`, shared/licenceValidity.ts), the venue check's, instead of a status of its own
 * that ignored trial durations, insurance requirements and birth-date ranges:
 * - `verdict`: `valid`, `expiring`, `expired`, `missing`, `insurance-missing` or `outside-birth-range`;
 *   null for a person a sync stored since (judged at its end, or by the next read);
 * - `licence_id`: the user licence the verdict is about; `valid_until`: its last valid day (ISO date);
 * - `held_until`: the last day any of the person's licences that no upgrade replaced is valid (a
 *   later one than `valid_until` is a renewal);
 * - `insured`: a user insurance, not replaced by an upgrade, is valid on the day (spec v2 §2.13);
 * - `recheck_on`: the first later day on which the verdict could change (null: none), so a new
 *   day re-evaluates only those persons; '' for a person whose licences a sync changed since.
 * The summary is derived data: the table is made anew and filled by the next sync or read, for
 * the day it is evaluated on (`member_summary_state` emptied).
 *
 * The rules read what `user_licence_user_period` (0007, 0012) now also holds, `purchase_time`
 * (0014) and the new `external_insurance_company` (spec v2 §2.12, filled from the rows' JSON here
 * and by every sync after), so evaluating 150,000 members reads that index, not every row with
 * its JSON. An index a killed first sync left dropped (0011) gets the new definition there.
 */
export const INDEXES = {
  user_licence_user_period:
    'CREATE INDEX user_licence_user_period ON user_licence (user_id, usage_period_end, id, usage_period_start, licence_organization_name, upgrade_from, licence_id, licence_period_id, purchase_time, external_insurance_company)'
} as const

export function up(db: WritableDB): void {
  db.exec(`
    ALTER TABLE user_licence ADD COLUMN external_insurance_company TEXT;
    UPDATE user_licence SET external_insurance_company = raw ->> '$.externalInsuranceCompany' WHERE instr(raw, '"externalInsuranceCompany"') > 0;`)
  for (const [index, sql] of Object.entries(INDEXES)) redefineIndex(db, index, sql)
  db.exec(`
    DROP TABLE member_summary;
    CREATE TABLE member_summary (
      person_id INTEGER PRIMARY KEY,
      club TEXT,
      verdict TEXT,
      licence_id INTEGER,
      valid_until TEXT,
      held_until TEXT,
      insured INTEGER NOT NULL,
      recheck_on TEXT);
    CREATE INDEX member_summary_club ON member_summary (club, person_id);
    CREATE INDEX member_summary_recheck ON member_summary (recheck_on) WHERE recheck_on IS NOT NULL;
    DELETE FROM member_summary_state;`)
}
