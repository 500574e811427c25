import { Argument, Command, Option } from 'commander'
import { resolveConnection, validateProfile } from '../config/connection'
import { connectionProfileFile, defaultDatabaseFile, demoDatabaseFile } from '../config/paths'
import { connectAndSave } from '../services/connect'
import { runDemo } from '../services/demo'
import { EXPORT_RESOURCES } from '../db/tables'
import { DEFAULT_RETENTION_MONTHS, MAX_RETENTION_MONTHS } from '../db/retention'
import { exportResource, type ExportFormat } from '../services/export'
import { findMembers } from '../services/members'
import { exportPersonRecord } from '../services/personExport'
import { MAX_MEMBERS } from '../db/members'
import { getStatus } from '../services/status'
import { startListCheck, venueCheck } from '../services/venueCheck'
import { eventLimitsIn, listEventParticipants, listEvents } from '../services/events'
import { readTableLines, textLines } from '../services/tableImport'
import { renewalList } from '../services/renewals'
import { readsVerdicts } from '../db/renewalLists'
import { listedIn, logListExport } from '../services/privacyRecord'
import { evaluateVerdicts } from '../services/verdicts'
import { readAddresses } from '../services/addresses'
import { meritCandidates } from '../services/meritCandidates'
import { CANDIDATE_COLUMNS, type CandidateColumn } from '../../shared/meritCandidates'
import { exportList } from '../services/listExport'
import { reportsOf } from '../services/reports'
import { writeTable } from '../services/tableExport'
import { REPORT_NAMES, type ReportName } from '../../shared/reports'
import { MAX_RENEWAL_DAYS, RENEWAL_LIST_KINDS, renewalColumnsOf, type RenewalColumn, type RenewalListKind } from '../../shared/renewalLists'
import { localDate } from '../../shared/localDate'
import { INSURANCE_FILTERS, type InsuranceFilter, type LicenceStatus } from '../../shared/ipc/contract'
import { LICENCE_VERDICTS, MAY_COMPETE } from '../../shared/licenceValidity'
import {
  discardOutboxItem,
  editOutboxItem,
  granteesNotReadableIn,
  listAwaitingDecision,
  listOutbox,
  listOutboxConcerning,
  paymentInitiationIn,
  pushOutboxNow,
  queueClubCreate,
  queueClubTransfer,
  queueEventCreate,
  queueEventParticipants,
  queueEventRegistration,
  queueMeritCreate,
  queueMeritGrant,
  queueOrderCancel,
  queueOrderCreate,
  queueOrderPayment,
  queueOrganizationUserAccess,
  queueRegistrationCancel,
  readPaymentMethods,
  readPaymentStatus,
  retryOutboxItem,
  type OrderRef
} from '../services/outbox'
import type { EventRegistrationRequest, MeritGrantRequest } from '../../shared/api/v2Activity'
import type { CreateEvent, CreateMerit, EventDateTime, V3MeritGrant } from '../../shared/api/v3'
import { mayCompete, membersFound, type StartListResult } from '../../shared/venueCheck'
import type { ClubCreateInput } from '../outbox/clubCreate'
import { listSome } from '../outbox/checks'
import { syncDatabase } from '../services/sync'
import { MAX_PAGE_SIZE } from '../sync/engine'
import { runSandboxCommand } from '../../sandbox/cli'
import { formatEvents, formatMembers, formatParticipants, formatMeritCandidates, formatOutsideLimits, formatRenewalList, formatReports, formatStartList, formatStatus, formatSyncSummary, formatVenueCheck, reportTable } from './format'
import { formatOutbox, formatPaymentMethods, formatPush, formatQueued } from './formatOutbox'
import { StartListProgressBar, SyncProgressBars } from './progress'
import { calendarDate, clientId, eventDateTime, httpUrl, integerIn, jsonObject, orderRef, registrationRef, registryDatabase, userIds } from './optionValues'
import { readSecret } from './secret-input'
import { readStandardInput } from './standardInput'
import { UserFacingError } from '../services/errors'
import { formatLog, exportLog } from '../services/logs'
import { removeConnectionData } from '../services/wipe'
import { writePaymentForm } from '../services/paymentForm'

/**
 * Records a list of members printed to standard output in the privacy log (issue 6), before it is
 * printed: as JSON always (scripts keep what they read, as an export's file is), as a table or
 * user ids when standard output is no terminal (redirected to a file or a pipe, it leaves the app as an export
 * does); a table on a terminal is viewing, as the app's list. `listed` says which list and what
 * narrowed it.
 */
async function logPrintedList(dbFile: string, listed: Record<string, unknown>, rows: number, format: 'json' | 'table' | 'ids'): Promise<void> {
  if (format !== 'json' && process.stdout.isTTY === true) return
  await logListExport(dbFile, { ...listed, format, rows, file: '-' })
}

/** The headings of a renewal list's columns in the CLI's files (English, as the CLI speaks). */
const RENEWAL_HEADINGS: Record<RenewalColumn, string> = {
  lastName: 'Last name',
  firstName: 'First names',
  sportId: 'Sport-ID',
  birthDate: 'Birth date',
  club: 'Club',
  previousClub: 'Previous club',
  item: 'Licence or insurance',
  ends: 'Ends',
  email: 'E-mail',
  guardianEmails: "Guardians' e-mails"
}

/** The headings of a merit candidate list's columns in the CLI's files. */
const CANDIDATE_HEADINGS: Record<CandidateColumn, string> = {
  name: 'Name',
  sportId: 'Sport-ID',
  club: 'Club',
  nextMerit: 'Next merit',
  heldMerit: 'Merit held',
  heldSince: 'Held since',
  seasons: 'Licence seasons'
}

const dbOption = () => new Option('--db <file>', 'database file').default(defaultDatabaseFile(), "the desktop app's database")
/** `--db` of the commands that reach a registry (`sync`, `push`): not the demo database. */
const registryDbOption = () => dbOption().argParser(registryDatabase)

interface ConnectionFlags {
  baseUrl?: string
  authUrl?: string
  clientId?: string
}

/** The connection flags of `sync` and `push`; unset ones come from the saved profile. */
function withConnectionFlags(command: Command): Command {
  return command
    .option('--base-url <url>', 'the API base URL, without /api/public/v2', httpUrl)
    .option('--auth-url <url>', 'the auth URL; the token endpoint is {auth-url}/oauth2/token', httpUrl)
    .option('--client-id <id>', 'client id; its secret comes from the OS keychain or KANSLIA_CLIENT_SECRET', clientId)
}

/** `fields` without the keys whose value is undefined: only the options given reach a change's input. */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}

/**
 * The `kanslia` command line (the CLI contracts of issues 2 and 5; scripts depend on them). Every command
 * calls the same services as the desktop app. Output goes to stdout; progress and errors to stderr.
 */
export function buildProgram(): Command {
  const program = new Command('kanslia')
    .description('Kanslia: the national sports registry, offline. Sync, search and export from the command line.')
    .exitOverride()

  withConnectionFlags(
    program
      .command('sync')
      .description('mirror what the credentials may read into the local database')
      .addOption(registryDbOption())
  )
    .option('--full', 'full reconciliation: also remove what the API no longer lists')
    .option('--every-list', 'also read the per-parent lists (merits, grants, registrations) and the event search read in the last 15 minutes')
    .option('--page-size <n>', 'elements per request (smaller pages suit slow links)', integerIn(1, MAX_PAGE_SIZE), 5000)
    .option('--retention-months <n>', `keep people without a current licence, insurance, registration or merit, the outbox's finished changes and the privacy log's entries, this many months (1…${MAX_RETENTION_MONTHS}; stored in the database; default ${DEFAULT_RETENTION_MONTHS})`, integerIn(1, MAX_RETENTION_MONTHS, 'months'))
    .action(async (opts: ConnectionFlags & { db: string; full?: boolean; everyList?: boolean; pageSize: number; retentionMonths?: number }) => {
      const connection = resolveConnection(opts, connectionProfileFile())
      const bars = new SyncProgressBars()
      const controller = new AbortController()
      process.once('SIGINT', () => controller.abort())
      try {
        const result = await syncDatabase({
          dbFile: opts.db,
          connection,
          full: opts.full,
          everyList: opts.everyList,
          pageSize: opts.pageSize,
          retentionMonths: opts.retentionMonths,
          onProgress: bars.update,
          signal: controller.signal
        })
        bars.stop()
        process.stdout.write(formatSyncSummary(result))
        const failed = result.resources.find((r) => r.error)
        if (result.stoppedBy) throw new UserFacingError('sync-stopped', `sync stopped: ${result.stoppedBy.message}`)
        if (!result.ok) throw new UserFacingError('sync-failed', `sync failed: ${failed ? `${failed.resource} ${failed.scope}: ${failed.error}` : 'see above'}`)
      } finally {
        bars.stop()
      }
    })

  program
    .command('connect')
    .description('check the credentials, save a connection profile and store the client secret (read from stdin) in the OS keychain; with KANSLIA_CLIENT_SECRET set, that secret is checked and stays there')
    .requiredOption('--base-url <url>', 'the API base URL, without /api/public/v2', httpUrl)
    .requiredOption('--auth-url <url>', 'the auth URL', httpUrl)
    .requiredOption('--client-id <id>', 'client id', clientId)
    .action(async (opts: Required<ConnectionFlags>) => {
      const profile = validateProfile(opts)
      // Headless runs keep the secret in the environment, which every later command reads before the
      // keychain (`resolveConnection`): connect checks that one and needs no keychain.
      const fromEnvironment = process.env.KANSLIA_CLIENT_SECRET
      const clientSecret = fromEnvironment || (await readSecret(`client secret for ${profile.clientId}: `))
      if (!clientSecret) throw new UserFacingError('no-secret', 'no client secret given on standard input (or in KANSLIA_CLIENT_SECRET)')
      const roots = await connectAndSave(profile, clientSecret, { storeSecret: !fromEnvironment, profileFile: connectionProfileFile() })
      const secret = fromEnvironment ? ' (client secret from KANSLIA_CLIENT_SECRET, not stored: set it for every run)' : ''
      process.stdout.write(`connected as ${profile.clientId}${secret}; readable roots: ${roots.map((o) => `${o.name} (${o.type} ${o.id})`).join(', ') || 'none'}\n`)
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
    .addArgument(new Argument('<resource>', 'what to export').choices(EXPORT_RESOURCES))
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
    .option('--limit <n>', `at most this many members (1…${MAX_MEMBERS.toLocaleString('en')})`, integerIn(1, MAX_MEMBERS), 100)
    .option('--club <id>', "only this club's members: those whose latest user licence is with it (the app's Club column); with --licence or --period, those whose licence was bought through it", integerIn(1))
    .option('--area <id>', "only the members of this area's clubs, by --club's rule (`kanslia export organizations` lists the areas, type AREA)", integerIn(1))
    .option('--licence <id>', 'only holders of a user licence of this licence (`kanslia export licences` lists them)', integerIn(1))
    .option('--period <id>', 'only holders of a user licence of this licence period (`kanslia export licence-periods` lists them)', integerIn(1))
    .addOption(new Option('--status <status>', "only members with this licence verdict today (the venue check's rules)").choices(LICENCE_VERDICTS))
    .addOption(new Option('--insurance <insurance>', 'only members with, or without, an insurance valid today').choices([...INSURANCE_FILTERS]))
    .option('--json', 'print a JSON array (recorded in the privacy log: scripts keep what they read)')
    .action(async (opts: { db: string; search: string; limit: number; club?: number; area?: number; licence?: number; period?: number; status?: LicenceStatus; insurance?: InsuranceFilter; json?: boolean }) => {
      const filters = given({ clubId: opts.club, areaId: opts.area, licenceId: opts.licence, licencePeriodId: opts.period, status: opts.status, insurance: opts.insurance })
      const rows = findMembers(opts.db, opts.search, opts.limit, filters)
      await logPrintedList(opts.db, { list: 'members', query: { text: opts.search, limit: opts.limit, ...filters } }, rows.length, opts.json ? 'json' : 'table')
      process.stdout.write(opts.json ? JSON.stringify(rows) + '\n' : formatMembers(rows))
    })

  program
    .command('person')
    .description("everything stored about one person, member or not, as JSON, for a data-access request (recorded in the privacy log)")
    .argument('<id>', "the person's user id", integerIn(1))
    .option('--out <file>', 'write to a file instead of standard output')
    .addOption(dbOption())
    .action(async (id: number, opts: { out?: string; db: string }) => {
      const json = await exportPersonRecord({ dbFile: opts.db, id, now: new Date(), file: opts.out })
      if (opts.out) process.stderr.write(`everything stored about person ${id} written to ${opts.out}\n`)
      else process.stdout.write(json + '\n')
    })

  program
    .command('check')
    .description('venue check: does the member (Sport-ID or name) hold a licence valid on the date?')
    .argument('<text>', 'a Sport-ID (as a scanner types it) or a name to search')
    .addOption(dbOption())
    .option('--date <YYYY-MM-DD>', 'the day to check (default: today)', calendarDate)
    .option('--json', 'print the result as JSON')
    .action((text: string, opts: { db: string; date?: string; json?: boolean }) => {
      const result = venueCheck(opts.db, text, opts.date)
      process.stdout.write(opts.json ? JSON.stringify(result) + '\n' : formatVenueCheck(result))
      // Scripts at a venue read the exit code: 0 only when every member the text names was checked and may compete.
      if (result.members.length === 0 || result.moreMatch || result.members.some((m) => !MAY_COMPETE.has(m.check.verdict))) process.exitCode = 3
    })

  program
    .command('start-list')
    .description('venue check of a whole start list: each line names one member by a Sport-ID, else by name; a column naming their club tells namesakes apart')
    .argument('<file>', 'a CSV, text or XLSX file (its first worksheet), or - for standard input')
    .addOption(dbOption())
    .option('--date <YYYY-MM-DD>', 'the day to check (default: today)', calendarDate)
    .addOption(new Option('--json', 'print the result as JSON').conflicts('ids'))
    .option('--ids', 'print the user ids of the members found (a line each that names one), separated by commas, for `grant-merit --users`; exit 3 when none is found')
    .action(async (file: string, opts: { db: string; date?: string; json?: boolean; ids?: boolean }) => {
      const lines = file === '-' ? textLines(await readStandardInput()) : await readTableLines(file)
      const progress = new StartListProgressBar()
      let result: StartListResult
      try {
        result = startListCheck(opts.db, lines, opts.date, progress.update)
      } finally {
        progress.stop()
      }
      if (opts.ids) {
        const found = membersFound(result.rows)
        process.stdout.write(`${found.join(',')}\n`)
        if (found.length === 0) process.exitCode = 3
        return
      }
      process.stdout.write(opts.json ? JSON.stringify(result) + '\n' : formatStartList(result))
      // As `check`: 0 only when every line names one member who may compete.
      if (result.rows.length === 0 || !result.rows.every(mayCompete)) process.exitCode = 3
    })

  program
    .command('renewals')
    .description("a renewal list: licences or insurances ending within the days and not renewed, members not renewed this licence period or renewed with another club, or outside their licence's birth-date range")
    .addOption(new Option('--kind <kind>', 'which list').choices([...RENEWAL_LIST_KINDS]).default('licence-ending'))
    .option('--days <n>', `how many days ahead an ending is listed (0…${MAX_RENEWAL_DAYS}; licence-ending and insurance-ending)`, integerIn(0, MAX_RENEWAL_DAYS, 'days'), 30)
    .option('--club <id>', "only this club's: user licences bound to it, and the insurances of its members, those whose latest user licence is with it (`kanslia export organizations` lists the clubs)", integerIn(1))
    .option('--area <id>', "only this area's clubs', as --club takes one club's (`kanslia export organizations` lists the areas, type AREA)", integerIn(1))
    .addOption(new Option('--emails', "print the addresses to write to, one per line: each adult's own, each minor's guardians' and own (recorded in the privacy log)").conflicts(['json', 'out']))
    .addOption(new Option('--json', 'print a JSON array of the rows (recorded in the privacy log)').conflicts('out'))
    .option('--out <file>', 'write every row to a CSV or XLSX file (recorded in the privacy log)')
    .addOption(new Option('--format <format>', 'the file format of --out').choices(['csv', 'xlsx']).default('csv'))
    .addOption(dbOption())
    .action(async (opts: { kind: RenewalListKind; days: number; club?: number; area?: number; emails?: boolean; json?: boolean; out?: string; format: 'csv' | 'xlsx'; db: string }) => {
      const today = localDate()
      const query = { kind: opts.kind, days: opts.days, ...given({ clubId: opts.club, areaId: opts.area }) }
      if (readsVerdicts(opts.kind)) evaluateVerdicts(opts.db, today)
      if (opts.emails) {
        const addresses = await readAddresses({ list: 'renewals', dbFile: opts.db, today, to: 'stdout', ...query })
        for (const address of addresses) process.stdout.write(`${address}\n`)
      } else if (opts.out) {
        const columns = renewalColumnsOf(opts.kind).map((key) => ({ key, label: RENEWAL_HEADINGS[key] }))
        const request = { ...query, format: opts.format, columns }
        const rows = await exportList({ list: 'renewals', dbFile: opts.db, today, file: opts.out, request })
        process.stderr.write(`${rows.toLocaleString('en')} row(s) written to ${opts.out}\n`)
      } else {
        const list = renewalList(opts.db, query, today)
        await logPrintedList(opts.db, listedIn({ list: 'renewals', ...query }), list.rows.length, opts.json ? 'json' : 'table')
        process.stdout.write(opts.json ? JSON.stringify(list.rows) + '\n' : formatRenewalList(list))
      }
    })

  program
    .command('reports')
    .description('the reports of a licence period from the local data (default: the current one): members per club, area and licence, ages by gender, licence sales per month, club transfers since the period before, merits granted per year')
    .option('--period <id>', 'the licence period (`kanslia export licence-periods` lists them)', integerIn(1))
    .addOption(new Option('--report <name>', 'only this report').choices([...REPORT_NAMES]))
    .addOption(new Option('--json', 'print the reports as JSON (with --report, that report\'s rows)').conflicts('out'))
    .option('--out <file>', 'write the report --report names to a CSV or XLSX file')
    .addOption(new Option('--format <format>', 'the file format of --out').choices(['csv', 'xlsx']).default('csv'))
    .addOption(dbOption())
    .action(async (opts: { period?: number; report?: ReportName; json?: boolean; out?: string; format: 'csv' | 'xlsx'; db: string }, command: Command) => {
      if (opts.out && !opts.report) command.error('--out writes one report: name it with --report', { exitCode: 2 })
      const reports = reportsOf(opts.db, opts.period)
      if (opts.out && opts.report) {
        const { columns, rows } = reportTable(reports, opts.report)
        await writeTable(opts.out, opts.format, opts.report, columns, rows)
        process.stderr.write(`${rows.length.toLocaleString('en')} row(s) written to ${opts.out}\n`)
      } else if (opts.json) process.stdout.write(JSON.stringify(opts.report ? reports[opts.report] : reports) + '\n')
      else process.stdout.write(formatReports(reports, opts.report ? [opts.report] : REPORT_NAMES))
    })

  program
    .command('candidates')
    .description("merit candidates of an ordered merit group: holders of a merit without the next one, and members of --seasons licence periods with the group's organization or one below it, without any of the group's merits")
    .requiredOption('--group <id>', 'the ordered merit group (`kanslia export merit-groups` lists them)', integerIn(1))
    .option('--next <id>', "only the candidates of this merit of the group", integerIn(1))
    .option('--seasons <n>', "licence periods a candidate for the group's first merit has held a licence in", integerIn(1), 2)
    .addOption(new Option('--ids', 'print the user ids, separated by commas, for `grant-merit --users`').conflicts(['json', 'out']))
    .addOption(new Option('--json', 'print a JSON array of the candidates (recorded in the privacy log)').conflicts('out'))
    .option('--out <file>', 'write every candidate to a CSV or XLSX file (recorded in the privacy log)')
    .addOption(new Option('--format <format>', 'the file format of --out').choices(['csv', 'xlsx']).default('csv'))
    .addOption(dbOption())
    .action(async (opts: { group: number; next?: number; seasons: number; ids?: boolean; json?: boolean; out?: string; format: 'csv' | 'xlsx'; db: string }) => {
      if (opts.out) {
        const columns = CANDIDATE_COLUMNS.map((key) => ({ key, label: CANDIDATE_HEADINGS[key] }))
        const request = { groupId: opts.group, seasons: opts.seasons, ...given({ nextMeritId: opts.next }), format: opts.format, columns }
        const rows = await exportList({ list: 'merit-candidates', dbFile: opts.db, today: localDate(), file: opts.out, request })
        process.stderr.write(`${rows.toLocaleString('en')} row(s) written to ${opts.out}\n`)
        return
      }
      const list = meritCandidates(opts.db, opts.group, opts.seasons, opts.next)
      await logPrintedList(opts.db, { list: 'merit-candidates', groupId: opts.group, seasons: opts.seasons, ...given({ nextMeritId: opts.next }) }, list.rows.length, opts.ids ? 'ids' : opts.json ? 'json' : 'table')
      if (opts.ids) process.stdout.write(`${list.ids.join(',')}\n`)
      else process.stdout.write(opts.json ? JSON.stringify(list.rows) + '\n' : formatMeritCandidates(list))
    })

  program
    .command('grant-merit')
    .description('queue a merit grant to up to 10,000 members (works offline; `push` sends it)')
    .requiredOption('--merit <id>', 'the merit id', integerIn(1))
    .requiredOption('--users <ids>', 'the grantees: user ids separated by commas', userIds)
    .requiredOption('--date <YYYY-MM-DD>', 'the granting date', calendarDate)
    .addOption(new Option('--granter <name>', "the granter's name").conflicts('granterUser'))
    .option('--granter-user <id>', "the granter's user id", integerIn(1))
    .option('--info <text>', 'additional information on the grant')
    .option('--no-notify', 'do not notify the grantees')
    .option('--leave-out-unreadable', "leave out the grantees the merit's organization may not read today (whom the registry would refuse with the whole grant), as the app's review can")
    .addOption(dbOption())
    .action(async (opts: { merit: number; users: number[]; date: string; granter?: string; granterUser?: number; info?: string; notify: boolean; leaveOutUnreadable?: boolean; db: string }) => {
      const lapsed = granteesNotReadableIn(opts.db, opts.merit, opts.users, localDate())
      const leftOut = opts.leaveOutUnreadable === true ? new Set(lapsed) : new Set<number>()
      const grant: MeritGrantRequest = {
        grantingDate: opts.date,
        meritGrantees: opts.users.filter((id) => !leftOut.has(id)),
        notifyGrantees: opts.notify,
        ...given({ meritGranter: opts.granter, granterUserId: opts.granterUser, meritAdditionalInfo: opts.info })
      }
      if (leftOut.size > 0 && grant.meritGrantees.length === 0) {
        throw new UserFacingError('invalid-change', `cannot queue the merit grant: the merit's organization may read none of the grantees today (${listSome(lapsed)})`)
      }
      process.stdout.write(formatQueued(await queueMeritGrant({ dbFile: opts.db, meritId: opts.merit, grant })))
      const who = `${lapsed.length.toLocaleString('en')} of the grantees hold no licence or insurance of the merit's organization valid today, nor a recent registration to its events (${listSome(lapsed)})`
      if (leftOut.size > 0) process.stderr.write(`left out: ${who}\n`)
      else if (lapsed.length > 0) {
        process.stderr.write(
          `warning: ${who}; the registry grants only to members the organization may read (a valid licence, insurance, membership or recent event registration, spec v2 §4.3) and otherwise refuses the whole grant (--leave-out-unreadable leaves them out)\n`
        )
      }
    })

  program
    .command('events')
    .description('the stored events, newest first, with the UUID `register --event` takes')
    .option('--search <text>', 'only events whose name, organizer or place contains the text')
    .option('--from <YYYY-MM-DD>', 'only events starting on or after the day', calendarDate)
    .option('--to <YYYY-MM-DD>', 'only events starting on or before the day', calendarDate)
    .option('--json', 'print a JSON array of the events')
    .addOption(dbOption())
    .action((opts: { search?: string; from?: string; to?: string; json?: boolean; db: string }) => {
      const events = listEvents(opts.db, { text: opts.search, from: opts.from, to: opts.to })
      process.stdout.write(opts.json ? JSON.stringify(events) + '\n' : formatEvents(events))
    })

  program
    .command('participants')
    .description("an event's participants: its registrations (the ids `cancel-registration` and `order create` take) and the members the outbox is about to register")
    .requiredOption('--event <uuid>', "the event's UUID (`kanslia events` lists them)")
    .option('--json', 'print JSON { uuid, name, participants, queued } (recorded in the privacy log: scripts keep what they read)')
    .addOption(dbOption())
    .action(async (opts: { event: string; json?: boolean; db: string }) => {
      const list = listEventParticipants(opts.db, opts.event)
      await logPrintedList(opts.db, { list: 'event-participants', event: list.uuid }, list.participants.length + list.queued.length, opts.json ? 'json' : 'table')
      process.stdout.write(opts.json ? JSON.stringify(list) + '\n' : formatParticipants(list))
    })

  program
    .command('register')
    .description("queue a member's registration to an event (works offline; `push` sends it)")
    .requiredOption('--event <uuid>', "the event's UUID")
    .requiredOption('--user <id>', "the participant's user id", integerIn(1))
    .option('--details <text>', 'additional details of the registration')
    .addOption(dbOption())
    .action(async (opts: { event: string; user: number; details?: string; db: string }) => {
      const registration: EventRegistrationRequest = { participantUserId: opts.user, ...given({ additionalDetails: opts.details }) }
      process.stdout.write(formatQueued(await queueEventRegistration({ dbFile: opts.db, eventUuid: opts.event, registration })))
      const warning = formatOutsideLimits(eventLimitsIn(opts.db, opts.event, [opts.user]))
      if (warning !== '') process.stderr.write(warning)
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

  program
    .command('transfer')
    .description("queue moving a member's user licence to another active club of its federation (works offline; `push` sends it)")
    .requiredOption('--licence <id>', 'the user licence id (`export user-licences` lists them)', integerIn(1))
    .requiredOption('--club <id>', 'the club it moves to', integerIn(1))
    .addOption(dbOption())
    .action(async (opts: { licence: number; club: number; db: string }) => {
      process.stdout.write(formatQueued(await queueClubTransfer({ dbFile: opts.db, userLicenceId: opts.licence, targetClubId: opts.club })))
    })

  program
    .command('create-club')
    .description('queue creating a club under a sports federation or an area (works offline; `push` sends it)')
    .requiredOption('--parent <id>', 'the federation or area the club is created under', integerIn(1))
    .requiredOption('--name <text>', "the club's name")
    .option('--short-name <text>', 'short name')
    .option('--business-id <text>', 'business id')
    .option('--email <address>', 'e-mail address')
    .option('--url <url>', 'home page')
    .option('--contact-person <name>', "contact person's full name")
    .option('--phone <number>', 'phone number')
    .option('--established <YYYY-MM-DD>', 'date established', calendarDate)
    .addOption(dbOption())
    .action(async (opts: { parent: number; name: string; shortName?: string; businessId?: string; email?: string; url?: string; contactPerson?: string; phone?: string; established?: string; db: string }) => {
      const club: ClubCreateInput['club'] = {
        name: opts.name,
        ...given({
          shortName: opts.shortName,
          businessId: opts.businessId,
          emailAddress: opts.email,
          url: opts.url,
          contactPerson: opts.contactPerson,
          phone: opts.phone,
          established: opts.established
        })
      }
      process.stdout.write(formatQueued(await queueClubCreate({ dbFile: opts.db, parentId: opts.parent, club })))
    })

  program
    .command('grant-access')
    .description("queue granting a user read (or with --write, write) access to an organization (works offline; `push` sends it)")
    .requiredOption('--organization <id>', 'the organization', integerIn(1))
    .requiredOption('--user <id>', "the user's id", integerIn(1))
    .requiredOption('--inviter <name>', 'who grants it, named in the e-mail the user gets')
    .option('--write', 'write access (default: read)')
    .addOption(dbOption())
    .action(async (opts: { organization: number; user: number; inviter: string; write?: boolean; db: string }) => {
      const authorizedOrganizationUser = { organizationId: opts.organization, userId: opts.user, write: Boolean(opts.write) }
      process.stdout.write(formatQueued(await queueOrganizationUserAccess({ dbFile: opts.db, authorizedOrganizationUser, inviterName: opts.inviter })))
    })

  program
    .command('create-merit')
    .description('queue creating a merit in a merit group (works offline; `push` sends it)')
    .requiredOption('--group <id>', 'the merit group', integerIn(1))
    .requiredOption('--organization <id>', 'the organization owning the group', integerIn(1))
    .requiredOption('--name <text>', "the merit's name")
    .requiredOption('--description <text>', "the merit's description")
    .addOption(new Option('--type <type>', 'merit type').choices(['COMPETITION', 'CARD']).makeOptionMandatory())
    .addOption(new Option('--granting-author-type <type>', 'who may grant it').choices(['BOTH', 'CLUB', 'FEDERATION']).default('BOTH'))
    .addOption(new Option('--validity <type>', 'validity period type').choices(['PERPETUAL', 'FIXED_DURATION', 'FIXED_DATE']).default('PERPETUAL'))
    .option('--valid-until <YYYY-MM-DD>', 'validityFixedDate (with --validity FIXED_DATE)', calendarDate)
    .option('--valid-months <n>', 'validityFixedDurationInMonths (with --validity FIXED_DURATION)', integerIn(1))
    .option('--master-sports <ids>', 'master sport ids separated by commas', userIds)
    .addOption(dbOption())
    .action(async (opts: { group: number; organization: number; name: string; description: string; type: CreateMerit['type']; grantingAuthorType: CreateMerit['meritGrantingAuthorType']; validity: CreateMerit['meritValidityPeriodType']; validUntil?: string; validMonths?: number; masterSports?: number[]; db: string }) => {
      const merit: CreateMerit = {
        name: opts.name,
        description: opts.description,
        meritGroupId: opts.group,
        organizationId: opts.organization,
        meritGrantingAuthorType: opts.grantingAuthorType,
        meritValidityPeriodType: opts.validity,
        type: opts.type,
        ...given({ validityFixedDate: opts.validUntil, validityFixedDurationInMonths: opts.validMonths, mastersportIds: opts.masterSports })
      }
      process.stdout.write(formatQueued(await queueMeritCreate({ dbFile: opts.db, merit })))
    })

  program
    .command('create-event')
    .description('queue creating an event, optionally with a webhook URL for its changes (works offline; `push` sends it)')
    .requiredOption('--organizer <id>', 'the organizing organization', integerIn(1))
    .requiredOption('--name <text>', "the event's name")
    .requiredOption('--start <YYYY-MM-DD[THH:MM]>', 'start, local time of the event', eventDateTime)
    .requiredOption('--end <YYYY-MM-DD[THH:MM]>', 'end, local time of the event', eventDateTime)
    .option('--registration-start <YYYY-MM-DD[THH:MM]>', 'registration opens', eventDateTime)
    .option('--registration-end <YYYY-MM-DD[THH:MM]>', 'registration closes', eventDateTime)
    .option('--description <text>', 'description')
    .option('--location <text>', 'location address')
    .option('--max-attendees <n>', 'places (default: no limit)', integerIn(1))
    .option('--merits <ids>', 'merits that can be granted to attendees, separated by commas', userIds)
    .option('--webhook-url <url>', 'where the registry posts the webhooks of this event and its registrations')
    .addOption(new Option('--purpose <purpose>', 'purpose').choices(['SPORTS', 'EDUCATION', 'ORGANIZATIONAL', 'OTHER', 'PROMOTION']).default('SPORTS'))
    .addOption(new Option('--allowed-registerer <who>', 'who may register').choices(['ATHLETE', 'ORGANIZATION_USER', 'BOTH']).default('BOTH'))
    .addOption(new Option('--visibility <visibility>', 'visibility').choices(['PUBLIC', 'PRIVATE']).default('PUBLIC'))
    .option('--draft', 'create it as a draft, not published')
    .option('--not-cancellable', 'registrations cannot be cancelled')
    .addOption(dbOption())
    .action(
      async (opts: {
        organizer: number
        name: string
        start: EventDateTime
        end: EventDateTime
        registrationStart?: EventDateTime
        registrationEnd?: EventDateTime
        description?: string
        location?: string
        maxAttendees?: number
        merits?: number[]
        webhookUrl?: string
        purpose: CreateEvent['purpose']
        allowedRegisterer: CreateEvent['allowedRegisterer']
        visibility: CreateEvent['visibility']
        draft?: boolean
        notCancellable?: boolean
        db: string
      }) => {
        const event: CreateEvent = {
          name: opts.name,
          organizerId: opts.organizer,
          startDateTime: opts.start,
          endDateTime: opts.end,
          registrationCancellable: !opts.notCancellable,
          allowedRegisterer: opts.allowedRegisterer,
          visibility: opts.visibility,
          purpose: opts.purpose,
          status: opts.draft ? 'DRAFT' : 'PUBLISHED',
          ...given({
            registrationStartDateTime: opts.registrationStart,
            registrationEndDateTime: opts.registrationEnd,
            description: opts.description,
            locationAddress: opts.location,
            maxAttendeeCount: opts.maxAttendees,
            meritIds: opts.merits,
            webhookUrl: opts.webhookUrl
          })
        }
        process.stdout.write(formatQueued(await queueEventCreate({ dbFile: opts.db, event })))
      }
    )

  program
    .command('add-participants')
    .description("queue adding members to an event, with --grant-merits also granting them the event's merits (works offline; `push` sends it)")
    .requiredOption('--event <uuid>', "the event's UUID")
    .requiredOption('--users <ids>', 'the participants: user ids separated by commas', userIds)
    .option('--grant-merits', "grant the event's merits to them (needs --date and a granter)")
    .option('--date <YYYY-MM-DD>', 'the granting date', calendarDate)
    .addOption(new Option('--granter <name>', "the granter's name").conflicts('granterUser'))
    .option('--granter-user <id>', "the granter's user id", integerIn(1))
    .option('--info <text>', 'additional information on the grant')
    .option('--no-notify', 'do not notify the grantees')
    .addOption(dbOption())
    .action(async (opts: { event: string; users: number[]; grantMerits?: boolean; date?: string; granter?: string; granterUser?: number; info?: string; notify: boolean; db: string }) => {
      const grantEventMerits = Boolean(opts.grantMerits)
      const meritGrant: V3MeritGrant = {
        grantingDate: opts.date as string,
        notifyGrantees: opts.notify,
        ...given({ meritGranter: opts.granter, granterUserId: opts.granterUser, meritAdditionalInfo: opts.info })
      }
      const participants = { userIds: opts.users, grantEventMerits, ...(grantEventMerits ? { meritGrant } : {}) }
      process.stdout.write(formatQueued(await queueEventParticipants({ dbFile: opts.db, eventUuid: opts.event, participants })))
    })

  const order = program.command('order').description('orders of event registrations: create, pay and cancel queue offline (never sent again by themselves); methods and status read online')

  order
    .command('create')
    .description('queue an order paying for event registrations')
    .requiredOption('--user <id>', 'the billed member', integerIn(1))
    .option('--organization <id>', 'bill this organization instead', integerIn(1))
    .requiredOption('--registrations <ids>', 'event registration ids separated by commas', userIds)
    .addOption(dbOption())
    .action(async (opts: { user: number; organization?: number; registrations: number[]; db: string }) => {
      process.stdout.write(formatQueued(await queueOrderCreate({ dbFile: opts.db, userId: opts.user, organizationId: opts.organization, eventRegistrationIds: opts.registrations })))
    })

  order
    .command('pay')
    .description("queue initiating an order's payment; once pushed, `order page` writes the page that opens its payment gateway")
    .requiredOption('--order <id>', 'the order id, or outbox:N for an order still in the outbox', orderRef)
    .requiredOption('--method <code>', 'the payment method code (see `order methods`)')
    .addOption(dbOption())
    .action(async (opts: { order: OrderRef; method: string; db: string }) => {
      process.stdout.write(formatQueued(await queueOrderPayment({ dbFile: opts.db, order: opts.order, paymentMethodCode: opts.method })))
    })

  order
    .command('page')
    .description("write the page that opens a sent payment's gateway (the registry's form, posted by your web browser) and print its path")
    .argument('<item>', 'the outbox item of the payment, once pushed', integerIn(1))
    .option('--out <file>', 'write the page to this file (default: a new folder in the temporary folder, removed ten minutes on when Kanslia next writes a payment page or the app starts)')
    .addOption(dbOption())
    .action((id: number, opts: { out?: string; db: string }) => {
      process.stdout.write(`${writePaymentForm(paymentInitiationIn(opts.db, id), { file: opts.out })}\n`)
      process.stderr.write(`open it in a web browser to go on to the payment of outbox item #${id}\n`)
    })

  order
    .command('cancel')
    .description("queue cancelling an order's transactions")
    .requiredOption('--order <id>', 'the order id, or outbox:N for an order still in the outbox', orderRef)
    .addOption(dbOption())
    .action(async (opts: { order: OrderRef; db: string }) => {
      process.stdout.write(formatQueued(await queueOrderCancel({ dbFile: opts.db, order: opts.order })))
    })

  withConnectionFlags(order.command('methods').description("read an order's payment methods and terms (online)").requiredOption('--order <id>', 'the order id', integerIn(1))).action(
    async (opts: ConnectionFlags & { order: number }) => {
      const methods = await readPaymentMethods({ connection: resolveConnection(opts, connectionProfileFile()), orderId: opts.order })
      process.stdout.write(formatPaymentMethods(methods))
    }
  )

  withConnectionFlags(
    order
      .command('status')
      .description('read the payment status of up to 100 orders (online)')
      .requiredOption('--orders <ids>', 'order ids separated by commas', userIds)
      .option('--json', 'print JSON')
  ).action(async (opts: ConnectionFlags & { orders: number[]; json?: boolean }) => {
    const statuses = await readPaymentStatus({ connection: resolveConnection(opts, connectionProfileFile()), orderIds: opts.orders })
    process.stdout.write(opts.json ? JSON.stringify(statuses) + '\n' : statuses.map((s) => `order ${s.orderId}: ${s.status ?? 'not found'}\n`).join(''))
  })

  program
    .command('retry')
    .description('queue a rejected item again, or send again an unknown one left to you (e.g. an order whose answer was lost)')
    .argument('<item>', 'the outbox item number', integerIn(1))
    .addOption(dbOption())
    .action(async (id: number, opts: { db: string }) => {
      const item = await retryOutboxItem({ dbFile: opts.db, id })
      process.stdout.write(`queued #${item.id} again: ${item.summary} (\`kanslia push\` sends it)\n`)
    })

  program
    .command('edit')
    .description("replace a queued or rejected item's input, checked as when queuing (`outbox --json` prints each item's payload)")
    .argument('<item>', 'the outbox item number', integerIn(1))
    .requiredOption('--input <json>', "the item's new input as a JSON object", jsonObject)
    .addOption(dbOption())
    .action(async (id: number, opts: { input: Record<string, unknown>; db: string }) => {
      const item = await editOutboxItem({ dbFile: opts.db, id, input: opts.input })
      process.stdout.write(`edited #${item.id}: ${item.summary} (\`kanslia push\` sends it)\n`)
    })

  program
    .command('discard')
    .description('remove a queued or rejected item, or an unknown one left to you, and the items waiting for it')
    .argument('<item>', 'the outbox item number', integerIn(1))
    .addOption(dbOption())
    .action(async (id: number, opts: { db: string }) => {
      const removed = await discardOutboxItem({ dbFile: opts.db, id })
      process.stdout.write(`discarded ${removed.map((n) => `#${n}`).join(', ')}\n`)
    })

  withConnectionFlags(
    program
      .command('push')
      .description('send the outbox to the registry: in order, exactly once; then re-pull what changed')
      .addOption(registryDbOption())
  ).action(async (opts: ConnectionFlags & { db: string }) => {
    const connection = resolveConnection(opts, connectionProfileFile())
    const summary = await pushOutboxNow({ dbFile: opts.db, connection })
    const undecided = listAwaitingDecision(opts.db)
    const { out, err } = formatPush(summary, undecided)
    process.stdout.write(out)
    process.stderr.write(err)
    // Offline is no failure: the queue waits for the next push. Rejections and lost order answers need a person.
    const waits = `${summary.waiting} ${summary.waiting === 1 ? 'change waits' : 'changes wait'}`
    if (summary.stopped?.reason === 'server-error') throw new UserFacingError('push-failed', `the registry keeps failing; ${waits}: ${summary.stopped.message}`)
    if (summary.stopped?.reason === 'no-api') throw new UserFacingError('push-failed', `${waits}: ${summary.stopped.message}`)
    if (summary.rejected.length || undecided.length) process.exitCode = 1
  })

  program
    .command('outbox')
    .description('list the queued changes with their state and the registry\'s last answer')
    .addOption(dbOption())
    .option('--json', 'print a JSON array')
    .action((opts: { db: string; json?: boolean }) => {
      process.stdout.write(opts.json ? JSON.stringify(listOutbox(opts.db)) + '\n' : formatOutbox(listOutboxConcerning(opts.db)))
    })

  program
    .command('audit')
    .description("export a local log: the outbox's audit log (who queued what, when it was sent, the registry's answer) or, with --privacy, the privacy log (identity numbers revealed, exports)")
    .option('--privacy', 'the privacy log instead of the outbox audit log')
    .option('--item <n>', "only this outbox item's entries", integerIn(1))
    .option('--member <id>', "only this member's privacy entries", integerIn(1))
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'csv']).default('json'))
    .option('--out <file>', 'write to a file instead of standard output')
    .addOption(dbOption())
    .action((opts: { privacy?: boolean; item?: number; member?: number; format: 'json' | 'csv'; out?: string; db: string }) => {
      const request = { dbFile: opts.db, log: opts.privacy ? ('privacy' as const) : ('outbox' as const), format: opts.format, itemId: opts.item, personId: opts.member }
      if (opts.out) exportLog({ ...request, file: opts.out })
      else process.stdout.write(formatLog(request))
    })

  program
    .command('disconnect')
    .description('remove the saved connection and its local data: the databases with their WAL files and their keys in the keychain, the profile and the client secret in the keychain (queued changes are lost)')
    .option('--yes', 'really remove them')
    .action((opts: { yes?: boolean }, command: Command) => {
      if (!opts.yes) command.error('this deletes the local databases, queued changes, the connection profile and the keychain entry; run again with --yes')
      const result = removeConnectionData()
      process.stdout.write(`removed ${result.files.length} file(s); keychain entry: ${result.keychain}; database keys: ${result.databaseKeys}\n`)
      if (result.keychain === 'unavailable') process.stderr.write('the keychain could not be reached: remove the client secret from it yourself\n')
    })

  program
    .command('demo')
    .description('start the Federation Sandbox in-process, sync it into the demo database and print a summary')
    .addOption(new Option('--db <file>', 'database file').default(demoDatabaseFile(), 'the demo database'))
    .option('--athletes <n>', 'athletes in the sandbox', integerIn(1), 5000)
    .option('--seed <n>', 'data seed', integerIn(0), 1)
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
    .option('--port <port>', 'port (0 picks a free one)', integerIn(0, 65_535), 0)
    .option('--athletes <n>', 'athletes', integerIn(1), 2000)
    .option('--seed <n>', 'data seed', integerIn(0), 1)
    .option('--print-credentials', 'print one JSON line with baseUrl, authUrl, clientId, clientSecret, federationId')
    .action(async (opts: { port: number; athletes: number; seed: number; printCredentials?: boolean }) => {
      const sandbox = await runSandboxCommand({ port: opts.port, athletes: opts.athletes, seed: opts.seed, printCredentials: Boolean(opts.printCredentials) })
      if (!opts.printCredentials) process.stderr.write(`Federation Sandbox serving at ${sandbox.baseUrl} (Ctrl+C stops it)\n`)
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve())
      })
      await sandbox.close()
    })

  reportUsageErrorsInOneLine(program)
  return program
}

/**
 * Makes `command` and its subcommands say a usage error in one line on stderr, as every other
 * failure (the CLI contract: "non-zero with a one-line reason"), with where the options are
 * explained: `kanslia: unknown option '--dys' (see \`kanslia renewals --help\`)`. Commander wrote
 * its error and then the whole help, eighty lines for a mistyped command.
 */
function reportUsageErrorsInOneLine(command: Command, path = 'kanslia'): void {
  command.configureOutput({
    outputError: (text, write) => write(`kanslia: ${text.replace(/^error: /, '').replace(/\s+/g, ' ').trim()} (see \`${path} --help\`)\n`)
  })
  for (const sub of command.commands) reportUsageErrorsInOneLine(sub, `${path} ${sub.name()}`)
}
