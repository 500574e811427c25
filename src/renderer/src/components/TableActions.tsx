import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'

interface TableActionsProps {
  /** Saves the table as shown, through the save dialog. */
  onExport(format: 'csv' | 'xlsx'): void
  /** Readies the page for printing and calls `window.print()`; default `window.print()` as the page is. */
  onPrint?(): void
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
 */
export function TableActions({ onExport, onPrint, disabled = false, testId, label, size = 'sm' }: TableActionsProps) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" className="no-print">
      <Button size={size} variant="light" disabled={disabled} onClick={() => onExport('csv')} aria-label={t('table.exportCsvOf', { table: label })} data-testid={`${testId}-export-csv`}>
        {t('table.exportCsv')}
      </Button>
      <Button size={size} variant="light" disabled={disabled} onClick={() => onExport('xlsx')} aria-label={t('table.exportXlsxOf', { table: label })} data-testid={`${testId}-export-xlsx`}>
        {t('table.exportXlsx')}
      </Button>
      <Button size={size} variant="default" disabled={disabled} onClick={() => (onPrint ? onPrint() : window.print())} aria-label={t('table.printOf', { table: label })} data-testid={`${testId}-print`}>
        {t('table.print')}
      </Button>
    </Group>
  )
}
