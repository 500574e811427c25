import { Button, Group } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PrintRecord } from '../../../shared/ipc/contract'
import { call } from '../api'

interface TableActionsProps {
  /** Saves the table as shown, through the save dialog; settles when the file is written (or the export failed or was cancelled). */
  onExport(format: 'csv' | 'xlsx'): Promise<unknown>
  /** Readies the page for printing and calls `window.print()`; default `window.print()` as the page is. */
  onPrint?(): void
  /** For a table of personal data: what is printed, recorded in the privacy log before the print dialog opens (issue 6). */
  printed?: Exclude<PrintRecord, { list: 'member' }>
  /** True when there is nothing to export or print. */
  disabled?: boolean
  /** Prefix of the buttons' test ids: `<prefix>-export-csv`, `<prefix>-export-xlsx`, `<prefix>-print`. */
  testId: string
  /** What the table is, for the buttons' accessible names (e.g. "Members"). */
  label: string
  size?: 'xs' | 'sm'
}

/**
 * The actions every table has (issue 7 "Exports"): CSV and XLSX of what it shows, and printing to a
 * clean page (the print dialog also saves a PDF; the print stylesheet hides everything but the content).
 * While an export runs (every member of a federation takes seconds), its button spins and the
 * other export waits, so a second click does not write the file twice.
 */
export function TableActions({ onExport, onPrint, printed, disabled = false, testId, label, size = 'sm' }: TableActionsProps) {
  const { t } = useTranslation()
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null)
  const exportAs = (format: 'csv' | 'xlsx') => {
    setExporting(format)
    void onExport(format).finally(() => setExporting(null))
  }
  const print = () => {
    const show = () => (onPrint ? onPrint() : window.print())
    if (printed) void call('recordPrint', printed).then(show)
    else show()
  }
  return (
    <Group gap="xs" className="no-print">
      <Button size={size} variant="light" disabled={disabled || exporting === 'xlsx'} loading={exporting === 'csv'} onClick={() => exportAs('csv')} aria-label={t('table.exportCsvOf', { table: label })} data-testid={`${testId}-export-csv`}>
        {t('table.exportCsv')}
      </Button>
      <Button size={size} variant="light" disabled={disabled || exporting === 'csv'} loading={exporting === 'xlsx'} onClick={() => exportAs('xlsx')} aria-label={t('table.exportXlsxOf', { table: label })} data-testid={`${testId}-export-xlsx`}>
        {t('table.exportXlsx')}
      </Button>
      <Button size={size} variant="default" disabled={disabled} onClick={print} aria-label={t('table.printOf', { table: label })} data-testid={`${testId}-print`}>
        {t('table.print')}
      </Button>
    </Group>
  )
}
