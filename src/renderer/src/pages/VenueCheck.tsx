import { Alert, Badge, Button, Card, Checkbox, Group, Progress, SegmentedControl, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { localDate } from '../../../shared/localDate'
import { describeCandidate, mayCompete, membersFound, START_LIST_ROWS_SHOWN, startListSummary, type StartListResult, type StartListRow, type VenueCheck as Checked, type VenueCheckResult, type VenueNonMember } from '../../../shared/venueCheck'
import { call, errorText, onEvent } from '../api'
import { DateField } from '../components/DateField'
import { TableActions } from '../components/TableActions'
import { formatDate, formatDateTime } from '../i18n'
import { VERDICT_COLOR } from '../verdictColors'
import { GrantMerit } from './GrantMerit'
import { RegisterToEvent } from './RegisterToEvent'


/** "Data as of" the last sync (issue 7); the app-wide banner warns when that is more than a day ago. */
function DataAsOf({ instant }: { instant: string | null }) {
  const { t, i18n } = useTranslation()
  return (
    <Text size="sm" c="dimmed" data-testid="venue-data-as-of">
      {instant === null ? t('venue.neverSynced') : t('venue.dataAsOf', { date: formatDateTime(instant, i18n.language) })}
    </Text>
  )
}

/** One member's verdict in large type: may they compete, which licence, club, until when, which insurance. */
function Verdict({ member }: { member: Checked }) {
  const { t, i18n } = useTranslation()
  const { check } = member
  const details = [
    member.licenceName && `${member.licenceName}${member.licenceType ? ` (${t(`venue.licenceType.${member.licenceType}`, { defaultValue: member.licenceType })})` : ''}`,
    member.clubName,
    check.validUntil && t('venue.validUntil', { date: formatDate(check.validUntil, i18n.language) }),
    check.insuranceRequirement &&
      [t(`venue.requirement.${check.insuranceRequirement}`, { defaultValue: check.insuranceRequirement }), member.insuranceName ?? (check.externalInsurance ? t('venue.externalInsurance') : undefined)]
        .filter(Boolean)
        .join(': ')
  ].filter(Boolean)
  return (
    <Card withBorder padding="lg" data-testid="venue-result" data-verdict={check.verdict} style={{ borderLeft: `8px solid var(--mantine-color-${VERDICT_COLOR[check.verdict]}-6)` }}>
      <Text fz={36} fw={800} c={`${VERDICT_COLOR[check.verdict]}.8`} lh={1.1}>
        {t(`venue.verdict.${check.verdict}`)}
      </Text>
      <Text fz={28} fw={600} mt="xs">
        {[member.firstName, member.lastName].filter(Boolean).join(' ') || `#${member.id}`}
      </Text>
      <Text fz="lg" c="dimmed">
        {[`${t('members.sportId')} ${member.sportId}`, member.birthDate && formatDate(member.birthDate, i18n.language)].filter(Boolean).join(' · ')}
      </Text>
      {details.length > 0 && <Text fz="lg">{details.join(' · ')}</Text>}
    </Card>
  )
}

/**
 * Someone an event's registered users name with the Sport-ID, who is no member of the organizations
 * read: no licence of theirs is stored, so the card says it cannot be checked, never "no licence".
 */
function NonMember({ person }: { person: VenueNonMember }) {
  const { t } = useTranslation()
  return (
    <Card withBorder padding="lg" data-testid="venue-non-member" style={{ borderLeft: '8px solid var(--mantine-color-gray-6)' }}>
      <Text fz={36} fw={800} c="gray.8" lh={1.1}>
        {t('venue.notChecked')}
      </Text>
      <Text fz={28} fw={600} mt="xs">
        {[person.firstName, person.lastName].filter(Boolean).join(' ') || `#${person.id}`}
      </Text>
      <Text fz="lg" c="dimmed">{`${t('members.sportId')} ${person.sportId}`}</Text>
      {person.events.length > 0 && <Text fz="lg">{t('venue.registeredTo', { events: person.events.join(', ') })}</Text>}
      <Text fz="lg">{t('venue.notMember')}</Text>
    </Card>
  )
}

/**
 * The venue check (issue 7): for competition days, with no network. One member: type or scan a
 * Sport-ID or a name and see at once, in large type, whether the member holds a licence valid on
 * the day (insurance requirement, birth-date range, upgrades and N-day licences judged by
 * DESIGN §3b). Start list: paste a whole list, or import a CSV or XLSX file, and every line is
 * marked; the members it found (a line each that names one) can be granted a merit or registered
 * to an event in one go, as ticked members of the member list can: a competition's result list
 * pasted becomes a batch grant.
 */
export function VenueCheck() {
  const { t, i18n } = useTranslation()
  const [mode, setMode] = useState<'single' | 'list'>('single')
  const [date, setDate] = useState(localDate())
  const [text, setText] = useState('')
  const [result, setResult] = useState<VenueCheckResult | null>(null)
  const [list, setList] = useState('')
  const [listResult, setListResult] = useState<StartListResult | null>(null)
  /** The file the shown list came from, when imported. */
  const [imported, setImported] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** Whether the start list shows only the lines of those who may not compete (or cannot be checked). */
  const [problemsOnly, setProblemsOnly] = useState(false)
  /** While a start list is checked: how far (`total` 0 until the backend tells, which it does for lists of more than one step). */
  const [checking, setChecking] = useState<{ checked: number; total: number } | null>(null)
  /** What the last export saved or the last grant or registration queued, in words. */
  const [done, setDone] = useState<string | null>(null)
  const [granting, setGranting] = useState(false)
  const [registering, setRegistering] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  /** Answers arrive in order of asking; only the latest question's answer is shown. */
  const asked = useRef(0)

  useEffect(() => {
    if (mode !== 'single') return
    const question = ++asked.current
    call('checkAtVenue', { text, date: date || undefined })
      .then((answer) => {
        if (question !== asked.current) return
        setResult(answer)
        // A failed check said so; this one answered, so that is over.
        setError(null)
      })
      .catch((failure: unknown) => {
        if (question === asked.current) setError(errorText(failure))
      })
  }, [text, date, mode])

  useEffect(
    () =>
      onEvent((event) => {
        if (event.type === 'start-list-progress') setChecking((shown) => shown && { checked: event.checked, total: event.total })
      }),
    []
  )

  const checkList = () => {
    setError(null)
    setChecking({ checked: 0, total: 0 })
    call('checkStartList', { lines: list.split(/\r?\n/), date: date || undefined })
      .then((answer) => {
        setListResult(answer)
        setImported(null)
      })
      .catch((failure: unknown) => setError(errorText(failure)))
      .finally(() => setChecking(null))
  }
  const importList = () => {
    setError(null)
    setChecking({ checked: 0, total: 0 })
    call('importStartList', { date: date || undefined })
      .then((answer) => {
        if (answer.result === null) return
        setListResult(answer.result)
        setImported(answer.file)
      })
      .catch((failure: unknown) => setError(errorText(failure)))
      .finally(() => setChecking(null))
  }
  const { ok, notChecked } = startListSummary(listResult?.rows ?? [])
  const found = useMemo(() => membersFound(listResult?.rows ?? []), [listResult])
  // What the filter lists (and exports); the table shows the first START_LIST_ROWS_SHOWN of it: 10,000 rows held the window ~3 s.
  const listed = (listResult?.rows ?? []).filter((row) => !problemsOnly || !mayCompete(row))
  const shownRows = listed.slice(0, START_LIST_ROWS_SHOWN)
  /** A start list row's cells as the table shows them. */
  const cells = (row: StartListRow) => {
    const person = row.member ?? row.nonMember
    return {
      line: row.text,
      member: person ? `${[person.firstName, person.lastName].filter(Boolean).join(' ')} (${person.sportId})` : (row.candidates ?? []).map(describeCandidate).join('; '),
      result: row.member ? t(`venue.verdict.${row.member.check.verdict}`) : row.nonMember ? t('venue.notChecked') : row.matches === 0 ? t('venue.notFound') : t('venue.several')
    }
  }
  const exportList = (format: 'csv' | 'xlsx') => {
    setError(null)
    setDone(null)
    const columns = (['line', 'member', 'result'] as const).map((key) => ({ key, label: t(`venue.${key}`) }))
    return call('exportTable', { table: 'start-list', format, columns, rows: listed.map(cells) })
      .then((answer) => answer.saved !== null && setDone(t('table.saved', { count: answer.rows, file: answer.saved })))
      .catch((failure: unknown) => setError(errorText(failure)))
  }

  return (
    <Stack p="md" gap="md" maw={1000}>
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">{t('venue.heading')}</Title>
        <Group align="end">
          <SegmentedControl
            aria-label={t('venue.heading')}
            value={mode}
            onChange={(value) => setMode(value as 'single' | 'list')}
            data={[
              { value: 'single', label: t('venue.single') },
              { value: 'list', label: t('venue.list') }
            ]}
            data-testid="venue-mode"
          />
          <DateField label={t('venue.date')} value={date} onChange={setDate} testId="venue-date" />
        </Group>
      </Group>
      <Text className="print-only">{t('venue.checkedOn', { date: formatDate(date, i18n.language) })}</Text>
      {error && <Alert color="red">{error}</Alert>}
      {done && (
        <Alert color="green" withCloseButton onClose={() => setDone(null)} data-testid="venue-message">
          {done}
        </Alert>
      )}
      {mode === 'single' ? (
        <>
          <TextInput
            ref={inputRef}
            size="xl"
            autoFocus
            placeholder={t('venue.input')}
            aria-label={t('venue.input')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            // A scanner ends each code with Enter: select it, so the next scan replaces it.
            onKeyDown={(event) => {
              if (event.key === 'Enter') inputRef.current?.select()
            }}
            data-testid="venue-input"
          />
          {result && (
            <>
              {text.trim() !== '' && result.members.length === 0 && result.nonMember === undefined && (
                <Text fz="xl" fw={600} data-testid="venue-not-found">
                  {t('venue.notFound')}
                </Text>
              )}
              {result.nonMember && <NonMember person={result.nonMember} />}
              {result.members.map((member) => (
                <Verdict key={member.id} member={member} />
              ))}
              {result.moreMatch && (
                <Text c="dimmed" data-testid="venue-more-match">
                  {t('venue.moreMatch')}
                </Text>
              )}
              <DataAsOf instant={result.dataAsOf} />
            </>
          )}
        </>
      ) : (
        <>
          <Textarea
            autosize
            minRows={8}
            maxRows={16}
            label={t('venue.listInput')}
            value={list}
            onChange={(event) => setList(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && list.trim() !== '' && checking === null) {
                event.preventDefault()
                checkList()
              }
            }}
            data-testid="venue-list-input"
          />
          <Group>
            <Button onClick={checkList} disabled={list.trim() === '' || checking !== null} loading={checking !== null} data-testid="venue-list-check">
              {t('venue.check')}
            </Button>
            <Button variant="light" onClick={importList} disabled={checking !== null} data-testid="venue-list-import">
              {t('venue.import')}
            </Button>
            {imported && (
              <Text size="sm" c="dimmed">
                {t('venue.imported', { file: imported })}
              </Text>
            )}
            {listResult && (
              <Text fw={600} data-testid="venue-list-summary">
                {[t('venue.summary', { ok, count: listResult.rows.length }), notChecked > 0 && t('venue.summaryNotChecked', { count: notChecked })].filter(Boolean).join(' · ')}
              </Text>
            )}
          </Group>
          {checking !== null && checking.total > 0 && (
            <Stack gap={4} data-testid="venue-list-progress">
              <Progress value={(100 * checking.checked) / checking.total} aria-label={t('venue.list')} />
              <Text size="sm" c="dimmed">
                {t('venue.checking', { checked: checking.checked, total: checking.total })}
              </Text>
            </Stack>
          )}
          {listResult && (
            <Group justify="space-between">
              <Checkbox label={t('venue.problemsOnly')} checked={problemsOnly} onChange={(event) => setProblemsOnly(event.currentTarget.checked)} data-testid="venue-list-problems" />
              {listed.length > shownRows.length && (
                <Text size="sm" c="dimmed" data-testid="venue-list-shown">
                  {t('venue.shownFirst', { count: shownRows.length, total: listed.length })}
                </Text>
              )}
            </Group>
          )}
          {listResult && (
            <Group justify="space-between">
              <TableActions label={t('venue.list')} testId="venue-list" disabled={listed.length === 0} onExport={exportList} printed={{ list: 'start-list', rows: shownRows.length, columns: ['line', 'member', 'result'] }} />
              <Group gap="xs" className="no-print">
                <Button size="compact-sm" variant="light" disabled={found.length === 0} onClick={() => setGranting(true)} data-testid="venue-list-grant">
                  {t('venue.grantFound', { count: found.length })}
                </Button>
                <Button size="compact-sm" variant="light" disabled={found.length === 0} onClick={() => setRegistering(true)} data-testid="venue-list-register">
                  {t('venue.registerFound', { count: found.length })}
                </Button>
              </Group>
            </Group>
          )}
          <GrantMerit
            grantees={found}
            editing={null}
            opened={granting}
            onClose={() => setGranting(false)}
            onQueued={(_item, description) => {
              setGranting(false)
              setDone(t('grant.queued', { summary: description }))
            }}
          />
          <RegisterToEvent
            members={found}
            opened={registering}
            onClose={() => setRegistering(false)}
            onQueued={(queued, refused) => {
              if (refused === 0) setRegistering(false)
              if (queued > 0) setDone(t('events.registered', { count: queued }))
            }}
          />
          {listResult && (
            <>
              <Table striped data-testid="venue-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('venue.line')}</Table.Th>
                    <Table.Th>{t('venue.member')}</Table.Th>
                    <Table.Th>{t('venue.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shownRows.map((row, index) => {
                    const shown = cells(row)
                    return (
                      <Table.Tr key={index} data-testid="venue-list-row" data-verdict={row.member?.check.verdict ?? (row.nonMember ? 'not-member' : row.matches === 0 ? 'not-found' : 'several')}>
                        <Table.Td>{shown.line}</Table.Td>
                        <Table.Td>{shown.member}</Table.Td>
                        <Table.Td>
                          <Badge color={row.member ? VERDICT_COLOR[row.member.check.verdict] : 'gray'}>{shown.result}</Badge>
                        </Table.Td>
                      </Table.Tr>
                    )
                  })}
                </Table.Tbody>
              </Table>
              <DataAsOf instant={listResult.dataAsOf} />
            </>
          )}
        </>
      )}
    </Stack>
  )
}
