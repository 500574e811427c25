import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'

let env: NodeJS.ProcessEnv

beforeAll(() => {
  env = { KANSLIA_HOME: mkdtempSync(join(tmpdir(), 'kanslia-usage-')) }
})

/** The README's usage error: exit 2 and one line `kanslia: <reason> (see \`kanslia <command> --help\`)`. */
async function expectUsageError(args: string[], reason: RegExp): Promise<void> {
  const result = await runCli(args, { env })
  const help = `kanslia ${args[0]} --help`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  expect(result.stderr, args.join(' ')).toMatch(new RegExp(`^kanslia: [^\\n]+ \\(see \`${help}\`\\)\\n$`))
  expect(result.stderr, args.join(' ')).toMatch(reason)
  expect(result.code, args.join(' ')).toBe(2)
  expect(result.stdout, args.join(' ')).toBe('')
}

describe('a bad option or argument value is a usage error (exit 2, one line naming --help)', () => {
  it('a date, a URL, a port and the export resource', async () => {
    await expectUsageError(['check', 'Virtanen', '--date', '15.6.2026'], /'--date <YYYY-MM-DD>' argument '15\.6\.2026' is invalid\. must be a day of the calendar/)
    await expectUsageError(['check', 'Virtanen', '--date', '2026-02-30'], /must be a day of the calendar/)
    await expectUsageError(['sync', '--base-url', 'registry.example.fi', '--auth-url', 'https://auth.example.fi', '--client-id', 'c'], /'--base-url <url>' argument 'registry\.example\.fi' is invalid\. must be an http\(s\) URL/)
    await expectUsageError(['push', '--auth-url', 'auth'], /'--auth-url <url>' argument 'auth' is invalid/)
    await expectUsageError(['sandbox', '--port', '99999'], /'--port <port>' argument '99999' is invalid\. must be a whole number from 0 to 65,535/)
    await expectUsageError(['export', 'no-such-list'], /'no-such-list' is invalid for argument 'resource'\. Allowed choices are organizations, .*user-licences/)
  })

  it('disconnect without --yes, and sync or push into the demo database', async () => {
    await expectUsageError(['disconnect'], /this deletes the local databases, .*run again with --yes/)
    const demo = join(env.KANSLIA_HOME!, 'demo.db')
    for (const command of ['sync', 'push']) await expectUsageError([command, '--db', demo], /it is the demo database, encrypted with a public key/)
  })

  it('a number flag takes plain decimal digits only, and a limit beyond its cap is refused, not clamped', async () => {
    for (const limit of ['0x7D0', '1e3', '100001']) await expectUsageError(['members', '--limit', limit], /'--limit <n>' argument '[^']+' is invalid\. must be a whole number from 1 to 100,000, in decimal digits/)
    await expectUsageError(['renewals', '--days', '1e2'], /must be a whole number of days from 0 to 366, in decimal digits/)
    await expectUsageError(['sync', '--page-size', '100001'], /'--page-size <n>' argument '100001' is invalid/)
    await expectUsageError(['demo', '--athletes', '0x10'], /'--athletes <n>' argument '0x10' is invalid/)
  })
})
