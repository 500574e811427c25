import type { PaymentMethods } from '../../shared/api/v2Activity'
import type { OutboxItem, PushSummary } from '../../shared/outbox'
import { answeredId } from '../outbox/answers'
import { isPaymentInitiation } from '../outbox/orderPayment'
import { table } from './format'

/**
 * The API's last answer in a few words: the status and, unless the item is done (its answer is the
 * whole body), the message; for a done item, what the registry made (`madeBy`).
 */
function lastAnswer(item: OutboxItem): string {
  const status = item.lastStatus === null ? '' : String(item.lastStatus)
  if (item.lastAnswer === null) return status
  const text = item.state === 'done' ? madeBy(item) : item.lastAnswer.length > 120 ? `${item.lastAnswer.slice(0, 117)}...` : item.lastAnswer
  return [status, text].filter(Boolean).join(' ')
}

/**
 * What a done item's answer made, as the next command names it: a registration's id for `order
 * create --registrations` (spec v2 §4.6), an order's for `order pay` (§4.9), the payment page's
 * command (§2.17), a created club's, merit's or event's id (v3 §4: the event by its UUID, as
 * `register --event` takes it); '' for other kinds or an answer without it.
 */
function madeBy(item: OutboxItem): string {
  let answer: unknown
  try {
    answer = JSON.parse(item.lastAnswer ?? 'null')
  } catch {
    return ''
  }
  const id = (field: string, what: string) => {
    const value = answeredId(answer, field)
    return value === undefined ? '' : `${what} ${value}`
  }
  switch (item.kind) {
    case 'event-registration':
      return id('eventRegistrationId', 'registration')
    case 'order-create':
      return id('orderId', 'order')
    case 'order-payment':
      return isPaymentInitiation(answer) ? `payment page: kanslia order page ${item.id}` : ''
    case 'club-create':
      return id('id', 'club')
    case 'merit-create':
      return id('id', 'merit')
    case 'event-create': {
      const uuid = (answer as { uuid?: unknown } | null)?.uuid
      return typeof uuid === 'string' ? `event ${uuid}` : ''
    }
    default:
      return ''
  }
}

/**
 * `kanslia outbox` as a table: one row per item, oldest first; a change's ids are followed by the
 * names of whom and what it concerns, where stored (`[Anja Aaltonen (88636807); Nuorten leiri]`).
 */
export function formatOutbox(items: Array<OutboxItem & { concerns?: string[] }>): string {
  if (items.length === 0) return 'the outbox is empty\n'
  const change = (item: OutboxItem & { concerns?: string[] }) => (item.concerns?.length ? `${item.summary} [${item.concerns.join('; ')}]` : item.summary)
  return table(
    ['#', 'state', 'change', 'after', 'sent', 'last answer'],
    items.map((item) => [String(item.id), item.state, change(item), item.dependsOn === null ? '' : `#${item.dependsOn}`, String(item.attempts), lastAnswer(item)])
  )
}

/** One line per queued item, for the queuing commands: `queued #12: …`. */
export function formatQueued(item: OutboxItem): string {
  return `queued #${item.id}: ${item.summary} (\`kanslia push\` sends it)\n`
}

/**
 * `kanslia push`: what was sent, what waits and why (stdout); one line per rejected item, per
 * item blocked behind one and per `unknown` item left to a person, `undecided` (stderr lines, so
 * scripts see them apart).
 */
export function formatPush(summary: PushSummary, undecided: OutboxItem[] = []): { out: string; err: string } {
  const out: string[] = []
  // Items left to a person wait for them, not for the network.
  const waiting = summary.waiting - undecided.length
  if (summary.done.length) out.push(`pushed ${summary.done.length} change${summary.done.length === 1 ? '' : 's'}: ${summary.done.map((id) => `#${id}`).join(', ')}`)
  if (summary.stopped?.reason === 'offline') out.push(`offline: ${waiting} ${waiting === 1 ? 'change waits' : 'changes wait'} for the network (${summary.stopped.message})`)
  else if (summary.stopped?.reason === 'read-back') out.push(`${waiting} ${waiting === 1 ? 'change waits' : 'changes wait'}: ${summary.stopped.message} (run \`kanslia push\` again then)`)
  else if (waiting && !summary.stopped) out.push(`${waiting} ${waiting === 1 ? 'change waits' : 'changes wait'} behind rejected or undecided ones`)
  if (!summary.done.length && !waiting && !summary.rejected.length && !undecided.length) out.push('nothing to push')
  if (summary.repull?.ok) out.push('re-pulled what changed from the registry')
  const err: string[] = []
  if (summary.repull && !summary.repull.ok) err.push(`the re-pull after the push failed (run \`kanslia sync\`): ${summary.repull.error ?? 'unknown error'}`)
  for (const item of summary.rejected) err.push(`rejected #${item.id} ${item.summary}: ${lastAnswer(item)}`)
  for (const item of summary.blocked) err.push(`waiting #${item.id} ${item.summary}: waits for #${item.dependsOn}, rejected or behind a rejected item`)
  for (const item of undecided) err.push(`unknown #${item.id} ${item.summary}: ${item.lastAnswer ?? 'the answer was lost'} (\`kanslia retry ${item.id}\` or \`kanslia discard ${item.id}\`)`)
  return { out: out.map((l) => l + '\n').join(''), err: err.map((l) => l + '\n').join('') }
}

/** `kanslia order methods`: one row per payment method (costs in euros), then the terms. */
export function formatPaymentMethods(methods: PaymentMethods): string {
  const euros = (cents: number) => (cents / 100).toFixed(2)
  return (
    table(
      ['method', 'name', 'cost €', 'total €'],
      methods.paymentMethods.map((m) => [m.paymentMethodCode, m.displayName, euros(m.costInCents), euros(m.totalOrderAmountInCents)])
    ) + `terms: ${methods.termsText} ${methods.termsUrl}\n`
  )
}
