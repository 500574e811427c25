import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LicenceVerdict } from '../../../shared/licenceValidity'
import { localDate } from '../../../shared/localDate'
import type { StartListResult, VenueCheck as Checked, VenueCheckResult } from '../../../shared/venueCheck'
import { call, KansliaError } from '../api'
import { formatDate, formatDateTime } from '../i18n'

/** Verdicts under which the member may compete (DESIGN §3b). */
const MAY_COMPETE: ReadonlySet<LicenceVerdict> = new Set(['valid', 'expiring'])
const VERDICT_COLOR: Record<LicenceVerdict, string> = {
  valid: 'green',
  expiring: 'yellow',
  expired: 'red',
  missing: 'red',
  'insurance-missing': 'red',
  'outside-birth-range': 'red'
}
const DAY_MS = 86_400_000

/** "Data as of" the last sync, with a warning when that is more than a day ago (issue 7). */
function DataAsOf({ instant }: { instant: string | null }) {
  const { t, i18n } = useTranslation()
  const stale = instant === null || Date.now() - Date.parse(instant) > DAY_MS
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" data-testid="venue-data-as-of">
        {instant === null ? t('venue.neverSynced') : t('venue.dataAsOf', { date: formatDateTime(instant, i18n.language) })}
      </Text>
      {stale && (
        <Alert color="orange" data-testid="venue-stale">
          {t('venue.stale')}
        </Alert>
      )}
    </Stack>
  )
}

/** One member's verdict in large type: may they compete, which licence, club, until when, which insurance. */
function Verdict({ member }: { member: Checked }) {
  const { t, i18n } = useTranslation()
  const { check } = member
  const details = [
    member.licenceName && `${member.licenceName}${member.licenceType ? ` (${member.licenceType})` : ''}`,
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
        {[`Sport-ID ${member.sportId}`, member.birthDate && formatDate(member.birthDate, i18n.language)].filter(Boolean).join(' · ')}
      </Text>
      {details.length > 0 && <Text fz="lg">{details.join(' · ')}</Text>}
    </Card>
  )
}

/**
 * The venue check (issue 7): for competition days, with no network. One member: type or scan a
 * Sport-ID or a name and see at once, in large type, whether the member holds a licence valid on
 * the day (insurance requirement, birth-date range, upgrades and N-day licences judged by
 * DESIGN §3b). Start list: paste a whole list, or import a CSV or XLSX file, and every line is marked.
 */
export function VenueCheck() {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'single' | 'list'>('single')
  const [date, setDate] = useState(localDate())
  const [text, setText] = useState('')
  const [result, setResult] = useState<VenueCheckResult | null>(null)
  const [list, setList] = useState('')
  const [listResult, setListResult] = useState<StartListResult | null>(null)
  /** The file the shown list came from, when imported. */
  const [imported, setImported] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  /** Answers arrive in order of asking; only the latest question's answer is shown. */
  const asked = useRef(0)

  useEffect(() => {
    if (mode !== 'single') return
    const question = ++asked.current
    call('checkAtVenue', { text, date: date || undefined })
      .then((answer) => {
        if (question === asked.current) setResult(answer)
      })
      .catch((failure: unknown) => setError(failure instanceof KansliaError ? failure.message : String(failure)))
  }, [text, date, mode])

  const checkList = () => {
    setError(null)
    call('checkStartList', { lines: list.split(/\r?\n/), date: date || undefined })
      .then((answer) => {
        setListResult(answer)
        setImported(null)
      })
      .catch((failure: unknown) => setError(failure instanceof KansliaError ? failure.message : String(failure)))
  }
  const importList = () => {
    setError(null)
    call('importStartList', { date: date || undefined })
      .then((answer) => {
        if (answer.result === null) return
        setListResult(answer.result)
        setImported(answer.file)
      })
      .catch((failure: unknown) => setError(failure instanceof KansliaError ? failure.message : String(failure)))
  }
  const ok = listResult?.rows.filter((row) => row.member !== undefined && MAY_COMPETE.has(row.member.check.verdict)).length ?? 0

  return (
    <Stack p="md" gap="md" maw={1000}>
      <Group justify="space-between" align="end">
        <Title order={2}>{t('venue.heading')}</Title>
        <Group align="end">
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as 'single' | 'list')}
            data={[
              { value: 'single', label: t('venue.single') },
              { value: 'list', label: t('venue.list') }
            ]}
            data-testid="venue-mode"
          />
          <TextInput type="date" label={t('venue.date')} value={date} onChange={(event) => setDate(event.currentTarget.value)} data-testid="venue-date" />
        </Group>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
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
              {text.trim() !== '' && result.members.length === 0 && (
                <Text fz="xl" fw={600} data-testid="venue-not-found">
                  {t('venue.notFound')}
                </Text>
              )}
              {result.members.map((member) => (
                <Verdict key={member.id} member={member} />
              ))}
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
            data-testid="venue-list-input"
          />
          <Group>
            <Button onClick={checkList} disabled={list.trim() === ''} data-testid="venue-list-check">
              {t('venue.check')}
            </Button>
            <Button variant="light" onClick={importList} data-testid="venue-list-import">
              {t('venue.import')}
            </Button>
            {imported && (
              <Text size="sm" c="dimmed">
                {t('venue.imported', { file: imported })}
              </Text>
            )}
            {listResult && (
              <Text fw={600} data-testid="venue-list-summary">
                {t('venue.summary', { ok, count: listResult.rows.length })}
              </Text>
            )}
          </Group>
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
                  {listResult.rows.map((row, index) => (
                    <Table.Tr key={index} data-testid="venue-list-row" data-verdict={row.member?.check.verdict ?? (row.matches === 0 ? 'not-found' : 'several')}>
                      <Table.Td>{row.text}</Table.Td>
                      <Table.Td>{row.member ? `${[row.member.firstName, row.member.lastName].filter(Boolean).join(' ')} (${row.member.sportId})` : ''}</Table.Td>
                      <Table.Td>
                        {row.member ? (
                          <Badge color={VERDICT_COLOR[row.member.check.verdict]}>{t(`venue.verdict.${row.member.check.verdict}`)}</Badge>
                        ) : (
                          <Badge color="gray">{row.matches === 0 ? t('venue.notFound') : t('venue.several')}</Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
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
