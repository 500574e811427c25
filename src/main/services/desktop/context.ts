import type { KansliaEvent } from '../../../shared/ipc/contract'
import type { Connection } from '../../config/connection'
import type { MemberListCache } from '../../db/memberListCache'
import type { ReadableDB } from '../../db/open'
import type { ListExportJob } from '../listExport'

/**
 * What the desktop session's parts (`reads`, `exports`, `outbox`, `payments`) use of the session:
 * the shown database, its reader and the day, and the session's bookkeeping of what runs. The
 * session owns all the state; the parts only act on it.
 */
export interface SessionContext {
  /** The database the app shows now (the connected one or the demo's). */
  dbFile(): string
  /** Today's date (ISO YYYY-MM-DD) as the session judges licences. */
  today(): string
  /** The current instant by the session's clock (`DesktopSessionOptions.now`). */
  now(): Date
  /** A read on the session's long-lived connection to the shown database; see `ShownDatabaseReader.read`. */
  read<T>(use: (db: ReadableDB, members: MemberListCache) => T): T
  /** Evaluates today's licence verdicts, when due, before a list of them; see `DesktopSession.currentVerdicts`. */
  currentVerdicts(): void
  /** Runs a whole list's export; see `DesktopSession.exportingList`. */
  exportList(job: ListExportJob): Promise<number>
  /** The connection to the shown database's API; see `DesktopSession.connection`. */
  connection(): Promise<Connection>
  /** How many outbox items wait to be pushed (0 while the shown database does not exist). */
  outboxWaiting(): number
  /** Tells the window how many outbox items wait now (`outbox-changed`); never throws: a count the database fails to give is null. */
  outboxChanged(): void
  /** Pushes the outbox when something waits and nothing else runs; see `DesktopSession.pushInBackground`. */
  pushInBackground(): void
  /** Tells the window `event` (e.g. how far a long read is). */
  emit(event: KansliaEvent): void
}
