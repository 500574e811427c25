import { describe, expect, it } from 'vitest'
import { formatSyncSummary } from '../../../src/main/cli/format'
import type { SyncResult } from '../../../src/main/sync/engine'

const run = (kind: Pick<SyncResult, 'first' | 'full'>): SyncResult => ({
  ok: true,
  ...kind,
  runId: 1,
  resources: [{ resource: 'licences', scope: 'federation 100', elements: 10, pages: 1, bytes: 2048, removed: 0, skipped: 0 }],
  elements: 10,
  bytes: 2048,
  durationMs: 500,
  purged: 0
})

describe('formatSyncSummary', () => {
  it("heads the summary with the run's kind: a first sync, also one asked to be full, a full one or an incremental one", () => {
    expect(formatSyncSummary(run({ first: true, full: false }))).toBe('first (full) sync done: 10 elements, 2 KiB in 0.5 s (20/s)\n  licences federation 100: 10 received\n')
    expect(formatSyncSummary(run({ first: true, full: true }))).toMatch(/^first \(full\) sync done: /)
    expect(formatSyncSummary(run({ first: false, full: true }))).toMatch(/^full sync done: /)
    expect(formatSyncSummary(run({ first: false, full: false }))).toMatch(/^incremental sync done: /)
  })
})
