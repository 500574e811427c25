import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EventLimits, EventRow } from '../../../shared/events'
import { localDate } from '../../../shared/localDate'
import { call, errorText } from '../api'
import { LONG_LIST_COMBOBOX } from '../components/longList'
import { useLoad } from '../components/useLoad'
import { formatDate } from '../i18n'
import { helsinkiLocalDateTime } from '../../../shared/helsinkiTime'
import { eventLimitWords, eventOptions } from './eventOptions'

interface RegisterToEventProps {
  /** The members to register (user ids). */
  members: number[]
  opened: boolean
  onClose(): void
  /** Called once every member was queued or refused, with the numbers of each (the refusals stay listed here). */
  onQueued(queued: number, refused: number): void
}

/**
 * Registers the ticked members to an upcoming event (issue 7 "register selected members"): one
 * outbox registration each (spec v2 §4.8), checked as it is queued; the refusals are listed.
 * Events whose registration is not open now are shown disabled, saying why (`eventOptions`). The
 * chosen event's limits on who may register (birth dates, gender) are shown, with the members
 * they leave out by what is stored, who can be left out (`getEventLimits`).
 */
export function RegisterToEvent({ members, opened, onClose, onQueued }: RegisterToEventProps) {
  const { t, i18n } = useTranslation()
  const [events, setEvents] = useState<EventRow[]>([])
  const [uuid, setUuid] = useState<string | null>(null)
  const [refusals, setRefusals] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  /** Why the events could not be read, or null. */
  const [loadError, setLoadError] = useState<string | null>(null)
  const [limits, setLimits] = useState<EventLimits | null>(null)
  /** Members outside the event's limits whom the person chose to leave out. */
  const [leftOut, setLeftOut] = useState<ReadonlySet<number>>(new Set())
  useEffect(() => {
    if (!opened) return
    setRefusals([])
    setLoadError(null)
  }, [opened])
  useEffect(() => {
    setLeftOut(new Set())
    setLimits(null)
  }, [uuid, members])
  useLoad(
    () => (opened && uuid !== null ? call('getEventLimits', { uuid, userIds: members }) : null),
    [opened, uuid, members],
    setLimits,
    () => setLimits(null)
  )
  const registered = members.filter((id) => !leftOut.has(id))
  const outside = limits?.outside.filter((member) => !leftOut.has(member.userId)) ?? []
  const limitWords = eventLimitWords(limits, t, (iso) => formatDate(iso, i18n.language))
  useLoad(
    () => (opened ? call('getEvents', { text: '', from: localDate() }) : null),
    [opened],
    (answer) => setEvents([...answer].reverse()),
    (error) => setLoadError(errorText(error))
  )

  const queue = async () => {
    setBusy(true)
    const refused: string[] = []
    let queued = 0
    for (const participantUserId of registered) {
      try {
        await call('queueChange', { kind: 'event-registration', input: { eventUuid: uuid!, registration: { participantUserId } } })
        queued++
      } catch (error) {
        refused.push(errorText(error))
      }
    }
    setBusy(false)
    setRefusals(refused)
    onQueued(queued, refused.length)
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('events.registerHeading', { count: members.length })} size="lg">
      <Stack data-testid="register-to-event">
        <Select
          label={t('events.event')}
          data={eventOptions(events, helsinkiLocalDateTime(Date.now()), t, (iso) => formatDate(iso, i18n.language))}
          value={uuid}
          onChange={setUuid}
          searchable
          comboboxProps={LONG_LIST_COMBOBOX}
          data-testid="register-event-select"
        />
        {loadError && (
          <Alert color="red" data-testid="register-error">
            {loadError}
          </Alert>
        )}
        {limitWords !== '' && (
          <Text size="sm" data-testid="register-limits">
            {t('events.limits.label')}: {limitWords}
          </Text>
        )}
        {outside.length > 0 && (
          <Alert color="orange" data-testid="register-outside">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('events.limits.outside', { count: outside.length, names: outside.map((member) => member.name).join(', ') })}</Text>
              <Button size="compact-sm" variant="light" onClick={() => setLeftOut(new Set([...leftOut, ...outside.map((member) => member.userId)]))} data-testid="register-leave-out">
                {t('events.limits.leaveOut')}
              </Button>
            </Stack>
          </Alert>
        )}
        {leftOut.size > 0 && (
          <Text size="sm" c="dimmed" data-testid="register-left-out">
            {t('events.limits.leftOut', { count: leftOut.size })}
          </Text>
        )}
        {refusals.length > 0 && (
          <Alert color="orange" data-testid="register-refused">
            {t('events.refused', { count: refusals.length, message: refusals[0] })}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('outbox.offlineHint')}
        </Text>
        <Group justify="flex-end">
          <Button loading={busy} disabled={uuid === null || registered.length === 0} onClick={() => void queue()} data-testid="register-queue">
            {t('events.registerQueue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
