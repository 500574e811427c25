import { Alert } from '@mantine/core'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../api'

/** A page's one notice: what was saved or queued (green), or what went wrong (red). */
export interface Notice {
  color: string
  text: string
  /** Set for a failed load of the page's list (`loadFailed`). */
  load?: true
}

/**
 * A page's notice and the ways to set it, each stable across renders: `show` any text, `clear`,
 * `fail` with a failed call's message (`errorText`), `loadFailed` and `loaded` for the page's own
 * list, `saved` with an export's answer — "N rows saved to FILE", nothing when the save dialog was
 * cancelled (`saved` null).
 */
export function useNotice() {
  const { t } = useTranslation()
  const [notice, setNotice] = useState<Notice | null>(null)
  const show = useCallback((color: string, text: string) => setNotice({ color, text }), [])
  const clear = useCallback(() => setNotice(null), [])
  const fail = useCallback((error: unknown) => setNotice({ color: 'red', text: errorText(error) }), [])
  /** A failed load of the page's list: `loaded` takes it away once a load succeeds. */
  const loadFailed = useCallback((error: unknown) => setNotice({ color: 'red', text: errorText(error), load: true }), [])
  /** A load succeeded: takes away a failed load's notice, never another (an export's failure stays to be read). */
  const loaded = useCallback(() => setNotice((current) => (current?.load ? null : current)), [])
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
