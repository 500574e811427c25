import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SyncStatus } from '../../../shared/ipc/contract'
import { call, describeError, errorText } from '../api'
import { formatDateTime, resourceName, scopeName } from '../i18n'
import { useAppStore } from '../stores/app'
import { useLoad } from '../components/useLoad'
import { SyncProgress } from './SyncProgress'
import { describeSyncDone } from './syncText'

/** Whether the OS reports a network (`navigator.onLine`), following its online/offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  return online
}

/** Sync panel (issue 3): online state, last sync per resource, "Sync now", progress, errors in plain words. */
export function SyncPanel() {
  const { t, i18n } = useTranslation()
  const online = useOnline()
  const { syncing, syncNow, lastSummary, syncError, dataVersion } = useAppStore()
  const [status, setStatus] = useState<SyncStatus | null>(null)
  const [statusError, setStatusError] = useState<string | null>(null)
  useLoad(
    () => call('getSyncStatus'),
    [dataVersion],
    (answer) => {
      setStatus(answer)
      setStatusError(null)
    },
    (failure) => {
      setStatus(null)
      setStatusError(errorText(failure))
    }
  )
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <Stack p="md">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('sync.heading')}</Title>
        <Group>
          <Badge color={online ? 'green' : 'gray'} data-testid="online-state">
            {online ? t('sync.online') : t('sync.offline')}
          </Badge>
          <Button variant="default" onClick={() => void syncNow(true).catch(() => undefined)} disabled={syncing} data-testid="sync-full">
            {t('sync.fullNow')}
          </Button>
          <Button onClick={() => void syncNow().catch(() => undefined)} loading={syncing}>
            {t('sync.syncNow')}
          </Button>
        </Group>
      </Group>
      <SyncProgress />
      {lastSummary && !syncing && (
        <Text data-testid="sync-done">{describeSyncDone(lastSummary, t)}</Text>
      )}
      {status && (
        <Text size="sm" c="dimmed" data-testid="sync-full-note">
          {t('sync.fullNote', { count: status.fullSyncIntervalDays, when: status.lastFullSyncAt ? formatDateTime(status.lastFullSyncAt, i18n.language) : t('sync.never') })}
        </Text>
      )}
      {status?.autoSync != null && (
        <Text size="sm" c="dimmed" data-testid="sync-auto-note">
          {t(status.autoSync ? 'sync.autoOn' : 'sync.autoOff')}
        </Text>
      )}
      {syncError && (
        <Alert color="red" role="alert">
          {t('sync.error', { message: syncError })}
        </Alert>
      )}
      {statusError && (
        <Alert color="red" data-testid="sync-status-error">
          {statusError}
        </Alert>
      )}
      <Table striped data-testid="sync-status">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sync.resource')}</Table.Th>
            <Table.Th>{t('sync.rows')}</Table.Th>
            <Table.Th>{t('sync.lastRun')}</Table.Th>
            <Table.Th>{t('sync.changedColumn')}</Table.Th>
            <Table.Th>{t('sync.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {status?.resources.map((r) => (
            <Table.Tr key={`${r.resource}/${r.scope}`}>
              <Table.Td>
                {resourceName(t, r.resource)} <Text span c="dimmed" size="xs">{scopeName(t, r.scope)}</Text>
              </Table.Td>
              <Table.Td>{number.format(r.rows)}</Table.Td>
              <Table.Td>{r.lastRunAt ? formatDateTime(r.lastRunAt, i18n.language) : t('sync.never')}</Table.Td>
              <Table.Td>{r.lastChanged === null ? '' : number.format(r.lastChanged)}</Table.Td>
              <Table.Td>
                {r.lastResult === 'error' ? (
                  <Text c="red" size="sm">
                    {t('sync.failed')}: {describeError({ code: r.lastErrorCode, message: r.lastError ?? '' })}
                  </Text>
                ) : r.lastResult === 'ok' ? (
                  t('sync.ok')
                ) : (
                  ''
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}
