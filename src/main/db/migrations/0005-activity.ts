import type { WritableDB } from '../open'

export const version = 5
export const name = 'activity'

/** Columns of a synced table keyed by the element's id alone (as in 0001). */
const SYNCED = `
  id INTEGER PRIMARY KEY,
  scope TEXT NOT NULL,
  modification_us INTEGER NOT NULL,
  generation INTEGER NOT NULL,
  raw TEXT NOT NULL`

/**
 * Columns of a synced table whose element id is unique only within its list, so the key is
 * (scope, id): a granted merit's `id` is the user's (spec v2 §2.9), a master sport is listed under
 * each federation that has it (spec v3 §4), and the spec does not promise that a registered event
 * user's `id` (§2.16) is unique across events.
 */
const SYNCED_IN_SCOPE = `
  id INTEGER NOT NULL,
  scope TEXT NOT NULL,
  modification_us INTEGER NOT NULL,
  generation INTEGER NOT NULL,
  raw TEXT NOT NULL`

/**
 * Merits, events and the v3 reference lists (DESIGN §3a, issue 4), same shape as 0001's synced
 * tables: `scope` is the list the row came from (`organization 7` for merit groups, `merit-group 9`
 * for merits, `merit 11` for grants, `event 30001` for registrations and registered users,
 * `federation 100`, `public` for the v3 event listing, `all` for reference lists), `raw` the
 * element as received, `generation` the run that last saw it.
 *
 * `modification_us` is the element's modificationTime in µs; the lists whose elements carry none
 * (spec v3 PublicOrganization, ApiMasterSport, MunicipalityListResponse, OrganizationSearchResponse,
 * ApiSportsClub, PublicOrganizationSelectItem, Version; v2 §2.18 event search results and §4.10
 * client data) store 0 and are read whole (sync/resources.ts says when).
 *
 * Sports federations of v3 `/organization/sports-federation/list` get their own table rather than
 * `organization`: they are OrganizationSearchResponse objects (no modificationTime, other field
 * names), and `organization` holds v2 §2.2 Organizations that queries and rule 3 rely on.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE merit_group (${SYNCED},
      organization_id INTEGER, sport_id INTEGER, name TEXT);
    CREATE TABLE merit (${SYNCED},
      merit_group_id INTEGER, name TEXT, order_number INTEGER, type TEXT);
    CREATE TABLE granted_merit (${SYNCED_IN_SCOPE},
      merit_id INTEGER, user_id INTEGER, granting_date TEXT, valid_until_date TEXT,
      PRIMARY KEY (scope, id));
    CREATE TABLE event (${SYNCED},
      uuid TEXT, organizer_id INTEGER, name TEXT, start_date_time TEXT, end_date_time TEXT);
    CREATE TABLE event_search_result (${SYNCED},
      uuid TEXT, organizer_id INTEGER, name TEXT, start_date_time TEXT, end_date_time TEXT);
    CREATE TABLE event_registration (${SYNCED},
      event_uuid TEXT, participant_user_id INTEGER, organization_id INTEGER, registration_date TEXT, paid_amount_in_cents INTEGER);
    CREATE TABLE registered_event_user (${SYNCED_IN_SCOPE},
      event_id INTEGER, user_id INTEGER, payment_status TEXT, paid_amount_in_cents INTEGER,
      PRIMARY KEY (scope, id));
    CREATE TABLE municipality (${SYNCED},
      name_fi TEXT, name_se TEXT, area_association_id INTEGER);
    CREATE TABLE master_sport (${SYNCED},
      name_fi TEXT, name_se TEXT);
    CREATE TABLE federation_master_sport (${SYNCED_IN_SCOPE},
      federation_id INTEGER, name_fi TEXT,
      PRIMARY KEY (scope, id));
    CREATE TABLE area_association (${SYNCED},
      official_name TEXT, federation_id INTEGER);
    CREATE TABLE area_association_child (${SYNCED},
      parent_organization_id INTEGER, organization_type TEXT, official_name TEXT);
    CREATE TABLE sports_federation (${SYNCED},
      primary_name TEXT);
    CREATE TABLE sports_club (${SYNCED},
      primary_name TEXT, sports_federation_id INTEGER);
    CREATE TABLE api_version_info (${SYNCED},
      full_version TEXT);
    CREATE TABLE client_data (${SYNCED});

    CREATE INDEX merit_group_scope ON merit_group (scope, modification_us);
    CREATE INDEX merit_scope ON merit (scope, modification_us);
    CREATE INDEX granted_merit_scope ON granted_merit (scope, modification_us);
    CREATE INDEX event_scope ON event (scope, modification_us);
    CREATE INDEX event_search_result_scope ON event_search_result (scope, modification_us);
    CREATE INDEX event_registration_scope ON event_registration (scope, modification_us);
    CREATE INDEX registered_event_user_scope ON registered_event_user (scope, modification_us);
    CREATE INDEX municipality_scope ON municipality (scope, modification_us);
    CREATE INDEX master_sport_scope ON master_sport (scope, modification_us);
    CREATE INDEX federation_master_sport_scope ON federation_master_sport (scope, modification_us);
    CREATE INDEX area_association_scope ON area_association (scope, modification_us);
    CREATE INDEX area_association_child_scope ON area_association_child (scope, modification_us);
    CREATE INDEX sports_federation_scope ON sports_federation (scope, modification_us);
    CREATE INDEX sports_club_scope ON sports_club (scope, modification_us);
    CREATE INDEX api_version_info_scope ON api_version_info (scope, modification_us);
    CREATE INDEX client_data_scope ON client_data (scope, modification_us);

    CREATE INDEX granted_merit_user ON granted_merit (user_id);
    CREATE INDEX event_registration_user ON event_registration (participant_user_id);
    CREATE INDEX registered_event_user_user ON registered_event_user (user_id);
    CREATE INDEX event_uuid ON event (uuid);
    CREATE INDEX event_organizer ON event (organizer_id);
  `)
}
