import { Button } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../api'

interface CopyEmailsProps {
  /** Reads the addresses (every row of the list, not only those shown). */
  read(): Promise<string[]>
  /** Called with how many addresses went to the clipboard. */
  onCopied(count: number): void
  /** Called with why nothing was copied, in the app's language. */
  onFail(text: string): void
  disabled?: boolean
  testId: string
  /** As the table's other actions (`TableActions`). */
  size?: 'xs' | 'sm'
}

/**
 * "Copy e-mail addresses" of a list (issue 7): the addresses of every member on it (a minor's
 * guardians' too) to the clipboard, separated by commas, for a mail's recipients. Spins while they
 * are read: a whole federation takes seconds.
 */
export function CopyEmails({ read, onCopied, onFail, disabled = false, testId, size = 'sm' }: CopyEmailsProps) {
  const { t } = useTranslation()
  const [copying, setCopying] = useState(false)
  const copy = async () => {
    setCopying(true)
    try {
      const emails = await read()
      try {
        await navigator.clipboard.writeText(emails.join(', '))
      } catch {
        // Chromium refuses a window that lost the focus while a long list was read.
        onFail(t('table.clipboardRefused'))
        return
      }
      onCopied(emails.length)
    } catch (error) {
      onFail(errorText(error))
    } finally {
      setCopying(false)
    }
  }
  return (
    <Button size={size} variant="light" className="no-print" disabled={disabled} loading={copying} onClick={() => void copy()} data-testid={testId}>
      {t('table.copyEmails')}
    </Button>
  )
}
