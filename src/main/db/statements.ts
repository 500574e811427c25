import type { Statement } from 'better-sqlite3-multiple-ciphers'
import type { ReadableDB } from './open'

const cache = new WeakMap<ReadableDB, Map<string, Statement>>()

/** A prepared statement for `sql` on `db`, prepared once per connection and reused. */
export function prepared(db: ReadableDB, sql: string): Statement {
  let statements = cache.get(db)
  if (!statements) {
    statements = new Map()
    cache.set(db, statements)
  }
  let statement = statements.get(sql)
  if (!statement) {
    statement = db.prepare(sql)
    statements.set(sql, statement)
  }
  return statement
}
