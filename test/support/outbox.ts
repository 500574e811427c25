/**
 * What the outbox's tests start from (issue 5): a sandbox the default client may write to with a
 * database synced from it, the CLI's environments and flags for it, and a bare database with three
 * members for the unit tests.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { migrate } from '../../src/main/db/migrate'
import { openDatabase, type WritableDB } from '../../src/main/db/open'
import { syncDatabase } from '../../src/main/services/sync'
import { startSandbox, type Sandbox, type SandboxRequestEvent } from '../../src/sandbox/index'
import { formatHelsinkiDate } from '../../src/sandbox/helsinkiTime'
import { closeAfterTest } from './afterTest'

/** The federation the sandbox's default client may write in (the generator fixes its id). */
export const WRITABLE_FEDERATION = 100

/** A migrated in-memory database with members 1–3 (Virtanen, Sport-IDs 10000001–10000003): what the outbox's unit tests queue against. */
export function databaseWithMembers(): WritableDB {
  const db = new Database(':memory:') as WritableDB
  db.pragma('foreign_keys = ON')
  migrate(db)
  for (const id of [1, 2, 3]) db.prepare("INSERT INTO person (id, sport_id, last_name, modification_us, raw) VALUES (?, ?, 'Virtanen', 1, '{}')").run(id, 10_000_000 + id)
  return db
}

/** A sandbox the outbox can write to, and the data folder of a database synced from it. */
export interface WritableSandbox {
  sandbox: Sandbox
  /** A new temporary folder: the database's, and `KANSLIA_HOME` of the CLI tests. */
  home: string
  dbFile: string
}

/**
 * Starts a sandbox of `athletes` from `seed` whose default client may write in
 * WRITABLE_FEDERATION, and syncs a new database in a new temporary folder from it. The caller
 * closes the sandbox.
 * @throws Error when the first sync fails.
 */
export async function startWritableSandbox(seed: number, athletes = 400): Promise<WritableSandbox> {
  const sandbox = await startSandbox({ athletes, seed, writableOrganizationIds: [WRITABLE_FEDERATION] })
  const home = mkdtempSync(join(tmpdir(), 'kanslia-outbox-'))
  const dbFile = join(home, 'k.db')
  const synced = await syncDatabase({ dbFile, connection: sandbox.credentials() })
  if (!synced.ok) {
    await sandbox.close()
    throw new Error(`the first sync failed: ${synced.resources.find((r) => r.error)?.error}`)
  }
  return { sandbox, home, dbFile }
}

/**
 * `startWritableSandbox(seed, athletes)` for one test: the sandbox is closed after it. Adds the
 * sandbox's connection, as the outbox's services take it.
 */
export async function writableSandboxForTest(seed = 7, athletes?: number): Promise<WritableSandbox & { connection: ReturnType<Sandbox['credentials']> }> {
  const started = await startWritableSandbox(seed, athletes)
  closeAfterTest(() => started.sandbox.close())
  return { ...started, connection: started.sandbox.credentials() }
}

/** A connection to where nothing listens: pushing there is being offline. */
export const OFFLINE_CONNECTION = { baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' }

/** The environment of a CLI run with no secret and no saved profile: nothing that could reach a network. */
export const offlineEnv = (home: string) => ({ KANSLIA_HOME: home })
/** The environment of a CLI run that may push: the sandbox's client secret as headless runs give it. */
export const onlineEnv = (home: string, sandbox: Sandbox) => ({ KANSLIA_HOME: home, KANSLIA_CLIENT_SECRET: sandbox.clientSecret })
/** The CLI's connection flags for the sandbox, or for `baseUrl` (a proxy in front of it) as base and auth URL. */
export const connectionFlags = (sandbox: Sandbox, baseUrl?: string) => ['--base-url', baseUrl ?? sandbox.baseUrl, '--auth-url', baseUrl ?? sandbox.authUrl, '--client-id', sandbox.clientId]

/** Whether a user licence's or insurance's usage period (spec v2 §2.12, §2.13) covers `day`, both ends included. */
export const covers = (period: { usagePeriodStart: string; usagePeriodEnd: string }, day: string) => period.usagePeriodStart <= day && day <= period.usagePeriodEnd

/** A person's user licences, or their user licences and insurances (`insurances`), as the sandbox holds them. */
export function tiesOf(sandbox: Sandbox, user: number, insurances = true): Array<{ usagePeriodStart: string; usagePeriodEnd: string }> {
  const licences = sandbox.store.userLicenceIdsOfPerson(user).map((id) => sandbox.store.userLicence(id)!)
  return insurances ? [...licences, ...sandbox.store.userInsuranceIdsOfPerson(user).map((id) => sandbox.store.userInsurance(id)!)] : licences
}

/**
 * Members of the federation with a user licence valid on the sandbox's day (so readable by it,
 * spec v2 §4.3), in a stable order; with `events`, only members registered to none of them (the
 * generated data registers some).
 */
export function members(sandbox: Sandbox, count: number, events: Array<{ id: number }> = []): number[] {
  const today = formatHelsinkiDate(sandbox.clock.now())
  const ids = new Set<number>()
  for (const id of sandbox.store.userLicenceIds()) {
    const licence = sandbox.store.userLicence(id)!
    const user = licence.user.id
    if (!covers(licence, today)) continue
    if (events.every((event) => registrationsOf(sandbox, event.id, user).length === 0)) ids.add(user)
    if (ids.size === count) break
  }
  return [...ids]
}

/** A merit of a merit group WRITABLE_FEDERATION itself owns. */
export function federationMerit(sandbox: Sandbox): number {
  const group = sandbox.activity.meritGroups.all().find((g) => g.data.organizationId === WRITABLE_FEDERATION)!
  return sandbox.activity.merits.all().find((m) => m.data.meritGroupId === group.id)!.id
}

/**
 * Free, published, public (so mirrored), live events of WRITABLE_FEDERATION open for registration
 * on the sandbox's clock, with room for `room` more attendees.
 */
export function openEvents(sandbox: Sandbox, room = 20) {
  return sandbox.activity.events
    .all()
    .filter((e) => e.deletionMs === undefined && e.status === 'PUBLISHED' && e.visibility === 'PUBLIC' && e.priceInCents === 0 && sandbox.store.isWithin(e.organizerId, WRITABLE_FEDERATION))
    .filter((e) => sandbox.activity.registrationClosedReason(e) === undefined)
    .filter((e) => e.maxAttendeeCount === undefined || e.maxAttendeeCount - sandbox.activity.attendeeCount(e.id) >= room)
}

/** The active registrations of `userId` to the event, on the server. */
export function registrationsOf(sandbox: Sandbox, eventId: number, userId: number) {
  return sandbox.activity.registrations.all().filter((r) => r.eventId === eventId && r.userId === userId && r.state === 'ACTIVE')
}

/** Counts the sandbox's requests from now on whose method is `method` and whose address contains `pathPart`. */
export function countRequests(sandbox: Sandbox, method: string, pathPart: string): { count: number } {
  const counter = { count: 0 }
  sandbox.events.on('request', (event: SandboxRequestEvent) => {
    if (event.method === method && event.url.includes(pathPart)) counter.count++
  })
  return counter
}

/**
 * Brings the read-back time of every `unknown` item of the database `dbFile` to now: the tests'
 * stand-in for the minutes a push waits before reading back a change sent without an answer
 * (push.ts `readBackDelayMs`) in a process whose options a test cannot set (the CLI).
 * @returns the ids of the items whose time was moved.
 */
export function readBackTimeHasCome(dbFile: string): number[] {
  const db = openDatabase(dbFile)
  try {
    return db.prepare("UPDATE outbox_item SET next_attempt_at = ? WHERE state = 'unknown' AND next_attempt_at > ? RETURNING id").pluck().all(new Date().toISOString(), new Date().toISOString()) as number[]
  } finally {
    db.close()
  }
}
