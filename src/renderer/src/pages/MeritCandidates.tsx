import { Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CANDIDATE_COLUMNS, type CandidateColumn, type MeritCandidate, type MeritCandidateList, type OrderedMeritGroup } from '../../../shared/meritCandidates'
import { ChosenColumnsTable, ColumnChoice, useColumnChoice } from '../components/ColumnChoice'
import { LONG_LIST_COMBOBOX } from '../components/longList'
import { NoticeAlert, useNotice } from '../components/Notice'
import { TableActions } from '../components/TableActions'
import { useLoad } from '../components/useLoad'
import { call } from '../api'
import { formatDate } from '../i18n'
import { useAppStore } from '../stores/app'
import { GrantMerit } from './GrantMerit'
import { listedName } from '../../../shared/personName'

/**
 * Merit candidates (issue 7): for an ordered merit group, members who hold merit k and not k+1,
 * and members with N licence seasons with the group's organization (or one below it) and no merit
 * of the group. Choosing the next merit lists its candidates, and one click opens the batch grant
 * of the outbox for all of them. The list shows the columns chosen, and exports every candidate
 * (not only the rows shown) with them.
 */
export function MeritCandidates() {
  const { t, i18n } = useTranslation()
  const dataVersion = useAppStore((s) => s.dataVersion)
  /** The ordered merit groups stored; null until the first load answers. */
  const [groups, setGroups] = useState<OrderedMeritGroup[] | null>(null)
  const [groupId, setGroupId] = useState<number | null>(null)
  const [seasons, setSeasons] = useState(2)
  const [nextMeritId, setNextMeritId] = useState<number | null>(null)
  const [list, setList] = useState<MeritCandidateList | null>(null)
  const [granting, setGranting] = useState(false)
  const [shown, setShown] = useColumnChoice('kanslia.candidates.columns', CANDIDATE_COLUMNS, CANDIDATE_COLUMNS)
  const { notice, show, clear, fail, loadFailed, loaded, saved } = useNotice()

  // A failure shows; the candidates' load that follows takes it away (`loaded`), as it says whether
  // the list is there. With no group chosen and none to choose, no such load follows: this one does.
  useLoad(
    () => call('getOrderedMeritGroups'),
    [dataVersion],
    (answer) => {
      setGroups(answer)
      setGroupId((current) => current ?? answer[0]?.id ?? null)
      if (groupId === null && answer.length === 0) loaded()
    },
    loadFailed
  )
  useLoad(
    () => (groupId === null ? null : call('getMeritCandidates', { groupId, seasons, nextMeritId: nextMeritId ?? undefined })),
    [groupId, seasons, nextMeritId, dataVersion],
    (answer) => {
      setList(answer)
      loaded()
    },
    loadFailed
  )

  const group = groups?.find((g) => g.id === groupId)
  const next = group?.merits.find((m) => m.id === nextMeritId)
  const cell = (candidate: MeritCandidate, column: CandidateColumn) => {
    if (column === 'name') return listedName(candidate)
    if (column === 'nextMerit') return candidate.nextMeritName
    if (column === 'heldMerit') return candidate.heldMeritName
    if (column === 'heldSince') return formatDate(candidate.heldSince, i18n.language)
    return candidate[column]
  }
  const exportAs = (format: 'csv' | 'xlsx') => {
    clear()
    return call('exportMeritCandidates', {
      groupId: groupId!,
      seasons,
      nextMeritId: nextMeritId ?? undefined,
      format,
      columns: shown.map((key) => ({ key, label: t(`candidates.column.${key}`) }))
    })
      .then(saved)
      .catch(fail)
  }

  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h2">{t('candidates.heading')}</Title>
      <Group align="end">
        <Select
          label={t('candidates.group')}
          data={(groups ?? []).map((g) => ({ value: String(g.id), label: [g.organizationName, g.name].filter(Boolean).join(' · ') }))}
          value={groupId === null ? null : String(groupId)}
          onChange={(value) => {
            setGroupId(value === null ? null : Number(value))
            setNextMeritId(null)
          }}
          searchable
          allowDeselect={false}
          comboboxProps={LONG_LIST_COMBOBOX}
          w={360}
          data-testid="candidates-group"
        />
        <NumberInput label={t('candidates.seasons')} min={1} max={100} clampBehavior="strict" allowDecimal={false} allowNegative={false} value={seasons} onChange={(value) => setSeasons(Math.max(1, Number(value) || 1))} w={170} />
        <Select
          label={t('candidates.next')}
          placeholder={t('candidates.allNext')}
          data={(group?.merits ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
          value={nextMeritId === null ? null : String(nextMeritId)}
          onChange={(value) => setNextMeritId(value === null ? null : Number(value))}
          clearable
          w={240}
          data-testid="candidates-next"
        />
        {next && list && (
          <Button disabled={list.ids === null || list.total === 0} onClick={() => setGranting(true)} data-testid="candidates-grant">
            {t('candidates.grant', { merit: next.name, count: list.total })}
          </Button>
        )}
      </Group>
      <Group justify="space-between">
        <ColumnChoice all={CANDIDATE_COLUMNS} value={shown} onChange={setShown} label={(column) => t(`candidates.column.${column}`)} table={t('candidates.heading')} testId="candidate-columns" />
        <TableActions size="xs" label={t('candidates.heading')} testId="candidates" disabled={!list || list.total === 0} onExport={exportAs} printed={groupId === null ? undefined : { list: 'merit-candidates', groupId, seasons, nextMeritId: nextMeritId ?? undefined, rows: list?.rows.length ?? 0, columns: [...shown] }} />
      </Group>
      <NoticeAlert notice={notice} onClose={clear} testId="candidates-message" />
      {groups?.length === 0 && (
        <Text c="dimmed" data-testid="candidates-no-groups">
          {t('candidates.noGroups')}
        </Text>
      )}
      {group?.organizationName && (
        <Text size="xs" c="dimmed" data-testid="candidates-seasons-of">
          {t('candidates.seasonsOf', { organization: group.organizationName })}
        </Text>
      )}
      {list && (
        <Text size="sm" data-testid="candidates-count">
          {t('candidates.count', { count: list.total })}
          {list.total > list.rows.length && ` · ${t('candidates.shownFirst', { count: list.rows.length })}`}
          {!next && ` · ${t('candidates.chooseNext')}`}
          {next && list.ids === null && ` · ${t('candidates.tooMany')}`}
        </Text>
      )}
      {list && list.total === 0 && <Text c="dimmed">{t('candidates.empty')}</Text>}
      {list && list.rows.length > 0 && (
        <ChosenColumnsTable
          rows={list.rows}
          columns={shown}
          label={(column) => t(`candidates.column.${column}`)}
          cell={cell}
          rowKey={(candidate) => `${candidate.id} ${candidate.nextMeritId}`}
          testId="candidates-table"
          rowTestId="candidate-row"
        />
      )}
      <GrantMerit
        grantees={list?.ids ?? NO_GRANTEES}
        meritId={nextMeritId ?? undefined}
        editing={null}
        opened={granting}
        onClose={() => setGranting(false)}
        onQueued={(_item, description) => {
          setGranting(false)
          show('green', t('grant.queued', { summary: description }))
        }}
      />
    </Stack>
  )
}

/** A stable empty list, so the grant dialog does not reset on every render. */
const NO_GRANTEES: number[] = []
