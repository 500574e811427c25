import { openDatabaseReadonly } from '/work/main/src/main/db/open'
import { renewalListSql } from '/work/main/src/main/db/renewalLists'
const db = openDatabaseReadonly(process.argv[2])
const sql = renewalListSql('outside-birth-range', false)
for (const q of [sql.count]) {
  console.log(db.prepare(`EXPLAIN QUERY PLAN ${q}`).all({ today: '2026-11-23', until: '2026-12-23' }).map((r: any) => r.detail).join('\n'))
}
const variants: Record<string, string> = {
  base: sql.count,
  noPerson: sql.count.replace(/AND p.birth_date IS NOT NULL\s+AND \(p.birth_date < l.raw ->> '\$.earliestBirthDate' OR p.birth_date > l.raw ->> '\$.latestBirthDate'\)/, ''),
}
for (const [k, q] of Object.entries(variants)) { const t = performance.now(); const n = db.prepare(q).pluck().get({ today: '2026-11-23', until: '2026-12-23' }); console.log(k, n, (performance.now() - t).toFixed(0)) }
console.log(db.prepare("SELECT name, sql FROM sqlite_master WHERE tbl_name='person' AND type='index'").all())
