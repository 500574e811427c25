import type { Page, UserLicence } from '../../shared/api/v2'
import { problem } from '../../shared/outboxProblems'
import type { ClubTransferInput, ClubTransferPayload } from '../../shared/outboxPayloads'
import { openItemsOfKind } from '../db/outbox'
import { checkId, localOrganization, localUserLicence } from './checks'
import { Problems } from './errors'
import type { ApiClient } from '../api/client'
import type { Operation } from './operation'

/**
 * Transfers a user licence to another club of its federation (spec v2 §4.6, 201). The spec does
 * not say that sending it twice converges, so before sending, and after an `unknown`, the worker
 * reads the member's user licences back (`GET /user-licence/{fed}/{period}/user/{userId}`, spec
 * v2 §4.4) and counts the transfer done when the licence is bound to the target club already.
 *
 * Checked before queuing against the local data: the user licence exists; the target is an
 * ACTIVE club of the same federation (spec v2 §2.2) and not the licence's club already; no other
 * item not yet done transfers the same licence.
 */
export const clubTransfer: Operation<ClubTransferInput, ClubTransferPayload> = {
  kind: 'club-transfer',
  idempotent: false,

  prepare(db, input, { editing }) {
    const problems = new Problems()
    problems.add(checkId(input.userLicenceId, 'userLicenceId'))
    problems.add(checkId(input.targetClubId, 'targetClubId'))
    problems.throwIfAny('the club transfer')
    const licence = localUserLicence(db, input.userLicenceId)
    const club = localOrganization(db, input.targetClubId)
    if (!licence) problems.add(problem('club-transfer.no-licence', { userLicenceId: input.userLicenceId }))
    if (!club) problems.add(problem('unknown-organization', { organizationId: input.targetClubId }))
    else if (club.type !== 'CLUB' || club.status !== 'ACTIVE') {
      const typeAndStatus = { type: String(club.type), status: String(club.status) }
      problems.add(
        club.name === null
          ? problem('club-transfer.unnamed-not-active-club', { targetClubId: input.targetClubId, ...typeAndStatus })
          : problem('club-transfer.not-active-club', { name: club.name, ...typeAndStatus })
      )
    }
    if (licence && club && club.federationId !== licence.federationId) problems.add(problem('club-transfer.other-federation', { targetClubId: input.targetClubId, federationId: licence.federationId }))
    if (licence && licence.clubId === input.targetClubId) problems.add(problem('club-transfer.same-club', { userLicenceId: input.userLicenceId, targetClubId: input.targetClubId }))
    const same = openItemsOfKind(db, 'club-transfer').find((item) => item.id !== editing && item.payload.userLicenceId === input.userLicenceId)
    if (same) problems.add(problem('club-transfer.already-queued', { itemId: same.id, state: same.state, userLicenceId: input.userLicenceId }))
    problems.throwIfAny('the club transfer')
    return { userLicenceId: input.userLicenceId, targetClubId: input.targetClubId, sportsFederationId: licence!.federationId, userId: licence!.userId, licencePeriodId: licence!.licencePeriodId }
  },

  effects: (payload) => [{ personId: payload.userId, target: `club ${payload.targetClubId}` }],

  refersTo: (payload) => [
    { to: 'user-licence', id: payload.userLicenceId },
    { to: 'organization', id: payload.targetClubId }
  ],

  describe: (payload) => `move user licence ${payload.userLicenceId} of member ${payload.userId} to club ${payload.targetClubId}`,

  async send(client, payload) {
    // A transfer already in effect (made meanwhile elsewhere: the web, another Kanslia) is adopted, not sent again.
    const bound = await licenceIfBound(client, payload)
    if (bound) return { status: 200, answer: bound }
    const answer = await client.writeV2('POST', `/user-licence-club-transfer/sports-federation/${payload.sportsFederationId}/user-licence/${payload.userLicenceId}`, {
      body: { targetClubId: payload.targetClubId },
      emptyAnswer: true
    })
    return { status: answer.status, answer: answer.body ?? null }
  },

  async reconcile(client, payload) {
    const bound = await licenceIfBound(client, payload)
    return bound ? { applied: true, status: 200, answer: bound } : { applied: false }
  }
}

/**
 * The user licence as the registry has it now (`GET /user-licence/{fed}/{period}/user/{userId}`,
 * spec v2 §4.4) when it is bound to the payload's target club already; otherwise undefined.
 * @throws ApiError when the read fails.
 */
async function licenceIfBound(client: ApiClient, payload: ClubTransferPayload): Promise<UserLicence | undefined> {
  const page = await client.getV2<Page<UserLicence>>(`/user-licence/${payload.sportsFederationId}/${payload.licencePeriodId}/user/${payload.userId}`, { size: 100_000 })
  const licence = (page?.content ?? []).find((l) => l.id === payload.userLicenceId)
  return licence?.licenceOrganizationId === payload.targetClubId ? licence : undefined
}
