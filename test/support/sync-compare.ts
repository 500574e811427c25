import { expect } from 'vitest'
import type { Sandbox } from '../../src/sandbox/index'
import { fetchAll, truthSources } from './truth'
import { runCli } from './cli'

/** The exported elements of one resource from the database, via the real `kanslia export`. */
export async function exportFromCli(dbFile: string, resource: string): Promise<Array<Record<string, unknown>>> {
  const result = await runCli(['export', resource, '--db', dbFile, '--format', 'json'])
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return (JSON.parse(result.stdout) as Array<Record<string, unknown>>).sort((a, b) => (a.id as number) - (b.id as number))
}

/**
 * Asserts that every exportable resource of `dbFile` equals what the sandbox lists now: nothing
 * missing, nothing stale (every element equal to the server's current version), nothing
 * duplicated (ids unique).
 */
export async function expectMirrorsSandbox(dbFile: string, sandbox: Sandbox): Promise<void> {
  const federationId = sandbox.federationId
  const roots = await fetchAll(sandbox, '/organization')
  const below = await fetchAll(sandbox, `/organization/${federationId}/list`)
  const expected: Record<string, Array<Record<string, unknown>>> = {
    organizations: [...roots, ...below].sort((a, b) => (a.id as number) - (b.id as number))
  }
  for (const [resource, source] of Object.entries(truthSources(federationId))) {
    expected[resource] = await fetchAll(sandbox, source.path, source.query)
  }
  for (const [resource, truth] of Object.entries(expected)) {
    const stored = await exportFromCli(dbFile, resource)
    const ids = stored.map((e) => e.id)
    expect(new Set(ids).size, `${resource}: duplicated ids`).toBe(ids.length)
    expect(ids, `${resource}: missing or extra elements`).toEqual(truth.map((e) => e.id))
    expect(stored, `${resource}: stale elements`).toEqual(truth)
  }
}
