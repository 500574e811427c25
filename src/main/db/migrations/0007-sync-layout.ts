import type { WritableDB } from '../open'

export const version = 7
export const name = 'sync-layout'

/** The tables a first sync fills with most rows, each row holding up to a few KB of raw JSON. */
const TABLES = ['user_licence', 'user_insurance', 'person'] as const

/**
 * Stores the rows of `user_licence`, `user_insurance` and `person` in arrival order instead of
 * clustered by id: `id` stops being the rowid and gets a unique index of its own. A sync receives
 * these rows in modification-time order, which is random in id, so with `id INTEGER PRIMARY KEY`
 * nearly every row of a page landed on another table page, and each page's commit rewrote about
 * one 8 KiB table page per row into the WAL (measured at 150,000 athletes: the first sync took 67 s,
 * 34 s after this). Appended rows fill table pages one after the other; only the small id index
 * takes random inserts. Columns, indexes, triggers and ids stay as they were; upserts match the
 * unique index (`ON CONFLICT (id)`), and the member search keeps `content_rowid='id'`.
 *
 * The per-person indexes of user licences and insurances also carry the columns the member
 * summary (db/memberSummary.ts) reads, so it never reads the wide rows: 3.1 s to 1.2 s at 150,000
 * athletes. They replace `user_licence_user` and `user_insurance_user`, of which they are
 * extensions.
 */
export function up(db: WritableDB): void {
  for (const table of TABLES) {
    const sql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as string
    const definition = sql.replace(/^CREATE TABLE \w+/, `CREATE TABLE ${table}_0007`).replace(/\bid INTEGER PRIMARY KEY\b/, 'id INTEGER NOT NULL')
    if (definition === sql || !/id INTEGER NOT NULL/.test(definition)) throw new Error(`0007: unexpected definition of ${table}`)
    const dependents = db
      .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name")
      .pluck()
      .all(table) as string[]
    db.exec(`${definition};
      INSERT INTO ${table}_0007 SELECT * FROM ${table} ORDER BY id;
      DROP TABLE ${table};
      ALTER TABLE ${table}_0007 RENAME TO ${table};
      CREATE UNIQUE INDEX ${table}_id ON ${table} (id);
      ${dependents.join(';\n')};`)
  }
  db.exec(`
    DROP INDEX user_licence_user;
    DROP INDEX user_insurance_user;
    CREATE INDEX user_licence_user_period ON user_licence (user_id, usage_period_end, id, usage_period_start, licence_organization_name, upgrade_from);
    CREATE INDEX user_insurance_user_period ON user_insurance (user_id, usage_period_start, usage_period_end);`)
}
