import { Alert } from '@mantine/core'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../api'

/** A page's one notice: what was saved or queued (green), or what went wrong (red). */
export interface Notice {
  color: string
  text: string
  /** Set for a failed load (`loadFailed`): which of the page's loads failed, 'list' unless named. */
  load?: string
}

/**
 * A page's notice and the ways to set it, each stable across renders: `show` any text, `clear`,
 * `fail` with a failed call's message (`errorText`), `loadFailed` and `loaded` for the page's own
 * loads (its list unless another is named, e.g. a page's filter choices), `saved` with an
 * export's answer — "N rows saved to FILE", nothing when the save dialog was cancelled (`saved`
 * null).
 */
export function useNotice() {
  const { t } = useTranslation()
  const [notice, setNotice] = useState<Notice | null>(null)
  const show = useCallback((color: string, text: string) => setNotice({ color, text }), [])
  const clear = useCallback(() => setNotice(null), [])
  const fail = useCallback((error: unknown) => setNotice({ color: 'red', text: errorText(error) }), [])
  /** A failed load of the page's list, or of the load named `what`: `loaded` of the same takes it away once it succeeds. */
  const loadFailed = useCallback((error: unknown, what = 'list') => setNotice({ color: 'red', text: errorText(error), load: what }), [])
  /**
   * The list's load, or the one named `what`, succeeded: takes away its failure's notice, never
   * another (an export's failure stays to be read, and a list shown does not hide that the filters failed).
   */
  const loaded = useCallback((what = 'list') => setNotice((current) => (current?.load === what ? null : current)), [])
  const saved = useCallback(
    (result: { saved: string | null; rows: number }) => {
      if (result.saved !== null) setNotice({ color: 'green', text: t('table.saved', { count: result.rows, file: result.saved }) })
    },
    [t]
  )
  return { notice, show, clear, fail, loadFailed, loaded, saved }
}

/** The notice as an alert the person can close; nothing when there is none. */
export function NoticeAlert({ notice, onClose, testId }: { notice: Notice | null; onClose(): void; testId: string }) {
  if (notice === null) return null
  return (
    <Alert color={notice.color} withCloseButton onClose={onClose} data-testid={testId}>
      {notice.text}
    </Alert>
  )
}
