import type { Organization, Page } from '../../shared/api/v2'
import { problem } from '../../shared/outboxProblems'
import type { ClubCreatePayload, CreateClubRequest } from '../../shared/outboxPayloads'
import type { ApiClient } from '../api/client'
import { openItemsOfKind } from '../db/outbox'
import { checkDate, checkId, localClubsNamed, localOrganization } from './checks'
import { Problems } from './errors'
import type { Operation } from './operation'

/** What a person gives: the parent and the club's fields; `type` is filled in. */
export interface ClubCreateInput {
  parentId: number
  club: Omit<CreateClubRequest, 'type'>
}

/** The optional text fields of the body, sent as given. */
const TEXT_FIELDS = ['shortName', 'description', 'businessId', 'emailAddress', 'url', 'contactPerson', 'phone'] as const

/**
 * Creates a club under a sports federation or an area (spec v2 §4.1 POST
 * /organization/{id}/suborganizations, 201 with the Organization; clubs sit under a federation or
 * an area, §5). Not idempotent: a second POST makes a second club. After an `unknown` the worker
 * reads the parent's suborganizations (GET /organization/{id}/suborganizations, CLUB) and adopts
 * the active club of that name; only when none is there is it sent again. Names are therefore
 * kept unique under the parent before queuing.
 *
 * Checked before queuing: the parent is a known, active sports federation or area; `name` is not
 * empty; optional texts are text and the dates real dates, `established` not after `terminated`;
 * the address has its required parts; no active club of that name is under the parent locally
 * and no other item not yet done creates one.
 */
export const clubCreate: Operation<ClubCreateInput, ClubCreatePayload> = {
  kind: 'club-create',
  idempotent: false,

  prepare(db, input, { editing }) {
    const { parentId, club } = input
    const problems = new Problems()
    problems.add(checkId(parentId, 'parentId'))
    if (typeof club.name !== 'string' || club.name.trim() === '') problems.add(problem('empty-text', { what: 'name' }))
    for (const field of TEXT_FIELDS) if (club[field] !== undefined && typeof club[field] !== 'string') problems.add(problem('not-text', { what: field }))
    const established = club.established === undefined ? null : checkDate(club.established, 'established')
    const terminated = club.terminated === undefined ? null : checkDate(club.terminated, 'terminated')
    problems.add(established)
    problems.add(terminated)
    if (!established && !terminated && club.established !== undefined && club.terminated !== undefined && club.established > club.terminated) {
      problems.add(problem('club-create.established-after-terminated', { established: club.established, terminated: club.terminated }))
    }
    if (club.address !== undefined) {
      const missing = (['streetAddress', 'postCode', 'postOffice'] as const).filter((part) => typeof club.address?.[part] !== 'string' || club.address[part].trim() === '')
      if (missing.length) problems.add(problem('club-create.address-incomplete', { parts: missing.join(', ') }))
    }
    problems.throwIfAny('the club')
    const parent = localOrganization(db, parentId)
    if (!parent) problems.add(problem('unknown-organization', { organizationId: parentId }))
    else if ((parent.type !== 'SPORTS_FEDERATION' && parent.type !== 'AREA') || parent.status !== 'ACTIVE') {
      const typeAndStatus = { type: String(parent.type), status: String(parent.status) }
      problems.add(
        parent.name === null
          ? problem('club-create.unnamed-parent-not-federation-or-area', { parentId, ...typeAndStatus })
          : problem('club-create.parent-not-federation-or-area', { name: parent.name, ...typeAndStatus })
      )
    }
    const name = club.name.trim()
    const existing = localClubsNamed(db, parentId, name)
    if (existing.length) problems.add(problem('club-create.name-taken', { name: JSON.stringify(name), parentId, clubId: existing[0] }))
    const same = openItemsOfKind(db, 'club-create').find((item) => {
      const other = item.payload
      return item.id !== editing && other.parentId === parentId && other.club.name.toLowerCase() === name.toLowerCase()
    })
    if (same) problems.add(problem('club-create.already-queued', { itemId: same.id, state: same.state, name: JSON.stringify(name), parentId }))
    problems.throwIfAny('the club')
    const body: CreateClubRequest = { type: 'CLUB', name }
    for (const field of TEXT_FIELDS) if (club[field] !== undefined) body[field] = club[field]
    if (club.address !== undefined) body.address = { ...club.address }
    if (club.established !== undefined) body.established = club.established
    if (club.terminated !== undefined) body.terminated = club.terminated
    return { parentId, club: body }
  },

  effects: () => [],

  refersTo: ({ parentId }) => [{ to: 'organization', id: parentId }],

  describe: ({ parentId, club }) => `create club ${JSON.stringify(club.name)} under organization ${parentId}`,

  async send(client, { parentId, club }) {
    const answer = await client.writeV2<Organization>('POST', `/organization/${parentId}/suborganizations`, { body: club })
    return { status: answer.status, answer: answer.body }
  },

  async reconcile(client, payload) {
    const found = await findClub(client, payload)
    return found ? { applied: true, status: 200, answer: found } : { applied: false }
  }
}

/** The parent's active club named as the payload's, on the server (spec v2 §4.1 GET suborganizations), if any. */
async function findClub(client: ApiClient, { parentId, club }: ClubCreatePayload): Promise<Organization | undefined> {
  // One page holds every suborganization: size may be up to 100000 (spec v2 §2.1).
  const page = await client.getV2<Page<Organization>>(`/organization/${parentId}/suborganizations`, { orgtypes: 'CLUB', size: 100_000 })
  return (page?.content ?? []).find((o) => o.type === 'CLUB' && o.name === club.name)
}
