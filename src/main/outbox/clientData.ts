import type { ClientDataPutPayload } from '../../shared/outboxPayloads'
import { checkLength } from './checks'
import { Problems } from './errors'
import { MAX_CLIENT_DATA_LENGTH } from './limits'
import type { Operation } from './operation'

/**
 * Stores the client's small value (spec v2 §4.10 PUT /client-data, 204; `content` at most 2048
 * characters, §8). Putting the same value again leaves the same value: idempotent.
 */
export const clientDataPut: Operation<ClientDataPutPayload, ClientDataPutPayload> = {
  kind: 'client-data-put',
  idempotent: true,

  prepare(_db, input) {
    const problems = new Problems()
    problems.add(checkLength(input.content, 'content', 0, MAX_CLIENT_DATA_LENGTH))
    problems.throwIfAny('the client data')
    return { content: input.content }
  },

  effects: () => [],

  // The client data is one value each sync replaces as read: nothing to keep.
  refersTo: () => [],

  describe: ({ content }) => `store the client data (${content.length.toLocaleString('en')} characters)`,

  async send(client, { content }) {
    const answer = await client.writeV2('PUT', '/client-data', { body: { content }, idempotent: true, emptyAnswer: true })
    return { status: answer.status, answer: answer.body ?? null }
  }
}

/**
 * Deletes the client's value (spec v2 §4.10 DELETE /client-data). Deleting what is already gone
 * leaves it gone: idempotent.
 */
export const clientDataDelete: Operation<Record<string, never>, Record<string, never>> = {
  kind: 'client-data-delete',
  idempotent: true,
  prepare: () => ({}),
  effects: () => [],
  refersTo: () => [],
  describe: () => 'delete the client data',

  async send(client) {
    const answer = await client.writeV2('DELETE', '/client-data', { idempotent: true, emptyAnswer: true })
    return { status: answer.status, answer: answer.body ?? null }
  }
}
