import type { AddressReader } from '../addresses'
import type { ListExporter } from '../listExport'
import type { TableWriter } from '../tableExport'
import type { SyncRunner } from '../../workers/runSyncWorker'

/** Where a desktop session keeps its files, and how it syncs. */
export interface DesktopSessionOptions {
  /** Environment that decides the data folder (`KANSLIA_HOME` etc., see config/paths). */
  env?: NodeJS.ProcessEnv
  /** Runs a sync; the app passes a worker-thread runner. */
  runSync: SyncRunner
  /** Writes the exported tables; default `writeTable` on this thread, the app passes a worker-thread writer. */
  writeTable?: TableWriter
  /** Queries, records in the privacy log and writes the exports of whole lists (members, renewal lists, merit candidates); default `exportList` on this thread, the app passes a worker-thread exporter. */
  exportList?: ListExporter
  /** Reads a list's e-mail addresses ("copy e-mail addresses"); default `readAddresses` on this thread, the app passes a worker-thread reader. */
  readAddresses?: AddressReader
  /** Athletes of the demo federation when `startDemo` names none; default 5000. */
  demoAthletes?: number
  /** Today's date (ISO YYYY-MM-DD) for licence status; default the local date now. */
  today?: () => string
  /** The current instant, for judging how old the data is (the stale-data banner) and stamping a member's export; default the system clock. */
  now?: () => Date
  /**
   * How often, in ms, the session tries to push changes that wait for the network (DESIGN §4:
   * pushes start by themselves once the API is reachable), besides right after queuing and after
   * each sync; default 60,000. 0 pushes only on demand ("Push now").
   */
  autoPushIntervalMs?: number
  /**
   * How long after the last sync began, in ms, the session syncs again by itself in the background
   * (once a database exists: the first sync is the person's to start); default AUTO_SYNC_INTERVAL_MS.
   * It is looked at every minute (or every interval, when shorter), so an app opened on old data
   * catches up within a minute. 0 syncs only on demand ("Sync now").
   */
  autoSyncIntervalMs?: number
}
