import { describe, expect, it } from 'vitest'
import { formatMembers, formatParticipants, formatRenewalList, formatStartList, formatSyncSummary, formatVenueCheck } from '../../../src/main/cli/format'
import type { VenueCheck } from '../../../src/shared/venueCheck'
import type { SyncResult } from '../../../src/main/sync/engine'

const run = (kind: Pick<SyncResult, 'first' | 'full'>): SyncResult => ({
  ok: true,
  ...kind,
  runId: 1,
  resources: [{ resource: 'licences', scope: 'federation 100', elements: 10, changed: 4, pages: 1, bytes: 2048, removed: 0, skipped: 0 }],
  elements: 10,
  bytes: 2048,
  durationMs: 500,
  purged: 0
})

describe('formatSyncSummary', () => {
  it("heads the summary with the run's kind: a first sync, also one asked to be full, a full one or an incremental one", () => {
    expect(formatSyncSummary(run({ first: true, full: false }))).toBe('first (full) sync done: 10 elements, 2 KiB in 0.5 s (20/s)\n  licences federation 100: 10 received, 4 new or changed\n')
    expect(formatSyncSummary(run({ first: true, full: true }))).toMatch(/^first \(full\) sync done: /)
    expect(formatSyncSummary(run({ first: false, full: true }))).toMatch(/^full sync done: /)
    expect(formatSyncSummary(run({ first: false, full: false }))).toMatch(/^incremental sync done: /)
  })
})

describe('formatVenueCheck', () => {
  const member = (check: VenueCheck['check'], insuranceName?: string): VenueCheck => ({
    id: 1,
    sportId: 55813879,
    firstName: 'Aino',
    lastName: 'Aaltonen',
    check,
    licenceName: 'Kilpailulisenssi',
    licenceType: 'Competition',
    clubName: 'Jyväskylä Suunnistus',
    ...(insuranceName === undefined ? {} : { insuranceName })
  })

  it("says a licence's insurance requirement (spec v2 §2.4) in words, with the insurance that met it", () => {
    const text = formatVenueCheck({
      dataAsOf: '2026-11-27T10:00:00.000Z',
      moreMatch: false,
      members: [
        member({ verdict: 'valid', validUntil: '2026-12-31', insuranceRequirement: 'InsuranceNotRequired' }),
        member({ verdict: 'valid', validUntil: '2026-12-31', insuranceRequirement: 'AnyInsurance', externalInsurance: true }),
        member({ verdict: 'valid', validUntil: '2026-12-31', insuranceRequirement: 'SpecificInsurance', userInsuranceId: 9 }, 'Lisenssivakuutus'),
        member({ verdict: 'insurance-missing', validUntil: '2026-12-31', insuranceRequirement: 'NewRequirement' })
      ]
    })
    expect(text.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      '  Kilpailulisenssi (Competition), Jyväskylä Suunnistus, until 2026-12-31, no insurance required',
      '  Kilpailulisenssi (Competition), Jyväskylä Suunnistus, until 2026-12-31, an insurance required — external',
      '  Kilpailulisenssi (Competition), Jyväskylä Suunnistus, until 2026-12-31, a specific insurance required — Lisenssivakuutus',
      '  Kilpailulisenssi (Competition), Jyväskylä Suunnistus, until 2026-12-31, insurance: NewRequirement'
    ])
  })

  it('names a registrant who is no member as not checked, never as holding no licence', () => {
    const text = formatVenueCheck({ dataAsOf: null, moreMatch: false, members: [], nonMember: { id: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg', events: ['Syysrastit', 'Talvirastit'] } })
    expect(text).toBe(
      'NOT CHECKED  Vieras Berg (10000020)\n  no member of the organizations the credentials read: registered to Syysrastit, Talvirastit; no licence of theirs is stored, so none can be checked here\ndata as of never synced\n'
    )
  })
})

describe('formatStartList', () => {
  it('gives each line its member and verdict, or the members it may mean, and says how many may compete', () => {
    const valid = { id: 7, sportId: 10000007, firstName: 'Aino', lastName: 'Mäkelä', check: { verdict: 'valid' as const } }
    const text = formatStartList({
      dataAsOf: '2026-11-27T10:00:00.000Z',
      rows: [
        { text: '10000007', matches: 1, member: valid },
        {
          text: 'Matti Virtanen',
          matches: 2,
          candidates: [
            { id: 8, sportId: 10000008, firstName: 'Matti', lastName: 'Virtanen', birthDate: '1980-05-01', clubName: 'Kartta-Turku', check: { verdict: 'valid' as const } },
            { id: 9, sportId: 10000009, firstName: 'Matti', lastName: 'Virtanen', check: { verdict: 'expired' as const } }
          ]
        },
        { text: '10000020', matches: 0, nonMember: { id: 20, sportId: 10000020, firstName: 'Vieras', lastName: 'Berg', events: [] } },
        { text: 'Ei Ketään', matches: 0 }
      ]
    })
    expect(text.split('\n').map((line) => line.replace(/\s{2,}/g, ' | ').trimEnd())).toEqual([
      'line | member | result',
      expect.stringMatching(/^-+ | -+ | -+$/),
      '10000007 | Aino Mäkelä (10000007) | VALID',
      'Matti Virtanen | Matti Virtanen (10000008, 1980, Kartta-Turku); Matti Virtanen (10000009) | several members (2+)',
      '10000020 | Vieras Berg (10000020) | NOT CHECKED (no member)',
      'Ei Ketään | not found',
      '1 of 4 may compete, 1 cannot be checked',
      'data as of 2026-11-27T10:00:00.000Z',
      ''
    ])
  })
})

describe('formatParticipants', () => {
  it("gives an event's registrations with their ids and the members waiting in the outbox", () => {
    const text = formatParticipants({
      uuid: '0b7c5d0e-0000-4000-8000-000000000001',
      name: 'Syysrastit',
      participants: [
        { eventRegistrationId: 51, userId: 7, sportId: 10000007, firstName: 'Aino', lastName: 'Mäkelä', club: 'Seura', registrationDate: '2026-10-01', paidAmountInCents: 2500, paymentStatus: 'PAID' },
        { eventRegistrationId: 52, userId: 21 }
      ],
      queued: [{ userId: 9, sportId: 10000009, firstName: 'Testi', lastName: 'Niemi', outboxItemId: 4, state: 'queued' }]
    })
    expect(text.split('\n').map((line) => line.replace(/\s{2,}/g, ' | ').trimEnd())).toEqual([
      'Syysrastit: 2 registration(s), 1 waiting in the outbox',
      'registration | member | Sport-ID | user id | club | registered | paid € | payment',
      expect.stringMatching(/^-/),
      '51 | Mäkelä, Aino | 10000007 | 7 | Seura | 2026-10-01 | 25.00 | PAID',
      '52 | #21 | 21',
      'waiting in the outbox:',
      'item | state | member | Sport-ID | club',
      expect.stringMatching(/^-/),
      '#4 | queued | Niemi, Testi | 10000009',
      ''
    ])
  })
})

describe('formatMembers', () => {
  it('gives each member the user id the write commands take beside the Sport-ID', () => {
    const text = formatMembers([{ id: 1001374, sportId: 55813879, firstName: 'Aino Pirjo', lastName: 'Aaltonen', birthDate: '2012-04-01', email: 'aino@example.fi', clubs: ['Jyväskylä Suunnistus'] }])
    expect(text.split('\n').map((line) => line.replace(/\s{2,}/g, ' | ').trimEnd())).toEqual([
      'Sport-ID | user id | name | born | e-mail | club',
      expect.stringMatching(/^-/),
      '55813879 | 1001374 | Aaltonen, Aino Pirjo | 2012-04-01 | aino@example.fi | Jyväskylä Suunnistus',
      ''
    ])
  })
})

describe('formatRenewalList', () => {
  it('says when the next licence ends, and the --days that lists it, when none ends within the days', () => {
    const empty = { kind: 'licence-ending' as const, today: '2026-11-27', days: 30, rows: [], total: 0, verdictsPending: false }
    expect(formatRenewalList({ ...empty, nextEnd: '2026-12-31' })).toBe('nobody on this list; the next ends on 2026-12-31 (--days 34 lists it)\n')
    expect(formatRenewalList(empty)).toBe('nobody on this list\n')
  })
})
