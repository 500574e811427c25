import { openDatabaseReadonly } from '/work/main/src/main/db/open'
import { renewalListSql } from '/work/main/src/main/db/renewalLists'
const db = openDatabaseReadonly(process.argv[2])
const sql = renewalListSql('outside-birth-range', false)
const v1 = sql.count.replace('JOIN person p ON p.id = u.user_id', 'JOIN person p INDEXED BY person_order ON p.id = u.user_id')
const v2 = v1.replace('LEFT JOIN licence l ON l.id = u.licence_id', "LEFT JOIN (SELECT id, name, raw ->> '$.earliestBirthDate' AS earliest, raw ->> '$.latestBirthDate' AS latest FROM licence) l ON l.id = u.licence_id").replace("l.raw ->> '$.earliestBirthDate'", 'l.earliest').replace("l.raw ->> '$.latestBirthDate'", 'l.latest')
const v3 = 'WITH lb AS MATERIALIZED (SELECT id, name, raw ->> \'$.earliestBirthDate\' AS earliest, raw ->> \'$.latestBirthDate\' AS latest FROM licence) ' + v1.replace('LEFT JOIN licence l ON l.id = u.licence_id', 'LEFT JOIN lb l ON l.id = u.licence_id').replace("l.raw ->> '$.earliestBirthDate'", 'l.earliest').replace("l.raw ->> '$.latestBirthDate'", 'l.latest')
for (let r = 0; r < 2; r++) for (const [k, q] of Object.entries({ base: sql.count, v1, v2, v3 })) { const t = performance.now(); const n = db.prepare(q).pluck().get({ today: '2026-11-23', until: '2026-12-23' }); console.log(k, n, (performance.now() - t).toFixed(0)) }
console.log(db.prepare(`EXPLAIN QUERY PLAN ${v3}`).all({ today: '2026-11-23', until: '2026-12-23' }).map((r: any) => r.detail).join('\n'))
