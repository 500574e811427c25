import { describe, expect, it } from 'vitest'
import { formatOutbox, formatPush } from '../../../src/main/cli/formatOutbox'
import type { OutboxItem, OutboxKind, PushSummary } from '../../../src/shared/outbox'

const summary = (waiting: number, stopped: PushSummary['stopped']): PushSummary => ({ done: [], rejected: [], blocked: [], waiting, stopped, repull: null })

describe('formatPush (kanslia push)', () => {
  it('counts what waits in English, one change or several', () => {
    const offline = { reason: 'offline', message: 'ECONNREFUSED' } as const
    expect(formatPush(summary(1, offline)).out).toBe('offline: 1 change waits for the network (ECONNREFUSED)\n')
    expect(formatPush(summary(3, offline)).out).toBe('offline: 3 changes wait for the network (ECONNREFUSED)\n')
    expect(formatPush(summary(1, null)).out).toBe('1 change waits behind rejected or undecided ones\n')
    expect(formatPush(summary(2, null)).out).toBe('2 changes wait behind rejected or undecided ones\n')
  })
})

describe('formatOutbox (kanslia outbox)', () => {
  let ids = 0
  const item = (kind: OutboxKind, state: OutboxItem['state'], lastStatus: number | null, lastAnswer: unknown): OutboxItem => ({
    id: ++ids,
    kind,
    summary: kind,
    payload: {},
    state,
    dependsOn: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    attempts: 1,
    nextAttemptAt: null,
    lastStatus,
    lastAnswer: lastAnswer === null || typeof lastAnswer === 'string' ? lastAnswer : JSON.stringify(lastAnswer),
    awaitsDecision: false
  })

  it("says what a done change made, as the next command names it, and a rejected one's message", () => {
    ids = 0
    const rows = formatOutbox([
      item('event-registration', 'done', 201, { eventRegistrationId: 40000577, participantUserId: 1001374 }),
      item('order-create', 'done', 200, { orderId: 60000001, status: 'IN_PROGRESS' }),
      item('order-payment', 'done', 200, { paymentGatewayUrl: 'https://pay.example/', requestData: [] }),
      item('club-create', 'done', 200, { id: 166, name: 'Testiseura' }),
      item('merit-create', 'done', 200, { id: 2011, meritGroupId: 1000 }),
      item('event-create', 'done', 200, { id: 30029, uuid: '46156b75-c032-4924-af0a-6257735fb2e7' }),
      item('merit-grant', 'done', 200, [{ meritId: 2001 }]),
      item('order-payment', 'done', 200, { paymentGatewayUrl: 'https://pay.example/' }),
      item('order-payment', 'rejected', 400, 'unknown payment method "NORDEA"'),
      item('event-registration', 'queued', null, null)
    ])
      .split('\n')
      .slice(2, -1)
      .map((line) => line.replace(/^.*?\d+\s+/, '').replace(/\s+/g, ' ').trim())
    expect(formatOutbox([{ ...item('event-registration', 'queued', null, null), concerns: ['Anja Aaltonen (88636807)', 'Nuorten leiri'] }])).toContain('event-registration [Anja Aaltonen (88636807); Nuorten leiri]')
    expect(rows).toEqual([
      'done event-registration 1 201 registration 40000577',
      'done order-create 1 200 order 60000001',
      'done order-payment 1 200 payment page: kanslia order page 3',
      'done club-create 1 200 club 166',
      'done merit-create 1 200 merit 2011',
      'done event-create 1 200 event 46156b75-c032-4924-af0a-6257735fb2e7',
      'done merit-grant 1 200',
      // No page can be opened from an answer without its requestData.
      'done order-payment 1 200',
      'rejected order-payment 1 400 unknown payment method "NORDEA"',
      'queued event-registration 1'
    ])
  })
})
