/**
 * `kanslia sandbox`: starts the Federation Sandbox on loopback. With `printCredentials` it writes
 * exactly one JSON line `{"baseUrl","authUrl","clientId","clientSecret","federationId"}` to
 * stdout (so scripts can read it); otherwise nothing goes to stdout. Its client may also write in
 * its federation, so changes queued by `kanslia grant-merit` and the like can be pushed to it.
 */
import { startSandbox, type Sandbox } from './index'

/** Options of the sandbox command; `port` 0 picks a free port. */
export interface SandboxCommandOptions {
  port: number
  athletes: number
  seed: number
  printCredentials: boolean
}

/** Starts the sandbox and optionally prints its credentials. @throws like `startSandbox`. */
export async function runSandboxCommand(opts: SandboxCommandOptions): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: opts.port, athletes: opts.athletes, seed: opts.seed, writesOwnFederation: true })
  if (opts.printCredentials) {
    const { baseUrl, authUrl, clientId, clientSecret, federationId } = sandbox.credentials()
    process.stdout.write(`${JSON.stringify({ baseUrl, authUrl, clientId, clientSecret, federationId })}\n`)
  }
  return sandbox
}
