import type { ReadableDB, WritableDB } from './open'
import { prepared } from './statements'

/** The tables a first sync fills with most rows (DESIGN §3a): user licences, user insurances and their persons. */
const BULK_TABLES = ['user_licence', 'user_insurance', 'person'] as const

/**
 * Secondary indexes of BULK_TABLES whose keys arrive in random order (user id, name, Sport-ID,
 * person id):
 * kept live, each page's commit rewrites nearly every page of them into the WAL, so at 150,000
 * athletes they made up about a third of the bytes a first sync wrote. The unique `id` indexes
 * stay (upserts match on them), and so do the `scope` indexes: rows arrive in their order, and
 * the window checks and sweeps of the sync read them.
 */
const DEFERRABLE_INDEXES = ['user_licence_user_period', 'user_licence_period', 'user_insurance_user_period', 'person_sport_id', 'person_name', 'person_order'] as const

/**
 * Drops DEFERRABLE_INDEXES for a bulk load when BULK_TABLES are all empty (a first sync),
 * recording each one's `CREATE INDEX` statement in `deferred_index` (migration 0011) in the same
 * transaction, so a run killed before `restoreDeferredIndexes` leaves a database the next run
 * repairs. Queries that filter on these columns scan their table until the indexes are back.
 * @returns true when the indexes were dropped (the caller must restore them); false when a table
 *   has rows or nothing was left to drop.
 */
export function deferIndexesForBulkLoad(db: WritableDB): boolean {
  return db.transaction(() => {
    if (BULK_TABLES.some((table) => prepared(db, `SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined)) return false
    const definitions = prepared(db, `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN (${DEFERRABLE_INDEXES.map(() => '?').join(', ')})`).all(
      ...DEFERRABLE_INDEXES
    ) as Array<{ name: string; sql: string }>
    const record = prepared(db, 'INSERT INTO deferred_index (name, sql) VALUES (?, ?)')
    for (const { name, sql } of definitions) {
      record.run(name, sql)
      db.exec(`DROP INDEX ${name}`)
    }
    return definitions.length > 0
  }).immediate()
}

/**
 * Creates the indexes listed in `deferred_index` and empties it, in one transaction: after a bulk
 * load, or at the start of the run after one that was killed. Each `CREATE INDEX` reads its table
 * once and sorts, which at 150,000 athletes costs a few seconds against the tens of seconds of
 * keeping them live while loading.
 * @returns the number of indexes created (0 when none was deferred).
 */
export function restoreDeferredIndexes(db: WritableDB): number {
  return db.transaction(() => {
    const deferred = prepared(db, 'SELECT name, sql FROM deferred_index').all() as Array<{ name: string; sql: string }>
    for (const { sql } of deferred) db.exec(sql)
    prepared(db, 'DELETE FROM deferred_index').run()
    return deferred.length
  }).immediate()
}

/**
 * Gives index `name` a new definition `sql` (its `CREATE INDEX`) in a migration: where a first sync
 * killed during its bulk load left it dropped, as what `restoreDeferredIndexes` will create; else
 * dropped and made anew now.
 */
export function redefineIndex(db: WritableDB, name: string, sql: string): void {
  if (db.prepare('UPDATE deferred_index SET sql = ? WHERE name = ?').run(sql, name).changes > 0) return
  db.exec(`DROP INDEX ${name}; ${sql}`)
}

/**
 * True while a bulk load's indexes are dropped (`deferred_index` has rows): queries must not name
 * them (`INDEXED BY` fails on a missing index) and leave the plan to SQLite.
 */
export function indexesDeferred(db: ReadableDB): boolean {
  return prepared(db, 'SELECT 1 FROM deferred_index LIMIT 1').get() !== undefined
}
