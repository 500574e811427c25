import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OutboxView } from '../../../shared/ipc/contract'
import type { OutboxItem, OutboxState } from '../../../shared/outbox'
import { call, errorText } from '../api'
import { useLatestOnly } from '../components/useLoad'
import { usePending } from '../components/usePending'
import { formatDate, formatDateTime } from '../i18n'
import { useAppStore } from '../stores/app'
import { EditChange } from './EditChange'
import { GrantMerit } from './GrantMerit'
import { describeOutboxItem, describePush } from './outboxText'
import { PayOrder, placedOrderId } from './PayOrder'

const STATE_COLOR: Record<OutboxState, string> = { queued: 'blue', sending: 'cyan', done: 'green', rejected: 'red', unknown: 'orange' }
/** An edit keeps the item's grantees; a stable empty list keeps the dialog from resetting on every render. */
const NO_GRANTEES: number[] = []
/** The outbox before its first answer: no items, nothing named yet, and not yet said to be empty. */
const NOT_READ: OutboxView = { items: [], names: { persons: {}, organizations: {}, meritGroups: {}, merits: {}, userLicences: {}, events: {} }, waiting: 0 }

/** Characters of an answer beyond which its three lines may not hold it all. */
const LONG_ANSWER = 150

/** The actions of an outbox row that call the main process (and, for some, the registry). */
type RowAction = 'status' | 'cancel' | 'open-payment' | 'retry' | 'discard'

/**
 * The outbox panel (issue 5, DESIGN §4): every queued change with its state and the registry's
 * last answer; "Push now"; a rejected item, or an unknown one left to a person (an order is never
 * sent again by itself), can be retried or discarded, and a queued or rejected one edited: a merit
 * grant in its form, any other kind as JSON. A placed order can be paid (its payment methods read
 * online), its payment status read, or its cancellation queued (spec v2 §4.9).
 */
export function Outbox() {
  const { t, i18n } = useTranslation()
  const outboxVersion = useAppStore((s) => s.outboxVersion)
  const [view, setView] = useState<OutboxView>(NOT_READ)
  const answered = view !== NOT_READ
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null)
  const [pushing, setPushing] = useState(false)
  const [editing, setEditing] = useState<OutboxItem | null>(null)
  /** Items whose whole answer is shown; a long one shows three lines until asked. */
  const [wholeAnswers, setWholeAnswers] = useState<ReadonlySet<number>>(new Set())
  const toggleAnswer = (id: number) =>
    setWholeAnswers((shown) => {
      const next = new Set(shown)
      if (!next.delete(id)) next.add(id)
      return next
    })
  /** The item whose discard waits for the person's yes: a queued change must not go by a slip of the mouse. */
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null)
  const [paying, setPaying] = useState<number | null>(null)
  /** The action running on each row (by item id): its button spins, the row's others wait. */
  const pending = usePending<number, RowAction>()

  const formats = { date: (d: string) => formatDate(d, i18n.language), dateTime: (d: string) => formatDateTime(d, i18n.language) }
  /** What an item does in the user's language, and the order it placed. */
  const describe = (item: OutboxItem): string => {
    const text = describeOutboxItem(item, t, formats, view.names)
    const orderId = placedOrderId(item)
    return orderId === null ? text : `${text} → ${t('order.placed', { id: orderId })}`
  }

  // Reloads follow actions and outbox events, and may overlap: a newer reload's list wins, and an
  // action's reload, dropped for the one its own outbox event started, settles only with that one.
  const latest = useLatestOnly()
  const reload = useCallback(() => latest.run(call('getOutbox'), setView, (error) => setMessage({ color: 'red', text: errorText(error) })), [latest])
  useEffect(() => {
    void reload()
  }, [reload, outboxVersion])

  /** Runs one outbox action; its refusal is shown in plain words. Settles once the list shows its outcome. */
  const act = async (action: () => Promise<unknown>) => {
    setMessage(null)
    try {
      await action()
    } catch (error) {
      setMessage({ color: 'red', text: errorText(error) })
    }
    await reload()
  }
  /** Runs `action` of the row of item `itemId`, its button loading and the row's other actions disabled until it settles. */
  const rowAct = (itemId: number, action: RowAction, work: () => Promise<unknown>) => void pending.run(itemId, action, () => act(work))

  const push = () =>
    act(async () => {
      setPushing(true)
      try {
        setMessage(describePush(await call('pushOutbox'), t, formats))
      } finally {
        setPushing(false)
      }
    })

  const paymentStatus = async (orderId: number) => {
    const [{ status }] = await call('getPaymentStatus', { orderIds: [orderId] })
    setMessage({ color: 'blue', text: t('order.status', { id: orderId, status: status ? t(`order.state.${status}`, { defaultValue: status }) : t('order.notFound') }) })
  }

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('outbox.heading')}</Title>
        <Button onClick={() => void push()} loading={pushing} disabled={view.waiting === 0} data-testid="outbox-push">
          {t('outbox.pushNow')}
        </Button>
      </Group>
      {answered && (
        <Text size="sm" c="dimmed">
          {view.waiting > 0 ? t('outbox.waiting', { count: view.waiting }) : t('outbox.empty')}
        </Text>
      )}
      {answered && view.items.length === 0 && (
        <Text size="sm" maw={720} data-testid="outbox-how-to">
          {t('outbox.howTo')}
        </Text>
      )}
      {message && (
        <Alert color={message.color} data-testid="outbox-message">
          {message.text}
        </Alert>
      )}
      {view.items.length > 0 && (
        <Table striped data-testid="outbox-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('outbox.change')}</Table.Th>
              <Table.Th>{t('outbox.stateHeading')}</Table.Th>
              <Table.Th>{t('outbox.attempts')}</Table.Th>
              <Table.Th>{t('outbox.answer')}</Table.Th>
              <Table.Th>{t('outbox.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.items.map((item) => {
              const orderId = placedOrderId(item)
              const running = pending.of(item.id)
              const busy = (action: RowAction) => pending.button(item.id, action)
              return (
                <Table.Tr key={item.id} data-testid="outbox-item" data-state={item.state} data-kind={item.kind}>
                  <Table.Td>{item.id}</Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {t(`outbox.kind.${item.kind}`, { defaultValue: item.kind })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {describe(item)} · {formatDateTime(item.createdAt, i18n.language)}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={150}>
                    <Badge color={item.awaitsDecision ? 'red' : STATE_COLOR[item.state]} style={{ overflow: 'visible' }}>
                      {item.awaitsDecision ? t('outbox.decide') : t(`outbox.state.${item.state}`)}
                    </Badge>
                    {item.state === 'unknown' && !item.awaitsDecision && item.nextAttemptAt !== null && (
                      <Text size="xs" c="dimmed" data-testid="outbox-read-back">
                        {t('outbox.readBackAt', { time: formats.dateTime(item.nextAttemptAt) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{item.attempts}</Table.Td>
                  <Table.Td maw={320}>
                    <Text size="xs" lineClamp={wholeAnswers.has(item.id) ? undefined : 3} style={{ overflowWrap: 'anywhere' }} id={`outbox-answer-${item.id}`} data-testid="outbox-answer">
                      {item.lastStatus !== null && `${item.lastStatus} · `}
                      {item.lastAnswer}
                    </Text>
                    {/* A long answer (a refusal naming many members) opens in place: a tooltip reaches no keyboard. */}
                    {(item.lastAnswer?.length ?? 0) > LONG_ANSWER && (
                      <Button size="compact-xs" variant="subtle" aria-expanded={wholeAnswers.has(item.id)} aria-controls={`outbox-answer-${item.id}`} onClick={() => toggleAnswer(item.id)}>
                        {wholeAnswers.has(item.id) ? t('outbox.answerLess') : t('outbox.answerMore')}
                      </Button>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" maw={260}>
                      {orderId !== null && (
                        <>
                          <Button size="xs" onClick={() => setPaying(orderId)} disabled={running !== null} data-testid="order-pay-open">
                            {t('order.pay')}
                          </Button>
                          <Button size="xs" variant="light" {...busy('status')} onClick={() => rowAct(item.id, 'status', () => paymentStatus(orderId))} data-testid="order-status">
                            {t('order.readStatus')}
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            {...busy('cancel')}
                            onClick={() => rowAct(item.id, 'cancel', () => call('queueChange', { kind: 'order-cancel', input: { orderId } }))}
                            data-testid="order-cancel"
                          >
                            {t('order.cancel')}
                          </Button>
                        </>
                      )}
                      {item.kind === 'order-payment' && item.state === 'done' && (
                        <Button size="xs" {...busy('open-payment')} onClick={() => rowAct(item.id, 'open-payment', () => call('openPaymentPage', { itemId: item.id }))} data-testid="outbox-open-payment">
                          {t('outbox.openPayment')}
                        </Button>
                      )}
                      {(item.state === 'rejected' || item.awaitsDecision) && (
                        <Button size="xs" variant="light" {...busy('retry')} onClick={() => rowAct(item.id, 'retry', () => call('retryOutboxItem', { itemId: item.id }))} data-testid="outbox-retry">
                          {t('outbox.retry')}
                        </Button>
                      )}
                      {(item.state === 'rejected' || item.state === 'queued') && (
                        <Button size="xs" variant="light" onClick={() => setEditing(item)} disabled={running !== null} data-testid="outbox-edit">
                          {t('outbox.edit')}
                        </Button>
                      )}
                      {(item.state === 'rejected' || item.state === 'queued' || item.awaitsDecision) && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          {...busy('discard')}
                          onClick={() => setDiscarding(item)}
                          data-testid="outbox-discard"
                        >
                          {t('outbox.discard')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      )}
      <GrantMerit
        grantees={NO_GRANTEES}
        editing={editing?.kind === 'merit-grant' ? editing : null}
        opened={editing?.kind === 'merit-grant'}
        onClose={() => setEditing(null)}
        onQueued={() => {
          setEditing(null)
          reload()
        }}
      />
      <PayOrder
        orderId={paying}
        onClose={() => setPaying(null)}
        onQueued={() => {
          setPaying(null)
          reload()
        }}
      />
      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title={t('outbox.discardHeading')}>
        <Stack data-testid="outbox-discard-dialog">
          {discarding && <Text>{describe(discarding)}</Text>}
          <Text size="sm">{t('outbox.discardWarning')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDiscarding(null)} data-testid="outbox-discard-keep">
              {t('outbox.keep')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                const itemId = discarding!.id
                setDiscarding(null)
                rowAct(itemId, 'discard', () => call('discardOutboxItem', { itemId }))
              }}
              data-testid="outbox-discard-confirm"
            >
              {t('outbox.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <EditChange
        item={editing && editing.kind !== 'merit-grant' ? editing : null}
        onClose={() => setEditing(null)}
        onEdited={() => {
          setEditing(null)
          reload()
        }}
      />
    </Stack>
  )
}
