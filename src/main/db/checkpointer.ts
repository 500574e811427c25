import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { keyOf, WAL_AUTOCHECKPOINT_PAGES, type WritableDB } from './open'

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
  if (workerData.keyHex !== null) {
    db.pragma("cipher = 'sqlcipher'")
    db.pragma('key = "x\\'' + workerData.keyHex + '\\'"')
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
 * writing, and `db`'s own auto-checkpoint is off meanwhile. Why: with encryption every checkpoint
 * decrypts each frame and encrypts it again, ~7 s of CPU in a first sync at 150,000 athletes that
 * ran inside the writer's commits; on a second core it overlaps them. Until the worker has opened
 * the file, and again after `stop` or if the worker fails (it only reports), `db` checkpoints for
 * itself as before (`WAL_AUTOCHECKPOINT_PAGES`). An in-memory database gets no worker.
 * @returns the checkpointer to stop when the write is done (also after a failure).
 */
export function startCheckpointer(db: WritableDB): Checkpointer {
  if (db.memory) return { stop: async () => undefined }
  const stop = new Int32Array(new SharedArrayBuffer(4))
  const key = keyOf(db)
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers'), file: db.name, keyHex: key?.hex ?? null, stop: stop.buffer }
  })
  const restore = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`)
  }
  worker.on('message', (message: { type: 'ready' | 'error' }) => {
    if (message.type === 'ready' && Atomics.load(stop, 0) === 0) db.pragma('wal_autocheckpoint = 0')
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
