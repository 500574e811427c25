import type { KansliaEvent } from '../../../shared/ipc/contract'
import { MemberListCache } from '../../db/memberListCache'
import { refreshMemberSummary } from '../../db/memberSummary'
import { openDatabase, SchemaTooOldError, UnencryptedDatabaseError, usesCurrentCipher, type ReadableDB } from '../../db/open'
import { openExistingDatabase } from '../database'

/**
 * The desktop session's one long-lived read-only connection to the database it shows, opened on
 * the first read and again when the shown database changes (connect, demo, wipe).
 */
export class ShownDatabaseReader {
  private reader: { file: string; db: ReadableDB; members: MemberListCache } | null = null

  /**
   * @param shown the database the session shows now, today's date (ISO YYYY-MM-DD) for the
   *   verdicts of an upgraded database, and where to say that one is upgraded (`database-upgrading`).
   */
  constructor(private readonly shown: { dbFile(): string; today(): string; emit(event: KansliaEvent): void }) {}

  /**
   * Runs a read on one long-lived read-only connection to the shown database (its prepared
   * statements stay cached between keystrokes; WAL lets it read while the worker writes).
   * @throws UserFacingError `no-database` before the first sync; DatabaseKeyError when the
   *   database's key is missing or does not fit (issue 6).
   */
  read<T>(use: (db: ReadableDB, members: MemberListCache) => T): T {
    if (this.reader?.file !== this.shown.dbFile()) {
      this.reader?.db.close()
      this.reader = null
      const db = this.openReader(this.shown.dbFile())
      this.reader = { file: this.shown.dbFile(), db, members: new MemberListCache(db) }
    }
    return use(this.reader.db, this.reader.members)
  }

  /** Closes the connection (before the data is removed, when the session closes); the next read opens it again. */
  close(): void {
    this.reader?.db.close()
    this.reader = null
  }

  private openReader(file: string): ReadableDB {
    try {
      const reader = openExistingDatabase(file)
      if (usesCurrentCipher(reader)) return reader
      reader.close()
    } catch (error) {
      const earlierSchema = error instanceof SchemaTooOldError && error.found > 0
      if (!(error instanceof UnencryptedDatabaseError) && !earlierSchema) throw error
    }
    // An earlier version's database: the app upgrades its schema and encrypts it (or converts its
    // SQLCipher pages to AEGIS) when it starts, while it has the file to itself, so an update never
    // leaves the data unreadable, or a sync slower, until the next sync, which may be far from any
    // network. The CLI's reading commands leave that to `kanslia sync`. The licence verdicts of
    // the day are evaluated meanwhile too (~3 s at 150,000 members; schema 16 made them anew).
    this.shown.emit({ type: 'database-upgrading' })
    const writer = openDatabase(file)
    try {
      refreshMemberSummary(writer, this.shown.today(), [])
    } finally {
      writer.close()
    }
    return openExistingDatabase(file)
  }
}
