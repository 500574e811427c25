import { Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_RENEWAL_DAYS, RENEWAL_COLUMNS, RENEWAL_LIST_KINDS, renewalColumnsOf, type RenewalColumn, type RenewalList, type RenewalListKind, type RenewalRow } from '../../../shared/renewalLists'
import { daysFrom } from '../../../shared/localDate'
import type { MemberFilterOptions } from '../../../shared/ipc/contract'
import { call } from '../api'
import { ChosenColumnsTable, ColumnChoice, useColumnChoice } from '../components/ColumnChoice'
import { ClubSelect, type ClubChoice } from '../components/ClubSelect'
import { CopyEmails } from '../components/CopyEmails'
import { NoticeAlert, useNotice } from '../components/Notice'
import { TableActions } from '../components/TableActions'
import { useLoad } from '../components/useLoad'
import { formatDate } from '../i18n'
import { useAppStore } from '../stores/app'

/** Lists that take a window of days. */
const WITH_DAYS: ReadonlySet<RenewalListKind> = new Set(['licence-ending', 'insurance-ending'])
const DATE_COLUMNS: ReadonlySet<RenewalColumn> = new Set(['birthDate', 'ends'])
const DEFAULT_COLUMNS: RenewalColumn[] = ['lastName', 'firstName', 'sportId', 'club', 'previousClub', 'item', 'ends', 'email', 'guardianEmails']

/**
 * Expiry and renewal lists (issue 7): whose licence or insurance ends within N days, who has not
 * renewed this period or renewed with another club, whose age is outside their licence's range;
 * of every member, or of one club's or area's (`RenewalQuery`). The columns shown, of those the list fills
 * (`renewalColumnsOf`: the club a member left on "renewed with another club"), are the columns exported
 * (CSV, XLSX, through the save dialog) and printed; "copy e-mail addresses" copies
 * each adult's and each minor's guardians' addresses.
 */
export function Renewals() {
  const { t, i18n } = useTranslation()
  const dataVersion = useAppStore((s) => s.dataVersion)
  const [kind, setKind] = useState<RenewalListKind>('licence-ending')
  const [days, setDays] = useState(30)
  /** The club or area the list is narrowed to; neither for every member. */
  const [narrowedTo, setNarrowedTo] = useState<ClubChoice>({})
  const [options, setOptions] = useState<Pick<MemberFilterOptions, 'clubs' | 'areas'>>({ clubs: [], areas: [] })
  const [shown, setShown] = useColumnChoice('kanslia.renewals.columns', RENEWAL_COLUMNS, DEFAULT_COLUMNS)
  const [list, setList] = useState<RenewalList | null>(null)
  const columns = renewalColumnsOf(kind)
  const shownOfKind = shown.filter((column) => columns.includes(column))
  const { notice, show, clear, fail, loadFailed, loaded, saved } = useNotice()

  // The query every call of the list sends: its kind, days and club or area.
  const query = useMemo(() => ({ kind, days, ...narrowedTo }), [kind, days, narrowedTo])
  useLoad(
    () => call('getMemberFilters'),
    [dataVersion],
    (answer) => setOptions(answer),
    loadFailed
  )
  useLoad(
    () => call('getRenewalList', query),
    [query, dataVersion],
    (answer) => {
      setList(answer)
      loaded()
    },
    loadFailed
  )

  const cell = (row: RenewalRow, column: RenewalColumn): string => {
    if (column === 'guardianEmails') return row.guardianEmails.join(', ')
    const value = row[column]
    if (value === undefined) return ''
    return DATE_COLUMNS.has(column) ? formatDate(String(value), i18n.language) : String(value)
  }

  const exportAs = async (format: 'csv' | 'xlsx') => {
    clear()
    try {
      const result = await call('exportRenewalList', { ...query, format, columns: shownOfKind.map((key) => ({ key, label: t(`renewals.column.${key}`) })) })
      saved(result)
    } catch (error) {
      fail(error)
    }
  }
  /** Days until the next ending, for an empty list of endings (`RenewalList.nextEnd`). */
  const nextIn = list?.nextEnd ? daysFrom(list.today, list.nextEnd) : null

  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h2">{t('renewals.heading')}</Title>
      <Group align="end">
        <Select
          aria-label={t('renewals.heading')}
          data={RENEWAL_LIST_KINDS.map((value) => ({ value, label: t(`renewals.kind.${value}`) }))}
          value={kind}
          onChange={(value) => value && setKind(value as RenewalListKind)}
          allowDeselect={false}
          w={300}
          data-testid="renewal-kind"
        />
        {WITH_DAYS.has(kind) && (
          <NumberInput aria-label={t('renewals.days')} suffix={` ${t('renewals.daysSuffix')}`} min={0} max={MAX_RENEWAL_DAYS} clampBehavior="strict" allowDecimal={false} allowNegative={false} value={days} onChange={(value) => setDays(Number(value) || 0)} w={180} data-testid="renewal-days" />
        )}
        <ClubSelect clubs={options.clubs} areas={options.areas} value={narrowedTo} onChange={setNarrowedTo} w={240} testId="renewal-club" />
        <CopyEmails
          read={() => {
            clear()
            return call('getRenewalEmails', query)
          }}
          onCopied={(count) => show('green', t('table.copied', { count }))}
          onFail={(text) => show('red', text)}
          disabled={!list?.rows.length}
          testId="renewal-copy-emails"
        />
        <TableActions label={t(`renewals.kind.${kind}`)} testId="renewal" disabled={!list?.rows.length} onExport={exportAs} printed={{ list: 'renewals', ...query, rows: list?.rows.length ?? 0, columns: shownOfKind }} />
      </Group>
      <ColumnChoice all={columns} value={shownOfKind} onChange={(chosen) => setShown([...chosen, ...shown.filter((column) => !columns.includes(column))])} label={(column) => t(`renewals.column.${column}`)} table={t(`renewals.kind.${kind}`)} testId="renewal-columns" />
      <NoticeAlert notice={notice} onClose={clear} testId="renewal-message" />
      {list && (
        <Text size="sm" data-testid="renewal-count">
          {t('renewals.count', { count: list.total })}
          {list.total > list.rows.length && ` · ${t('renewals.shownFirst', { count: list.rows.length })}`}
        </Text>
      )}
      {list && (list.rows.length === 0 || list.verdictsPending) && (
        <Text c="dimmed" data-testid={list.verdictsPending ? 'renewal-pending' : undefined}>
          {t(list.verdictsPending ? 'members.verdictsPending' : 'renewals.empty')}
        </Text>
      )}
      {list?.nextEnd && nextIn !== null && !list.verdictsPending && (
        <Group gap="sm" data-testid="renewal-next">
          <Text size="sm">{t('renewals.nextEnd', { date: formatDate(list.nextEnd, i18n.language), count: nextIn })}</Text>
          {nextIn <= MAX_RENEWAL_DAYS && (
            <Button size="compact-sm" variant="light" onClick={() => setDays(nextIn)} data-testid="renewal-next-show">
              {t('renewals.showNext', { count: nextIn })}
            </Button>
          )}
        </Group>
      )}
      {list && list.rows.length > 0 && (
        <ChosenColumnsTable
          rows={list.rows}
          columns={shownOfKind}
          label={(column) => t(`renewals.column.${column}`)}
          cell={cell}
          rowKey={(row, index) => `${row.id} ${index}`}
          testId="renewal-table"
          rowTestId="renewal-row"
        />
      )}
    </Stack>
  )
}
