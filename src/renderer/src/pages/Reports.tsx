import { BarChart } from '@mantine/charts'
import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Title } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { REPORT_LAYOUT, REPORT_NAMES, type ReportName, type Reports as ReportData } from '../../../shared/reports'
import { MembersButton } from '../components/MembersButton'
import { NoticeAlert, useNotice } from '../components/Notice'
import { useLoad } from '../components/useLoad'
import { call } from '../api'
import { useAppStore } from '../stores/app'
import { intlLocale } from '../i18n'

/** The reports by a named group (club, area, licence), where a group without a name comes as null. */
const GROUPED_BY_NAME: ReadonlySet<ReportName> = new Set(['clubs', 'areas', 'licences'])
const COLORS = ['blue.6', 'teal.6', 'gray.5']
/** Clubs charted (members, transfers): a federation has over a thousand; the table and the export hold them all. */
const CLUBS_CHARTED = 15
/** The reports by club. */
const BY_CLUB: ReadonlySet<ReportName> = new Set(['clubs', 'transfers'])
/** Height of a bar across (clubs, areas, ages) with its name beside it, on up to two lines, px. */
const BAR_HEIGHT = 26

/**
 * Reports (issue 7): members per club, per area and per licence, the age pyramid, licence sales
 * per month, club transfers since the period before and merits granted per year, for the current
 * or a chosen licence period, each as a chart (Mantine Charts) and a table that exports to CSV or
 * XLSX as shown; a club of "members per club" opens the member list of its members that period
 * (`showMembers`); the whole page prints, tables unscrolled.
 */
export function Reports() {
  const { t, i18n } = useTranslation()
  const dataVersion = useAppStore((s) => s.dataVersion)
  const [data, setData] = useState<ReportData | null>(null)
  const [periodId, setPeriodId] = useState<number | undefined>(undefined)
  const { notice, clear, fail, loadFailed, loaded, saved } = useNotice()
  useLoad(
    () => call('getReports', periodId === undefined ? undefined : { licencePeriodId: periodId }),
    [dataVersion, periodId],
    (answer) => {
      setData(answer)
      loaded()
    },
    loadFailed
  )

  // Shown in the user's language ("1 234", "maaliskuu 2026"); the export keeps the values themselves.
  const number = new Intl.NumberFormat(intlLocale(i18n.language))
  const monthFormat = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long', year: 'numeric' })
  /** A sales month (YYYY-MM) as its name and year; anything else as it is. */
  const monthName = (month: unknown) => {
    const [year, index] = String(month).split('-').map(Number)
    return Number.isInteger(year) && index >= 1 && index <= 12 ? monthFormat.format(new Date(year, index - 1)) : String(month)
  }

  /**
   * A report table's cell as shown: a club of members per club opens its members that period
   * (`MembersButton`), counts and sales months in the user's language, anything else as it is.
   */
  const cell = (report: ReportName, column: string, row: Record<string, string | number | null>): ReactNode => {
    const value = row[column]
    const period = data?.licencePeriod
    if (report === 'clubs' && column === 'club' && typeof row.clubId === 'number' && period) {
      return (
        <MembersButton filters={{ clubId: row.clubId, licencePeriodId: period.id }} label={t('reports.membersOf', { club: value, period: period.name })} testId="report-club-members">
          {value}
        </MembersButton>
      )
    }
    if (typeof value === 'number' && REPORT_LAYOUT[report].values.includes(column)) return number.format(value)
    return column === 'month' ? monthName(value) : value
  }

  /** What a report says for a group without a name ("No area"). */
  const unnamed = (report: ReportName) => (GROUPED_BY_NAME.has(report) ? t(`reports.unnamed.${report}`) : undefined)
  const exportAs = (report: ReportName, format: 'csv' | 'xlsx') => {
    const { key, values } = REPORT_LAYOUT[report]
    const columns = [key, ...values].map((column) => ({ key: column, label: t(`reports.column.${column}`) }))
    call('exportReport', { report, licencePeriodId: data?.licencePeriod?.id, format, columns, unnamed: unnamed(report) })
      .then(saved)
      .catch(fail)
  }

  if (data === null) return notice ? <Alert color="red">{notice.text}</Alert> : <Loader m="md" />
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('reports.heading')}</Title>
        <Group>
          <Select
            aria-label={t('reports.periodPick')}
            data={data.licencePeriods.map((p) => ({ value: String(p.id), label: p.name }))}
            value={data.licencePeriod ? String(data.licencePeriod.id) : null}
            onChange={(value) => value !== null && setPeriodId(Number(value))}
            allowDeselect={false}
            w={220}
            data-testid="reports-period"
          />
          <Button variant="default" onClick={() => window.print()} aria-label={t('table.printOf', { table: t('reports.heading') })} data-testid="reports-print">
            {t('table.print')}
          </Button>
        </Group>
      </Group>
      <NoticeAlert notice={notice} onClose={clear} testId="reports-message" />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {REPORT_NAMES.map((report) => {
          const { key, values } = REPORT_LAYOUT[report]
          const rows = (data[report] as unknown as Array<Record<string, string | number | null>>).map((row) => ({ ...row, [key]: row[key] ?? unnamed(report) ?? '' }))
          const charted = BY_CLUB.has(report) ? rows.slice(0, CLUBS_CHARTED) : rows
          const barsAcross = report === 'ages' || report === 'areas' || BY_CLUB.has(report)
          return (
            <Card key={report} withBorder data-testid={`report-${report}`}>
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">{t(`reports.${report}`)}</Title>
                <Group gap="xs">
                  <Button size="compact-xs" variant="light" disabled={rows.length === 0} onClick={() => exportAs(report, 'csv')} aria-label={t('table.exportCsvOf', { table: t(`reports.${report}`) })}>
                    CSV
                  </Button>
                  <Button size="compact-xs" variant="light" disabled={rows.length === 0} onClick={() => exportAs(report, 'xlsx')} aria-label={t('table.exportXlsxOf', { table: t(`reports.${report}`) })} data-testid={`report-${report}-xlsx`}>
                    XLSX
                  </Button>
                </Group>
              </Group>
              <BarChart
                // Bars across grow the chart, so that every bar keeps its name (a crowded axis names every other one).
                h={barsAcross ? Math.max(220, charted.length * BAR_HEIGHT + 40) : 220}
                data={charted}
                dataKey={key}
                orientation={barsAcross ? 'vertical' : 'horizontal'}
                type={report === 'ages' ? 'stacked' : 'default'}
                yAxisProps={barsAcross ? { width: 150, interval: 0 } : undefined}
                series={values.map((value, index) => ({ name: value, label: t(`reports.column.${value}`), color: COLORS[index] }))}
                withLegend={values.length > 1}
                valueFormatter={(value) => number.format(value)}
                xAxisProps={report === 'sales' ? { tickFormatter: monthName } : undefined}
                tooltipProps={report === 'sales' ? { labelFormatter: monthName } : undefined}
              />
              <Table.ScrollContainer minWidth={300} mah={200} mt="sm" type="native" tabIndex={0}>
                <Table striped stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      {[key, ...values].map((column) => (
                        <Table.Th key={column}>{t(`reports.column.${column}`)}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={String(row[key])} data-testid={`report-${report}-row`}>
                        {[key, ...values].map((column) => (
                          <Table.Td key={column}>{cell(report, column, row)}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}
