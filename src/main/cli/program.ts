import { Command, InvalidArgumentError, Option } from 'commander'
import { ApiClient } from '../api/client'
import { resolveConnection, saveConnectionProfile, validateProfile } from '../config/connection'
import { connectionProfileFile, defaultDatabaseFile, demoDatabaseFile } from '../config/paths'
import { storeClientSecret } from '../secrets/keychain'
import { runDemo } from '../services/demo'
import { EXPORT_RESOURCES } from '../db/tables'
import { exportResource, type ExportFormat } from '../services/export'
import { findMembers } from '../services/members'
import { getStatus } from '../services/status'
import { venueCheck } from '../services/venueCheck'
import { listOutbox, pushOutboxNow, queueEventRegistration, queueMeritGrant, queueRegistrationCancel } from '../services/outbox'
import type { EventRegistrationRequest, MeritGrantRequest } from '../../shared/api/v2Activity'
import { syncDatabase } from '../services/sync'
import { runSandboxCommand } from '../../sandbox/cli'
import { formatMembers, formatStatus, formatSyncSummary, formatVenueCheck } from './format'
import { formatOutbox, formatPush, formatQueued } from './formatOutbox'
import { SyncProgressBars } from './progress'
import { readSecret } from './secret-input'
import { UserFacingError } from '../services/errors'

function wholeNumber(min: number) {
  return (value: string): number => {
    const n = Number(value)
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`must be a whole number ≥ ${min}`)
    return n
  }
}

const dbOption = () => new Option('--db <file>', 'database file').default(defaultDatabaseFile(), "the desktop app's database")

interface ConnectionFlags {
  baseUrl?: string
  authUrl?: string
  clientId?: string
}

/** The connection flags of `sync` and `push`; unset ones come from the saved profile. */
function withConnectionFlags(command: Command): Command {
  return command
    .option('--base-url <url>', 'the API base URL, without /api/public/v2')
    .option('--auth-url <url>', 'the auth URL; the token endpoint is {auth-url}/oauth2/token')
    .option('--client-id <id>', 'client id; its secret comes from the OS keychain or KANSLIA_CLIENT_SECRET')
}

/** `--users 1,2,3`: comma-separated user ids. */
function userIds(value: string): number[] {
  const parts = value.split(',').map((part) => part.trim())
  if (parts.some((part) => !/^\d+$/.test(part))) throw new InvalidArgumentError('must be user ids separated by commas, e.g. 101,102,103')
  return parts.map(Number)
}

/** `--registration`: a registration id, or `outbox:N` for a registration still in the outbox (its item N). */
function registrationRef(value: string): { eventRegistrationId: number } | { outboxItemId: number } {
  const match = /^(outbox:)?(\d+)$/.exec(value.trim())
  if (!match) throw new InvalidArgumentError('must be a registration id, or outbox:N for a registration still in the outbox')
  return match[1] ? { outboxItemId: Number(match[2]) } : { eventRegistrationId: Number(match[2]) }
}

/**
 * The `kanslia` command line (the CLI contracts of issues 2 and 5; scripts depend on them). Every command
 * calls the same services as the desktop app. Output goes to stdout; progress and errors to stderr.
 */
export function buildProgram(): Command {
  const program = new Command('kanslia')
    .description('Kanslia: the national sports registry, offline. Sync, search and export from the command line.')
    .showHelpAfterError()
    .exitOverride()

  withConnectionFlags(
    program
      .command('sync')
      .description('mirror what the credentials may read into the local database')
      .addOption(dbOption())
  )
    .option('--full', 'full reconciliation: also remove what the API no longer lists')
    .option('--page-size <n>', 'elements per request (smaller pages suit slow links)', wholeNumber(1), 5000)
    .action(async (opts: ConnectionFlags & { db: string; full?: boolean; pageSize: number }) => {
      const connection = resolveConnection(opts, connectionProfileFile())
      const bars = new SyncProgressBars()
      const controller = new AbortController()
      process.once('SIGINT', () => controller.abort())
      try {
        const result = await syncDatabase({ dbFile: opts.db, connection, full: opts.full, pageSize: opts.pageSize, onProgress: bars.update, signal: controller.signal })
        bars.stop()
        process.stdout.write(formatSyncSummary(result))
        const failed = result.resources.find((r) => r.error)
        if (!result.ok) throw new UserFacingError('sync-failed', `sync failed: ${failed ? `${failed.resource} ${failed.scope}: ${failed.error}` : 'see above'}`)
      } finally {
        bars.stop()
      }
    })

  program
    .command('connect')
    .description('save a connection profile and store the client secret (read from stdin) in the OS keychain')
    .requiredOption('--base-url <url>', 'the API base URL, without /api/public/v2')
    .requiredOption('--auth-url <url>', 'the auth URL')
    .requiredOption('--client-id <id>', 'client id')
    .action(async (opts: Required<ConnectionFlags>) => {
      const profile = validateProfile(opts)
      const clientSecret = await readSecret(`client secret for ${profile.clientId}: `)
      if (!clientSecret) throw new UserFacingError('no-secret', 'no client secret given on standard input')
      const client = new ApiClient({ ...profile, clientSecret })
      try {
        const roots = await client.getV2<{ content: Array<{ id: number; name: string; type: string }> }>('/organization')
        storeClientSecret(profile.clientId, clientSecret)
        saveConnectionProfile(connectionProfileFile(), profile)
        process.stdout.write(`connected as ${profile.clientId}; readable roots: ${roots.content.map((o) => `${o.name} (${o.type} ${o.id})`).join(', ') || 'none'}\n`)
      } finally {
        await client.close()
      }
    })

  program
    .command('status')
    .description('per resource: rows, cursor and the last sync result')
    .addOption(dbOption())
    .option('--json', 'print JSON')
    .action((opts: { db: string; json?: boolean }) => {
      const rows = getStatus(opts.db)
      process.stdout.write(opts.json ? JSON.stringify(rows, null, 2) + '\n' : formatStatus(rows))
    })

  program
    .command('export')
    .description('write a resource as the API objects last received')
    .argument('<resource>', `one of: ${EXPORT_RESOURCES.join(', ')}`)
    .addOption(dbOption())
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'csv']).default('json'))
    .option('--out <file>', 'write to a file instead of stdout')
    .action(async (resource: string, opts: { db: string; format: ExportFormat; out?: string }) => {
      const written = await exportResource({ dbFile: opts.db, resource, format: opts.format, out: opts.out })
      if (opts.out) process.stderr.write(`${written.toLocaleString('en')} ${resource} written to ${opts.out}\n`)
    })

  program
    .command('members')
    .description('find members by name, Sport-ID or e-mail')
    .addOption(dbOption())
    .option('--search <text>', 'text to look for; any text is accepted', '')
    .option('--limit <n>', 'at most this many members', wholeNumber(1), 100)
    .option('--json', 'print a JSON array')
    .action((opts: { db: string; search: string; limit: number; json?: boolean }) => {
      const rows = findMembers(opts.db, opts.search, opts.limit)
      process.stdout.write(opts.json ? JSON.stringify(rows) + '\n' : formatMembers(rows))
    })

  program
    .command('check')
    .description('venue check: does the member (Sport-ID or name) hold a licence valid on the date?')
    .argument('<text>', 'a Sport-ID (as a scanner types it) or a name to search')
    .addOption(dbOption())
    .option('--date <YYYY-MM-DD>', 'the day to check (default: today)')
    .option('--json', 'print the result as JSON')
    .action((text: string, opts: { db: string; date?: string; json?: boolean }) => {
      const result = venueCheck(opts.db, text, opts.date)
      process.stdout.write(opts.json ? JSON.stringify(result) + '\n' : formatVenueCheck(result))
      // Scripts at a venue read the exit code: 0 only when every member found may compete.
      if (result.members.length === 0 || result.members.some((m) => m.check.verdict !== 'valid' && m.check.verdict !== 'expiring')) process.exitCode = 3
    })

  program
    .command('grant-merit')
    .description('queue a merit grant to up to 10,000 members (works offline; `push` sends it)')
    .requiredOption('--merit <id>', 'the merit id', wholeNumber(1))
    .requiredOption('--users <ids>', 'the grantees: user ids separated by commas', userIds)
    .requiredOption('--date <YYYY-MM-DD>', 'the granting date')
    .addOption(new Option('--granter <name>', "the granter's name").conflicts('granterUser'))
    .option('--granter-user <id>', "the granter's user id", wholeNumber(1))
    .option('--info <text>', 'additional information on the grant')
    .option('--no-notify', 'do not notify the grantees')
    .addOption(dbOption())
    .action(async (opts: { merit: number; users: number[]; date: string; granter?: string; granterUser?: number; info?: string; notify: boolean; db: string }) => {
      const grant: MeritGrantRequest = { grantingDate: opts.date, meritGrantees: opts.users, notifyGrantees: opts.notify }
      if (opts.granter !== undefined) grant.meritGranter = opts.granter
      if (opts.granterUser !== undefined) grant.granterUserId = opts.granterUser
      if (opts.info !== undefined) grant.meritAdditionalInfo = opts.info
      process.stdout.write(formatQueued(await queueMeritGrant({ dbFile: opts.db, meritId: opts.merit, grant })))
    })

  program
    .command('register')
    .description("queue a member's registration to an event (works offline; `push` sends it)")
    .requiredOption('--event <uuid>', "the event's UUID")
    .requiredOption('--user <id>', "the participant's user id", wholeNumber(1))
    .option('--details <text>', 'additional details of the registration')
    .addOption(dbOption())
    .action(async (opts: { event: string; user: number; details?: string; db: string }) => {
      const registration: EventRegistrationRequest = { participantUserId: opts.user }
      if (opts.details !== undefined) registration.additionalDetails = opts.details
      process.stdout.write(formatQueued(await queueEventRegistration({ dbFile: opts.db, eventUuid: opts.event, registration })))
    })

  program
    .command('cancel-registration')
    .description('queue the cancellation of an event registration (works offline; `push` sends it)')
    .requiredOption('--event <uuid>', "the event's UUID")
    .requiredOption('--registration <id>', 'the registration id, or outbox:N for a registration still in the outbox', registrationRef)
    .addOption(dbOption())
    .action(async (opts: { event: string; registration: ReturnType<typeof registrationRef>; db: string }) => {
      process.stdout.write(formatQueued(await queueRegistrationCancel({ dbFile: opts.db, eventUuid: opts.event, registration: opts.registration })))
    })

  withConnectionFlags(
    program
      .command('push')
      .description('send the outbox to the registry: in order, exactly once; then re-pull what changed')
      .addOption(dbOption())
  ).action(async (opts: ConnectionFlags & { db: string }) => {
    const connection = resolveConnection(opts, connectionProfileFile())
    const summary = await pushOutboxNow({ dbFile: opts.db, connection })
    const { out, err } = formatPush(summary)
    process.stdout.write(out)
    process.stderr.write(err)
    // Offline is no failure: the queue waits for the next push. Rejections need a person.
    if (summary.stopped?.reason === 'server-error') throw new UserFacingError('push-failed', `the registry keeps failing; ${summary.waiting} change(s) wait: ${summary.stopped.message}`)
    if (summary.rejected.length) process.exitCode = 1
  })

  program
    .command('outbox')
    .description('list the queued changes with their state and the registry\'s last answer')
    .addOption(dbOption())
    .option('--json', 'print a JSON array')
    .action((opts: { db: string; json?: boolean }) => {
      const items = listOutbox(opts.db)
      process.stdout.write(opts.json ? JSON.stringify(items) + '\n' : formatOutbox(items))
    })

  program
    .command('demo')
    .description('start the Federation Sandbox in-process, sync it into the demo database and print a summary')
    .addOption(new Option('--db <file>', 'database file').default(demoDatabaseFile(), 'the demo database'))
    .option('--athletes <n>', 'athletes in the sandbox', wholeNumber(1), 5000)
    .option('--seed <n>', 'data seed', wholeNumber(0), 1)
    .action(async (opts: { db: string; athletes: number; seed: number }) => {
      process.stderr.write(`Starting the Federation Sandbox with ${opts.athletes.toLocaleString('en')} athletes…\n`)
      const bars = new SyncProgressBars()
      const summary = await runDemo({ dbFile: opts.db, athletes: opts.athletes, seed: opts.seed, onProgress: bars.update })
      bars.stop()
      const out = process.stdout
      out.write(`Synced the demo federation from ${summary.credentials.baseUrl} into ${opts.db}\n`)
      out.write(formatSyncSummary(summary.result))
      out.write('\nStored:\n' + formatStatus(summary.status))
      out.write(`\nMembers matching "${summary.sampleSearch.text}":\n` + formatMembers(summary.sampleSearch.members))
      out.write(`\nTry: npx kanslia members --db ${JSON.stringify(opts.db)} --search "${summary.sampleSearch.text}"\n`)
      if (!summary.result.ok) throw new UserFacingError('sync-failed', 'the demo sync finished with errors (see above)')
    })

  program
    .command('sandbox')
    .description('serve the Federation Sandbox on loopback until stopped')
    .option('--port <port>', 'port (0 picks a free one)', wholeNumber(0), 0)
    .option('--athletes <n>', 'athletes', wholeNumber(1), 2000)
    .option('--seed <n>', 'data seed', wholeNumber(0), 1)
    .option('--print-credentials', 'print one JSON line with baseUrl, authUrl, clientId, clientSecret, federationId')
    .action(async (opts: { port: number; athletes: number; seed: number; printCredentials?: boolean }) => {
      const sandbox = await runSandboxCommand({ port: opts.port, athletes: opts.athletes, seed: opts.seed, printCredentials: Boolean(opts.printCredentials) })
      if (!opts.printCredentials) process.stderr.write(`Federation Sandbox serving at ${sandbox.baseUrl} (Ctrl+C stops it)\n`)
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve())
      })
      await sandbox.close()
    })

  return program
}
