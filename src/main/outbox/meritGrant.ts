import type { MeritGrantRequest } from '../../shared/api/v2Activity'
import { problem } from '../../shared/outboxProblems'
import type { MeritGrantPayload } from '../../shared/outboxPayloads'
import { checkDate, checkId, checkLength, listSome, localMeritExists, mirrors, unknownMembers } from './checks'
import { Problems } from './errors'
import { MAX_MERIT_ADDITIONAL_INFO_LENGTH, MAX_MERIT_GRANTEES, MAX_MERIT_GRANTER_LENGTH } from './limits'
import type { Operation } from './operation'

/**
 * Grants a merit to up to 10,000 members at once (spec v2 §4.3, limits of §8). Re-granting
 * converges (the API updates the grant date of merits already granted), so the item is idempotent:
 * retried by the client and simply sent again after an `unknown`.
 *
 * Checked before queuing: the merit id, `grantingDate` and `registrationDate` (real dates),
 * a granter (`granterUserId`, or `meritGranter` of 1..255 characters), `meritAdditionalInfo`
 * (≤ 2048), 1..10000 unique grantees, each known locally (`unknownMembers`); the merit is known
 * (once the sync mirrors merits). Whether each grantee is readable by the merit's organization is
 * left to the API (its 400 names them): readability also follows from memberships, which no list
 * of the API shows, so a local check would refuse valid grants.
 */
export const meritGrant: Operation<MeritGrantPayload, MeritGrantPayload> = {
  kind: 'merit-grant',
  idempotent: true,

  prepare(db, input) {
    const { meritId, grant } = input
    const problems = new Problems()
    problems.add(checkId(meritId, 'meritId'))
    problems.add(checkDate(grant.grantingDate, 'grantingDate'))
    if (grant.registrationDate !== undefined) problems.add(checkDate(grant.registrationDate, 'registrationDate'))
    if (grant.granterUserId === undefined && grant.meritGranter === undefined) problems.add(problem('merit-grant.no-granter'))
    if (grant.granterUserId !== undefined) problems.add(checkId(grant.granterUserId, 'granterUserId'))
    if (grant.meritGranter !== undefined) problems.add(checkLength(grant.meritGranter, 'meritGranter', 1, MAX_MERIT_GRANTER_LENGTH))
    if (grant.meritAdditionalInfo !== undefined) problems.add(checkLength(grant.meritAdditionalInfo, 'meritAdditionalInfo', 0, MAX_MERIT_ADDITIONAL_INFO_LENGTH))
    const grantees = Array.isArray(grant.meritGrantees) ? grant.meritGrantees : []
    if (grantees.length < 1 || grantees.length > MAX_MERIT_GRANTEES) problems.add(problem('merit-grant.grantee-count', { max: MAX_MERIT_GRANTEES, count: grantees.length }))
    const badIds = grantees.filter((id) => checkId(id, 'meritGrantees') !== null)
    if (badIds.length) problems.add(problem('merit-grant.grantee-ids', { values: listSome(badIds.map((id) => JSON.stringify(id))) }))
    const seen = new Set<number>()
    const repeated = new Set<number>()
    for (const id of grantees) (seen.has(id) ? repeated : seen).add(id)
    if (repeated.size) problems.add(problem('merit-grant.repeated-grantees', { ids: listSome([...repeated]) }))
    if (problems.none && mirrors(db, 'merit') && !localMeritExists(db, meritId)) problems.add(problem('unknown-merits', { ids: meritId }))
    if (!badIds.length && grantees.length) {
      const unknown = unknownMembers(db, grantees)
      if (unknown.length) problems.add(problem('unknown-members', { ids: listSome(unknown) }))
    }
    problems.throwIfAny('the merit grant')
    // Exactly the body's fields of spec v2 §4.3; nothing else travels.
    const body: MeritGrantRequest = { grantingDate: grant.grantingDate, meritGrantees: [...grantees] }
    if (grant.granterUserId !== undefined) body.granterUserId = grant.granterUserId
    if (grant.meritGranter !== undefined) body.meritGranter = grant.meritGranter
    if (grant.meritAdditionalInfo !== undefined) body.meritAdditionalInfo = grant.meritAdditionalInfo
    if (grant.registrationDate !== undefined) body.registrationDate = grant.registrationDate
    if (grant.notifyGrantees !== undefined) body.notifyGrantees = grant.notifyGrantees
    return { meritId, grant: body }
  },

  effects: ({ meritId, grant }) => grant.meritGrantees.map((personId) => ({ personId, target: `merit ${meritId}` })),

  names: ({ grant }) => (grant.granterUserId === undefined ? [] : [grant.granterUserId]),

  refersTo: ({ meritId }) => [{ to: 'merit', id: meritId }],

  describe({ meritId, grant }) {
    const n = grant.meritGrantees.length
    // spec v2 §4.3: granterUserId wins when both are given.
    const granter = grant.granterUserId !== undefined ? `user ${grant.granterUserId}` : grant.meritGranter
    return `grant merit ${meritId} to ${n === 1 ? `member ${grant.meritGrantees[0]}` : `${n.toLocaleString('en')} members`} on ${grant.grantingDate} (granter: ${granter})`
  },

  async send(client, { meritId, grant }) {
    const answer = await client.writeV2('POST', `/merit-grant/grant/${meritId}`, { body: grant, idempotent: true, emptyAnswer: true })
    return { status: answer.status, answer: answer.body ?? null }
  }
}
