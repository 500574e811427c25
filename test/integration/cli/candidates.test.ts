import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'

let env: NodeJS.ProcessEnv
let db: string
let groups: Array<{ id: number; name: string; isOrdered: boolean }>
let merits: Array<{ id: number; meritGroupId: number }>

beforeAll(async () => {
  const home = mkdtempSync(join(tmpdir(), 'kanslia-candidates-'))
  env = { KANSLIA_HOME: home }
  db = join(home, 'demo.db')
  expect((await runCli(['demo', '--athletes', '200', '--db', db], { env })).code).toBe(0)
  groups = JSON.parse((await runCli(['export', 'merit-groups', '--db', db], { env })).stdout)
  merits = JSON.parse((await runCli(['export', 'merits', '--db', db], { env })).stdout)
})

describe('kanslia candidates of a group that has none to list', () => {
  it('says a merit group unknown to the database is unknown, not that it has no candidates (exit 1), in a list or a file', async () => {
    const unknown = Math.max(...groups.map((g) => g.id)) + 1
    for (const args of [[], ['--json'], ['--ids'], ['--out', join(env.KANSLIA_HOME!, 'candidates.csv')]]) {
      const result = await runCli(['candidates', '--group', String(unknown), '--db', db, ...args], { env })
      expect(result.stdout, args.join(' ')).toBe('')
      expect(result.stderr, args.join(' ')).toBe(`kanslia: merit group ${unknown} is unknown: it is not in the database; \`kanslia export merit-groups\` lists the groups synced\n`)
      expect(result.code, args.join(' ')).toBe(1)
    }
  })

  it('says a group that is not ordered has no candidates, and a --next merit of another group is none of this one', async () => {
    const unordered = groups.find((g) => !g.isOrdered)!
    const notOrdered = await runCli(['candidates', '--group', String(unordered.id), '--db', db], { env })
    expect(notOrdered.stderr).toMatch(new RegExp(`^kanslia: merit group ${unordered.id} \\(${unordered.name}\\) is not ordered, so it has no merit candidates; `))
    expect(notOrdered.code).toBe(1)
    const ordered = groups.find((g) => g.isOrdered && merits.some((m) => m.meritGroupId === g.id))!
    const elsewhere = merits.find((m) => m.meritGroupId !== ordered.id)!
    const wrongNext = await runCli(['candidates', '--group', String(ordered.id), '--next', String(elsewhere.id), '--db', db], { env })
    expect(wrongNext.stderr).toBe(`kanslia: merit ${elsewhere.id} is no merit of merit group ${ordered.id} (${ordered.name}); \`kanslia export merits\` lists them\n`)
    expect(wrongNext.code).toBe(1)
    const listed = await runCli(['candidates', '--group', String(ordered.id), '--db', db], { env })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/candidate\(s\)/)
  })
})
