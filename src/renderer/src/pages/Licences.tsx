import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LicencePeriodSummary } from '../../../shared/ipc/contract'
import { call } from '../api'
import { MembersButton } from '../components/MembersButton'
import { NoticeAlert, useNotice } from '../components/Notice'
import { TableActions } from '../components/TableActions'
import { useLoad } from '../components/useLoad'
import { formatDate } from '../i18n'
import { useAppStore } from '../stores/app'

/**
 * Licences and insurances per licence period with the number of holders (spec v2 §2.4, §2.6,
 * §2.12, §2.13). A licence's holders, and a period's, open the member list filtered by it
 * (`showMembers`). Exports as one table of what the cards show: period, licence or insurance, name, holders.
 */
export function Licences() {
  const { t, i18n } = useTranslation()
  const dataVersion = useAppStore((s) => s.dataVersion)
  const showMembers = useAppStore((s) => s.showMembers)
  const [periods, setPeriods] = useState<LicencePeriodSummary[]>([])
  const { notice, clear, fail, loadFailed, loaded, saved } = useNotice()
  useLoad(
    () => call('getLicenceSummary'),
    [dataVersion],
    (answer) => {
      setPeriods(answer)
      loaded()
    },
    loadFailed
  )
  const number = new Intl.NumberFormat(i18n.language)

  const exportAs = (format: 'csv' | 'xlsx') => {
    clear()
    const rows = periods.flatMap((period) => [
      ...period.licences.map((item) => ({ period: period.name, kind: t('licences.licence'), name: item.name, count: item.count })),
      ...period.insurances.map((item) => ({ period: period.name, kind: t('licences.insurance'), name: item.name, count: item.count }))
    ])
    const columns = [
      { key: 'period', label: t('licences.period') },
      { key: 'kind', label: t('licences.kind') },
      { key: 'name', label: t('licences.name') },
      { key: 'count', label: t('licences.count') }
    ]
    return call('exportTable', { table: 'licences', format, columns, rows })
      .then(saved)
      .catch(fail)
  }

  /** A table of licences or insurances; a licence's holders open the member list, which filters by licence (not by insurance). */
  const list = (title: string, items: Array<{ id: number; name: string; count: number }>, ofLicences = false) => (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{title}</Table.Th>
          <Table.Th ta="right">{t('licences.count')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{item.name}</Table.Td>
            <Table.Td ta="right">
              {ofLicences && item.count > 0 ? (
                <MembersButton filters={{ licenceId: item.id }} label={t('licences.membersOf', { name: item.name, holders: number.format(item.count) })} testId="licence-members">
                  {number.format(item.count)}
                </MembersButton>
              ) : (
                number.format(item.count)
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
  return (
    <Stack p="md">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('licences.heading')}</Title>
        <TableActions label={t('licences.heading')} testId="licences" disabled={periods.length === 0} onExport={exportAs} />
      </Group>
      <NoticeAlert notice={notice} onClose={clear} testId="licences-message" />
      {periods.map((period) => (
        <Card withBorder key={period.id} data-testid="licence-period">
          <Group justify="space-between">
            <Title order={2} size="h3">{period.name}</Title>
            <Button size="compact-sm" variant="subtle" onClick={() => showMembers({ licencePeriodId: period.id })} aria-label={t('licences.periodMembersOf', { name: period.name })} data-testid="licence-period-members">
              {t('organizations.members')}
            </Button>
          </Group>
          <Text c="dimmed" size="sm">
            {t('detail.period', { start: formatDate(period.startTime, i18n.language), end: formatDate(period.endTime, i18n.language) })}
          </Text>
          <SimpleGrid cols={2} mt="sm">
            {list(t('licences.licence'), period.licences, true)}
            {list(t('licences.insurance'), period.insurances)}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  )
}
