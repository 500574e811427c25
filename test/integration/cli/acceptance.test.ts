import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabaseReadonly } from '../../../src/main/db/open'
import { startSandbox, type Sandbox, type SandboxRequestEvent } from '../../../src/sandbox/index'
import { runCli, spawnCli } from '../../support/cli'
import { exportFromCli, expectMirrorsSandbox } from '../../support/sync-compare'

/**
 * Issue 2 acceptance: the real CLI syncs from the real sandbox over loopback with faults on
 * (503s, 429 + Retry-After, 3-second tokens, a truncated body) and the exports equal the sandbox's
 * data — nothing missing, nothing stale, nothing duplicated — after a first sync during which
 * records change, after a SIGKILL mid-sync and a resumed run, and after `--full` following a club
 * turning PASSIVE.
 */

let sandbox: Sandbox
let dir: string
const statuses: number[] = []

function cli(args: string[]) {
  return [...args, '--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId, '--page-size', '200']
}
const env = () => ({ KANSLIA_HOME: dir, KANSLIA_CLIENT_SECRET: sandbox.clientSecret })

/** Calls `action` once, after the `n`-th successful user-licence page the sandbox served. */
function afterUserLicencePages(n: number, action: () => void): () => void {
  let pages = 0
  const listener = (event: SandboxRequestEvent) => {
    if (event.statusCode === 200 && event.url.includes('/user-licence/') && ++pages === n) action()
  }
  sandbox.events.on('request', listener)
  return () => sandbox.events.off('request', listener)
}

beforeAll(async () => {
  sandbox = await startSandbox({
    athletes: 1500,
    seed: 3,
    tokenLifetimeSeconds: 3,
    faults: { errorRate: 0.05, rateLimitRate: 0.04, retryAfterSeconds: 1, truncateNext: 1, latencyMs: 60, seed: 9 }
  })
  sandbox.events.on('request', (event: SandboxRequestEvent) => statuses.push(event.statusCode))
  dir = mkdtempSync(join(tmpdir(), 'kanslia-acceptance-'))
})

afterAll(async () => {
  await sandbox?.close()
})

describe('sync acceptance with faults on (issue 2)', () => {
  it('a first sync during which records change equals the sandbox', async () => {
    const db = join(dir, 'first.db')
    const store = sandbox.store
    const people = store.personIds()
    const stop = afterUserLicencePages(2, () => {
      // Already fetched or not yet: rows move to the end of the ts order and shift the pages.
      store.touchUserLicences(store.userLicenceIds().filter((_, i) => i % 97 === 0))
      store.touchUserInsurances(store.userInsuranceIds().slice(0, 5))
      store.updatePerson(people[1], { lastName: 'Muutettu-Nimi', email: 'changed@example.fi' })
      const someone = people[2]
      const licence = store.userLicence(store.userLicenceIdsOfPerson(someone)[0])!
      store.addUserLicence({ userId: someone, licenceId: licence.licenceId })
    })
    const result = await runCli(['sync', ...cli(['--db', db])], { env: env() }).finally(stop)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    await expectMirrorsSandbox(db, sandbox)
    expect(statuses).toContain(503)
    expect(statuses).toContain(429)
    expect(sandbox.faults.truncateNext).toBe(0)
  })

  it('a sync killed with SIGKILL mid-way resumes to the same result', async () => {
    const db = join(dir, 'killed.db')
    const run = spawnCli(['sync', ...cli(['--db', db])], { env: env() })
    const stop = afterUserLicencePages(4, () => run.child.kill('SIGKILL'))
    const killed = await run.done.finally(stop)
    expect(killed.signal).toBe('SIGKILL')

    const partial = openDatabaseReadonly(db)
    expect(partial.pragma('integrity_check', { simple: true })).toBe('ok')
    const stored = (partial.prepare('SELECT count(*) AS n FROM user_licence').get() as { n: number }).n
    partial.close()
    expect(stored).toBeGreaterThan(0)
    expect(stored).toBeLessThan(sandbox.store.userLicenceIds().length)

    sandbox.store.touchUserLicences(sandbox.store.userLicenceIds().slice(-3))
    const resumed = await runCli(['sync', ...cli(['--db', db])], { env: env() })
    expect(resumed.stderr).toBe('')
    expect(resumed.code).toBe(0)
    await expectMirrorsSandbox(db, sandbox)
  })

  it('--full removes a club that turned PASSIVE; an incremental sync cannot see it go', async () => {
    const db = join(dir, 'first.db')
    const club = sandbox.store.clubIds()[0]
    sandbox.store.setOrganizationStatus(club, 'PASSIVE')

    const incremental = await runCli(['sync', ...cli(['--db', db])], { env: env() })
    expect(incremental.code).toBe(0)
    expect((await exportFromCli(db, 'organizations')).map((o) => o.id)).toContain(club)

    const full = await runCli(['sync', '--full', ...cli(['--db', db])], { env: env() })
    expect(full.stderr).toBe('')
    expect(full.code).toBe(0)
    expect(full.stdout).toMatch(/organizations .*1 removed/)
    await expectMirrorsSandbox(db, sandbox)
    expect((await exportFromCli(db, 'organizations')).map((o) => o.id)).not.toContain(club)
  })
})
