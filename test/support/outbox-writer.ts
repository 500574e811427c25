// Another process writing the database (a CLI sync's long page, a CLI `outbox discard`): holds the
// write lock for argv[3] ms, then discards outbox item argv[4] if given, and commits. Says `locked`
// on stdout once it holds the lock.
import { openDatabase } from '../../src/main/db/open'
import { discardItem } from '../../src/main/outbox/queue'

const [file, ms, discardId] = process.argv.slice(2)
const db = openDatabase(file)
db.transaction(() => {
  process.stdout.write('locked\n')
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(ms))
  if (discardId !== undefined) discardItem(db, Number(discardId), { actor: 'other process' })
}).immediate()
db.close()
