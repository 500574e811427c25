import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import type { KansliaEvent, MemberPage } from '../../../src/shared/ipc/contract'
import { startBackendWorker } from '../../../src/main/workers/runBackendWorker'

/** The environment of the app: no KANSLIA_DATABASE_KEY (the tests' key), the data folder `home`. */
function appEnvironment(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, KANSLIA_HOME: home }
  delete env.KANSLIA_DATABASE_KEY
  return env
}

const support = (name: string) => fileURLToPath(new URL(`../../support/${name}`, import.meta.url))

/**
 * The desktop app's backend in its worker thread (src/main/workers/backend.ts), as Electron's main
 * thread drives it: contract calls answered as `IpcResult`s, the session's events forwarded, the
 * save dialog asked of the main thread, and a stopped worker answered clearly and replaced.
 */
describe('the backend worker', () => {
  const home = mkdtempSync(join(tmpdir(), 'kanslia-backend-'))
  const exportsDir = mkdtempSync(join(tmpdir(), 'kanslia-backend-exports-'))
  const asked: unknown[][] = []
  const backend = startBackendWorker(
    { file: support('backend-worker.mjs') },
    { syncWorker: { file: support('sync-worker.mjs') }, exportWorker: { file: support('export-worker.mjs') }, demoAthletes: 300, autoPushIntervalMs: 0, autoSyncIntervalMs: 0 },
    {
      openExternal: async () => undefined,
      chooseSaveFile: async (...args) => {
        asked.push(args)
        // A folder where the organizations' export should go: writing it fails.
        if (String(args[0]).startsWith('organizations-')) mkdirSync(join(exportsDir, args[0]))
        return join(exportsDir, args[0])
      },
      openFile: async () => undefined,
      chooseOpenFile: async () => {
        throw new Error('no dialog in this test')
      }
    },
    // The sync worker must then find the demo database, and so its public key, where the backend does.
    appEnvironment(home)
  )
  const events: KansliaEvent[] = []
  backend.events.on('event', (event: KansliaEvent) => events.push(event))
  afterAll(async () => {
    await backend.close()
    rmSync(home, { recursive: true, force: true })
    rmSync(exportsDir, { recursive: true, force: true })
  })

  it('runs the demo and its sync in the worker, forwarding progress and the finished event', async () => {
    expect(await backend.call('startDemo', {})).toMatchObject({ ok: true, value: { mode: 'demo' } })
    expect(await backend.call('syncNow', {})).toMatchObject({ ok: true, value: { ok: true, full: true } })
    expect(events.some((e) => e.type === 'sync-progress')).toBe(true)
    // The last steps reach the app as well, the member search last.
    const steps = events.flatMap((e) => (e.type === 'sync-progress' && e.progress.phase === 'finishing' ? [e.progress.step] : []))
    expect(steps.at(-1)).toBe('member-search')
    expect(events.at(-1)).toMatchObject({ type: 'sync-finished', summary: { ok: true } })
    const members = (await backend.call('listMembers', { limit: 5 })) as { ok: true; value: MemberPage }
    expect(members.value.total).toBeGreaterThan(200)
    expect(members.value.rows).toHaveLength(5)
  })

  it('validates input there and answers refusals as IpcResults', async () => {
    expect(await backend.call('listMembers', { limit: -1 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(await backend.call('dropTables', {})).toEqual({ ok: false, error: { code: 'unknown-method', message: 'unknown method dropTables' } })
  })

  it('asks the main thread for the save dialog and writes the export where it says', async () => {
    const answer = await backend.call('exportMembers', {
      format: 'csv',
      columns: [{ key: 'name', label: 'Nimi' }],
      values: { valid: 'voimassa', expiring: 'päättymässä', expired: 'päättynyt', missing: 'puuttuu', 'insurance-missing': 'vakuutus puuttuu', 'outside-birth-range': 'ikä ei sovi', insured: 'kyllä', uninsured: 'ei' }
    })
    expect(answer).toMatchObject({ ok: true, value: { saved: expect.stringMatching(/members-\d{4}-\d{2}-\d{2}\.csv$/) } })
    const { saved, rows } = (answer as { ok: true; value: { saved: string; rows: number } }).value
    expect(asked.at(-1)).toEqual([expect.stringMatching(/\.csv$/), 'csv'])
    expect(rows).toBeGreaterThan(200)
    expect(readFileSync(saved, 'utf8').split('\n')[0]).toContain('Nimi')
  })

  it('writes a shown table through its export worker, and answers a write that fails with its reason', async () => {
    const columns = [{ key: 'name', label: 'Nimi' }]
    const rows = [{ name: 'Mäkelä' }, { name: 'Öhman' }]
    const written = await backend.call('exportTable', { table: 'licences', format: 'xlsx', columns, rows })
    expect(written).toMatchObject({ ok: true, value: { saved: expect.stringMatching(/licences-.*\.xlsx$/), rows: 2 } })
    const failed = await backend.call('exportTable', { table: 'organizations', format: 'csv', columns, rows })
    expect(failed).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringMatching(/EISDIR|ENOTEMPTY|EEXIST|directory/i) } })
    // Nothing half-written is left beside the folder, and the worker goes on.
    expect(readdirSync(exportsDir).filter((name) => name.startsWith('.'))).toEqual([])
    expect(await backend.call('getAppState')).toMatchObject({ ok: true, value: { mode: 'demo' } })
  })

  it('answers a failed main-thread capability with its message, and the worker goes on', async () => {
    expect(await backend.call('importStartList', {})).toMatchObject({ ok: false, error: { message: 'no dialog in this test' } })
    expect(await backend.call('getAppState')).toMatchObject({ ok: true, value: { mode: 'demo' } })
  })

  it('closes the session and the thread, and a later call starts a new worker that reads the saved data', async () => {
    const closing = backend.close()
    // Asked while the old worker closes: the new one answers, and the old one's exit fails none of its calls.
    const state = backend.call('getAppState')
    await closing
    // The demo's sandbox went with the closed session; its database stayed.
    expect(await state).toMatchObject({ ok: true, value: { mode: 'demo' } })
    const members = (await backend.call('listMembers', { limit: 1 })) as { ok: true; value: MemberPage }
    expect(members.value.rows).toHaveLength(1)
  })

  it('answers the calls a stopped worker left unanswered with a clear error, and tries a new worker on the next call', async () => {
    const crashing = startBackendWorker({ file: support('exiting-worker.mjs') }, { syncWorker: { file: support('sync-worker.mjs') }, exportWorker: { file: support('export-worker.mjs') } }, {
      openExternal: async () => undefined,
      chooseSaveFile: async () => null,
      openFile: async () => undefined,
      chooseOpenFile: async () => null
    })
    const stopped = { ok: false, error: { code: 'internal', message: "Kanslia's background worker stopped (exit code 3); try again" } }
    const told: unknown[] = []
    crashing.events.on('event', (event) => told.push(event))
    expect(await crashing.call('getAppState')).toEqual(stopped)
    // The window is told, so a sync it shows running does not spin for ever.
    expect(told).toEqual([{ type: 'backend-stopped', error: stopped.error }])
    // Were the dead worker reused, this call would never be answered.
    expect(await crashing.call('getAppState')).toEqual(stopped)
    await crashing.close()
  })
})
