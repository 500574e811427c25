import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MemberLicence, OrganizationNode } from '../../../shared/ipc/contract'
import type { OutboxItem } from '../../../shared/outbox'
import { call, errorText } from '../api'
import { LONG_LIST_COMBOBOX } from '../components/longList'
import { useLoad } from '../components/useLoad'

interface TransferLicenceProps {
  /** The user licence to move; null closes the dialog. */
  licence: MemberLicence | null
  onClose(): void
  /** Called with the queued outbox item. */
  onQueued(item: OutboxItem): void
}

/**
 * Moves a user licence to another club (spec v2 §4.6 club transfer) through the outbox: the
 * choice is the active clubs of the licence's federation but its own; the outbox checks the
 * transfer again as it is queued, and a refusal is shown in the app's language.
 */
export function TransferLicence({ licence, onClose, onQueued }: TransferLicenceProps) {
  const { t } = useTranslation()
  const [clubs, setClubs] = useState<OrganizationNode[]>([])
  const [target, setTarget] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (licence === null) return
    // Another licence's clubs (maybe of another federation) must not stay offered if this read fails.
    setClubs([])
    setTarget(null)
    setError(null)
  }, [licence])
  useLoad(
    () =>
      licence === null
        ? null
        : call('getOrganizations').then((all) => all.filter((o) => o.type === 'CLUB' && o.status === 'ACTIVE' && o.federationId === licence.federationId && o.id !== licence.clubId)),
    [licence],
    setClubs,
    (failure) => setError(errorText(failure))
  )

  const queue = async () => {
    setBusy(true)
    setError(null)
    try {
      onQueued(await call('queueChange', { kind: 'club-transfer', input: { userLicenceId: licence!.id, targetClubId: Number(target) } }))
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={licence !== null} onClose={onClose} title={t('transfer.heading', { licence: licence?.name ?? '' })}>
      <Stack data-testid="transfer-licence">
        <Text size="sm">{t('transfer.from', { club: licence?.clubName ?? '—' })}</Text>
        <Select
          label={t('transfer.to')}
          data={clubs.map((club) => ({ value: String(club.id), label: club.name }))}
          value={target}
          onChange={setTarget}
          searchable
          nothingFoundMessage={t('transfer.noClubs')}
          comboboxProps={LONG_LIST_COMBOBOX}
          data-autofocus
          data-testid="transfer-club"
        />
        {error && (
          <Alert color="red" data-testid="transfer-refused">
            {error}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('outbox.offlineHint')}
        </Text>
        <Group justify="flex-end">
          <Button loading={busy} disabled={target === null} onClick={() => void queue()} data-testid="transfer-queue">
            {t('transfer.queue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
