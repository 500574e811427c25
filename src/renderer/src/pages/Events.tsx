import { Alert, Button, Group, Stack, Table, Text, TextInput, Title, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useCallback, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PARTICIPANT_COLUMNS, type EventLimits, type EventRow, type ParticipantColumn, type ParticipantRow, type QueuedParticipantRow } from '../../../shared/events'
import { call } from '../api'
import { ColumnChoice, useColumnChoice } from '../components/ColumnChoice'
import { DateField } from '../components/DateField'
import { NoticeAlert, useNotice } from '../components/Notice'
import { TableActions } from '../components/TableActions'
import { useLoad } from '../components/useLoad'
import { usePending } from '../components/usePending'
import { formatDate } from '../i18n'
import { useAppStore } from '../stores/app'
import { eventLimitWords } from './eventOptions'
import { MemberDetail } from './MemberDetail'

/** The actions of a participant's row that queue a change: cancel the registration, place an order for it. */
type ParticipantAction = 'cancel' | 'order'

/**
 * Events (issue 7): the stored events with a search and a date range, each with its registrations;
 * an event's participants with payment status, and below them the members the outbox is about to
 * register (until the push and the sync after it bring their registrations); a registration
 * cancelled through the outbox, an order placed for a registration awaiting payment (paid from the
 * outbox); both lists export to CSV or XLSX as shown (the participants with the columns chosen)
 * and print. A participant's row opens their member detail, also of one without a profile (spec
 * v2 §2.16: shown from the registered user's copy). Members are registered from the member list.
 */
export function Events() {
  const { t, i18n } = useTranslation()
  const dataVersion = useAppStore((s) => s.dataVersion)
  const [text, setText] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [events, setEvents] = useState<EventRow[]>([])
  const [open, setOpen] = useState<EventRow | null>(null)
  const [participants, setParticipants] = useState<ParticipantRow[]>([])
  const [queued, setQueued] = useState<QueuedParticipantRow[]>([])
  /** An event's limits on who may register, and its registered participants outside them; shown while that event is open. */
  const [limitsOf, setLimitsOf] = useState<{ uuid: string; limits: EventLimits } | null>(null)
  /** The participant whose member detail is open. */
  const [participant, setParticipant] = useState<number | null>(null)
  const closeParticipant = useCallback(() => setParticipant(null), [])
  /**
   * What makes a participant's row, stored or still in the outbox, open their member detail by
   * click or by Enter or Space. The row itself is what Tab reaches: a participant's name may be
   * unknown (spec v2 §2.15), so no name cell could hold a button.
   */
  const opensDetail = (userId: number) => ({
    tabIndex: 0,
    onClick: () => setParticipant(userId),
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return
      event.preventDefault()
      setParticipant(userId)
    },
    style: { cursor: 'pointer' }
  })
  const [shown, setShown] = useColumnChoice('kanslia.participants.columns', PARTICIPANT_COLUMNS, PARTICIPANT_COLUMNS)
  const { notice, show, clear, fail, loadFailed, loaded, saved } = useNotice()
  /** The action running on each participant's registration: its button spins, the row's other one waits. */
  const pending = usePending<number, ParticipantAction>()

  useLoad(
    () => call('getEvents', { text, from: from || undefined, to: to || undefined }),
    [text, from, to, dataVersion],
    (answer) => {
      setEvents(answer)
      loaded()
    },
    loadFailed
  )
  useLoad(() => (open === null ? null : call('getEventParticipants', { uuid: open.uuid })), [open, dataVersion], setParticipants, fail)
  useLoad(() => (open === null ? null : call('getQueuedParticipants', { uuid: open.uuid })), [open, dataVersion], setQueued, fail)
  useLoad(
    () => (open === null ? null : call('getEventLimits', { uuid: open.uuid, userIds: participants.map((p) => p.userId) }).then((limits) => ({ uuid: open.uuid, limits }))),
    [open, participants],
    setLimitsOf,
    () => setLimitsOf(null)
  )
  const limits = limitsOf !== null && limitsOf.uuid === open?.uuid ? limitsOf.limits : null
  const limitWords = eventLimitWords(limits, t, (iso) => formatDate(iso, i18n.language))

  const cancel = (row: ParticipantRow) =>
    pending.run(row.eventRegistrationId, 'cancel', () =>
      call('queueChange', { kind: 'registration-cancel', input: { eventUuid: open!.uuid, eventRegistrationId: row.eventRegistrationId } })
        .then(() => show('green', t('events.cancelQueued')))
        .catch(fail)
    )
  const order = (row: ParticipantRow) =>
    pending.run(row.eventRegistrationId, 'order', () =>
      call('queueChange', { kind: 'order-create', input: { userId: row.userId, eventRegistrationIds: [row.eventRegistrationId] } })
        .then(() => show('green', t('order.placeQueued')))
        .catch(fail)
    )
  const exportParticipants = (format: 'csv' | 'xlsx') =>
    call('exportEventParticipants', { uuid: open!.uuid, format, columns: shown.map((key) => ({ key, label: t(`events.column.${key}`) })) })
      .then(saved)
      .catch(fail)
  /** A participant's cell as the table shows it (the export holds the values themselves: ISO dates, euros as numbers). */
  const participantCell = (row: ParticipantRow, column: ParticipantColumn) => {
    if (column === 'registrationDate') return formatDate(row.registrationDate, i18n.language)
    if (column === 'paidAmountInCents') return row.paidAmountInCents === undefined ? '' : new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2 }).format(row.paidAmountInCents / 100)
    if (column === 'paymentStatus') return row.paymentStatus ? t(`payment.${row.paymentStatus}`, { defaultValue: row.paymentStatus }) : ''
    return row[column]
  }
  /** The columns of a queued registration's member: the ones it has, then its state across the rest. */
  const queuedColumns = shown.filter((column): column is 'lastName' | 'firstName' | 'sportId' | 'club' => ['lastName', 'firstName', 'sportId', 'club'].includes(column))
  /** The events as the table shows them: name, start date, organizer, place, registrations (of the most allowed). */
  const exportEvents = (format: 'csv' | 'xlsx') => {
    const columns = [
      { key: 'name', label: t('events.event') },
      { key: 'start', label: t('events.start') },
      { key: 'organizer', label: t('events.organizer') },
      { key: 'place', label: t('events.place') },
      { key: 'registrations', label: t('events.registrations') }
    ]
    const rows = events.map((event) => ({
      name: event.name,
      start: event.startDateTime?.slice(0, 10) ?? null,
      organizer: event.organizerName ?? null,
      place: event.locationAddress ?? null,
      registrations: event.maxAttendeeCount ? `${event.registrations} / ${event.maxAttendeeCount}` : event.registrations
    }))
    return call('exportTable', { table: 'events', format, columns, rows }).then(saved).catch(fail)
  }

  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h2">{t('events.heading')}</Title>
      <Group align="end">
        <TextInput flex={1} miw={240} placeholder={t('events.search')} aria-label={t('events.search')} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="events-search" />
        <DateField label={t('events.from')} value={from} onChange={setFrom} clearable testId="events-from" />
        <DateField label={t('events.to')} value={to} onChange={setTo} clearable testId="events-to" />
      </Group>
      <NoticeAlert notice={notice} onClose={clear} testId="events-message" />
      <Group justify="space-between">
        <Text size="sm" data-testid="events-count">
          {t('events.count', { count: events.length })}
        </Text>
        {/* The page prints whole: with an event open, its participants too, which the privacy log records. */}
        <TableActions
          size="xs"
          label={t('events.heading')}
          testId="events"
          disabled={events.length === 0}
          onExport={exportEvents}
          printed={open ? { list: 'event-participants', event: open.uuid, rows: participants.length, columns: [...shown] } : undefined}
        />
      </Group>
      <Table.ScrollContainer minWidth={800} mah={open ? 260 : undefined}>
        <Table striped highlightOnHover data-testid="events-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('events.event')}</Table.Th>
              <Table.Th>{t('events.start')}</Table.Th>
              <Table.Th>{t('events.organizer')}</Table.Th>
              <Table.Th>{t('events.place')}</Table.Th>
              <Table.Th>{t('events.registrations')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr
                key={event.uuid}
                onClick={() => setOpen(event)}
                style={{ cursor: 'pointer' }}
                bg={open?.uuid === event.uuid ? 'var(--mantine-color-blue-light)' : undefined}
                data-testid="event-row"
              >
                <Table.Td>
                  {/* The row's click is for the mouse; the name is the button Tab and Enter or Space reach. */}
                  <UnstyledButton fz="sm" onClick={() => setOpen(event)} data-testid="event-open">
                    {event.name}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{formatDate(event.startDateTime, i18n.language)}</Table.Td>
                <Table.Td>{event.organizerName}</Table.Td>
                <Table.Td>{event.locationAddress}</Table.Td>
                <Table.Td>
                  {event.registrations}
                  {event.maxAttendeeCount ? ` / ${event.maxAttendeeCount}` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {open && (
        <Stack gap="xs" data-testid="event-participants">
          <Group justify="space-between">
            <Title order={2} size="h4">{t('events.participants', { name: open.name })}</Title>
            <TableActions size="xs" label={t('events.participants', { name: open.name })} testId="participants" disabled={participants.length === 0} onExport={exportParticipants} printed={{ list: 'event-participants', event: open.uuid, rows: participants.length, columns: [...shown] }} />
          </Group>
          {limitWords !== '' && (
            <Text size="sm" data-testid="event-limits">
              {t('events.limits.label')}: {limitWords}
            </Text>
          )}
          {limits !== null && limits.outside.length > 0 && (
            <Alert color="orange" p="xs" data-testid="event-outside">
              {t('events.limits.registeredOutside', { count: limits.outside.length, names: limits.outside.map((member) => member.name).join(', ') })}
            </Alert>
          )}
          {participants.length === 0 && <Text c="dimmed">{t('events.none')}</Text>}
          <ColumnChoice all={PARTICIPANT_COLUMNS} value={shown} onChange={setShown} label={(column) => t(`events.column.${column}`)} table={t('events.participants', { name: open.name })} testId="participant-columns" />
          {participants.length + queued.length > 0 && (
            <Table.ScrollContainer minWidth={1000}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    {shown.map((column) => (
                      <Table.Th key={column}>{t(`events.column.${column}`)}</Table.Th>
                    ))}
                    <Table.Th>
                      <VisuallyHidden>{t('outbox.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {participants.map((row) => {
                    const busy = (action: ParticipantAction) => pending.button(row.eventRegistrationId, action)
                    return (
                      <Table.Tr key={row.eventRegistrationId} {...opensDetail(row.userId)} data-testid="participant-row">
                        {shown.map((column) => (
                          <Table.Td key={column}>{participantCell(row, column)}</Table.Td>
                        ))}
                        {/* The actions queue changes; they do not open the participant. */}
                        <Table.Td onClick={(event) => event.stopPropagation()}>
                          <Group gap="xs" wrap="nowrap">
                            {row.paymentStatus === 'WAITING_PAYMENT_CONFIRMATION' && (
                              <Button
                                size="compact-xs"
                                variant="light"
                                {...busy('order')}
                                onClick={() => void order(row)}
                                data-testid="participant-order"
                              >
                                {t('order.place')}
                              </Button>
                            )}
                            <Button
                              size="compact-xs"
                              variant="light"
                              color="red"
                              {...busy('cancel')}
                              onClick={() => void cancel(row)}
                              data-testid="participant-cancel"
                            >
                              {t('events.cancel')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    )
                  })}
                  {queued.length > 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={shown.length + 1} fw={500} data-testid="queued-participants">
                        {t('events.queuedHeading', { count: queued.length })}
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {queued.map((row) => (
                    <Table.Tr key={`queued-${row.userId}`} {...opensDetail(row.userId)} data-testid="queued-participant-row" c="dimmed">
                      {queuedColumns.map((column) => (
                        <Table.Td key={column}>{row[column]}</Table.Td>
                      ))}
                      <Table.Td colSpan={shown.length + 1 - queuedColumns.length}>{t('events.queuedRow', { state: t(`outbox.state.${row.state}`), id: row.outboxItemId })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
      <MemberDetail id={participant} onClose={closeParticipant} />
    </Stack>
  )
}
