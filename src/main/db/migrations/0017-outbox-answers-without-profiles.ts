import { keptAnswer } from '../../outbox/answers'
import type { WritableDB } from '../open'

export const version = 17
export const name = 'outbox-answers-without-profiles'

/**
 * The registry's answers the outbox kept (0006: `outbox_item.last_answer` and the audit log's
 * `detail`) lose the nested user profiles they held (a club transfer read back answers with the
 * user licence, whose `user` carries identity number, birth date and guardians): each is rewritten
 * as the outbox now keeps answers (`keptAnswer`, outbox/answers.ts), a profile reduced to its id.
 * Text that is not JSON (a refusal's words) stays as it is.
 */
export function up(db: WritableDB): void {
  const rewrite = (table: 'outbox_item' | 'audit_log', column: 'last_answer' | 'detail') => {
    const rows = db.prepare(`SELECT id, ${column} AS text FROM ${table} WHERE json_valid(${column}) AND instr(${column}, '"user"') > 0`).all() as Array<{ id: number; text: string }>
    const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`)
    for (const row of rows) update.run(JSON.stringify(keptAnswer(JSON.parse(row.text))), row.id)
  }
  rewrite('outbox_item', 'last_answer')
  rewrite('audit_log', 'detail')
}
