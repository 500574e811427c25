import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ErrorCode } from '../../../shared/errorCodes'
import { describeError } from '../api'
import { RemoveConnection } from '../components/RemoveConnection'
import { useAppStore } from '../stores/app'
import { LanguagePicker } from './Settings'

/** Errors whose remedy (the main process's words say so) is to remove the local data and sync again. */
const REMOVABLE: ReadonlySet<ErrorCode> = new Set(['database-key-missing', 'database-key-wrong'])

/**
 * What the window shows before the app's state is read: a spinner, with a note while an earlier
 * Kanslia's database is upgraded; or, when the state cannot be read (the keychain is locked, the
 * database's key is missing, a newer Kanslia wrote it), the reason in the app's language, a retry
 * and, where the remedy is a new database, the removal of the local data.
 */
export function Start() {
  const { t } = useTranslation()
  const { startFailure, upgrading, start } = useAppStore()
  const [retrying, setRetrying] = useState(false)
  if (startFailure === null) {
    return (
      <Center component="main" mih="100vh">
        <Stack align="center" maw={520}>
          <Loader />
          {upgrading && (
            <Text ta="center" data-testid="start-upgrading">
              {t('start.upgrading')}
            </Text>
          )}
        </Stack>
      </Center>
    )
  }
  const retry = async () => {
    setRetrying(true)
    await start()
    setRetrying(false)
  }
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack maw={640} data-testid="start-failure">
        {/* Above the headline: beside it, the long Finnish headline wrapped under the picker. */}
        <Group justify="flex-end">
          <LanguagePicker />
        </Group>
        <Title order={1} size="h2">{t('start.failed')}</Title>
        <Alert color="red">{describeError(startFailure)}</Alert>
        <Group>
          <Button onClick={() => void retry()} loading={retrying} autoFocus data-testid="start-retry">
            {t('start.retry')}
          </Button>
          {REMOVABLE.has(startFailure.code) && <RemoveConnection />}
        </Group>
      </Stack>
    </Center>
  )
}
