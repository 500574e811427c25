import { existsSync, realpathSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { UserFacingError } from '../services/errors'

/** The database files this process has opened (real paths): an export must never be written over one (issue 6: losing nothing). */
const opened = new Set<string>()

/** SQLite's companion files of a database: its WAL, shared memory and rollback journal. */
const COMPANIONS = ['', '-wal', '-shm', '-journal']

/** Notes that `file` (an existing database file, not `:memory:`) was opened as a database by this process. */
export function rememberOpened(file: string): void {
  opened.add(realpathSync(file))
}

/**
 * Refuses `file` as where an export is written when it is a database this process opened, or
 * `database` (one about to be opened), or one of their companion files: `kanslia export … --out`
 * naming the database emptied it before reading.
 * @throws UserFacingError `export-over-database` (nothing is written).
 */
export function refuseDatabaseAsTarget(file: string, database?: string): void {
  const target = realPathOf(file)
  for (const known of database === undefined ? opened : [...opened, realPathOf(database)]) {
    if (COMPANIONS.some((suffix) => known + suffix === target)) {
      throw new UserFacingError('export-over-database', `${file} is the database ${basename(known)} or one of its files; choose another file for the export`)
    }
  }
}

/** The real path of `file`, or of its folder joined with its name when it does not exist yet. */
function realPathOf(file: string): string {
  const absolute = resolve(file)
  if (existsSync(absolute)) return realpathSync(absolute)
  const folder = dirname(absolute)
  return existsSync(folder) ? join(realpathSync(folder), basename(absolute)) : absolute
}
