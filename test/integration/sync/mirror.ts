import { expect } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { EXPORT_RESOURCES, exportRaw, type ExportResource } from '../../../src/main/db/export'
import type { ReadableDB } from '../../../src/main/db/open'
import { fetchAll, truthSources } from '../../support/truth'

/** What the sandbox lists now for each exportable resource, read over HTTP without `ts`, by id. */
export async function sandboxTruth(sandbox: Sandbox): Promise<Record<ExportResource, Array<Record<string, unknown>>>> {
  const roots = await fetchAll(sandbox, '/organization')
  const below = await fetchAll(sandbox, `/organization/${sandbox.federationId}/list`)
  const truth = { organizations: [...roots, ...below].sort((a, b) => (a.id as number) - (b.id as number)) } as Record<ExportResource, Array<Record<string, unknown>>>
  for (const [resource, source] of Object.entries(truthSources(sandbox.federationId))) {
    truth[resource as ExportResource] = await fetchAll(sandbox, source.path, source.query)
  }
  return truth
}

/** The stored elements of a resource, parsed, in id order. */
export function stored(db: ReadableDB, resource: ExportResource): Array<Record<string, unknown>> {
  return [...exportRaw(db, resource)].map((raw) => JSON.parse(raw) as Record<string, unknown>)
}

/**
 * Asserts the database mirrors the sandbox: for every resource the same ids (nothing missing,
 * nothing extra, nothing duplicated) and every element equal to the server's current version.
 */
export async function expectMirror(db: ReadableDB, sandbox: Sandbox): Promise<void> {
  const truth = await sandboxTruth(sandbox)
  for (const resource of EXPORT_RESOURCES) {
    const mine = stored(db, resource)
    expect(mine.map((e) => e.id), `${resource}: ids`).toEqual(truth[resource].map((e) => e.id))
    expect(mine, `${resource}: elements`).toEqual(truth[resource])
  }
}
