import type { WritableDB } from '../open'

export const version = 15
export const name = 'auto-sync'

/**
 * `auto_sync`: one row saying whether the desktop app syncs this database by itself while it is
 * open (`enabled`, 1 or 0; 1 for new and earlier databases alike, as the app did before), every
 * quarter hour (`AUTO_SYNC_INTERVAL_MS` in services/desktop/session.ts). Kept with the data it syncs, as
 * the retention is (0009), so the registry's database and the demo's each have their own.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE auto_sync (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      enabled INTEGER NOT NULL CHECK (enabled IN (0, 1))
    );
    INSERT INTO auto_sync (id, enabled) VALUES (1, 1);`)
}
