import { describe, expect, it } from 'vitest'
import { formatPush } from '../../../src/main/cli/formatOutbox'
import type { PushSummary } from '../../../src/shared/outbox'

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
