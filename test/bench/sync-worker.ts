/**
 * One sync in its own process, so the benchmark reads this process's peak RSS alone (the sandbox
 * runs in another process). Reads connection and options from argv as JSON, prints one JSON line:
 * { elements, bytes, durationMs, ok, maxRssBytes }.
 */
import { syncDatabase } from '../../src/main/services/sync'

const { dbFile, connection, full } = JSON.parse(process.argv[2]) as {
  dbFile: string
  connection: { baseUrl: string; authUrl: string; clientId: string; clientSecret: string }
  full?: boolean
}
const result = await syncDatabase({ dbFile, connection, full })
process.stdout.write(
  JSON.stringify({
    elements: result.elements,
    bytes: result.bytes,
    durationMs: result.durationMs,
    ok: result.ok,
    error: result.resources.find((r) => r.error)?.error,
    maxRssBytes: process.resourceUsage().maxRSS * 1024
  }) + '\n'
)
