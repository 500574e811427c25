import { createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback HTTP proxy in front of the real sandbox that loses an answer on the way back: the
 * request matching `drop` is forwarded and fully handled by the sandbox, then the connection to
 * the client is cut instead of answering, and the proxy stops listening (connections are refused:
 * the link went down right after the request left). The sandbox has no fault for writes whose
 * answer is lost, so the tests of DESIGN §4's `unknown` state put this between client and sandbox.
 */
export interface DropProxy {
  /** Base and auth URL to give the client instead of the sandbox's. */
  url: string
  /** Requests forwarded to the sandbox, as `METHOD path`. */
  forwarded: string[]
  /** Resolves when the matching request was handled by the sandbox and its answer dropped. */
  dropped: Promise<void>
  close(): Promise<void>
}

/** Starts the proxy to `upstream` (e.g. `sandbox.baseUrl`); `drop` picks the request whose answer is lost. */
export async function startDropProxy(upstream: string, drop: (method: string, path: string) => boolean): Promise<DropProxy> {
  const target = new URL(upstream)
  const forwarded: string[] = []
  let markDropped!: () => void
  const dropped = new Promise<void>((resolve) => (markDropped = resolve))
  let armed = true
  const server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? 'GET'
    const path = incoming.url ?? '/'
    forwarded.push(`${method} ${path}`)
    const loseAnswer = armed && drop(method, path)
    if (loseAnswer) armed = false
    const upstreamRequest = request(
      { host: target.hostname, port: target.port, method, path, headers: { ...incoming.headers, host: target.host } },
      (answer: IncomingMessage) => {
        if (loseAnswer) {
          answer.resume()
          answer.on('end', () => {
            incoming.socket.destroy()
            server.close()
            server.closeAllConnections()
            markDropped()
          })
          return
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      }
    )
    upstreamRequest.on('error', () => outgoing.destroy())
    incoming.pipe(upstreamRequest)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    forwarded,
    dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
        if (!server.listening) resolve()
      })
  }
}
