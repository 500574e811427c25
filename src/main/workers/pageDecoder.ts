/**
 * Worker-thread entry of the page decoder (`runPageDecoder.ts`): reads each list page it is sent
 * (`decodePage`: JSON, envelope, elements prepared for their table) and posts it back, so the
 * sync's writer thread spends its time on SQLite while the next page is decoded. At 150,000
 * athletes this is a third of the writer's work.
 */
import { parentPort } from 'node:worker_threads'
import { ApiError } from '../api/errors'
import { decodePage } from '../sync/elements'
import type { DecodeAnswer, DecodeRequest } from './pageDecoderProtocol'

parentPort?.on('message', ({ id, body, job }: DecodeRequest) => {
  let answer: DecodeAnswer
  try {
    answer = { id, page: decodePage(Buffer.from(body).toString('utf8'), job) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof SyntaxError) answer = { id, failure: 'syntax', message }
    else if (error instanceof ApiError) answer = { id, failure: 'api', kind: error.kind, message }
    else answer = { id, failure: 'error', message }
  }
  parentPort?.postMessage(answer)
})
