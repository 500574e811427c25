import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { EXPORT_RESOURCES, type ExportResource } from '../../../src/main/db/tables'
import { localDate } from '../../../src/shared/localDate'
import { runCli } from '../../support/cli'
import { byKey, sandboxTruth } from '../../support/truth'

/** Issue 4: `kanslia export` and `kanslia status` cover every resource the sync mirrors. */

let sandbox: Sandbox
let home: string
let env: NodeJS.ProcessEnv
let syncOutput: string

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 600, seed: 21 })
  home = mkdtempSync(join(tmpdir(), 'kanslia-cli-resources-'))
  env = { KANSLIA_HOME: home, KANSLIA_CLIENT_SECRET: sandbox.clientSecret }
  const result = await runCli(['sync', '--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId], { env })
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  syncOutput = result.stdout
})

afterAll(async () => {
  await sandbox?.close()
})

describe('kanslia export and status over every resource (issue 4)', () => {
  it('export writes every resource equal to what the sandbox lists', async () => {
    const truth = await sandboxTruth(sandbox, localDate())
    const exported = new Map<ExportResource, Array<Record<string, unknown>>>()
    // Four CLIs at a time: each is a Node process of its own.
    for (let i = 0; i < EXPORT_RESOURCES.length; i += 4) {
      await Promise.all(
        EXPORT_RESOURCES.slice(i, i + 4).map(async (resource) => {
          const result = await runCli(['export', resource], { env })
          expect(result.stderr, resource).toBe('')
          expect(result.code, resource).toBe(0)
          exported.set(resource, JSON.parse(result.stdout) as Array<Record<string, unknown>>)
        })
      )
    }
    for (const resource of EXPORT_RESOURCES) expect(byKey(resource, exported.get(resource)!), resource).toEqual(truth[resource])
    for (const resource of ['merit-groups', 'merits', 'granted-merits', 'events', 'event-registrations', 'municipalities', 'area-association-children'] as const) {
      expect(truth[resource].length, `${resource} in the sandbox`).toBeGreaterThan(0)
    }
  })

  it('status lists each resource once, a fanned-out one as `per …` with the rows of all its lists, and the API version', async () => {
    const json = await runCli(['status', '--json'], { env })
    expect(json.code).toBe(0)
    const rows = JSON.parse(json.stdout) as Array<{ resource: string; scope: string; rows: number; lastResult: string; lastChanged: number | null; value?: string }>
    expect(rows.every((r) => r.lastResult === 'ok')).toBe(true)
    expect(rows.filter((r) => /^(merit|event|organization) \d+$/.test(r.scope))).toEqual([])
    const count = async (resource: string) => (JSON.parse((await runCli(['export', resource], { env })).stdout) as unknown[]).length
    const grants = rows.find((r) => r.resource === 'granted-merits')!
    expect(grants.scope).toBe('per merit')
    expect(grants.rows).toBe(await count('granted-merits'))
    expect(rows.find((r) => r.resource === 'event-registrations')).toMatchObject({ scope: 'per event', rows: await count('event-registrations') })
    expect(rows.find((r) => r.resource === 'api-version-info')?.value).toBe('3.3.0')

    // A first sync: every grant received was new.
    const line = /^  granted-merits per merit: ([\d,]+) received from [\d,]+ lists, ([\d,]+) new or changed$/m.exec(syncOutput)
    expect(line?.[1]).toBe(grants.rows.toLocaleString('en'))
    expect(line?.[2]).toBe(line?.[1])
    expect(grants.lastChanged).toBe(grants.rows)
    const text = await runCli(['status'], { env })
    expect(text.stdout).toMatch(/^merit-groups +per organization +[\d,]+ /m)
    expect(text.stdout).toMatch(/^resource +scope +rows +cursor +last run +changed +result$/m)
    expect(text.stdout).toMatch(/^API version 3\.3\.0 \(read \d{4}-/m)
  })

  it('a quiet sync leaves the per-parent lists read a moment ago; --every-list reads them again', async () => {
    const flags = ['--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId]
    const grantsReadAt = async () => (JSON.parse((await runCli(['status', '--json'], { env })).stdout) as Array<{ resource: string; lastRunAt: string }>).find((r) => r.resource === 'granted-merits')!.lastRunAt
    const before = await grantsReadAt()
    const quiet = await runCli(['sync', ...flags], { env })
    expect(quiet.code).toBe(0)
    expect(quiet.stdout).not.toMatch(/granted-merits/)
    expect(await grantsReadAt()).toBe(before)

    const every = await runCli(['sync', '--every-list', ...flags], { env })
    expect(every.code).toBe(0)
    // Read again, nothing new: no "new or changed" said.
    expect(every.stdout).toMatch(/^  granted-merits per merit: 0 received from [\d,]+ lists$/m)
    expect(Date.parse(await grantsReadAt())).toBeGreaterThan(Date.parse(before))
  })
})
