import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { checkLicence, type HeldInsurance, type HeldLicence, type LicenceProduct } from '../../../src/shared/licenceValidity'
import type { StartListResult, VenueCheckResult } from '../../../src/shared/venueCheck'
import { venueCheck } from '../../../src/main/services/venueCheck'
import { runCli, syncByCli } from '../../support/cli'
import { fetchAll } from '../../support/truth'

let sandbox: Sandbox
let db: string

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 400, seed: 23 })
  db = join(mkdtempSync(join(tmpdir(), 'kanslia-venue-')), 'kanslia.db')
  expect((await syncByCli(sandbox, db)).code).toBe(0)
})

afterAll(async () => {
  await sandbox?.close()
})

type Json = Record<string, any>

describe('kanslia check (venue check, DESIGN §3b)', () => {
  it('judges members from the local data exactly as the rules judge the API data, on several days', async () => {
    const fed = sandbox.federationId
    const [userLicences, products, userInsurances] = await Promise.all([
      fetchAll(sandbox, `/user-licence/${fed}`),
      fetchAll(sandbox, `/licence/${fed}`),
      fetchAll(sandbox, `/user-insurance/${fed}`)
    ])
    const productMap = new Map(products.map((p) => [p.id as number, p as unknown as LicenceProduct]))
    const persons = new Map<number, Json>()
    for (const e of [...userLicences, ...userInsurances] as Json[]) persons.set(e.user.id, e.user)
    const held = (id: number) => ({
      licences: (userLicences as Json[]).filter((l) => l.user.id === id).map((l): HeldLicence => ({ ...l, id: l.id, licenceId: l.licenceId, usagePeriodStart: l.usagePeriodStart, usagePeriodEnd: l.usagePeriodEnd })),
      insurances: (userInsurances as Json[]).filter((i) => i.user.id === id).map((i): HeldInsurance => ({ ...i, id: i.id, insuranceId: i.insuranceId, usagePeriodStart: i.usagePeriodStart, usagePeriodEnd: i.usagePeriodEnd }))
    })
    const people = [...persons.values()].slice(0, 40)
    const verdicts = new Set<string>()
    const exitCodes = new Set<boolean>()
    for (const date of ['2025-06-15', '2026-02-01']) {
      for (const user of people) {
        // The service `kanslia check` calls, in-process: spawning the CLI 80 times would only add minutes.
        const answer = venueCheck(db, String(user.sportId), date)
        expect(answer.members.map((m) => m.id)).toEqual([user.id])
        const expected = checkLicence({ date, birthDate: user.birthDate, products: productMap, ...held(user.id) })
        expect(answer.members[0].check, `${user.id} on ${date}`).toEqual(expected)
        expect(answer.dataAsOf).toMatch(/^\d{4}-\d{2}-\d{2}T/)
        verdicts.add(expected.verdict)
        if (!exitCodes.has(expected.verdict === 'valid' || expected.verdict === 'expiring')) {
          const cli = await runCli(['check', String(user.sportId), '--db', db, '--date', date, '--json'])
          expect((JSON.parse(cli.stdout) as VenueCheckResult).members[0].check).toEqual(expected)
          expect(cli.code).toBe(expected.verdict === 'valid' || expected.verdict === 'expiring' ? 0 : 3)
          exitCodes.add(cli.code === 0)
        }
      }
    }
    // The sample covers both sides of the check, or the comparison above proves little.
    expect(verdicts.has('valid') || verdicts.has('expiring')).toBe(true)
    expect([...verdicts].some((v) => v !== 'valid' && v !== 'expiring')).toBe(true)
  })

  it('finds members by name too, prints a readable verdict, and refuses a malformed date', async () => {
    const someone = (await fetchAll(sandbox, `/user-licence/${sandbox.federationId}`))[0] as Json
    const byName = await runCli(['check', `${someone.user.firstName} ${someone.user.lastName}`, '--db', db])
    expect(byName.stdout).toMatch(new RegExp(`\\(${someone.user.sportId}\\)`))
    expect(byName.stdout).toMatch(/^(VALID|EXPIRED|NO LICENCE|INSURANCE MISSING|OUTSIDE BIRTH-DATE RANGE)/m)
    expect(byName.stdout).toMatch(/data as of \d{4}-/)
    const nobody = await runCli(['check', '99999999', '--db', db])
    expect(nobody.stdout).toMatch(/no member found/)
    expect(nobody.code).toBe(3)
    // A last name more members share than are checked: the others are named as unchecked, and no all-clear.
    const counts = new Map<string, number>()
    for (const id of sandbox.store.personIds()) {
      const lastName = sandbox.store.person(id)!.lastName
      counts.set(lastName, (counts.get(lastName) ?? 0) + 1)
    }
    const [common, many] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]
    expect(many).toBeGreaterThan(5)
    const crowd = await runCli(['check', common, '--db', db])
    expect(crowd.stdout.match(/^\S.*\(\d+\)$/gm)).toHaveLength(5)
    expect(crowd.stdout).toContain('more members match, not checked: give more of the name, or the Sport-ID\n')
    expect(crowd.code).toBe(3)
    expect(venueCheck(db, String(someone.user.sportId)).moreMatch).toBe(false)
    for (const date of ['15.6.2026', '2026-02-30']) {
      const bad = await runCli(['check', String(someone.user.sportId), '--db', db, '--date', date])
      expect(bad.code, date).toBe(2)
      expect(bad.stderr).toMatch(/must be a day of the calendar, YYYY-MM-DD \(see `kanslia check --help`\)\n$/)
    }
  })

  it('start-list checks a whole list from a CSV file or standard input, a row per line, exit 0 only when every line may compete; --ids gives the members found', async () => {
    const date = '2026-02-01'
    const people = [...new Map((await fetchAll(sandbox, `/user-licence/${sandbox.federationId}`)).map((l) => [(l as Json).user.id, (l as Json).user])).values()]
    const verdictOf = (user: Json) => venueCheck(db, String(user.sportId), date).members[0].check.verdict
    const competing = people.filter((user) => ['valid', 'expiring'].includes(verdictOf(user))).slice(0, 2)
    const barred = people.find((user) => !['valid', 'expiring'].includes(verdictOf(user)))!
    expect(competing).toHaveLength(2)
    const file = join(mkdtempSync(join(tmpdir(), 'kanslia-start-list-')), 'lähtölista.csv')
    const lines = [`${competing[0].sportId};${competing[0].lastName};M21`, `${barred.sportId};${barred.lastName}`, 'Ei Ketään;Tuntematon', '']
    writeFileSync(file, '\uFEFF' + lines.join('\r\n'))

    const listed = await runCli(['start-list', file, '--db', db, '--date', date])
    expect(listed.stderr).toBe('')
    expect(listed.code).toBe(3)
    const rows = listed.stdout.split('\n')
    expect(rows[0]).toMatch(/^line\s+member\s+result$/)
    expect(rows[2]).toMatch(new RegExp(`^${lines[0]}\\s+.*\\(${competing[0].sportId}\\)\\s+VALID`))
    expect(rows[3]).toMatch(new RegExp(`^${lines[1]}\\s+.*\\(${barred.sportId}\\)\\s+(EXPIRED|NO LICENCE|INSURANCE MISSING|OUTSIDE BIRTH-DATE RANGE)$`))
    expect(rows[4]).toMatch(/^Ei Ketään;Tuntematon\s+not found$/)
    expect(rows.slice(5)).toEqual(['1 of 3 may compete', expect.stringMatching(/^data as of \d{4}-/), ''])

    const piped = await runCli(['start-list', '-', '--db', db, '--date', date, '--json'], { input: competing.map((user) => String(user.sportId)).join('\n') })
    expect(piped.code).toBe(0)
    expect((JSON.parse(piped.stdout) as StartListResult).rows.map((row) => row.member?.id)).toEqual(competing.map((user) => user.id))

    // --ids: the members found, once each in list order (for `grant-merit --users`), whether they may compete or not; none found is exit 3.
    const ids = await runCli(['start-list', file, '--db', db, '--date', date, '--ids'])
    expect(ids).toMatchObject({ code: 0, stdout: `${competing[0].id},${barred.id}\n` })
    expect(await runCli(['start-list', '-', '--db', db, '--ids'], { input: `${barred.sportId}\nEi Ketään\n${competing[1].sportId}\n${barred.sportId}` })).toMatchObject({ code: 0, stdout: `${barred.id},${competing[1].id}\n` })
    expect(await runCli(['start-list', '-', '--db', db, '--ids'], { input: 'Ei Ketään' })).toMatchObject({ code: 3, stdout: '\n' })
    expect((await runCli(['start-list', file, '--db', db, '--ids', '--json'])).code).toBe(2)

    expect((await runCli(['start-list', join(tmpdir(), 'kanslia-no-such-list.pdf'), '--db', db])).stderr).toMatch(/is not a CSV, text or XLSX file/)
    expect((await runCli(['start-list', file, '--db', db, '--date', '1.2.2026'])).code).toBe(2)
  })
})
