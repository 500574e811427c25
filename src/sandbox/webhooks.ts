/**
 * Webhook delivery (spec v3 §6): each payload is POSTed as JSON to the event's webhook URL with
 * `Authorization: Bearer <id token>` whose `aud` is that URL. A 400 answer is retried 4 times
 * (spec v3 §8); any other answer, or a network error, ends the delivery. Retries wait
 * `retryDelayMs` (a choice; the spec shows no delay).
 */
import type { EventWebhookEvent } from '../shared/api/v3'
import type { JwtSigner } from './oauth'

/** Retries after a 400 answer (spec v3 §6, §8). */
export const WEBHOOK_RETRIES = 4

/** One finished delivery: the statuses of its attempts (0 for a network error). */
export interface WebhookDelivery {
  url: string
  payload: EventWebhookEvent
  statuses: number[]
}

export class WebhookDispatcher {
  /** Finished deliveries, oldest first. */
  readonly deliveries: WebhookDelivery[] = []
  /** Wait between attempts in milliseconds. */
  retryDelayMs = 50
  private nextId = 1
  private readonly pending = new Set<Promise<void>>()

  /** `issuerUrl`: the `iss` claim of the id tokens. */
  constructor(
    private readonly signer: JwtSigner,
    private readonly issuerUrl: () => string
  ) {}

  /** Queues a payload for `url`; delivery runs in the background. */
  send(url: string, payload: Omit<EventWebhookEvent, 'id'>): void {
    const full: EventWebhookEvent = { id: this.nextId++, ...payload }
    const p = this.deliver(url, full).finally(() => this.pending.delete(p))
    this.pending.add(p)
  }

  /** Resolves when every queued delivery has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending])
  }

  private async deliver(url: string, payload: EventWebhookEvent): Promise<void> {
    const statuses: number[] = []
    for (let attempt = 0; attempt <= WEBHOOK_RETRIES; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs))
      const now = Math.floor(Date.now() / 1000)
      const token = this.signer.sign({ iss: this.issuerUrl(), sub: 'webhook', aud: url, iat: now, exp: now + 300 })
      let status = 0
      try {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(payload) })
        status = response.status
        await response.arrayBuffer()
      } catch {
        status = 0
      }
      statuses.push(status)
      if (status !== 400) break
    }
    this.deliveries.push({ url, payload, statuses })
  }
}
