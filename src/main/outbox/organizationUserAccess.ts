import { problem } from '../../shared/outboxProblems'
import type { OrganizationUserAccessRequest } from '../../shared/outboxPayloads'
import { openItemsOfKind } from '../db/outbox'
import { checkId, localOrganization, unknownMembers } from './checks'
import { Problems } from './errors'
import type { Operation } from './operation'

/**
 * Grants a user read or write access to an organization (spec v2 §4.1 PUT
 * /organization/{id}/users, the path id being `authorizedOrganizationUser.organizationId`). The
 * spec answers 200 "created or already existed": putting the same grant again leaves the same
 * access, so the item is idempotent, retried by the client and sent again after an `unknown`.
 *
 * Checked before queuing: the ids; the organization is known locally; the user is a member of
 * the local database; `inviterName` is not empty; no other item not yet done grants the same user
 * access to the same organization (a second one would make the outcome depend on the order).
 */
export const organizationUserAccess: Operation<OrganizationUserAccessRequest, OrganizationUserAccessRequest> = {
  kind: 'organization-user-access',
  idempotent: true,

  prepare(db, input, { editing }) {
    const grant = input.authorizedOrganizationUser ?? ({} as OrganizationUserAccessRequest['authorizedOrganizationUser'])
    const problems = new Problems()
    problems.add(checkId(grant.organizationId, 'organizationId'))
    problems.add(checkId(grant.userId, 'userId'))
    if (typeof grant.write !== 'boolean') problems.add(problem('not-a-boolean', { what: 'write' }))
    if (typeof input.inviterName !== 'string' || input.inviterName.trim() === '') problems.add(problem('empty-text', { what: 'inviterName' }))
    if (problems.none) {
      if (!localOrganization(db, grant.organizationId)) problems.add(problem('unknown-organization', { organizationId: grant.organizationId }))
      if (unknownMembers(db, [grant.userId]).length) problems.add(problem('unknown-members', { ids: grant.userId }))
      const same = openItemsOfKind(db, 'organization-user-access').find((item) => {
        const other = item.payload.authorizedOrganizationUser
        return item.id !== editing && other.organizationId === grant.organizationId && other.userId === grant.userId
      })
      if (same) problems.add(problem('organization-user-access.already-queued', { itemId: same.id, state: same.state, userId: grant.userId, organizationId: grant.organizationId }))
    }
    problems.throwIfAny('the access grant')
    return { authorizedOrganizationUser: { organizationId: grant.organizationId, userId: grant.userId, write: grant.write }, inviterName: input.inviterName.trim() }
  },

  effects: ({ authorizedOrganizationUser: grant }) => [{ personId: grant.userId, target: `organization ${grant.organizationId}` }],

  refersTo: ({ authorizedOrganizationUser: grant }) => [{ to: 'organization', id: grant.organizationId }],

  describe: ({ authorizedOrganizationUser: grant, inviterName }) =>
    `grant user ${grant.userId} ${grant.write ? 'write' : 'read'} access to organization ${grant.organizationId} (invited by ${inviterName})`,

  async send(client, payload) {
    const answer = await client.writeV2('PUT', `/organization/${payload.authorizedOrganizationUser.organizationId}/users`, { body: payload, idempotent: true, emptyAnswer: true })
    return { status: answer.status, answer: answer.body ?? null }
  }
}
