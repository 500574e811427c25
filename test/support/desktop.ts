import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DesktopSession } from '../../src/main/services/desktop/session'
import { workerSyncRunner } from '../../src/main/workers/runSyncWorker'

/**
 * A desktop session as the app builds it (real worker-thread sync, real services), in a
 * temporary data folder, or in `home` when given (a prepared folder, removed on dispose too); the
 * worker bootstraps tsx to load the TypeScript entry. Pushes and syncs only on demand unless
 * `autoPushIntervalMs` or `autoSyncIntervalMs` is given, so tests see queued changes wait and data change only when they sync. `now` is the session's clock
 * for how old the data is and a member export's time (default the system clock), `today` its date for licence verdicts (default
 * the local date); `env` adds variables (e.g. `KANSLIA_CLIENT_SECRET`
 * for a saved connection).
 */
export function createTestSession(options: { demoAthletes?: number; home?: string; autoPushIntervalMs?: number; autoSyncIntervalMs?: number; now?: () => Date; today?: () => string; env?: NodeJS.ProcessEnv } = {}): {
  session: DesktopSession
  home: string
  dispose(): Promise<void>
} {
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'kanslia-desktop-'))
  const session = new DesktopSession({
    env: { ...options.env, KANSLIA_HOME: home },
    demoAthletes: options.demoAthletes,
    autoPushIntervalMs: options.autoPushIntervalMs ?? 0,
    autoSyncIntervalMs: options.autoSyncIntervalMs ?? 0,
    now: options.now,
    today: options.today,
    runSync: workerSyncRunner({ file: fileURLToPath(new URL('./sync-worker.mjs', import.meta.url)) })
  })
  return {
    session,
    home,
    dispose: async () => {
      await session.close()
      rmSync(home, { recursive: true, force: true })
    }
  }
}
