import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/db/open'
import { purgeInactivePersons } from '../../../src/main/db/retention'
import { runCli } from '../../support/cli'

let env: NodeJS.ProcessEnv
let db: string
/** A member of the demo database with a merit grant of theirs queued in its outbox. */
let id: number

/** The privacy log's entries about person `personId`, oldest first. */
async function privacyEntries(personId: number): Promise<Array<{ action: string; personId: number; detail: string }>> {
  return JSON.parse((await runCli(['audit', '--privacy', '--member', String(personId), '--db', db], { env })).stdout)
}

beforeAll(async () => {
  const home = mkdtempSync(join(tmpdir(), 'kanslia-person-'))
  env = { KANSLIA_HOME: home }
  db = join(home, 'demo.db')
  expect((await runCli(['demo', '--athletes', '200', '--db', db], { env })).code).toBe(0)
  id = (JSON.parse((await runCli(['members', '--json', '--limit', '1', '--db', db], { env })).stdout) as Array<{ id: number }>)[0].id
  const merit = (JSON.parse((await runCli(['export', 'merits', '--db', db], { env })).stdout) as Array<{ id: number }>)[0].id
  const queued = await runCli(['grant-merit', '--merit', String(merit), '--users', String(id), '--date', '2026-11-01', '--granter', 'Hallitus', '--db', db], { env })
  expect(queued.code).toBe(0)
})

/** Issue 6 "Per-person export" from the command line: a data-access request answered by a script. */
describe('kanslia person', () => {
  it('writes everything stored about a member to a private file, having recorded the export in the privacy log', async () => {
    const file = join(env.KANSLIA_HOME!, 'person.json')
    const result = await runCli(['person', String(id), '--out', file, '--db', db], { env })
    expect(result.stderr).toBe(`everything stored about person ${id} written to ${file}\n`)
    expect(result.stdout).toBe('')
    expect(result.code).toBe(0)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    const record = JSON.parse(readFileSync(file, 'utf8'))
    expect(record).toMatchObject({ exportedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), person: { id } })
    expect(record.user_licence.length).toBeGreaterThan(0)
    expect(record.user_licence.every((l: { user: { id: number } }) => l.user.id === id)).toBe(true)
    expect(record).toHaveProperty('granted_merit')
    expect(record.outbox).toEqual([expect.objectContaining({ kind: 'merit-grant', state: 'queued', audit: [expect.objectContaining({ event: 'queued' })] })])
    const entry = (await privacyEntries(id)).at(-1)!
    expect(entry).toMatchObject({ action: 'export-person', personId: id })
    expect(JSON.parse(entry.detail)).toEqual({ file })
  })

  it('prints the record to standard output without --out, recorded as an export to `-`', async () => {
    const before = (await privacyEntries(id)).length
    const result = await runCli(['person', String(id), '--db', db], { env })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const record = JSON.parse(result.stdout)
    expect(record).toMatchObject({ person: { id }, outbox: [expect.objectContaining({ kind: 'merit-grant' })] })
    expect(Object.keys(record)).toEqual(expect.arrayContaining(['exportedAt', 'user_licence', 'user_insurance', 'granted_merit', 'event_registration', 'privacy_log']))
    const added = (await privacyEntries(id)).slice(before)
    expect(added).toEqual([expect.objectContaining({ action: 'export-person', personId: id })])
    expect(JSON.parse(added[0].detail)).toEqual({ file: '-' })
  })

  it("answers for a former member the retention purged with the privacy log's entries about them", async () => {
    const members = JSON.parse((await runCli(['members', '--json', '--limit', '50', '--db', db], { env })).stdout) as Array<{ id: number }>
    const holders = new Set((JSON.parse((await runCli(['export', 'granted-merits', '--db', db], { env })).stdout) as Array<{ id: number }>).map((grant) => grant.id))
    // Not the member with a queued change, and no merit held for good: the purge below takes them.
    const former = members.find((member) => member.id !== id && !holders.has(member.id))!.id
    expect((await runCli(['person', String(former), '--out', join(env.KANSLIA_HOME!, 'former.json'), '--db', db], { env })).code).toBe(0)
    // The CLI's own data folder decides the key: this is its demo database.
    const writable = openDatabase(db, { env: { ...process.env, ...env } })
    try {
      expect(purgeInactivePersons(writable, '2100-01-01')).toContain(former)
    } finally {
      writable.close()
    }
    const result = await runCli(['person', String(former), '--db', db], { env })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const record = JSON.parse(result.stdout)
    expect(record).toMatchObject({ person: null, user_licence: [], user_insurance: [], granted_merit: [], event_registration: [], registered_event_user: [], outbox: [] })
    expect(record.privacy_log).toEqual([expect.objectContaining({ action: 'export-person', personId: former })])
  })

  it('says nothing is stored about an id nothing names (exit 1), and records no export', async () => {
    const unknown = 2_000_000_000
    const result = await runCli(['person', String(unknown), '--db', db], { env })
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(`kanslia: nothing is stored about person ${unknown}\n`)
    expect(result.code).toBe(1)
    expect(await privacyEntries(unknown)).toEqual([])
  })

  it('refuses an id that is no whole number as a usage error (exit 2)', async () => {
    const result = await runCli(['person', 'abc', '--db', db], { env })
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^kanslia: [^\n]+ 'abc' is invalid for argument 'id'\. must be a whole number ≥ 1, in decimal digits \(see `kanslia person --help`\)\n$/)
    expect(result.code).toBe(2)
  })
})
