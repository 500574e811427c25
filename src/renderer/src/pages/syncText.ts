import type { TFunction } from 'i18next'
import type { SyncSummary } from '../../../shared/ipc/contract'

/**
 * The sync page's line on a finished run, in the user's language: a database's first sync said so
 * (it reads every list whole, as the CLI's "first (full)" says), the items received and the
 * seconds taken (one decimal); after any other run, how many of them were new or changed (the
 * overlap a run reads again is not) or, when every list was read, that nothing was; then the items
 * a full run removed and the people the retention purge removed, when there were any.
 */
export function describeSyncDone(summary: SyncSummary, t: TFunction): string {
  const seconds = Math.round(summary.durationMs / 100) / 10
  const parts = [t(summary.first ? 'sync.doneFirst' : 'sync.done', { count: summary.elements, seconds })]
  // "Nothing new" only of a run that read every list: one that failed may not have read the news.
  if (!summary.first && summary.changed > 0) parts.push(t('sync.changed', { count: summary.changed }))
  else if (!summary.first && summary.ok) parts.push(t('sync.nothingNew'))
  if (summary.removed > 0) parts.push(t('sync.removed', { count: summary.removed }))
  if (summary.purged > 0) parts.push(t('sync.purged', { count: summary.purged }))
  return parts.join(' ')
}
