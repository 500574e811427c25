import type { MemberExportColumn, MemberExportRequest } from '../../shared/ipc/contract'
import type { CandidateColumn } from '../../shared/meritCandidates'
import type { RenewalColumn, RenewalQuery } from '../../shared/renewalLists'
import { filtersOnVerdicts, listMembers } from '../db/memberList'
import { readMeritCandidates } from '../db/meritCandidates'
import { checkCandidateGroup } from './meritCandidates'
import type { ReadableDB } from '../db/open'
import { readRenewalList, readsVerdicts } from '../db/renewalLists'
import { withDatabase } from './database'
import { listedIn, logListExport } from './privacyRecord'
import { withCurrentVerdicts } from './verdicts'
import { writeTable, type TableCell, type TableFormat, type TableWriter } from './tableExport'
import { listedName } from '../../shared/personName'

/** A renewal list's export (issue 7): the list asked for, the format and the columns shown, headed in the user's language. */
export interface RenewalListExportRequest extends RenewalQuery {
  format: TableFormat
  columns: ReadonlyArray<{ key: RenewalColumn; label: string }>
}

/** A merit candidate list's export (issue 7): the group, the seasons, the next merit (all when omitted), the format and the columns shown. */
export interface MeritCandidatesExportRequest {
  groupId: number
  seasons: number
  nextMeritId?: number
  format: TableFormat
  columns: ReadonlyArray<{ key: CandidateColumn; label: string }>
}

/** Where a list export reads and writes: the database, the local date (ISO YYYY-MM-DD) its statuses and lists are judged on, the file. */
interface ListExportTarget {
  dbFile: string
  today: string
  file: string
}

/**
 * An export of a whole list the app shows only a window of (issue 7 "Exports"): every member the
 * members page's query matches (`members`), every row of a renewal list (`renewals`) or every merit
 * candidate (`merit-candidates`). Plain data, so it crosses to a worker thread as it is.
 */
export type ListExportJob =
  | (ListExportTarget & { list: 'members'; request: MemberExportRequest })
  | (ListExportTarget & { list: 'renewals'; request: RenewalListExportRequest })
  | (ListExportTarget & { list: 'merit-candidates'; request: MeritCandidatesExportRequest })

/** Runs a `ListExportJob`: `exportList` here, or the app's worker-thread exporter (`workerListExporter`). @returns the rows written. */
export type ListExporter = (job: ListExportJob) => Promise<number>

/**
 * Writes every row of the job's list, in the list's order, with the columns given to `file`
 * (members: statuses in the words the request gives), and records the export in the privacy log
 * (issue 6): the list and what narrowed it, the format, rows, columns and file. The entry is
 * written before the file, as `kanslia export` does, so a write that fails half-way never leaves
 * personal data on disk without one. Reads on a read-only connection of its own (evaluate the
 * day's licence verdicts first: `ensureVerdicts`), closed before the writing starts. At 150,000 athletes the queries alone take ~1.4 s (every member), ~4 s (a
 * late-autumn "licence ending" list of 124,000 rows) and 3–4 s (the first merit of a group, whose
 * candidates can be every member), which is why the app runs the whole job in a worker thread.
 * @returns the rows written.
 * @throws UserFacingError `no-database`; `verdicts-pending` for a list that shows or filters by
 *   licence verdicts while some are (`withCurrentVerdicts`: nothing is logged or written);
 *   DatabaseKeyError (issue 6); SQLite's error when the log cannot be written (nothing is written
 *   then); Error from the file system.
 */
export async function exportList(job: ListExportJob, write: TableWriter = writeTable): Promise<number> {
  const table = withDatabase(job.dbFile, (db) => {
    const read = () => {
      if (job.list === 'members') return memberTable(db, job.request, job.today)
      if (job.list === 'renewals') return renewalTable(db, job.request, job.today)
      return candidateTable(db, job.request)
    }
    return exportsVerdicts(job) ? withCurrentVerdicts(db, job.today, read) : read()
  })
  const { format, columns } = job.request
  await logListExport(job.dbFile, { ...whatWasListed(job), format, rows: table.rows.length, columns: columns.map((column) => column.key), file: job.file })
  await write(job.file, format, table.sheet, columns, table.rows)
  return table.rows.length
}

/** The member list's columns that show licence verdicts (DESIGN §3b). */
const VERDICT_COLUMNS: ReadonlySet<MemberExportColumn> = new Set(['licenceStatus', 'licenceEnd', 'insurance'])

/** Whether a job's list shows or is filtered by licence verdicts, which must then all be of its day. */
function exportsVerdicts(job: ListExportJob): boolean {
  if (job.list === 'members') return filtersOnVerdicts(job.request) || job.request.columns.some((column) => VERDICT_COLUMNS.has(column.key))
  return job.list === 'renewals' && readsVerdicts(job.request.kind)
}

/** The privacy log's words for the list a job exports: which one, and what narrowed it. */
function whatWasListed(job: ListExportJob): Record<string, unknown> {
  if (job.list === 'members') {
    const { format, columns, values, ...query } = job.request
    return listedIn({ list: 'members', query })
  }
  if (job.list === 'renewals') {
    const { format, columns, ...query } = job.request
    return listedIn({ list: 'renewals', ...query })
  }
  const { format, columns, ...candidates } = job.request
  return { list: 'merit-candidates', ...candidates }
}

interface Table {
  sheet: string
  rows: Array<Record<string, TableCell>>
}

function memberTable(db: ReadableDB, request: MemberExportRequest, today: string): Table {
  const { format, columns, values, ...filters } = request
  // SQLite reads a negative LIMIT as none: every matching member.
  const { rows } = listMembers(db, { ...filters, offset: 0, limit: -1 }, today)
  return {
    sheet: 'members',
    rows: rows.map((row) => ({
      name: listedName(row),
      sportId: row.sportId,
      birthYear: row.birthYear,
      club: row.club,
      licenceStatus: row.licenceStatus === undefined ? undefined : values[row.licenceStatus],
      licenceEnd: row.licenceEnd,
      insurance: row.insured === undefined ? undefined : row.insured ? values.insured : values.uninsured
    }))
  }
}

function renewalTable(db: ReadableDB, request: RenewalListExportRequest, today: string): Table {
  const { rows } = readRenewalList(db, request.kind, today, request.days, { clubId: request.clubId, areaId: request.areaId })
  const keys = request.columns.map((column) => column.key)
  return {
    sheet: request.kind,
    rows: rows.map((row) => Object.fromEntries(keys.map((key) => [key, key === 'guardianEmails' ? row.guardianEmails.join(', ') : row[key]])))
  }
}

function candidateTable(db: ReadableDB, request: MeritCandidatesExportRequest): Table {
  checkCandidateGroup(db, request.groupId, request.nextMeritId)
  // Every candidate (-1: no LIMIT); no ids, which only a grant needs.
  const { rows } = readMeritCandidates(db, request.groupId, request.seasons, { nextMeritId: request.nextMeritId, limit: -1, idsUpTo: 0 })
  return {
    sheet: 'merit-candidates',
    rows: rows.map((row) => ({
      name: listedName(row),
      sportId: row.sportId,
      club: row.club,
      nextMerit: row.nextMeritName,
      heldMerit: row.heldMeritName,
      heldSince: row.heldSince,
      seasons: row.seasons
    }))
  }
}
