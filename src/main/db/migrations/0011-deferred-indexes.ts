import type { WritableDB } from '../open'

export const version = 11
export const name = 'deferred-indexes'

/**
 * `deferred_index`: the secondary indexes a first sync dropped to fill its tables faster, each
 * with the `CREATE INDEX` statement that restores it (see db/bulkLoad.ts). Empty except while a
 * first sync runs, or after one was killed: the next sync restores what is listed here.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE deferred_index (
      name TEXT PRIMARY KEY,
      sql TEXT NOT NULL
    ) WITHOUT ROWID;`)
}
