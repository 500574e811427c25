import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { encryptionOf, WAL_AUTOCHECKPOINT_PAGES, type WritableDB } from './open'

/**
 * The writer's own auto-checkpoint while the worker runs, pages (256 MiB of `PAGE_SIZE` pages). The WAL
 * starts over only when a write begins with every frame copied, which a writer busy with page
 * after page seldom meets (150k first sync: the WAL grew to ~390 MB). Past this size the writer
 * checkpoints once itself: the worker has copied nearly everything, so this costs it little, and
 * its next write restarts the WAL. A RESTART checkpoint from the worker would instead wait on the
 * writer's open read while the writer waits on its lock.
 */
export const WRITER_CHECKPOINT_PAGES = 16_384
/** How long the worker waits for new WAL frames once it has copied all it could, ms. */
const IDLE_MS = 50

/**
 * The worker's code, CommonJS run with `eval` so the bundled app and the TypeScript sources need no
 * entry file of their own: it opens a second connection to the file with the writer's key and
 * runs PASSIVE checkpoints (they never block the writer or readers) until `stop[0]` becomes 1.
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads')
const Database = require(workerData.driver)
const stop = new Int32Array(workerData.stop)
const db = new Database(workerData.file, { fileMustExist: true })
try {
  if (workerData.encryption !== null) {
    db.pragma("cipher = '" + workerData.encryption.cipher + "'")
    db.pragma('key = "x\\'' + workerData.encryption.keyHex + '\\'"')
  }
  db.pragma('cache_size = -1024')
  parentPort.postMessage({ type: 'ready' })
  let previous = { log: -1, checkpointed: -1 }
  while (Atomics.load(stop, 0) === 0) {
    const row = db.pragma('wal_checkpoint(PASSIVE)')[0]
    const moved = row.log !== previous.log || row.checkpointed !== previous.checkpointed
    if (!moved || row.checkpointed >= row.log) Atomics.wait(stop, 0, 0, ${IDLE_MS})
    previous = row
  }
} catch (error) {
  parentPort.postMessage({ type: 'error', message: error.message })
} finally {
  db.close()
}`

/** A running checkpointer; `stop` ends it and gives checkpoints back to the writer. */
export interface Checkpointer {
  /** Stops the worker (after its current checkpoint) and restores the writer's auto-checkpoint. Never throws. */
  stop(): Promise<void>
}

/**
 * Moves the WAL checkpoints of a large write (a first or full sync, DESIGN §7) off the writing
 * thread: a worker thread copies committed WAL frames into the database file while `db` goes on
 * writing, and `db` checkpoints for itself only past `WRITER_CHECKPOINT_PAGES` meanwhile. Why:
 * with encryption every checkpoint decrypts each frame and encrypts it again, ~7 s of CPU in a
 * first sync at 150,000 athletes that ran inside the writer's commits; on a second core it
 * overlaps them (36.7 s against 44.3 s, mean of three runs each). Until the worker has opened the
 * file, after `stop`, and when the worker fails (the write goes on without it), `db` checkpoints
 * as before (`WAL_AUTOCHECKPOINT_PAGES`). An in-memory database gets no worker.
 * @returns the checkpointer to stop when the write is done (also after a failure).
 */
export function startCheckpointer(db: WritableDB): Checkpointer {
  if (db.memory) return { stop: async () => undefined }
  const stop = new Int32Array(new SharedArrayBuffer(4))
  const encryption = encryptionOf(db)
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers'), file: db.name, encryption: encryption && { cipher: encryption.cipher, keyHex: encryption.key.hex }, stop: stop.buffer }
  })
  const restore = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`)
  }
  worker.on('message', (message: { type: 'ready' | 'error' }) => {
    if (message.type === 'ready' && Atomics.load(stop, 0) === 0) db.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`)
    else restore()
  })
  const exited = new Promise<void>((resolve) => {
    worker.once('error', restore)
    worker.once('exit', () => {
      restore()
      resolve()
    })
  })
  return {
    stop: () => {
      Atomics.store(stop, 0, 1)
      Atomics.notify(stop, 0)
      return exited
    }
  }
}
