import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/db/open'
import { CSV_COLUMNS } from '../../../src/main/services/exportColumns'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { runCli, syncByCli } from '../../support/cli'

let sandbox: Sandbox
let env: NodeJS.ProcessEnv
let db: string

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 60, seed: 3 })
  const home = mkdtempSync(join(tmpdir(), 'kanslia-export-csv-'))
  env = { KANSLIA_HOME: home, KANSLIA_CLIENT_SECRET: sandbox.clientSecret }
  db = join(home, 'kanslia.db')
  expect((await syncByCli(sandbox, db, env)).code).toBe(0)
})

afterAll(async () => {
  await sandbox?.close()
})

describe('kanslia export --format csv', () => {
  it("writes the columns of the resource's declared fields, also those no stored element carries", async () => {
    const elements = JSON.parse((await runCli(['export', 'organizations', '--db', db], { env })).stdout) as Array<Record<string, unknown>>
    const unseen = CSV_COLUMNS.organizations.filter((field) => elements.every((element) => !(field in element)))
    expect(unseen.length).toBeGreaterThan(0)
    const csv = await runCli(['export', 'organizations', '--format', 'csv', '--db', db], { env })
    expect(csv.code).toBe(0)
    const [header, ...lines] = csv.stdout.trimEnd().split('\n')
    expect(header.split(',')).toEqual([...CSV_COLUMNS.organizations])
    expect(header.split(',')).toEqual(expect.arrayContaining(['id', 'type', 'name', 'parentId', 'federationId', 'modificationTime', 'status', ...unseen]))
    expect(lines).toHaveLength(elements.length)
  })

  it('writes the header of an empty resource; its JSON stays an empty array', async () => {
    const writable = openDatabase(db)
    writable.prepare('DELETE FROM merit_group').run()
    writable.close()
    const csv = await runCli(['export', 'merit-groups', '--format', 'csv', '--db', db], { env })
    expect(csv.code).toBe(0)
    expect(csv.stdout).toBe('id,isOrdered,isSportBound,modificationTime,name,organizationId,sportId\n')
    expect((await runCli(['export', 'merit-groups', '--db', db], { env })).stdout).toBe('[]\n')
  })
})
