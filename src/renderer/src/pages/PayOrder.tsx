import { Alert, Anchor, Button, Checkbox, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PaymentMethods } from '../../../shared/api/v2Activity'
import type { OutboxItem } from '../../../shared/outbox'
import { call, errorText } from '../api'
import { useLoad } from '../components/useLoad'

/** The order id a sent `order-create` item received (spec v2 §4.9 POST /order answers `orderId`), or null. */
export function placedOrderId(item: OutboxItem): number | null {
  if (item.kind !== 'order-create' || item.state !== 'done' || item.lastAnswer === null) return null
  try {
    const orderId = (JSON.parse(item.lastAnswer) as { orderId?: unknown } | null)?.orderId
    return typeof orderId === 'number' && Number.isSafeInteger(orderId) ? orderId : null
  } catch {
    return null
  }
}

interface PayOrderProps {
  /** A placed order, or null when closed. */
  orderId: number | null
  onClose(): void
  onQueued(item: OutboxItem): void
}

/**
 * Pays a placed order (issue 5, spec v2 §4.9): reads its payment methods and terms online, the
 * person accepts the terms and picks a method, and the payment initiation is queued; once the
 * outbox sent it, "Open the payment page" takes the person to the gateway in the system browser.
 */
export function PayOrder({ orderId, onClose, onQueued }: PayOrderProps) {
  const { t } = useTranslation()
  const [methods, setMethods] = useState<PaymentMethods | null>(null)
  const [method, setMethod] = useState<string | null>(null)
  const [accepted, setAccepted] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const fail = (failure: unknown) => setError(errorText(failure))

  useEffect(() => {
    setMethods(null)
    setMethod(null)
    setAccepted(false)
    setError(null)
  }, [orderId])
  useLoad(() => (orderId === null ? null : call('getPaymentMethods', { orderId })), [orderId], setMethods, fail)

  const queue = async () => {
    if (orderId === null || method === null) return
    setBusy(true)
    try {
      onQueued(await call('queueChange', { kind: 'order-payment', input: { orderId, paymentMethodCode: method } }))
    } catch (failure) {
      fail(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={orderId !== null} onClose={onClose} title={t('order.payHeading', { id: orderId ?? '' })}>
      <Stack gap="sm">
        {methods === null && error === null && <Loader size="sm" aria-label={t('order.loading')} />}
        {methods !== null && (
          <>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {methods.termsText}
            </Text>
            <Anchor size="sm" component="button" type="button" style={{ alignSelf: 'flex-start' }} onClick={() => void call('openPaymentTerms', { orderId: orderId! }).catch(fail)}>
              {t('order.terms')}
            </Anchor>
            <Radio.Group value={method} onChange={setMethod} label={t('order.method')}>
              <Stack gap="xs" mt="xs">
                {methods.paymentMethods.map((m) => (
                  <Radio
                    key={m.paymentMethodCode}
                    value={m.paymentMethodCode}
                    label={t('order.methodLine', { name: m.displayName, total: m.totalOrderAmountInCents / 100, cost: m.costInCents / 100 })}
                    data-testid="order-method"
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Checkbox checked={accepted} onChange={(e) => setAccepted(e.currentTarget.checked)} label={t('order.accept')} data-testid="order-accept" />
          </>
        )}
        {error && (
          <Alert color="red" data-testid="order-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('settings.cancel')}
          </Button>
          <Button onClick={() => void queue()} loading={busy} disabled={method === null || !accepted} data-testid="order-pay">
            {t('order.queuePayment')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
