import { createPrivateFile } from '../config/fileModes'
import { createWriteStream } from 'node:fs'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify } from 'csv-stringify'
import { countExported, EXPORT_RESOURCES, exportRaw, type ExportResource } from '../db/export'
import type { ReadableDB } from '../db/open'
import { namesPeople } from '../db/tables'
import { openExistingDatabase } from './database'
import { UserFacingError } from './errors'
import { logListExport } from './privacyRecord'
import { csvOptionsFor } from './csv'
import { CSV_COLUMNS } from './exportColumns'

export type ExportFormat = 'json' | 'csv'

/** What to export and where; `out` is a file path, or a stream (e.g. stdout) when omitted. */
export interface ExportRequest {
  dbFile: string
  resource: string
  format?: ExportFormat
  out?: string | Writable
}

/**
 * Checks a resource name against the exportable resources.
 * @throws UserFacingError `unknown-resource` listing the valid names.
 */
export function parseExportResource(name: string): ExportResource {
  if ((EXPORT_RESOURCES as readonly string[]).includes(name)) return name as ExportResource
  throw new UserFacingError('unknown-resource', `unknown resource "${name}"; choose one of: ${EXPORT_RESOURCES.join(', ')}`)
}

/**
 * Writes every stored element of a resource. JSON: an array of the API objects exactly as last
 * received (API field names, all fields). CSV: the resource's columns (`CSV_COLUMNS`: every field
 * its wire type declares, the same whatever the rows hold), nested objects and arrays as JSON text,
 * UTF-8 with a header row, also when there are no rows. An export of a resource that
 * names people (user licences and insurances, granted merits, event registrations and registered
 * users) is recorded in the privacy log (issue 6) with its resource, format, rows and file (`-`:
 * standard output or a stream) before anything is written, so none leaves unrecorded, also when
 * the reader stops early (`| head`).
 * @returns the number of elements written.
 * @throws UserFacingError for an unknown resource or format, or a missing database.
 */
export async function exportResource(request: ExportRequest): Promise<number> {
  const resource = parseExportResource(request.resource)
  const format = request.format ?? 'json'
  if (format !== 'json' && format !== 'csv') {
    throw new UserFacingError('unknown-format', `unknown format "${String(format)}"; choose json or csv`)
  }
  const db = openExistingDatabase(request.dbFile)
  const counter = { count: 0 }
  try {
    if (namesPeople(resource)) {
      await logListExport(request.dbFile, { list: resource, format, rows: countExported(db, resource), file: typeof request.out === 'string' ? request.out : '-' })
    }
    if (typeof request.out === 'string') createPrivateFile(request.out)
    const out = typeof request.out === 'string' ? createWriteStream(request.out) : (request.out ?? process.stdout)
    const options = { end: out !== process.stdout }
    if (format === 'json') {
      await pipeline(Readable.from(jsonChunks(db, resource, counter)), out, options)
    } else {
      const csv = stringify({ ...csvOptionsFor(typeof request.out === 'string' ? 'file' : 'stdout'), header: true, columns: [...CSV_COLUMNS[resource]] })
      await pipeline(Readable.from(csvRecords(db, resource, counter)), csv, out, options)
    }
  } finally {
    db.close()
  }
  return counter.count
}

function* jsonChunks(db: ReadableDB, resource: ExportResource, counter: { count: number }): Generator<string> {
  yield '['
  for (const raw of exportRaw(db, resource)) {
    yield (counter.count++ === 0 ? '\n' : ',\n') + raw
  }
  yield counter.count === 0 ? ']\n' : '\n]\n'
}

function* csvRecords(db: ReadableDB, resource: ExportResource, counter: { count: number }): Generator<Record<string, unknown>> {
  for (const raw of exportRaw(db, resource)) {
    const element = JSON.parse(raw) as Record<string, unknown>
    const record: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(element)) {
      record[key] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value
    }
    counter.count++
    yield record
  }
}
