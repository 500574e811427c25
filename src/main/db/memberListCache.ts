import type { MemberPage } from '../../shared/ipc/contract'
import { listMembers, type MemberListQuery } from './memberList'
import type { ReadableDB } from './open'

/**
 * The first letter of a search: Finnish and Swedish names start with these. A one-letter search
 * is the first keystroke of nearly every search and the slowest one (tens of thousands of matches
 * at 150,000 members), so its answers are prepared before it is typed (`warm`).
 */
export const INITIALS = [...'abcdefghijklmnopqrstuvwxyzåäö']

/** Answers kept, the least recently used dropped first; at most 500 rows each (the contract's limit). */
const MAX_ANSWERS = 64

/** Texts whose upper and lower case are one letter each and that the search index folds alike. */
const CASE_FOLDABLE = /^[a-zåäö0-9\s]*$/i

/**
 * What an answer is kept under: every field of the query (so a field added later cannot be
 * forgotten), in a fixed order, the text trimmed and lower-cased where that cannot change the answer.
 */
function keyOf(query: MemberListQuery): string {
  const text = query.text.trim()
  const fields: Record<string, unknown> = { ...query, text: CASE_FOLDABLE.test(text) ? text.toLowerCase() : text }
  const names = Object.keys(fields).filter((name) => fields[name] !== undefined)
  return JSON.stringify(names.sort().map((name) => [name, fields[name]]))
}

/**
 * Answers of `listMembers` (db/memberList.ts, issue 3 "Members") for one read-only connection,
 * kept while the database and the day are unchanged: `PRAGMA data_version` moves when another
 * connection (a sync, the outbox) commits, and licence status depends on the day. Typing back
 * over a search, or a first letter prepared by `warm`, is then answered without a query.
 */
export class MemberListCache {
  private readonly answers = new Map<string, MemberPage>()
  private version: number | null = null
  private day: string | null = null
  /** Counts warm-ups started: an older one stops when a newer one starts. */
  private warming = 0

  constructor(private readonly db: ReadableDB) {}

  /**
   * `listMembers(db, query, today)`, from the cache when the same query was answered since the
   * data or the day last changed. @param today ISO date (YYYY-MM-DD). @throws as `listMembers`.
   */
  list(query: MemberListQuery, today: string): MemberPage {
    this.forgetIfChanged(today)
    const key = keyOf(query)
    const kept = this.answers.get(key)
    if (kept !== undefined) {
      // Map order is the recency order.
      this.answers.delete(key)
      this.answers.set(key, kept)
      return kept
    }
    const page = listMembers(this.db, query, today)
    this.answers.set(key, page)
    if (this.answers.size > MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!)
    return page
  }

  /** Whether `query` would be answered from the cache now, without a query. */
  holds(query: MemberListQuery, today: string): boolean {
    this.forgetIfChanged(today)
    return this.answers.has(keyOf(query))
  }

  /**
   * Prepares the first window of each one-letter search (INITIALS) with `query`'s filters, order
   * and window size, one per turn of the event loop (`schedule`), so that nothing waits on more
   * than one query (~10 ms at 150,000 members). Stops when a newer warm-up starts, the data or the
   * day changes, or the connection closes.
   */
  warm(query: MemberListQuery, today: string, schedule: (next: () => void) => void = setImmediate): void {
    const run = ++this.warming
    this.forgetIfChanged(today)
    const version = this.version
    const letters = [...INITIALS]
    const next = () => {
      const letter = letters.shift()
      if (letter === undefined || run !== this.warming || !this.db.open) return
      this.forgetIfChanged(today)
      if (this.version !== version) return
      this.list({ ...query, text: letter, offset: 0 }, today)
      schedule(next)
    }
    schedule(next)
  }

  private forgetIfChanged(today: string): void {
    if (!this.db.open) return
    const version = this.db.pragma('data_version', { simple: true }) as number
    if (version !== this.version || today !== this.day) {
      this.answers.clear()
      this.version = version
      this.day = today
    }
  }
}
