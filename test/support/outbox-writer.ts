// Another process writing the database (a CLI sync's long page, a CLI `outbox discard` or
// `outbox retry`): holds the write lock for argv[3] ms, then, when argv[4] names `discard` or
// `retry`, does that to outbox item argv[5], and commits. Says `locked` on stdout once it holds the lock.
import { openDatabase } from '../../src/main/db/open'
import { discardItem, retryItem } from '../../src/main/outbox/queue'

const [file, ms, action, id] = process.argv.slice(2)
const db = openDatabase(file)
db.transaction(() => {
  process.stdout.write('locked\n')
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(ms))
  if (action === 'discard') discardItem(db, Number(id), { actor: 'other process' })
  if (action === 'retry') retryItem(db, Number(id), { actor: 'other process' })
}).immediate()
db.close()
