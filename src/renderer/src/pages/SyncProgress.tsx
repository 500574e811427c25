import { Progress, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { resourceName } from '../i18n'
import { useAppStore } from '../stores/app'

/**
 * The running sync's progress: one bar over the (resource, scope)s reported so far (a resource
 * counts as done at phase `done`/`error`; within a resource, elements/total when the API gave a
 * total), and a line naming the current resource, or the last step once every list is read
 * (phase `finishing`).
 */
export function SyncProgress() {
  const { t } = useTranslation()
  const progress = useAppStore((s) => s.progress)
  const syncing = useAppStore((s) => s.syncing)
  const all = Object.values(progress)
  if (!syncing && all.length === 0) return null
  const finishing = all.find((p) => p.phase === 'finishing')
  const entries = all.filter((p) => p !== finishing)
  const current = entries.at(-1)
  const fractions = entries.map((p) =>
    p.phase === 'done' || p.phase === 'error' ? 1 : p.total ? Math.min(1, p.elements / Math.max(1, p.total)) : 0
  )
  // The resource catalogue has about ten resources; until all have started, count the unstarted as zero.
  const value = entries.length === 0 ? 0 : (100 * fractions.reduce((a, b) => a + b, 0)) / Math.max(entries.length, 10)
  let line: string | null = null
  if (finishing?.step) {
    line = t('sync.finishing', { step: t(`sync.finishingStep.${finishing.step}`), done: finishing.elements + 1, total: finishing.total })
  } else if (current) {
    line = current.total
      ? t('sync.runningOf', { resource: resourceName(t, current.resource), elements: current.elements, count: current.total })
      : t('sync.running', { resource: resourceName(t, current.resource), count: current.elements })
    if (current.etaSeconds !== undefined) line += ` · ${t('sync.eta', { rate: Math.round(current.elementsPerSecond), seconds: Math.ceil(current.etaSeconds) })}`
  }
  return (
    <Stack gap={4} data-testid="sync-progress">
      <Progress value={syncing ? value : 100} animated={syncing} aria-label={t('sync.heading')} />
      {line !== null && syncing && (
        <Text size="sm" c="dimmed" data-testid="sync-progress-text">
          {line}
        </Text>
      )}
    </Stack>
  )
}
