import { expect } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { EXPORT_RESOURCES, exportRaw, type ExportResource } from '../../../src/main/db/export'
import type { ReadableDB, WritableDB } from '../../../src/main/db/open'
import { localDate } from '../../../src/shared/localDate'
import { byKey, elementKey, sandboxTruth } from '../../support/truth'

/**
 * Moves every list's last read `minutes` into the past, as if that much time had gone by since
 * the last sync: lists of a tier whose interval has passed (REFRESH_INTERVAL_MS) are due again.
 */
export function ageLastReads(db: WritableDB, minutes: number): void {
  const earlier = db.prepare('SELECT resource, scope, last_run_at AS at FROM sync_cursor WHERE last_run_at IS NOT NULL').all() as Array<{ resource: string; scope: string; at: string }>
  const move = db.prepare('UPDATE sync_cursor SET last_run_at = ? WHERE resource = ? AND scope = ?')
  for (const { resource, scope, at } of earlier) move.run(new Date(Date.parse(at) - minutes * 60_000).toISOString(), resource, scope)
}

/** The stored elements of a resource, parsed, in export order. */
export function stored(db: ReadableDB, resource: ExportResource): Array<Record<string, unknown>> {
  return [...exportRaw(db, resource)].map((raw) => JSON.parse(raw) as Record<string, unknown>)
}

/**
 * Asserts the database mirrors the sandbox: for every resource the same elements (nothing
 * missing, nothing extra, nothing duplicated) and every element equal to the server's current
 * version. `today` is the sync's local date (it sets the event search range).
 */
export async function expectMirror(db: ReadableDB, sandbox: Sandbox, today = localDate()): Promise<void> {
  const truth = await sandboxTruth(sandbox, today)
  for (const resource of EXPORT_RESOURCES) {
    const mine = byKey(resource, stored(db, resource))
    expect(mine.map((e) => elementKey(resource, e).join(':')), `${resource}: keys`).toEqual(truth[resource].map((e) => elementKey(resource, e).join(':')))
    expect(mine, `${resource}: elements`).toEqual(truth[resource])
  }
}
