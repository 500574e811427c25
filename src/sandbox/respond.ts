/**
 * Sending list envelopes (spec v2 §2.1), including the "cut mid-body" fault: headers announce
 * the full Content-Length, about half of the body is written, then the connection is destroyed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Page, Pageable } from '../shared/api/v2'
import type { ListParams } from './listParams'

/** Hooks the list sender needs: the truncation fault and the 'request' event for hijacked replies. */
export interface ListSenderContext {
  takeTruncation(): boolean
  /** Reports a response the framework no longer sees (after hijacking). */
  reportHijacked(request: FastifyRequest, statusCode: number): void
}

/** An empty envelope: the documented "200 with empty result" answer (spec v2 §4). */
export function emptyPage<T>(params: ListParams): Page<T> {
  return { content: [], pageable: { page: params.page, size: params.size, total: 0 } }
}

/** Sends `{content, pageable}` as JSON, or a truncated copy of it when the fault is armed. */
export function sendPage<T>(ctx: ListSenderContext, request: FastifyRequest, reply: FastifyReply, page: Page<T>): void {
  sendText(ctx, request, reply, JSON.stringify(page))
}

/** `sendPage` for elements already serialized: `content` holds each element's JSON text. */
export function sendJsonPage(ctx: ListSenderContext, request: FastifyRequest, reply: FastifyReply, content: readonly string[], pageable: Pageable): void {
  sendText(ctx, request, reply, `{"content":[${content.join(',')}],"pageable":${JSON.stringify(pageable)}}`)
}

function sendText(ctx: ListSenderContext, request: FastifyRequest, reply: FastifyReply, text: string): void {
  if (!ctx.takeTruncation()) {
    reply.header('content-type', 'application/json; charset=utf-8').send(text)
    return
  }
  const body = Buffer.from(text)
  reply.hijack()
  const raw = reply.raw
  raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
  raw.write(body.subarray(0, Math.floor(body.length / 2)), () => raw.destroy())
  ctx.reportHijacked(request, 200)
}
