import { Alert, Button, Group, JsonInput, Modal, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OutboxItem } from '../../../shared/outbox'
import { call, errorText } from '../api'

interface EditChangeProps {
  /** A queued or rejected item of a kind without its own form, or null when closed. */
  item: OutboxItem | null
  onClose(): void
  onEdited(item: OutboxItem): void
}

/**
 * Edits a queued or rejected change of any kind as the JSON its operation takes (issue 5: a
 * rejected item can be edited); the outbox checks it as when queuing and its refusal is shown as
 * it is, changing nothing. Merit grants have their own form (GrantMerit).
 */
export function EditChange({ item, onClose, onEdited }: EditChangeProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    setError(null)
    setText(item ? JSON.stringify(item.payload, null, 2) : '')
  }, [item])

  // No format or validation on blur: the text growing or an error appearing under it moves the
  // Save button between press and release, and the click would be lost.
  const save = async () => {
    if (!item) return
    let input: unknown
    try {
      input = JSON.parse(text)
    } catch {
      setError(t('outbox.notJson'))
      return
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      setError(t('outbox.notJson'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      onEdited(await call('editChange', { itemId: item.id, input: input as Record<string, unknown> }))
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={item !== null} onClose={onClose} size="lg" title={item ? t('outbox.editHeading', { id: item.id, kind: t(`outbox.kind.${item.kind}`, { defaultValue: item.kind }) }) : ''}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('outbox.editHelp')}
        </Text>
        <JsonInput value={text} onChange={setText} autosize minRows={6} maxRows={20} data-testid="edit-change-input" data-autofocus />
        {error && (
          <Alert color="red" data-testid="edit-change-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('settings.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} data-testid="edit-change-save">
            {t('outbox.editSave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
