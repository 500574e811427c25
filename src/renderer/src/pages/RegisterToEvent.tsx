import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EventRow } from '../../../shared/events'
import { localDate } from '../../../shared/localDate'
import { call, errorText } from '../api'
import { LONG_LIST_COMBOBOX } from '../components/longList'
import { useLoad } from '../components/useLoad'
import { formatDate } from '../i18n'
import { helsinkiLocalDateTime } from '../../../shared/helsinkiTime'
import { eventOptions } from './eventOptions'

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
 * Events whose registration is not open now are shown disabled, saying why (`eventOptions`).
 */
export function RegisterToEvent({ members, opened, onClose, onQueued }: RegisterToEventProps) {
  const { t, i18n } = useTranslation()
  const [events, setEvents] = useState<EventRow[]>([])
  const [uuid, setUuid] = useState<string | null>(null)
  const [refusals, setRefusals] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  /** Why the events could not be read, or null. */
  const [loadError, setLoadError] = useState<string | null>(null)
  useEffect(() => {
    if (!opened) return
    setRefusals([])
    setLoadError(null)
  }, [opened])
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
    for (const participantUserId of members) {
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
        {refusals.length > 0 && (
          <Alert color="orange" data-testid="register-refused">
            {t('events.refused', { count: refusals.length, message: refusals[0] })}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('outbox.offlineHint')}
        </Text>
        <Group justify="flex-end">
          <Button loading={busy} disabled={uuid === null || members.length === 0} onClick={() => void queue()} data-testid="register-queue">
            {t('events.registerQueue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
