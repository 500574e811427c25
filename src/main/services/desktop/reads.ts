import type { LicencePeriodSummary, MemberDetail, MemberFilterOptions, MemberPage, MeritChoice, OrganizationLicenceHolders, OrganizationNode } from '../../../shared/ipc/contract'
import type { EventLimits, EventRow, ParticipantRow, QueuedParticipantRow } from '../../../shared/events'
import { CANDIDATES_SHOWN, type MeritCandidateList, type OrderedMeritGroup } from '../../../shared/meritCandidates'
import { RENEWAL_ROWS_SHOWN, type RenewalList, type RenewalQuery } from '../../../shared/renewalLists'
import type { Reports } from '../../../shared/reports'
import type { StartListResult, StartListRow, VenueCheckResult } from '../../../shared/venueCheck'
import { readEventLimits, readEventParticipants, readQueuedParticipants, readEvents } from '../../db/events'
import { granteesNotReadable } from '../../db/grantees'
import { readMemberDetail } from '../../db/memberDetail'
import type { MemberListQuery } from '../../db/memberList'
import { readMeritCandidates, readOrderedMeritGroups } from '../../db/meritCandidates'
import { readLicenceSummary, readMemberFilterOptions, readMeritChoices, readOrganizationLicenceHolders, readOrganizations } from '../../db/overview'
import { readRenewalList } from '../../db/renewalLists'
import { readReports } from '../../db/reports'
import { lastSuccessfulSyncAt } from '../../db/runs'
import { checkAtVenue, START_LIST_STEP, StartListCheck, startListLines } from '../../db/venueCheck'
import { MAX_MERIT_GRANTEES } from '../../outbox/limits'
import type { SessionContext } from './context'

/**
 * What the desktop app's pages read from the shown database (members, events, reports, renewal
 * lists, merit candidates, the venue check…), on the session's long-lived reader. Every read
 * throws UserFacingError `no-database` before the first sync.
 */
export class SessionReads {
  constructor(private readonly session: SessionContext) {}

  /**
   * One window of the member list; see `listMembers` in db/memberList, answered through the
   * reader's MemberListCache. When the list without search text is asked for (the page opens, the
   * search is cleared), the one-letter searches with the same filters are prepared in the
   * background: a search's first keystroke is its slowest query (DESIGN §7 keystroke budget).
   * @throws UserFacingError `no-database` before the first sync.
   */
  members(query: MemberListQuery): MemberPage {
    this.session.currentVerdicts()
    const today = this.session.today()
    return this.session.read((_db, members) => {
      const page = members.list(query, today)
      if (query.text.trim() === '' && query.offset === 0) members.warm(query, today)
      return page
    })
  }

  /** One member's detail, or null. @throws UserFacingError `no-database` before the first sync. */
  memberDetail(id: number): MemberDetail | null {
    return this.session.read((db) => readMemberDetail(db, id, this.session.today()))
  }

  /** Choices for the member list's filters. */
  memberFilters(): MemberFilterOptions {
    return this.session.read(readMemberFilterOptions)
  }

  /** Licences and insurances per licence period with counts. */
  licenceSummary(): LicencePeriodSummary[] {
    return this.session.read(readLicenceSummary)
  }

  /** Organizations with parents, for the tree. */
  organizations(): OrganizationNode[] {
    return this.session.read(readOrganizations)
  }

  /** The tree's licence holders per organization, of the licence period today is in. */
  organizationLicenceHolders(): OrganizationLicenceHolders {
    return this.session.read((db) => readOrganizationLicenceHolders(db, this.session.today()))
  }

  /** The venue check (issue 7) of who `text` names, on `date` (ISO date; default today), from the local data. */
  venueCheck(text: string, date?: string): VenueCheckResult {
    return this.session.read((db) => checkAtVenue(db, text, date ?? this.session.today()))
  }

  /**
   * A start list checked line by line on `date` (default today), from the local data, as
   * `checkStartList` does, START_LIST_STEP lines at a time: the backend answers the window's other
   * calls between the steps (10,000 lines by name take ~5 s at 150,000 athletes), and after each
   * step of a longer list tells the window how far it is (`start-list-progress`). A sync storing
   * meanwhile may change what later lines find; `dataAsOf` is the last sync before the first line.
   * @throws UserFacingError `no-database` before the first sync.
   */
  async startList(lines: readonly string[], date?: string): Promise<StartListResult> {
    const texts = startListLines(lines)
    const check = new StartListCheck(date ?? this.session.today())
    const dataAsOf = this.session.read(lastSuccessfulSyncAt)
    const rows: StartListRow[] = []
    while (rows.length < texts.length) {
      if (rows.length > 0) await new Promise((resolve) => setImmediate(resolve))
      const step = texts.slice(rows.length, rows.length + START_LIST_STEP)
      this.session.read((db) => {
        for (const text of step) rows.push(check.row(db, text))
      })
      if (texts.length > START_LIST_STEP) this.session.emit({ type: 'start-list-progress', checked: rows.length, total: texts.length })
    }
    return { dataAsOf, rows }
  }

  /** The reports of issue 7 for a licence period (default: the current one), see `readReports`. */
  reports(licencePeriodId?: number): Reports {
    return this.session.read((db) => readReports(db, this.session.today(), licencePeriodId))
  }

  /** Stored events (issue 7), see `readEvents`. */
  eventList(filter: { text?: string; from?: string; to?: string }): EventRow[] {
    return this.session.read((db) => readEvents(db, filter))
  }

  /** An event's stored registrations with their members, see `readEventParticipants`. */
  eventParticipants(uuid: string): ParticipantRow[] {
    return this.session.read((db) => readEventParticipants(db, uuid))
  }

  /** Members the outbox is about to register to the event (see `readQueuedParticipants`). */
  queuedParticipants(uuid: string): QueuedParticipantRow[] {
    return this.session.read((db) => readQueuedParticipants(db, uuid.toLowerCase()))
  }

  /** A renewal list (issue 7) on today's date, its first RENEWAL_ROWS_SHOWN rows; see `readRenewalList`. */
  renewalList({ kind, days, clubId, areaId }: RenewalQuery): RenewalList {
    this.session.currentVerdicts()
    return this.session.read((db) => readRenewalList(db, kind, this.session.today(), days, { limit: RENEWAL_ROWS_SHOWN, clubId, areaId }))
  }

  /** Ordered merit groups, for the merit candidates (issue 7). */
  orderedMeritGroups(): OrderedMeritGroup[] {
    return this.session.read(readOrderedMeritGroups)
  }

  /** Merit candidates of a group (see `readMeritCandidates`): the first CANDIDATES_SHOWN, the count, and all ids when one grant can name them. */
  meritCandidates(groupId: number, seasons: number, nextMeritId?: number): MeritCandidateList {
    return this.session.read((db) => readMeritCandidates(db, groupId, seasons, { nextMeritId, limit: CANDIDATES_SHOWN, idsUpTo: MAX_MERIT_GRANTEES }))
  }

  /** Member ids of a member list query from `offset`, at most `limit` (the batch grant's "select all" and shift-click ranges). */
  memberIds(query: MemberListQuery): number[] {
    return this.members(query).rows.map((row) => row.id)
  }

  /** Merits the batch grant can pick. */
  meritChoices(): MeritChoice[] {
    return this.session.read(readMeritChoices)
  }

  /** The limits event `uuid` sets on who may register, and which of the members (user ids) they leave out (`readEventLimits`). */
  eventLimits(uuid: string, userIds: readonly number[]): EventLimits {
    return this.session.read((db) => readEventLimits(db, uuid, userIds))
  }

  /** Those of the grantees (user ids) that the organization of merit `meritId` may not read today, in their order (`granteesNotReadable`). */
  granteesNotReadable(meritId: number, grantees: readonly number[]): number[] {
    return this.session.read((db) => granteesNotReadable(db, meritId, grantees, this.session.today()))
  }
}
