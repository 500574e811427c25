import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MeritChoice, MeritGrantInput } from '../../../shared/ipc/contract'
import { localDate } from '../../../shared/localDate'
import type { OutboxItem } from '../../../shared/outbox'
import type { OutboxPayloads } from '../../../shared/outboxPayloads'
import { call, errorText } from '../api'
import { DateField } from '../components/DateField'
import { LONG_LIST_COMBOBOX } from '../components/longList'
import { useLoad } from '../components/useLoad'
import { formatDate } from '../i18n'
import { rememberedGranter, rememberGranter } from '../meritGranter'

/** The form's fields as the stored payload of a merit-grant item gives them (spec v2 §4.3 body). */
function fromPayload(item: OutboxItem): MeritGrantInput {
  const payload = item.payload as OutboxPayloads['merit-grant']
  return {
    meritId: payload.meritId,
    meritGrantees: payload.grant.meritGrantees,
    grantingDate: payload.grant.grantingDate,
    meritGranter: payload.grant.meritGranter ?? '',
    meritAdditionalInfo: payload.grant.meritAdditionalInfo,
    notifyGrantees: payload.grant.notifyGrantees ?? true
  }
}

interface GrantMeritProps {
  /** Members to grant to (user ids); ignored when editing, which keeps the item's grantees. */
  grantees: number[]
  /** The merit to start with (a candidate list's next merit); the person may change it. */
  meritId?: number
  /** A queued or rejected merit-grant item to edit, or null for a new grant. */
  editing: OutboxItem | null
  opened: boolean
  onClose(): void
  /** Called with the queued item and the review's sentence saying what it does, in the user's language. */
  onQueued(item: OutboxItem, description: string): void
}

/**
 * The batch merit grant (issue 5): merit, granting date, granter, additional information and
 * notification, then a review — which warns of grantees with no licence or insurance valid today,
 * whom the registry may refuse (spec v2 §4.3), and can leave them out —, then queued in the outbox
 * (which checks it against the spec's limits and the local data; its refusal is shown as it is and
 * nothing is queued). Also edits a queued or rejected grant.
 */
export function GrantMerit({ grantees, meritId, editing, opened, onClose, onQueued }: GrantMeritProps) {
  const { t, i18n } = useTranslation()
  const [merits, setMerits] = useState<MeritChoice[]>([])
  const [form, setForm] = useState<MeritGrantInput>(() => ({ meritId: 0, meritGrantees: [], grantingDate: localDate(), meritGranter: '', notifyGrantees: true }))
  const [step, setStep] = useState<'form' | 'review'>('form')
  // The button that changed the step is gone with it: focus moves to the other step's button, not to the page.
  const reviewFocus = useRef<HTMLButtonElement>(null)
  const formFocus = useRef<HTMLButtonElement>(null)
  const movedTo = useRef<'form' | 'review' | null>(null)
  useEffect(() => {
    if (movedTo.current !== step) return
    movedTo.current = null
    ;(step === 'review' ? reviewFocus : formFocus).current?.focus()
  }, [step])
  const moveTo = (next: 'form' | 'review') => {
    movedTo.current = next
    setStep(next)
  }
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  /** Grantees the merit's organization may not read today (`granteesNotReadable`), found when the review opens; null while it looks. */
  const [lapsed, setLapsed] = useState<number[] | null>(null)

  useEffect(() => {
    if (!opened) return
    setStep('form')
    setError(null)
    setForm(editing ? fromPayload(editing) : { meritId: meritId ?? 0, meritGrantees: grantees, grantingDate: localDate(), meritGranter: rememberedGranter(), notifyGrantees: true })
  }, [opened, editing, grantees, meritId])
  // Read again each time the form is reset (above, which clears the error first); a failure says why the merits are missing.
  useLoad(() => (opened ? call('getMeritChoices') : null), [opened, editing, grantees, meritId], setMerits, (failure) => setError(errorText(failure)))

  const options = useMemo(
    () => merits.map((m) => ({ value: String(m.id), label: [m.organizationName, m.meritGroupName, m.name].filter(Boolean).join(' · ') })),
    [merits]
  )
  const merit = options.find((o) => o.value === String(form.meritId))
  const complete = merit !== undefined && form.grantingDate !== '' && form.meritGranter.trim() !== ''
  const description = t('grant.summary', { merit: merit?.label ?? '', count: form.meritGrantees.length, date: formatDate(form.grantingDate, i18n.language), granter: form.meritGranter.trim() })

  // Only the latest review's answer counts: one asked before going back and reviewing again is stale.
  const reviews = useRef(0)
  const review = () => {
    const asked = ++reviews.current
    setLapsed(null)
    moveTo('review')
    call('getGranteesNotReadable', { meritId: form.meritId, meritGrantees: form.meritGrantees }).then(
      (found) => {
        if (asked === reviews.current) setLapsed(found)
      },
      (failure: unknown) => {
        if (asked !== reviews.current) return
        setLapsed([])
        setError(errorText(failure))
      }
    )
  }

  const leaveOutLapsed = () => {
    const out = new Set(lapsed)
    setForm((f) => ({ ...f, meritGrantees: f.meritGrantees.filter((id) => !out.has(id)) }))
    setLapsed([])
  }

  const submit = async () => {
    setBusy(true)
    setError(null)
    try {
      const grant = { ...form, meritGranter: form.meritGranter.trim(), meritAdditionalInfo: form.meritAdditionalInfo?.trim() || undefined }
      const item = editing ? await call('editMeritGrant', { itemId: editing.id, grant }) : await call('queueMeritGrant', grant)
      rememberGranter(grant.meritGranter)
      onQueued(item, description)
    } catch (failure) {
      setError(errorText(failure))
      moveTo('form')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t(editing ? 'grant.editHeading' : 'grant.heading')} size="lg">
      <Stack data-testid="grant-merit">
        {error && (
          <Alert color="red" data-testid="grant-error">
            {error}
          </Alert>
        )}
        {step === 'form' ? (
          <>
            <Select
              label={t('grant.merit')}
              data={options}
              value={merit?.value ?? null}
              onChange={(value) => setForm((f) => ({ ...f, meritId: Number(value ?? 0) }))}
              searchable
              required
              comboboxProps={LONG_LIST_COMBOBOX}
              data-testid="grant-merit-select"
            />
            <DateField
              label={t('grant.date')}
              value={form.grantingDate}
              onChange={(grantingDate) => setForm((f) => ({ ...f, grantingDate }))}
              required
              testId="grant-date"
            />
            <TextInput
              label={t('grant.granter')}
              value={form.meritGranter}
              maxLength={255}
              onChange={(event) => {
                const meritGranter = event.currentTarget.value
                setForm((f) => ({ ...f, meritGranter }))
              }}
              required
              data-testid="grant-granter"
            />
            <Textarea
              label={t('grant.info')}
              value={form.meritAdditionalInfo ?? ''}
              maxLength={2048}
              onChange={(event) => {
                const meritAdditionalInfo = event.currentTarget.value
                setForm((f) => ({ ...f, meritAdditionalInfo }))
              }}
            />
            <Checkbox
              label={t('grant.notify')}
              checked={form.notifyGrantees}
              onChange={(event) => {
                const notifyGrantees = event.currentTarget.checked
                setForm((f) => ({ ...f, notifyGrantees }))
              }}
            />
            <Group justify="flex-end">
              <Button disabled={!complete} onClick={review} ref={formFocus} data-testid="grant-review">
                {t('grant.review')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text data-testid="grant-summary">{description}</Text>
            {lapsed !== null && lapsed.length > 0 && (
              <Alert color="yellow" data-testid="grant-lapsed">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('grant.lapsed', { count: lapsed.length })}</Text>
                  {lapsed.length < form.meritGrantees.length && (
                    <Button size="xs" variant="light" onClick={leaveOutLapsed} data-testid="grant-leave-out">
                      {t('grant.leaveOut', { count: lapsed.length })}
                    </Button>
                  )}
                </Stack>
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {t('grant.offlineHint')}
            </Text>
            <Group justify="space-between">
              <Button variant="default" onClick={() => moveTo('form')} ref={reviewFocus} data-testid="grant-back">
                {t('grant.back')}
              </Button>
              <Button loading={busy || lapsed === null} onClick={() => void submit()} data-testid="grant-queue">
                {t(editing ? 'grant.save' : 'grant.queue')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  )
}
