import type { SyncSummary } from '../../../shared/ipc/contract'
import type { SyncResult } from '../../sync/engine'

/** Turns a run's result into what the renderer shows: totals and failed resources in plain words. */
export function summarizeSync(result: SyncResult): SyncSummary {
  return {
    ok: result.ok,
    full: result.full,
    first: result.first,
    elements: result.elements,
    changed: result.resources.reduce((sum, r) => sum + r.changed, 0),
    bytes: result.bytes,
    durationMs: result.durationMs,
    purged: result.purged,
    removed: result.resources.reduce((sum, r) => sum + r.removed, 0),
    ...(result.stoppedBy === undefined ? {} : { stoppedBy: result.stoppedBy }),
    errors: result.resources.flatMap((r) => (r.error ? [{ resource: r.resource, scope: r.scope, code: r.errorCode ?? 'sync-failed', message: r.error }] : []))
  }
}
