import type { WritableDB } from './open'
import * as m0001 from './migrations/0001-initial'
import * as m0002 from './migrations/0002-member-search'
import * as m0003 from './migrations/0003-member-search-bulk-load'
import * as m0004 from './migrations/0004-member-summary'
import * as m0005 from './migrations/0005-activity'
import * as m0006 from './migrations/0006-outbox'
import * as m0007 from './migrations/0007-sync-layout'
import * as m0008 from './migrations/0008-privacy-log'
import * as m0009 from './migrations/0009-retention'
import * as m0010 from './migrations/0010-member-search-speed'
import * as m0011 from './migrations/0011-deferred-indexes'
import * as m0012 from './migrations/0012-renewal-list-indexes'
import * as m0013 from './migrations/0013-sync-error-code'
import * as m0014 from './migrations/0014-report-columns'
import * as m0015 from './migrations/0015-auto-sync'
import * as m0016 from './migrations/0016-licence-verdicts'
import * as m0017 from './migrations/0017-outbox-answers-without-profiles'
import * as m0018 from './migrations/0018-erased-persons'
import * as m0019 from './migrations/0019-outbox-dependents'
import * as m0020 from './migrations/0020-outbox-references'
import * as m0021 from './migrations/0021-sport-id-order'
import * as m0022 from './migrations/0022-summary-club-id'
import * as m0023 from './migrations/0023-sync-changed-count'
import * as m0024 from './migrations/0024-purged-persons'

/** One schema step: `version` is what `PRAGMA user_version` holds after `up` ran. */
export interface Migration {
  version: number
  name: string
  up(db: WritableDB): void
}

/** Every migration, oldest first; versions are 1, 2, 3, … without gaps. */
export const MIGRATIONS: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0008, m0009, m0010, m0011, m0012, m0013, m0014, m0015, m0016, m0017, m0018, m0019, m0020, m0021, m0022, m0023, m0024]

/** The schema version this Kanslia writes and understands. */
export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version

/**
 * Brings the schema from its `user_version` up to `target` (default: the latest), each migration
 * and its version bump in one transaction, so a crash leaves the database at a whole version.
 * @returns the versions applied, e.g. [1, 2] for a new file.
 */
export function migrate(db: WritableDB, target: number = LATEST_VERSION): number[] {
  const applied: number[] = []
  for (const migration of MIGRATIONS) {
    const current = db.pragma('user_version', { simple: true }) as number
    if (migration.version <= current || migration.version > target) continue
    db.transaction(() => {
      migration.up(db)
      db.pragma(`user_version = ${migration.version}`)
    }).immediate()
    applied.push(migration.version)
  }
  return applied
}
