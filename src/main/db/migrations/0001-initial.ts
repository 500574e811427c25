import type { WritableDB } from '../open'

export const version = 1
export const name = 'initial'

/** Columns every synced table shares (DESIGN §3a): id, origin scope, instant, raw JSON, generation. */
const SYNCED = `
  id INTEGER PRIMARY KEY,
  scope TEXT NOT NULL,
  modification_us INTEGER NOT NULL,
  generation INTEGER NOT NULL,
  raw TEXT NOT NULL`

/**
 * The mirrored v2 resources (spec v2 §2.2–§2.6, §2.12–§2.14), `person` built from nested user
 * profiles (§2.11), and the engine's `sync_cursor` / `sync_run` (DESIGN §3 rules 1, 7).
 * `modification_us` is the element's modificationTime in microseconds since the epoch (UTC);
 * `raw` the element's JSON as received; `generation` the id of the sync run that last saw it.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE organization (${SYNCED},
      type TEXT, status TEXT, name TEXT, parent_id INTEGER, federation_id INTEGER, sport_id INTEGER);
    CREATE TABLE licence_period (${SYNCED},
      federation_id INTEGER, name TEXT, start_time TEXT, end_time TEXT);
    CREATE TABLE licence (${SYNCED},
      federation_id INTEGER, licence_period_id INTEGER, name TEXT, type TEXT, usage_start_time TEXT, usage_end_time TEXT, price_in_cents INTEGER);
    CREATE TABLE sport (${SYNCED},
      federation_id INTEGER, name TEXT);
    CREATE TABLE insurance (${SYNCED},
      federation_id INTEGER, licence_period_id INTEGER, name TEXT, price_in_cents INTEGER);
    CREATE TABLE sport_parameter (${SYNCED},
      sport_id INTEGER, name TEXT);
    CREATE TABLE user_licence (${SYNCED},
      user_id INTEGER, federation_id INTEGER, licence_period_id INTEGER, licence_id INTEGER,
      licence_organization_id INTEGER, licence_organization_name TEXT,
      usage_period_start TEXT, usage_period_end TEXT, upgrade_from INTEGER);
    CREATE TABLE user_insurance (${SYNCED},
      user_id INTEGER, federation_id INTEGER, licence_period_id INTEGER, insurance_id INTEGER,
      usage_period_start TEXT, usage_period_end TEXT, upgrade_from INTEGER);

    CREATE INDEX organization_scope ON organization (scope, modification_us);
    CREATE INDEX licence_period_scope ON licence_period (scope, modification_us);
    CREATE INDEX licence_scope ON licence (scope, modification_us);
    CREATE INDEX sport_scope ON sport (scope, modification_us);
    CREATE INDEX insurance_scope ON insurance (scope, modification_us);
    CREATE INDEX sport_parameter_scope ON sport_parameter (scope, modification_us);
    CREATE INDEX user_licence_scope ON user_licence (scope, modification_us);
    CREATE INDEX user_insurance_scope ON user_insurance (scope, modification_us);
    CREATE INDEX user_licence_user ON user_licence (user_id);
    CREATE INDEX user_insurance_user ON user_insurance (user_id);

    CREATE TABLE person (
      id INTEGER PRIMARY KEY,
      sport_id INTEGER,
      first_name TEXT, nickname TEXT, last_name TEXT, birth_date TEXT, email TEXT, city TEXT,
      modification_us INTEGER NOT NULL,
      raw TEXT NOT NULL);
    CREATE INDEX person_sport_id ON person (sport_id);
    CREATE INDEX person_name ON person (last_name, first_name, id);

    CREATE TABLE sync_run (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      started_at TEXT NOT NULL,
      finished_at TEXT,
      full INTEGER NOT NULL,
      ok INTEGER,
      elements INTEGER NOT NULL DEFAULT 0,
      bytes INTEGER NOT NULL DEFAULT 0,
      error TEXT);

    CREATE TABLE sync_cursor (
      resource TEXT NOT NULL,
      scope TEXT NOT NULL,
      cursor_us INTEGER,
      last_run_id INTEGER,
      last_run_at TEXT,
      last_result TEXT CHECK (last_result IN ('ok', 'error')),
      last_error TEXT,
      last_elements INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (resource, scope));
  `)
}
