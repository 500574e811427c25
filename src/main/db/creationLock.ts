import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname } from 'node:path'

/** The lock file beside a database while a process creates it or its key: `<file>-lock`. */
export const creationLockFile = (file: string): string => `${file}-lock`

/** How long a process waits for another one to finish creating the same database, ms. */
export const CREATION_WAIT_MS = 15_000
/** A lock older than this was left by a process that died while creating (or on another machine); it is taken over. */
export const STALE_LOCK_MS = 60_000
const POLL_MS = 25

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** What the lock file holds: the holder's pid and the name of its machine, `<pid> <host>`. */
const lockText = (): string => `${process.pid} ${hostname()}\n`

/**
 * False when the lock names a process of this machine that no longer runs. A process of another
 * machine (a database in a shared folder) cannot be asked here: it is alive until STALE_LOCK_MS.
 */
function holderAlive(lock: string): boolean {
  const [pidText, host] = readFileSync(lock, 'utf8').trim().split(' ')
  const pid = Number(pidText)
  // Not written yet (the holder is between creating and writing it), or not a pid.
  if (!Number.isSafeInteger(pid) || pid <= 0) return true
  if (host !== undefined && host !== hostname()) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/** True when the lock of `file` was made (this process holds it), false when another process holds a fresh one. */
function tryLock(file: string): boolean {
  const lock = creationLockFile(file)
  try {
    const fd = openSync(lock, 'wx')
    try {
      writeSync(fd, lockText())
    } finally {
      closeSync(fd)
    }
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EEXIST') {
      throw new Error(`cannot create ${file}: the folder ${dirname(file)} cannot be written (${code}); make it writable or choose another file`)
    }
  }
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS || !holderAlive(lock)) unlinkSync(lock)
  } catch (error) {
    // The holder removed it meanwhile: try again.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  return false
}

/**
 * Runs `create` while holding `<file>-lock`, made with O_EXCL, so that two processes creating the
 * same database at once (the app and a scheduled `kanslia sync` on a new machine) do it one after
 * the other: the keychain holds one key per file, and a second process that made its own key
 * between the first one's keychain read and write would leave the file unreadable (issue 6 "Data
 * at rest"). `create` must re-check what is at `file` (the other process may have created it
 * meanwhile). Waits synchronously, polling, for another holder; takes over a lock whose process
 * is gone or that is older than STALE_LOCK_MS. The lock file holds the holder's pid and host name.
 * @returns what `create` returns; the lock is removed also when it throws.
 * @throws Error when another process still holds the lock after CREATION_WAIT_MS, or when the
 *   folder cannot be written (read-only, no permission), naming the folder.
 */
export function withCreationLock<T>(file: string, create: () => T): T {
  const lock = creationLockFile(file)
  const deadline = Date.now() + CREATION_WAIT_MS
  while (!tryLock(file)) {
    if (Date.now() > deadline) {
      throw new Error(`${file} is being created by another Kanslia (${lock} exists); try again in a moment, or delete ${lock} if no Kanslia is running`)
    }
    sleep(POLL_MS)
  }
  try {
    return create()
  } finally {
    try {
      unlinkSync(lock)
    } catch (error) {
      // Taken over as stale by another process after STALE_LOCK_MS: not ours to remove any more.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
}
