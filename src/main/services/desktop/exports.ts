import type { MemberExportRequest, PrintRecord, TableExportRequest } from '../../../shared/ipc/contract'
import type { ParticipantColumn, ParticipantRow } from '../../../shared/events'
import type { RenewalQuery } from '../../../shared/renewalLists'
import type { ReportName } from '../../../shared/reports'
import { readIdentityNumber } from '../../db/memberDetail'
import type { MemberListQuery } from '../../db/memberList'
import { readAddresses, type AddressReader } from '../addresses'
import { UserFacingError } from '../errors'
import type { MeritCandidatesExportRequest, RenewalListExportRequest } from '../listExport'
import { exportPersonRecord } from '../personExport'
import { listedIn, logListExport, recordPrivacy } from '../privacyRecord'
import { writeTable, type TableFormat, type TableWriter } from '../tableExport'
import type { SessionContext } from './context'
import type { DesktopSessionOptions } from './options'
import type { SessionReads } from './reads'

/**
 * What takes data out of the desktop app: exports of lists, tables and one member, prints, copied
 * e-mail addresses and a revealed identity number; each that names people is recorded in the
 * privacy log (issue 6) before it leaves.
 */
export class SessionExports {
  private readonly writeTable: TableWriter
  private readonly readAddresses: AddressReader

  /** @param reads the pages' reads whose rows a report's or an event's participants' export writes. */
  constructor(
    private readonly session: SessionContext,
    private readonly reads: SessionReads,
    options: Pick<DesktopSessionOptions, 'writeTable' | 'readAddresses'>
  ) {
    this.writeTable = options.writeTable ?? writeTable
    this.readAddresses = options.readAddresses ?? readAddresses
  }

  /**
   * Writes every member the list's query matches (all rows, not a window), in the list's order,
   * with the columns given (headed in the user's language, statuses in the words given) to `file`,
   * having recorded the export in the privacy log (issue 6); see `exportList`, which the app runs in a
   * worker thread (`DesktopSessionOptions.exportList`).
   * @returns the rows written. @throws UserFacingError `no-database`; `verdicts-pending` for
   *   statuses or a status filter while some are pending (see `exportList`); Error from the file system.
   */
  members(request: MemberExportRequest, file: string): Promise<number> {
    this.session.currentVerdicts()
    return this.session.exportList({ list: 'members', dbFile: this.session.dbFile(), today: this.session.today(), file, request })
  }

  /**
   * Writes a table the renderer shows in full (licences, organizations, events, a checked start list) with
   * the cells it shows to `file`; a start list names members, so its export is recorded in the
   * privacy log first. @returns the rows written. @throws Error from the file system.
   */
  async table(request: TableExportRequest, file: string): Promise<number> {
    if (request.table === 'start-list') {
      await logListExport(this.session.dbFile(), { list: request.table, format: request.format, rows: request.rows.length, columns: request.columns.map((c) => c.key), file })
    }
    await this.writeTable(file, request.format, request.table, request.columns, request.rows)
    return request.rows.length
  }

  /**
   * Shows a member's identity number (issue 6: hidden until revealed on purpose) and records the
   * reveal in the privacy log (who, when, whose).
   * @throws UserFacingError `no-identity-number` when none is stored; `no-database`.
   */
  async revealIdentityNumber(id: number): Promise<{ socialSecurityNumber: string }> {
    const socialSecurityNumber = this.session.read((db) => readIdentityNumber(db, id))
    if (socialSecurityNumber === null) throw new UserFacingError('no-identity-number', `no identity number is stored for member ${id}`)
    await recordPrivacy(this.session.dbFile(), { action: 'reveal-identity-number', personId: id })
    return { socialSecurityNumber }
  }

  /**
   * Records a print of personal data in the privacy log (issue 6), before the renderer opens the
   * print dialog, which can also save a PDF: as an export whose format is `print`, of a list (what
   * narrowed it in the words of its export's entry, `listedIn`; its rows and columns) or of one
   * member's detail (`personId`).
   * @throws UserFacingError `no-database`; SQLite's error when the log cannot be written.
   */
  async recordPrint(request: PrintRecord): Promise<{ recorded: true }> {
    const { rows, columns, ...list } = request
    const printed = { rows, columns, format: 'print' }
    if (list.list === 'member') {
      await recordPrivacy(this.session.dbFile(), { action: 'export-person', personId: list.personId, detail: { list: 'member', ...printed } })
    } else {
      const listed = list.list === 'members' || list.list === 'renewals' ? listedIn(list) : list
      await recordPrivacy(this.session.dbFile(), { action: 'export-list', detail: { ...listed, ...printed } })
    }
    return { recorded: true }
  }

  /**
   * Writes everything stored about one person, member or not, to `file` as JSON, stamped
   * `exportedAt` by the session's clock, having recorded the export in the privacy log; see
   * `exportPersonRecord`, which the CLI's `person` runs too.
   * @throws as `exportPersonRecord`.
   */
  async member(id: number, file: string): Promise<void> {
    await exportPersonRecord({ dbFile: this.session.dbFile(), id, now: this.session.now(), file, read: (use) => this.session.read(use) })
  }

  /**
   * Writes one report's table (the columns given, headed in the user's language; a column the
   * report lacks stays empty; a group without a name, null, as `unnamed` says it) to `file`.
   * @returns the rows written. @throws Error from the file system.
   */
  async report(
    request: { report: ReportName; licencePeriodId?: number; format: TableFormat; columns: ReadonlyArray<{ key: string; label: string }>; unnamed?: string },
    file: string
  ): Promise<number> {
    const rows = this.reads.reports(request.licencePeriodId)[request.report] as ReadonlyArray<Record<string, string | number | null>>
    const named = rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value ?? request.unnamed ?? ''])))
    await this.writeTable(file, request.format, request.report, request.columns, named)
    return rows.length
  }

  /**
   * Writes an event's participants list as shown (the columns given) to `file`, having recorded the
   * export in the privacy log. @returns the rows written. @throws Error from the file system.
   */
  async eventParticipants(
    request: { uuid: string; format: TableFormat; columns: ReadonlyArray<{ key: ParticipantColumn; label: string }> },
    file: string
  ): Promise<number> {
    const rows = this.reads.eventParticipants(request.uuid)
    // The amount paid in euros, as the list shows it (spec v2 §2.15, §2.16 give cents).
    const cell = (row: ParticipantRow, key: ParticipantColumn) => (key === 'paidAmountInCents' && row.paidAmountInCents !== undefined ? row.paidAmountInCents / 100 : row[key])
    await logListExport(this.session.dbFile(), { list: 'event-participants', event: request.uuid, format: request.format, rows: rows.length, columns: request.columns.map((c) => c.key), file })
    await this.writeTable(file, request.format, 'participants', request.columns, rows.map((row) => Object.fromEntries(request.columns.map(({ key }) => [key, cell(row, key)]))))
    return rows.length
  }

  /** The addresses to write to about every member a member list query matches (see `readAddresses`). @throws UserFacingError `no-database`; `verdicts-pending` (see `readAddresses`). */
  memberEmails(query: Omit<MemberListQuery, 'offset' | 'limit'>): Promise<string[]> {
    this.session.currentVerdicts()
    return this.readAddresses({ list: 'members', dbFile: this.session.dbFile(), today: this.session.today(), to: 'clipboard', query })
  }

  /** The addresses to write to about a whole renewal list (see `readAddresses`). @throws UserFacingError `no-database`; `verdicts-pending` (see `readAddresses`). */
  renewalListEmails(query: RenewalQuery): Promise<string[]> {
    this.session.currentVerdicts()
    return this.readAddresses({ list: 'renewals', dbFile: this.session.dbFile(), today: this.session.today(), to: 'clipboard', ...query })
  }

  /**
   * Writes a whole renewal list as shown (the columns given, headed in the user's language) to
   * `file`, having recorded the export in the privacy log; see `exportList`.
   * @returns the rows written. @throws UserFacingError `no-database`; `verdicts-pending` for a list
   *   of verdicts while some are pending (see `exportList`); Error from the file system.
   */
  renewalList(request: RenewalListExportRequest, file: string): Promise<number> {
    this.session.currentVerdicts()
    return this.session.exportList({ list: 'renewals', dbFile: this.session.dbFile(), today: this.session.today(), file, request })
  }

  /**
   * Writes every candidate of the merit candidate list asked for (not only the rows shown) with the
   * columns given to `file`, having recorded the export in the privacy log; see `exportList`.
   * @returns the rows written. @throws UserFacingError `no-database`; Error from the file system.
   */
  meritCandidates(request: MeritCandidatesExportRequest, file: string): Promise<number> {
    return this.session.exportList({ list: 'merit-candidates', dbFile: this.session.dbFile(), today: this.session.today(), file, request })
  }
}
