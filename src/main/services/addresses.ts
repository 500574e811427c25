import type { RenewalQuery } from '../../shared/renewalLists'
import { readMemberEmails } from '../db/contacts'
import { filtersOnVerdicts, type MemberListQuery } from '../db/memberList'
import { readRenewalEmails, readsVerdicts } from '../db/renewalLists'
import { withDatabase } from './database'
import { withCurrentVerdicts } from './verdicts'
import { listedIn, logListExport } from './privacyRecord'

/**
 * Whose addresses to read (issue 7 "copy e-mail addresses"): every member a member list query
 * matches (`members`), or every member of a renewal list (`renewals`), on `today` (ISO date,
 * local), from `dbFile`; `to`: where they go (the app's clipboard, the CLI's standard output), for
 * the privacy log. Plain data, so it crosses to a worker thread as it is.
 */
export type AddressJob = { dbFile: string; today: string; to: 'clipboard' | 'stdout' } & (
  | { list: 'members'; query: Omit<MemberListQuery, 'offset' | 'limit'> }
  | ({ list: 'renewals' } & RenewalQuery)
)

/** Runs an `AddressJob`: `readAddresses` here, or the app's worker-thread reader (`workerAddressReader`). */
export type AddressReader = (job: AddressJob) => Promise<string[]>

/**
 * The addresses to write to about the job's members, once each, in the list's order: each
 * adult's own, each minor's guardians' and own (see `readMemberEmails`, `readRenewalEmails`), read
 * on a connection of its own (evaluate the day's licence verdicts first: `ensureVerdicts`). At
 * 150,000 athletes every member takes ~3 s and a late-autumn "licence ending" list ~1 s, which is
 * why the app reads them in a worker thread. Taking them out of the app is recorded in the privacy
 * log (issue 6) before they are returned, as an export of the list in the format `emails`.
 * @throws UserFacingError `no-database`; `verdicts-pending` for a list by licence verdicts while
 *   some are (`withCurrentVerdicts`); DatabaseKeyError (issue 6); SQLite's error when the log
 *   cannot be written (no addresses are returned then).
 */
export async function readAddresses(job: AddressJob): Promise<string[]> {
  const byVerdicts = job.list === 'members' ? filtersOnVerdicts(job.query) : readsVerdicts(job.kind)
  const addresses = withDatabase(job.dbFile, (db) => {
    const read = () => (job.list === 'members' ? readMemberEmails(db, job.query, job.today) : readRenewalEmails(db, job.kind, job.today, job.days, { clubId: job.clubId, areaId: job.areaId }))
    return byVerdicts ? withCurrentVerdicts(db, job.today, read) : read()
  })
  await logListExport(job.dbFile, { ...listedIn(job), format: 'emails', rows: addresses.length, to: job.to })
  return addresses
}
