import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Loopback HTTP proxies in front of the real sandbox that spoil answers on the way back, for the
 * faults the sandbox itself does not make: an answer lost after a write took effect (DESIGN §4's
 * `unknown` state), and a body that is not what the spec promises (issue 6 "bad input").
 */

/** A running proxy: the URL to give the client instead of the sandbox's, and the requests it forwarded (`METHOD path`). */
interface Proxy {
  url: string
  forwarded: string[]
  close(): Promise<void>
}

/** An answer of the sandbox, as the tamper proxy hands it over. */
export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

type Handler = (method: string, path: string, answer: IncomingMessage, outgoing: ServerResponse, incoming: IncomingMessage) => void

/** Forwards every request to `upstream`, at the path `rewrite` makes of it; `handle` gets the upstream answer and writes the client's. */
async function startProxy(upstream: string, handle: Handler, rewrite: (path: string) => string = (path) => path): Promise<Proxy & { server: Server }> {
  const target = new URL(upstream)
  const forwarded: string[] = []
  const server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? 'GET'
    const path = incoming.url ?? '/'
    forwarded.push(`${method} ${path}`)
    const upstreamRequest = request({ host: target.hostname, port: target.port, method, path: rewrite(path), headers: { ...incoming.headers, host: target.host } }, (answer) =>
      handle(method, path, answer, outgoing, incoming)
    )
    upstreamRequest.on('error', () => outgoing.destroy())
    incoming.pipe(upstreamRequest)
  })
  return listening(server, forwarded)
}

/** Starts `server` on a loopback port: its URL, the requests it forwarded, and a close that also ends open connections. */
async function listening(server: Server, forwarded: string[]): Promise<Proxy & { server: Server }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
        if (!server.listening) resolve()
      })
  }
}

/**
 * A proxy that loses one answer: the request matching `drop` is forwarded and fully handled by the
 * sandbox, then the connection to the client is cut instead of answering, and the proxy stops
 * listening (connections are refused: the link went down right after the request left).
 */
export interface DropProxy extends Proxy {
  /** Resolves when the matching request was handled by the sandbox and its answer dropped. */
  dropped: Promise<void>
}

/** Starts the proxy to `upstream` (e.g. `sandbox.baseUrl`); `drop` picks the request whose answer is lost. */
export async function startDropProxy(upstream: string, drop: (method: string, path: string) => boolean): Promise<DropProxy> {
  let markDropped!: () => void
  const dropped = new Promise<void>((resolve) => (markDropped = resolve))
  let armed = true
  const proxy = await startProxy(upstream, (method, path, answer, outgoing, incoming) => {
    if (armed && drop(method, path)) {
      armed = false
      answer.resume()
      answer.on('end', () => {
        incoming.socket.destroy()
        proxy.server.close()
        proxy.server.closeAllConnections()
        markDropped()
      })
      return
    }
    outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
    answer.pipe(outgoing)
  })
  return { url: proxy.url, forwarded: proxy.forwarded, dropped, close: proxy.close }
}

/**
 * A proxy that rewrites answers: `tamper` gets each whole answer of the sandbox and returns the one
 * the client receives instead, or undefined to pass it on unchanged. `Content-Length` follows the
 * new body.
 */
export async function startTamperProxy(upstream: string, tamper: (method: string, path: string, answer: Answer) => Answer | undefined): Promise<Proxy> {
  const proxy = await startProxy(upstream, (method, path, answer, outgoing) => {
    const chunks: Buffer[] = []
    answer.on('data', (chunk: Buffer) => chunks.push(chunk))
    answer.on('end', () => {
      const original: Answer = { status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }
      const sent = tamper(method, path, original) ?? original
      const headers = { ...sent.headers, 'content-length': String(sent.body.length) }
      delete headers['transfer-encoding']
      outgoing.writeHead(sent.status, headers).end(sent.body)
    })
  })
  return { url: proxy.url, forwarded: proxy.forwarded, close: proxy.close }
}

/** A proxy that sends each request on at the path `rewrite` makes of it (e.g. without a parameter a server would ignore), and passes the answers back as they are. */
export async function startRewriteProxy(upstream: string, rewrite: (path: string) => string): Promise<Proxy> {
  const proxy = await startProxy(
    upstream,
    (_method, _path, answer, outgoing) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    },
    rewrite
  )
  return { url: proxy.url, forwarded: proxy.forwarded, close: proxy.close }
}

/**
 * A proxy that holds back one answer: for the first request matching `hold`, the sandbox's answer
 * reaches the client only when `before()` has settled, e.g. once another process holds the database.
 */
export async function startHoldProxy(upstream: string, hold: (method: string, path: string) => boolean, before: () => Promise<unknown>): Promise<Proxy> {
  let armed = true
  const proxy = await startProxy(upstream, (method, path, answer, outgoing) => {
    const pass = () => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    }
    if (!armed || !hold(method, path)) return pass()
    armed = false
    void before().then(pass, pass)
  })
  return { url: proxy.url, forwarded: proxy.forwarded, close: proxy.close }
}

/**
 * A gateway that gives up on a slow upstream: the first request matching `late` is answered 504 at
 * once, and reaches the sandbox only `delayMs` later (whose answer no one gets); every other
 * request is forwarded as it comes. The registry then does what the client was told failed.
 */
export async function startLateGateway(upstream: string, late: (method: string, path: string) => boolean, delayMs: number): Promise<Proxy> {
  const target = new URL(upstream)
  let armed = true
  const forward = (incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse | null) => {
    const upstreamRequest = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      if (outgoing === null) return answer.resume()
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    })
    upstreamRequest.on('error', () => outgoing?.destroy())
    upstreamRequest.end(body)
  }
  const forwarded: string[] = []
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const method = incoming.method ?? 'GET'
      const path = incoming.url ?? '/'
      forwarded.push(`${method} ${path}`)
      if (armed && late(method, path)) {
        armed = false
        outgoing.writeHead(504, { 'content-type': 'text/plain' }).end('Gateway Timeout')
        setTimeout(() => forward(incoming, Buffer.concat(chunks), null), delayMs)
        return
      }
      forward(incoming, Buffer.concat(chunks), outgoing)
    })
  })
  const { url, close } = await listening(server, forwarded)
  return { url, forwarded, close }
}
