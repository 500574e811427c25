import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MemberDetail as Detail, MemberLicence } from '../../../shared/ipc/contract'
import { call } from '../api'
import { NoticeAlert, useNotice } from '../components/Notice'
import { useLoad } from '../components/useLoad'
import { useAppStore } from '../stores/app'
import { formatDate, formatDateTime } from '../i18n'
import { TransferLicence } from './TransferLicence'
import { VERDICT_COLOR } from '../verdictColors'

const STATE_COLOR: Record<string, string> = { valid: 'green', expiring: 'yellow', expired: 'gray', upcoming: 'blue', upgraded: 'grape', missing: 'red' }
const PAYMENT_COLOR: Record<string, string> = { FREE: 'gray', PAID: 'green', WAITING_PAYMENT_CONFIRMATION: 'yellow' }

/** Licence states a club transfer is offered for: held now or later, not ended or replaced. */
const TRANSFERABLE = new Set<MemberLicence['state']>(['valid', 'expiring', 'upcoming'])

/** Profile fields shown first, in this order; the rest follow as the API returned them. */
const FIRST_FIELDS = ['firstName', 'lastName', 'nickname', 'birthDate', 'sportId', 'email', 'phone', 'city']
const DATE_FIELDS = new Set(['birthDate', 'deceasedDate'])
const GENDERS = new Set(['Male', 'Female', 'Both'])

/**
 * Member detail (issues 3, 4, 5): changes waiting in the outbox, profile fields the permission
 * level gave, licences with upgrades, insurances, guardians, merits and event registrations. A
 * person without a profile (an event's participant or a merit's grantee outside the organizations
 * the credentials read) is shown from the list's copy, which the drawer says.
 */
export function MemberDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const [detail, setDetail] = useState<Detail | null>(null)
  const [identityNumber, setIdentityNumber] = useState<string | null>(null)
  const [exported, setExported] = useState<string | null>(null)
  const [transferring, setTransferring] = useState<MemberLicence | null>(null)
  const [transferred, setTransferred] = useState<number | null>(null)
  const { notice, clear, loadFailed, loaded } = useNotice()
  // Read again in place after a sync (the app's own every quarter hour too) or an outbox change, so
  // a push's outcome or the registry's changes show without reopening; opening another member
  // starts afresh.
  const dataVersion = useAppStore((s) => s.dataVersion)
  const outboxVersion = useAppStore((s) => s.outboxVersion)
  useEffect(() => {
    setDetail(null)
    setIdentityNumber(null)
    setExported(null)
    setTransferred(null)
    clear()
  }, [id, clear])
  useLoad(
    () => (id === null ? null : call('getMemberDetail', { id })),
    [id, dataVersion, outboxVersion],
    (next) => {
      setDetail(next)
      loaded()
    },
    loadFailed
  )
  /** A profile field's label in the user's language; a field the app does not know keeps the API's name. */
  const label = (field: string) => t(`profile.${field}`, { defaultValue: field })
  const value = (field: string, raw: string | number | boolean) => {
    if (typeof raw === 'boolean') return t(raw ? 'profile.yes' : 'profile.no')
    if (DATE_FIELDS.has(field)) return formatDate(String(raw), i18n.language)
    if (field === 'deletionTime') return formatDateTime(String(raw), i18n.language)
    if (field === 'gender' && GENDERS.has(String(raw))) return t(`profile.${String(raw)}`)
    return String(raw)
  }
  const period = (start?: string, end?: string) => t('detail.period', { start: formatDate(start, i18n.language), end: formatDate(end, i18n.language) })
  const fields = detail
    ? [...FIRST_FIELDS.filter((f) => f in detail.profile), ...Object.keys(detail.profile).filter((f) => !FIRST_FIELDS.includes(f) && f !== 'id' && f !== 'modificationTime')]
    : []
  return (
    // Escape in the transfer dialog closes only the dialog: the drawer listens on the window too.
    <Drawer opened={id !== null} onClose={onClose} closeOnEscape={transferring === null} position="right" size="xl" title={detail ? `${detail.profile.firstName ?? ''} ${detail.profile.lastName ?? ''}` : ''}>
      <NoticeAlert notice={notice} onClose={clear} testId="member-detail-message" />
      {detail === null ? (
        notice === null && <Loader />
      ) : (
        <Stack data-testid="member-detail">
          {/* Whether the member may compete today comes first, above the profile's rows. */}
          <Group>
            <Badge size="lg" color={VERDICT_COLOR[detail.licenceCheck.verdict]} data-testid="member-verdict" data-verdict={detail.licenceCheck.verdict}>
              {t(`venue.verdict.${detail.licenceCheck.verdict}`)}
              {/* The date is the licence's: beside "insurance missing" or "expired", "valid until" would read as the member's. */}
              {detail.licenceCheck.validUntil && ` · ${t('detail.licenceUntil', { date: formatDate(detail.licenceCheck.validUntil, i18n.language) })}`}
            </Badge>
            {detail.club !== undefined && (
              <Text fw={500} data-testid="member-club">
                {detail.club}
              </Text>
            )}
          </Group>
          {detail.source !== 'profile' && (
            <Alert color="blue" data-testid="member-not-member" data-source={detail.source}>
              {t(`detail.notMember.${detail.source}`)}
            </Alert>
          )}
          {detail.pending.length > 0 && (
            <Alert color="orange" title={t('detail.pending')} data-testid="member-pending">
              <Text size="sm">{t('detail.pendingHint')}</Text>
              {detail.pending.map((change) => (
                <Group key={`${change.itemId} ${change.target}`} gap="xs">
                  {/* Filled: a light badge on the light orange alert is 4.4:1. */}
                  <Badge color="orange">
                    {t(`outbox.state.${change.state}`)}
                  </Badge>
                  <Text size="sm">
                    {t(`outbox.kind.${change.kind}`)} · {change.target}
                  </Text>
                </Group>
              ))}
            </Alert>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => void call('exportMember', { id: detail.id }).then((r) => setExported(r.saved))}
              data-testid="member-export"
            >
              {t('detail.exportJson')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void call('recordPrint', { list: 'member', personId: detail.id, rows: 1, columns: [] }).then(() => window.print())} data-testid="member-print">
              {t('detail.print')}
            </Button>
          </Group>
          {exported && (
            <Text size="sm" c="dimmed" data-testid="member-exported">
              {t('detail.exported', { file: exported })}
            </Text>
          )}
          <Title order={3} size="h4">{t('detail.profile')}</Title>
          <Table>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field}>
                  <Table.Th w="40%">{label(field)}</Table.Th>
                  <Table.Td>{value(field, detail.profile[field])}</Table.Td>
                </Table.Tr>
              ))}
              {detail.identityNumberHidden && (
                <Table.Tr>
                  <Table.Th w="40%">{label('socialSecurityNumber')}</Table.Th>
                  <Table.Td>
                    {identityNumber !== null ? (
                      <Text span data-testid="identity-number">
                        {identityNumber}
                      </Text>
                    ) : (
                      <Group gap="xs">
                        <Text span c="dimmed" aria-hidden>
                          ••••••-••••
                        </Text>
                        <Button
                          size="compact-xs"
                          variant="light"
                          aria-describedby="reveal-hint"
                          onClick={() => void call('revealIdentityNumber', { id: detail.id }).then((r) => setIdentityNumber(r.socialSecurityNumber))}
                          data-testid="reveal-identity-number"
                        >
                          {t('detail.reveal')}
                        </Button>
                        <Text span size="xs" c="dimmed" id="reveal-hint">
                          {t('detail.revealHint')}
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Title order={3} size="h4">{t('detail.licences')}</Title>
          {detail.licences.length === 0 && <Text c="dimmed">{t('detail.none')}</Text>}
          {detail.licences.map((licence) => (
            <Group key={licence.id} justify="space-between" data-testid="member-licence">
              <Stack gap={0}>
                <Text fw={600}>{licence.name}</Text>
                <Text size="sm" c="dimmed">
                  {[licence.licencePeriodName, licence.clubName, period(licence.usagePeriodStart, licence.usagePeriodEnd)].filter(Boolean).join(' · ')}
                  {licence.validUntil !== undefined && ` · ${t('venue.validUntil', { date: formatDate(licence.validUntil, i18n.language) })}`}
                  {licence.upgradeFrom !== undefined && ` · ${t('detail.upgradeOf', { id: licence.upgradeFrom })}`}
                  {licence.upgradedBy !== undefined && ` · ${t('detail.upgradedTo', { id: licence.upgradedBy })}`}
                </Text>
              </Stack>
              <Group gap="xs">
                {TRANSFERABLE.has(licence.state) && licence.federationId !== undefined && (
                  <Button size="compact-xs" variant="subtle" onClick={() => setTransferring(licence)} data-testid="licence-transfer">
                    {t('detail.transfer')}
                  </Button>
                )}
                <Badge color={STATE_COLOR[licence.state]}>{t(`status.${licence.state}`)}</Badge>
              </Group>
            </Group>
          ))}
          {transferred !== null && (
            <Alert color="green" withCloseButton onClose={() => setTransferred(null)} data-testid="transfer-queued">
              {t('transfer.queued', { id: transferred })}
            </Alert>
          )}
          <TransferLicence
            licence={transferring}
            onClose={() => setTransferring(null)}
            onQueued={(item) => {
              setTransferring(null)
              setTransferred(item.id)
            }}
          />
          <Title order={3} size="h4">{t('detail.insurances')}</Title>
          {detail.insurances.length === 0 && <Text c="dimmed">{t('detail.none')}</Text>}
          {detail.insurances.map((insurance) => (
            <Group key={insurance.id} justify="space-between">
              <Stack gap={0}>
                <Text fw={600}>{insurance.name}</Text>
                <Text size="sm" c="dimmed">
                  {[insurance.licencePeriodName, period(insurance.usagePeriodStart, insurance.usagePeriodEnd)].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              <Badge color={STATE_COLOR[insurance.state]}>{t(`status.${insurance.state}`)}</Badge>
            </Group>
          ))}
          <Title order={3} size="h4">{t('detail.merits')}</Title>
          {detail.merits.length === 0 && <Text c="dimmed">{t('detail.none')}</Text>}
          {detail.merits.map((merit) => (
            <Stack key={merit.meritId} gap={0} data-testid="member-merit">
              <Text fw={600}>{[merit.meritGroupName, merit.meritName].filter(Boolean).join(' · ')}</Text>
              <Text size="sm" c="dimmed">
                {[
                  merit.grantingDate && t('detail.grantedOn', { date: formatDate(merit.grantingDate, i18n.language) }),
                  merit.validUntilDate && t('detail.validUntil', { date: formatDate(merit.validUntilDate, i18n.language) }),
                  merit.meritGranter && t('detail.grantedBy', { name: merit.meritGranter })
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
          ))}
          <Title order={3} size="h4">{t('detail.registrations')}</Title>
          {detail.registrations.length === 0 && <Text c="dimmed">{t('detail.none')}</Text>}
          {detail.registrations.map((registration) => (
            <Group key={registration.eventRegistrationId} justify="space-between" data-testid="member-registration">
              <Stack gap={0}>
                <Text fw={600}>{registration.eventName ?? registration.eventUuid}</Text>
                <Text size="sm" c="dimmed">
                  {[
                    formatDate(registration.startDateTime, i18n.language),
                    registration.registrationDate && t('detail.registeredOn', { date: formatDate(registration.registrationDate, i18n.language) }),
                    registration.paidAmountInCents ? t('detail.price', { amount: registration.paidAmountInCents / 100 }) : ''
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              {registration.paymentStatus && <Badge color={PAYMENT_COLOR[registration.paymentStatus] ?? 'gray'}>{t(`payment.${registration.paymentStatus}`, { defaultValue: registration.paymentStatus })}</Badge>}
            </Group>
          ))}
          {detail.guardians.length > 0 && (
            <>
              <Title order={3} size="h4">{t('detail.guardians')}</Title>
              {detail.guardians.map((guardian, index) => (
                <Text key={index} data-testid="guardian">
                  {[guardian.firstName, guardian.lastName].filter(Boolean).join(' ')} · {[guardian.email, guardian.phone].filter(Boolean).join(' · ')}
                </Text>
              ))}
            </>
          )}
        </Stack>
      )}
    </Drawer>
  )
}
