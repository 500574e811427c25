import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../src/sandbox/index'
import { appendAudit } from '../../../src/main/db/auditLog'
import { openDatabase, openDatabaseReadonly } from '../../../src/main/db/open'
import { insertItem, updateItem } from '../../../src/main/db/outbox'
import { appendPrivacyLog } from '../../../src/main/db/privacyLog'
import { readRetention, retentionCutoff } from '../../../src/main/db/retention'
import { syncDatabase } from '../../../src/main/services/sync'
import { runCli } from '../../support/cli'
import { startTamperProxy } from '../../support/dropProxy'

/**
 * Issue 6 "Retention": people without any licence, insurance, registration or merit for the
 * retention time are purged at sync; an incremental sync does not bring them back, a full one
 * does and they are purged again; the history of finished outbox changes and the privacy log's
 * entries go with the same time. Real sandbox over loopback; the far future stands in for years
 * passing.
 */

const LATER = '2031-06-01'
let sandbox: Sandbox
let home: string

beforeAll(async () => {
  sandbox = await startSandbox({ athletes: 400, seed: 21 })
  home = mkdtempSync(join(tmpdir(), 'kanslia-retention-'))
})

afterAll(async () => {
  await sandbox?.close()
})

function persons(dbFile: string): number[] {
  const db = openDatabaseReadonly(dbFile)
  try {
    return db.prepare('SELECT id FROM person ORDER BY id').pluck().all() as number[]
  } finally {
    db.close()
  }
}

/** The persons with a tie current on `cutoff`: an open-ended merit, or anything ending on or after it. */
function current(dbFile: string, cutoff: string): number[] {
  const db = openDatabaseReadonly(dbFile)
  try {
    return db
      .prepare(
        `SELECT user_id FROM user_licence WHERE coalesce(substr(usage_period_end, 1, 10), '9999') >= :cutoff
         UNION SELECT user_id FROM user_insurance WHERE coalesce(substr(usage_period_end, 1, 10), '9999') >= :cutoff
         UNION SELECT user_id FROM granted_merit WHERE coalesce(valid_until_date, '9999') >= :cutoff
         ORDER BY 1`
      )
      .pluck()
      .all({ cutoff }) as number[]
  } finally {
    db.close()
  }
}

/** The last names (lower case) of persons with no tie current on `cutoff` that no word indexed for another person contains. */
function surnamesOfPurgedOnly(dbFile: string, cutoff: string): string[] {
  const keep = new Set(current(dbFile, cutoff))
  const db = openDatabaseReadonly(dbFile)
  try {
    const names = db
      .prepare("SELECT id, lower(last_name) AS name, lower(concat_ws(' ', first_name, nickname, last_name, sport_id, email)) AS words FROM person WHERE last_name IS NOT NULL")
      .all() as Array<{ id: number; name: string; words: string }>
    const keptWords = names.filter((p) => keep.has(p.id)).map((p) => p.words).join(' ')
    return [...new Set(names.filter((p) => !keep.has(p.id) && !keptWords.includes(p.name) && /^[a-z]{5,}$/.test(p.name)).map((p) => p.name))]
  } finally {
    db.close()
  }
}

/** Whether the member search index's pages hold `word` (FTS5 keeps its terms in lower case). */
function inSearchPages(dbFile: string, word: string): boolean {
  const db = openDatabaseReadonly(dbFile)
  try {
    return (db.prepare('SELECT count(*) FROM member_search_data WHERE instr(block, CAST(? AS BLOB)) > 0').pluck().get(word) as number) > 0
  } finally {
    db.close()
  }
}

describe('retention purge at sync (issue 6)', () => {
  it('removes people inactive past the retention, keeps them out on incremental syncs, and again after a full one', async () => {
    const dbFile = join(home, 'k.db')
    const first = await syncDatabase({ dbFile, connection: sandbox.credentials() })
    expect(first.ok).toBe(true)
    const everyone = persons(dbFile)
    // Today, the generated data holds this and last licence period: nobody is past 24 months.
    expect(first.purged).toBe(0)
    // Two changes of today with their history: one the registry took, one it refused (waiting for a person).
    const writable = openDatabase(dbFile)
    const [, rejected] = (['done', 'rejected'] as const).map((state) => {
      const at = new Date().toISOString()
      const payload = { eventUuid: '0b7c5d0e-0000-4000-8000-000000000001', participantUserId: everyone[0], additionalDetails: 'Allergia: pähkinät' }
      const id = insertItem(writable, { kind: 'event-registration', payload, dependsOn: null, at }, [], [])
      appendAudit(writable, { at, itemId: id, kind: 'event-registration', event: 'queued', actor: 'sihteeri', detail: payload })
      updateItem(writable, id, { state, at })
      return id
    })
    // An export of today, and a reveal from a sync of LATER's day; only the first is past the retention then.
    appendPrivacyLog(writable, { at: new Date().toISOString(), actor: 'sihteeri', action: 'export-list', detail: { search: 'Virtanen' } })
    appendPrivacyLog(writable, { at: `${LATER}T06:00:00.000Z`, actor: 'sihteeri', action: 'reveal-identity-number', personId: everyone[0] })
    writable.close()

    // Surnames only people purged below carry, as the search index's pages keep them (lower case).
    // FTS5 stores a leaf's terms after its first as what follows the prefix shared with the term
    // before, so only those a page shows whole can be looked for; which they are, the month's data decide.
    const surnames = surnamesOfPurgedOnly(dbFile, retentionCutoff(LATER, 24)).filter((name) => inSearchPages(dbFile, name))
    expect(surnames).not.toEqual([])

    const later = await syncDatabase({ dbFile, connection: sandbox.credentials(), today: LATER })
    expect(later.ok).toBe(true)
    // Gone from the search index's pages too, not only from its answers.
    expect(surnames.filter((name) => inSearchPages(dbFile, name))).toEqual([])
    const kept = persons(dbFile)
    expect(later.purged).toBe(everyone.length - kept.length)
    expect(later.purged).toBeGreaterThan(0)
    // Exactly the people with a merit held for good (or anything else still current) stay; registrations are to this year's events.
    expect(kept).toEqual(current(dbFile, retentionCutoff(LATER, 24)).filter((id) => everyone.includes(id)))
    expect(kept.length).toBeGreaterThan(0)
    // The finished change went with the retention, its history too; the refused one waits still.
    const history = openDatabaseReadonly(dbFile)
    expect(history.prepare('SELECT id FROM outbox_item').pluck().all()).toEqual([rejected])
    expect(history.prepare('SELECT DISTINCT item_id FROM audit_log').pluck().all()).toEqual([rejected])
    // So did the privacy log's entry of today, with the search text it kept.
    expect(history.prepare('SELECT action FROM privacy_log').pluck().all()).toEqual(['reveal-identity-number'])
    history.close()

    const again = await syncDatabase({ dbFile, connection: sandbox.credentials(), today: LATER })
    expect(again.purged).toBe(0)
    expect(persons(dbFile)).toEqual(kept)

    const full = await syncDatabase({ dbFile, connection: sandbox.credentials(), today: LATER, full: true })
    expect(full.ok).toBe(true)
    expect(full.purged).toBe(later.purged)
    expect(persons(dbFile)).toEqual(kept)
  })

  it('purges finished outbox changes past the retention also when a list of persons failed (their purge then waits)', async () => {
    const dbFile = join(home, 'failing.db')
    expect((await syncDatabase({ dbFile, connection: sandbox.credentials() })).ok).toBe(true)
    const writable = openDatabase(dbFile)
    const at = new Date().toISOString()
    const done = insertItem(writable, { kind: 'merit-grant', payload: { meritId: 1 }, dependsOn: null, at }, [], [])
    updateItem(writable, done, { state: 'done', at })
    writable.close()
    const everyone = persons(dbFile)
    const proxy = await startTamperProxy(sandbox.baseUrl, (method, path, answer) => (path.startsWith('/api/public/v2/user-insurance/') ? { ...answer, status: 400 } : undefined))
    try {
      const failing = await syncDatabase({ dbFile, connection: { ...sandbox.credentials(), baseUrl: proxy.url }, today: LATER })
      expect(failing.resources.filter((r) => r.error).map((r) => r.resource)).toEqual(['user-insurances'])
      expect(failing.purged).toBe(0)
    } finally {
      await proxy.close()
    }
    expect(persons(dbFile)).toEqual(everyone)
    const history = openDatabaseReadonly(dbFile)
    expect(history.prepare('SELECT count(*) FROM outbox_item').pluck().get()).toBe(0)
    history.close()
  })

  it('`kanslia sync --retention-months N` refuses a time outside 1…120 and stores a good one in the database', async () => {
    const dbFile = join(home, 'cli.db')
    const connection = ['--base-url', sandbox.baseUrl, '--auth-url', sandbox.authUrl, '--client-id', sandbox.clientId]
    const env = { KANSLIA_HOME: home, KANSLIA_CLIENT_SECRET: sandbox.clientSecret }
    const bad = await runCli(['sync', '--db', dbFile, '--retention-months', '0', ...connection], { env })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--retention-months <n>' argument '0' is invalid\. must be a whole number of months from 1 to 120/)
    const synced = await runCli(['sync', '--db', dbFile, '--retention-months', '6', ...connection], { env })
    expect(synced.stderr).toBe('')
    expect(synced.code).toBe(0)
    const db = openDatabaseReadonly(dbFile)
    expect(readRetention(db).months).toBe(6)
    db.close()
  })
})
