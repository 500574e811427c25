import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DataFreshness } from '../../../shared/freshness'
import { call } from '../api'
import { formatDateTime } from '../i18n'
import { useAppStore } from '../stores/app'
import { useLatestOnly } from './useLoad'

/** How often the banner asks again, so it appears when the data turns a day old while the app stays open: 5 minutes. */
const RECHECK_MS = 5 * 60 * 1000

/**
 * The stale-data banner (issue 7 "Quality"): above every page when the last successful sync is more
 * than a day old (as the main process judges it), with the time of the data and "Sync now"; hidden
 * otherwise, and on paper.
 */
export function StaleBanner() {
  const { t, i18n } = useTranslation()
  const { page, dataVersion, syncing, syncNow, syncError } = useAppStore()
  const [freshness, setFreshness] = useState<DataFreshness | null>(null)
  const latest = useLatestOnly()
  useEffect(() => {
    const ask = () => void latest.run(call('getDataFreshness'), setFreshness, () => setFreshness(null))
    ask()
    const timer = setInterval(ask, RECHECK_MS)
    return () => {
      clearInterval(timer)
      latest.cancel()
    }
  }, [page, dataVersion, latest])
  if (freshness === null || !freshness.stale) return null
  return (
    <Alert color="orange" radius={0} py="xs" className="no-print" data-testid="stale-banner">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Text size="sm">{freshness.dataAsOf === null ? t('stale.never') : t('stale.message', { date: formatDateTime(freshness.dataAsOf, i18n.language) })}</Text>
          {/* Why the sync it offers failed, here too: on another page the banner is all the person sees. */}
          {syncError && !syncing && (
            <Text size="sm" c="red" data-testid="stale-sync-error">
              {t('sync.error', { message: syncError })}
            </Text>
          )}
        </Stack>
        {/* The failure is the store's syncError (above and in the sync panel); the banner stays until a sync succeeds. */}
        <Button size="compact-sm" color="orange" loading={syncing} onClick={() => void syncNow().catch(() => undefined)} data-testid="stale-sync">
          {t('sync.syncNow')}
        </Button>
      </Group>
    </Alert>
  )
}
