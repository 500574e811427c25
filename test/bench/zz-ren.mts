import { openDatabaseReadonly } from '/work/main/src/main/db/open'
import { readRenewalList } from '/work/main/src/main/db/renewalLists'
import { RENEWAL_LIST_KINDS } from '/work/main/src/shared/renewalLists'
import { localDate } from '/work/main/src/shared/localDate'
const db = openDatabaseReadonly(process.argv[2])
const today = process.argv[3] ?? localDate()
for (const kind of RENEWAL_LIST_KINDS) for (const days of [30, 90]) {
  const ts: number[] = []; let r
  for (let i = 0; i < 3; i++) { const t = performance.now(); r = readRenewalList(db, kind, today, days, 200); ts.push(performance.now() - t) }
  console.log(kind.padEnd(22), days, 'total', r!.total, 'ms', ts.map((x) => x.toFixed(0)).join(' '))
}
