import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call, errorText } from '../api'
import { useAppStore } from '../stores/app'
import { forgetGranter } from '../meritGranter'

/**
 * "Remove this connection and its local data" (issue 6): asks first, saying what goes (the
 * outbox's waiting changes included), then deletes the databases, the profile and the keychain
 * entry, and returns to the first run. Also on the start screen, when the database cannot be
 * opened (its key is missing): there the waiting changes cannot be counted, and the warning says so.
 */
export function RemoveConnection() {
  const { t } = useTranslation()
  const app = useAppStore((s) => s.app)
  const load = useAppStore((s) => s.load)
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** Set when the data is gone but the keychain entry could not be reached: said before the first run shows. */
  const [keychainNotice, setKeychainNotice] = useState<string | null>(null)
  /** Set while the removal runs: it first waits for a running sync, push or export, which can take a while. */
  const [busy, setBusy] = useState(false)
  const remove = async () => {
    setError(null)
    setBusy(true)
    try {
      const result = await call('removeConnection')
      forgetGranter()
      const notices = [
        ...(result.keychain === 'unavailable' ? [t('settings.keychainUnavailable', { clientId: app?.profile?.clientId ?? '' })] : []),
        ...(result.databaseKeys === 'unavailable' ? [t('settings.databaseKeyUnavailable')] : [])
      ]
      if (notices.length > 0) setKeychainNotice(notices.join(' '))
      else await load()
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }
  const label = app?.mode === 'demo' ? t('settings.removeDemo') : t('settings.remove')
  return (
    <>
      <Group>
        <Button color="red" variant="light" onClick={() => setAsking(true)} data-testid="remove-connection">
          {label}
        </Button>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} closeOnEscape={!busy} closeOnClickOutside={!busy} withCloseButton={!busy} title={label}>
        <Stack>
          <Text>{app === null ? t('settings.removeWarningUncounted') : t('settings.removeWarning', { count: app.outboxWaiting })}</Text>
          {error && <Alert color="red">{error}</Alert>}
          {keychainNotice !== null ? (
            <>
              <Alert color="orange">{keychainNotice}</Alert>
              <Group justify="flex-end">
                <Button onClick={() => void load()}>{t('settings.removedOk')}</Button>
              </Group>
            </>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" disabled={busy} onClick={() => setAsking(false)}>
                {t('settings.cancel')}
              </Button>
              <Button color="red" loading={busy} onClick={() => void remove()} data-testid="remove-confirm">
                {t('settings.removeConfirm')}
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
    </>
  )
}
