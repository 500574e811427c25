import { openDatabaseReadonly } from '../src/main/db/open'
import { checkPerson } from '../src/main/db/venueCheck'
import { localDate } from '../src/shared/localDate'
const db = openDatabaseReadonly('/tmp/i7demo/demo.db')
const today = localDate()
const ids = db.prepare('SELECT id FROM person ORDER BY id').pluck().all() as number[]
const counts: Record<string, number> = {}
const ex: Record<string, unknown> = {}
for (const id of ids) { const c = checkPerson(db, id, today)!; counts[c.check.verdict] = (counts[c.check.verdict] ?? 0) + 1; ex[c.check.verdict] ??= c }
console.log(today, counts)
console.log(JSON.stringify(ex, null, 1).slice(0, 3000))
const up = db.prepare(`SELECT ul.user_id, ul.id, ul.upgrade_from, ul.usage_period_start, ul.usage_period_end FROM user_licence ul WHERE ul.upgrade_from IS NOT NULL AND ul.usage_period_start <= ? AND ul.usage_period_end >= ? LIMIT 5`).all(today, today)
console.log(up)
for (const u of up as any[]) console.log(checkPerson(db, u.user_id, today)!.check)
