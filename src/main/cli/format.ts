import type { MemberRow } from '../db/members'
import type { MeritCandidateList } from '../../shared/meritCandidates'
import { renewalColumnsOf, type RenewalList } from '../../shared/renewalLists'
import { describeCandidate, startListSummary, type StartListResult, type VenueCheckResult } from '../../shared/venueCheck'
import type { CursorStatus } from '../db/status'
import type { EventLimits, EventRow } from '../../shared/events'
import type { EventParticipants } from '../services/events'
import type { SyncResult } from '../sync/engine'
import { listedName } from '../../shared/personName'
import { REPORT_LAYOUT, type ReportName, type Reports } from '../../shared/reports'
import { daysFrom } from '../../shared/localDate'

/** Lays out rows as aligned text columns under a header, for terminal output. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n'
}

const count = (n: number) => n.toLocaleString('en')

/**
 * `kanslia status` as a table: one row per (resource, scope), a fanned-out resource once
 * (`per merit`, …), with the rows its last run added or changed, then the API version last read (spec v3 §9).
 */
export function formatStatus(rows: CursorStatus[]): string {
  if (rows.length === 0) return 'nothing synced yet\n'
  const version = rows.find((r) => r.value !== undefined)
  const footer = version ? `API version ${version.value} (read ${version.lastRunAt ?? '-'})\n` : ''
  return table(
    ['resource', 'scope', 'rows', 'cursor', 'last run', 'changed', 'result'],
    rows.map((r) => [
      r.resource,
      r.scope,
      count(r.rows),
      r.cursor ?? '-',
      r.lastRunAt ?? '-',
      r.lastChanged === null ? '-' : count(r.lastChanged),
      r.lastResult === 'error' ? `error: ${r.lastError ?? ''}` : (r.lastResult ?? '-')
    ])
  ) + footer
}

/** `kanslia members` as a table. */
export function formatMembers(rows: MemberRow[]): string {
  if (rows.length === 0) return 'no members found\n'
  return table(
    ['Sport-ID', 'user id', 'name', 'born', 'e-mail', 'club'],
    rows.map((m) => [
      String(m.sportId),
      String(m.id),
      [m.lastName, m.nickname ?? m.firstName].filter(Boolean).join(', ') || '(name not permitted)',
      m.birthDate ?? '',
      m.email ?? '',
      m.clubs.join('; ')
    ])
  )
}

/**
 * `kanslia renewals` as a table, by last name: who, the club, the licence or insurance and when it
 * ends, and whom to write to (a minor's guardians, else the member); an empty list of endings says
 * when the next one ends and the `--days` that lists it.
 */
export function formatRenewalList(list: RenewalList): string {
  if (list.total === 0) return `nobody on this list${list.nextEnd === undefined ? '' : `; the next ends on ${list.nextEnd} (--days ${daysFrom(list.today, list.nextEnd)} lists it)`}\n`
  const writeTo = (row: RenewalList['rows'][number]) => (row.minor && row.guardianEmails.length > 0 ? row.guardianEmails.join(', ') : (row.email ?? ''))
  const previous = renewalColumnsOf(list.kind).includes('previousClub')
  return (
    table(
      ['Sport-ID', 'name', 'club', ...(previous ? ['previous club'] : []), 'licence or insurance', 'ends', 'write to'],
      list.rows.map((row) => [String(row.sportId), listedName(row), row.club ?? '', ...(previous ? [row.previousClub ?? ''] : []), row.item ?? '', row.ends ?? '', writeTo(row)])
    ) + `${count(list.total)} member(s)\n`
  )
}

/** `kanslia candidates` as a table, by next merit and last name: who, and why a candidate (the merit held and since when, or the licence seasons). */
export function formatMeritCandidates(list: MeritCandidateList): string {
  if (list.total === 0) return 'no candidates\n'
  return (
    table(
      ['Sport-ID', 'user id', 'name', 'club', 'next merit', 'holds', 'since', 'seasons'],
      list.rows.map((row) => [
        String(row.sportId),
        String(row.id),
        listedName(row),
        row.club ?? '',
        row.nextMeritName,
        row.heldMeritName ?? '',
        row.heldSince ?? '',
        row.seasons === undefined ? '' : String(row.seasons)
      ])
    ) + `${count(list.total)} candidate(s)\n`
  )
}

const VERDICT = {
  valid: 'VALID',
  expiring: 'VALID (expiring soon)',
  expired: 'EXPIRED',
  missing: 'NO LICENCE',
  'insurance-missing': 'INSURANCE MISSING',
  'outside-birth-range': 'OUTSIDE BIRTH-DATE RANGE'
} as const

/** A licence product's `insuranceRequirement` (spec v2 §2.4) in words; a value the spec does not list, as given. */
function insuranceRequirementText(requirement: string): string {
  const words: Record<string, string> = { SpecificInsurance: 'a specific insurance required', AnyInsurance: 'an insurance required', InsuranceNotRequired: 'no insurance required' }
  return Object.hasOwn(words, requirement) ? words[requirement] : `insurance: ${requirement}`
}

/** `kanslia check`: one block per member found, verdict first, then the data's age. */
export function formatVenueCheck(result: VenueCheckResult): string {
  const blocks = result.members.map((m) => {
    const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || '(name not permitted)'
    const details = [
      m.licenceName && `${m.licenceName}${m.licenceType ? ` (${m.licenceType})` : ''}`,
      m.clubName,
      m.check.validUntil && `until ${m.check.validUntil}`,
      m.check.insuranceRequirement && `${insuranceRequirementText(m.check.insuranceRequirement)}${m.insuranceName ? ` — ${m.insuranceName}` : m.check.externalInsurance ? ' — external' : ''}`
    ].filter(Boolean)
    return `${VERDICT[m.check.verdict]}  ${name} (${m.sportId})${details.length > 0 ? `\n  ${details.join(', ')}` : ''}`
  })
  const other = result.nonMember
  if (other !== undefined) {
    const name = [other.firstName, other.lastName].filter(Boolean).join(' ') || '(no name stored)'
    const registered = other.events.length > 0 ? `registered to ${other.events.join(', ')}; ` : ''
    blocks.push(
      `NOT CHECKED  ${name} (${other.sportId})\n  no member of the organizations the credentials read: ${registered}no licence of theirs is stored, so none can be checked here`
    )
  }
  const found = blocks.length === 0 ? 'no member found\n' : blocks.join('\n') + '\n'
  const more = result.moreMatch ? 'more members match, not checked: give more of the name, or the Sport-ID\n' : ''
  return `${found}${more}data as of ${result.dataAsOf ?? 'never synced'}\n`
}

/**
 * `kanslia start-list`: one row per line (the line, the member it names, the verdict; "not found",
 * "several members" or "not checked" for the others), then how many may compete and the data's age.
 */
export function formatStartList(result: StartListResult): string {
  const rows = result.rows.map((row) => {
    const person = row.member ?? row.nonMember
    const who = person ? `${[person.firstName, person.lastName].filter(Boolean).join(' ')} (${person.sportId})` : (row.candidates ?? []).map(describeCandidate).join('; ')
    const verdict = row.member ? VERDICT[row.member.check.verdict] : row.nonMember ? 'NOT CHECKED (no member)' : row.matches === 0 ? 'not found' : `several members (${row.matches}+)`
    return [row.text, who, verdict]
  })
  const { ok, notChecked } = startListSummary(result.rows)
  const summary = `${ok.toLocaleString('en')} of ${result.rows.length.toLocaleString('en')} may compete${notChecked > 0 ? `, ${notChecked.toLocaleString('en')} cannot be checked` : ''}`
  return `${table(['line', 'member', 'result'], rows)}${summary}\ndata as of ${result.dataAsOf ?? 'never synced'}\n`
}

/**
 * `kanslia events`: one row per event, newest first — its start and end (the event's local time,
 * as the registry writes it), name, organizer, registrations stored (and places, when limited), the
 * end of its registration, and its UUID, which `register --event` takes.
 */
export function formatEvents(events: EventRow[]): string {
  if (events.length === 0) return 'no event stored matches\n'
  const time = (value: string | undefined) => value?.slice(0, 16).replace('T', ' ') ?? ''
  return (
    table(
      ['starts', 'event', 'organizer', 'registered', 'registration ends', 'uuid'],
      events.map((event) => [
        time(event.startDateTime),
        event.name,
        event.organizerName ?? '',
        event.maxAttendeeCount ? `${event.registrations} / ${event.maxAttendeeCount}` : String(event.registrations),
        time(event.registrationEnd),
        event.uuid
      ])
    ) + `${count(events.length)} event(s)\n`
  )
}

/**
 * `kanslia participants`: the event's name, then one row per registration (its id, the member,
 * Sport-ID, club, day registered, amount paid in euros, payment status), by last name; then the
 * members the outbox is about to register, with their item and its state.
 */
export function formatParticipants(list: EventParticipants): string {
  const registered =
    list.participants.length === 0
      ? 'no registration stored\n'
      : table(
          ['registration', 'member', 'Sport-ID', 'user id', 'club', 'registered', 'paid €', 'payment'],
          list.participants.map((p) => [
            String(p.eventRegistrationId),
            listedName(p) || `#${p.userId}`,
            p.sportId === undefined ? '' : String(p.sportId),
            String(p.userId),
            p.club ?? '',
            p.registrationDate ?? '',
            p.paidAmountInCents === undefined ? '' : (p.paidAmountInCents / 100).toFixed(2),
            p.paymentStatus ?? ''
          ])
        )
  const queued =
    list.queued.length === 0
      ? ''
      : `waiting in the outbox:\n${table(
          ['item', 'state', 'member', 'Sport-ID', 'club'],
          list.queued.map((q) => [`#${q.outboxItemId}`, q.state, listedName(q) || `#${q.userId}`, q.sportId === undefined ? '' : String(q.sportId), q.club ?? ''])
        )}`
  return `${list.name}: ${count(list.participants.length)} registration(s)${list.queued.length > 0 ? `, ${count(list.queued.length)} waiting in the outbox` : ''}\n${registered}${queued}`
}

/** Why `EventLimits` leave a member out, as `kanslia register` warns it. */
const OUTSIDE_REASON = {
  'born-before': (limits: EventLimits) => `born before ${limits.minBirthDate}`,
  'born-after': (limits: EventLimits) => `born after ${limits.maxBirthDate}`,
  gender: (limits: EventLimits) => `the event takes ${limits.allowedGender === 'FEMALE' ? 'women' : 'men'} only`
}

/**
 * `kanslia register`'s warning (standard error) when the event's limits leave members out by what
 * is stored (spec v3 §4 `registrationMinBirthDate`, `registrationMaxBirthDate`, `allowedGender`):
 * one line per member with the reason; '' when none is left out.
 */
export function formatOutsideLimits(limits: EventLimits): string {
  return limits.outside
    .map((member) => `warning: ${member.name || `#${member.userId}`} (user ${member.userId}) is outside the event's limits (${OUTSIDE_REASON[member.reason](limits)}); the registry may refuse the registration\n`)
    .join('')
}

/**
 * The one-paragraph summary `kanslia sync` and `kanslia demo` print after a run, headed by its kind:
 * a first sync (the database's first that succeeds: every list read whole), a full one or an
 * incremental one.
 */
export function formatSyncSummary(result: SyncResult): string {
  const seconds = result.durationMs / 1000
  const rate = seconds > 0 ? Math.round(result.elements / seconds) : result.elements
  const kind = result.first ? 'first (full)' : result.full ? 'full' : 'incremental'
  const lines = [
    `${kind} sync ${result.ok ? 'done' : 'finished with errors'}: ` +
      `${count(result.elements)} elements, ${count(Math.round(result.bytes / 1024))} KiB in ${seconds.toFixed(1)} s (${count(rate)}/s)`
  ]
  for (const r of result.resources) {
    const removed = r.removed ? `, ${count(r.removed)} removed` : ''
    const skipped = r.skipped ? `, ${count(r.skipped)} skipped (no id or modificationTime)` : ''
    const lists = r.lists === undefined ? '' : ` from ${count(r.lists)} lists`
    const changed = r.changed ? `, ${count(r.changed)} new or changed` : ''
    const said = r.error ? ` — error: ${r.error}` : r.note ? ` — ${r.note}` : ''
    lines.push(`  ${r.resource} ${r.scope}: ${count(r.elements)} received${lists}${changed}${removed}${skipped}${said}`)
  }
  if (result.purged > 0) lines.push(`  retention: ${count(result.purged)} ${result.purged === 1 ? 'person' : 'people'} without current data removed`)
  return lines.join('\n') + '\n'
}

/** `kanslia reports` headings: each report's title and its columns' headings, and what a group without a name is called. */
export const REPORT_TEXTS: Record<ReportName, { title: string; columns: Record<string, string>; unnamed?: string }> = {
  clubs: { title: 'Members per club', columns: { club: 'club', members: 'members' }, unnamed: 'no club' },
  areas: { title: 'Members per area', columns: { area: 'area', members: 'members' }, unnamed: 'no area' },
  licences: { title: 'Members per licence', columns: { licence: 'licence', members: 'members' }, unnamed: 'unnamed licence' },
  ages: { title: 'Members by age and gender', columns: { band: 'age', female: 'women', male: 'men', other: 'other' } },
  sales: { title: 'Licence sales per month', columns: { month: 'month', licences: 'licences' } },
  transfers: { title: 'Club transfers since the previous licence period', columns: { club: 'club', arrived: 'arrived', departed: 'left' } },
  merits: { title: 'Merits granted per year', columns: { year: 'year', grants: 'grants' } }
}

/**
 * One report of `kanslia reports` as a table: its columns (`REPORT_LAYOUT`'s, headed as
 * REPORT_TEXTS say; the group first, then its counts) and its rows, a group without a name named.
 */
export function reportTable(reports: Reports, name: ReportName): { columns: Array<{ key: string; label: string }>; rows: Array<Record<string, string | number | null>> } {
  const { key, values } = REPORT_LAYOUT[name]
  const texts = REPORT_TEXTS[name]
  const rows = reports[name] as unknown as Array<Record<string, string | number | null>>
  return {
    columns: [key, ...values].map((column) => ({ key: column, label: texts.columns[column] })),
    rows: rows.map((row) => ({ ...row, [key]: row[key] ?? texts.unnamed ?? '' }))
  }
}

/**
 * `kanslia reports` as text: for the licence period reported on, each report of `names` under its
 * title as a table (`reportTable`), or "none" when it has no rows.
 */
export function formatReports(reports: Reports, names: readonly ReportName[]): string {
  if (reports.licencePeriod === null) return 'no licence period is stored: sync first\n'
  const sections = names.map((name) => {
    const { columns, rows } = reportTable(reports, name)
    const [group, ...counts] = columns
    const body = rows.length === 0 ? 'none\n' : table(columns.map((column) => column.label), rows.map((row) => [String(row[group.key]), ...counts.map((column) => count(Number(row[column.key])))]))
    return `${REPORT_TEXTS[name].title}\n${body}`
  })
  return `Reports of licence period ${reports.licencePeriod.name} (${reports.licencePeriod.id})\n\n${sections.join('\n')}`
}
