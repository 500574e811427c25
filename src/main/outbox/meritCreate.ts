import type { Merit } from '../../shared/api/v2Activity'
import type { CreatedMerit, CreateMerit } from '../../shared/api/v3'
import type { Page } from '../../shared/api/v2'
import { problem } from '../../shared/outboxProblems'
import type { ApiClient } from '../api/client'
import { openItemsOfKind } from '../db/outbox'
import { checkDate, checkId, checkOneOf, listSome, localMeritGroup, localMeritsNamed, mirrors, repeatedValues } from './checks'
import { Problems } from './errors'
import { MAX_MASTER_SPORT_IDS } from './limits'
import type { Operation } from './operation'

const AUTHOR_TYPES = ['BOTH', 'CLUB', 'FEDERATION'] as const
const VALIDITY_TYPES = ['PERPETUAL', 'FIXED_DURATION', 'FIXED_DATE'] as const
const MERIT_TYPES = ['COMPETITION', 'CARD'] as const

/**
 * Creates a merit in a merit group (spec v3 §4 POST /merit, body CreateMerit, 200 CreatedMerit
 * `{ id, meritGroupId, name }`). Not idempotent: a second POST makes a second merit. After an
 * `unknown` the worker reads the group's merits (spec v2 §4.3 GET /merit/{groupId}) and adopts the
 * merit of that name; only when none is there is it sent again. Names are therefore kept unique
 * within the group before queuing.
 *
 * Checked before queuing: `name` and `description` not empty; the ids; the enumerations of spec v3
 * §2; `validityFixedDate` (a real date) exactly with FIXED_DATE and `validityFixedDurationInMonths`
 * (≥ 1) exactly with FIXED_DURATION (spec v2 §2.8); `mastersportIds` 1..10000 unique ids (§8); the
 * group is known locally (once the sync mirrors merit groups) and owned by `organizationId`; no
 * merit of that name is in the group locally, and no other item not yet done creates one.
 */
export const meritCreate: Operation<CreateMerit, CreateMerit> = {
  kind: 'merit-create',
  idempotent: false,

  prepare(db, input, { editing }) {
    const problems = new Problems()
    if (typeof input.name !== 'string' || input.name.trim() === '') problems.add(problem('empty-text', { what: 'name' }))
    if (typeof input.description !== 'string' || input.description.trim() === '') problems.add(problem('empty-text', { what: 'description' }))
    problems.add(checkId(input.meritGroupId, 'meritGroupId'))
    problems.add(checkId(input.organizationId, 'organizationId'))
    problems.add(checkOneOf(input.meritGrantingAuthorType, 'meritGrantingAuthorType', AUTHOR_TYPES))
    problems.add(checkOneOf(input.meritValidityPeriodType, 'meritValidityPeriodType', VALIDITY_TYPES))
    problems.add(checkOneOf(input.type, 'type', MERIT_TYPES))
    const fixedDate = input.meritValidityPeriodType === 'FIXED_DATE'
    const fixedDuration = input.meritValidityPeriodType === 'FIXED_DURATION'
    if (fixedDate) problems.add(input.validityFixedDate === undefined ? problem('merit-create.fixed-date-missing') : checkDate(input.validityFixedDate, 'validityFixedDate'))
    else if (input.validityFixedDate !== undefined) problems.add(problem('merit-create.fixed-date-not-allowed'))
    if (fixedDuration) {
      const months = input.validityFixedDurationInMonths
      if (!Number.isSafeInteger(months) || (months as number) < 1) problems.add(problem('merit-create.bad-duration', { value: JSON.stringify(months) }))
    } else if (input.validityFixedDurationInMonths !== undefined) problems.add(problem('merit-create.duration-not-allowed'))
    if (input.mastersportIds !== undefined) {
      const ids = Array.isArray(input.mastersportIds) ? input.mastersportIds : []
      if (ids.length < 1 || ids.length > MAX_MASTER_SPORT_IDS) problems.add(problem('merit-create.master-sport-count', { max: MAX_MASTER_SPORT_IDS, count: ids.length }))
      const bad = ids.filter((id) => checkId(id, 'mastersportIds') !== null)
      if (bad.length) problems.add(problem('merit-create.master-sport-ids', { values: listSome(bad.map((id) => JSON.stringify(id))) }))
      const repeated = repeatedValues(ids)
      if (repeated.length) problems.add(problem('merit-create.repeated-master-sports', { ids: listSome(repeated) }))
    }
    if (input.userProvidedMasterSportRequired !== undefined && typeof input.userProvidedMasterSportRequired !== 'boolean') problems.add(problem('not-a-boolean', { what: 'userProvidedMasterSportRequired' }))
    if (problems.none) {
      const group = localMeritGroup(db, input.meritGroupId)
      if (!group && mirrors(db, 'merit')) problems.add(problem('merit-create.no-merit-group', { meritGroupId: input.meritGroupId }))
      if (group && group.organizationId !== input.organizationId) problems.add(problem('merit-create.group-of-other-organization', { meritGroupId: input.meritGroupId, owner: String(group.organizationId), organizationId: input.organizationId }))
      const name = input.name.trim()
      const existing = localMeritsNamed(db, input.meritGroupId, name)
      if (existing.length) problems.add(problem('merit-create.name-taken', { meritGroupId: input.meritGroupId, name: JSON.stringify(name), meritId: existing[0] }))
      const same = openItemsOfKind(db, 'merit-create').find((item) => {
        const other = item.payload
        return item.id !== editing && other.meritGroupId === input.meritGroupId && other.name.toLowerCase() === name.toLowerCase()
      })
      if (same) problems.add(problem('merit-create.already-queued', { itemId: same.id, state: same.state, name: JSON.stringify(name), meritGroupId: input.meritGroupId }))
    }
    problems.throwIfAny('the merit')
    // Exactly the fields of spec v3 §2 CreateMerit; nothing else travels.
    const body: CreateMerit = {
      name: input.name.trim(),
      description: input.description,
      meritGroupId: input.meritGroupId,
      organizationId: input.organizationId,
      meritGrantingAuthorType: input.meritGrantingAuthorType,
      meritValidityPeriodType: input.meritValidityPeriodType,
      type: input.type
    }
    if (fixedDate) body.validityFixedDate = input.validityFixedDate
    if (fixedDuration) body.validityFixedDurationInMonths = input.validityFixedDurationInMonths
    if (input.mastersportIds !== undefined) body.mastersportIds = [...input.mastersportIds]
    if (input.userProvidedMasterSportRequired !== undefined) body.userProvidedMasterSportRequired = input.userProvidedMasterSportRequired
    return body
  },

  effects: () => [],

  refersTo: (merit) => [
    { to: 'merit-group', id: merit.meritGroupId },
    { to: 'organization', id: merit.organizationId }
  ],

  describe: (merit) => `create merit ${JSON.stringify(merit.name)} (${merit.type}, ${merit.meritValidityPeriodType}) in merit group ${merit.meritGroupId}`,

  async send(client, merit) {
    const answer = await client.writeV3<CreatedMerit>('POST', '/merit', { body: merit })
    return { status: answer.status, answer: answer.body }
  },

  async reconcile(client, merit) {
    const found = await findMerit(client, merit)
    return found ? { applied: true, status: 200, answer: { id: found.id, meritGroupId: found.meritGroupId, name: found.name } satisfies CreatedMerit } : { applied: false }
  }
}

/** The group's merit named as `merit` on the server (spec v2 §4.3 GET /merit/{groupId}), if any. */
async function findMerit(client: ApiClient, merit: CreateMerit): Promise<Merit | undefined> {
  const page = await client.getV2<Page<Merit>>(`/merit/${merit.meritGroupId}`, { size: 100_000 })
  return (page?.content ?? []).find((m) => m.name === merit.name)
}
