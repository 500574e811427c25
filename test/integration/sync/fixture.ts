import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiClient, type ApiClientOptions } from '../../../src/main/api/client'
import { openDatabase, type WritableDB } from '../../../src/main/db/open'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/index'
import { closeAfterTest } from '../../support/afterTest'

/** A sandbox, a new database file and a client of the sandbox: what a sync test starts from. */
export interface SyncFixture {
  sandbox: Sandbox
  db: WritableDB
  client: ApiClient
  dbFile: string
}

/**
 * Starts the Federation Sandbox on loopback with `sandbox` options, opens a new encrypted database
 * in a temporary folder and an ApiClient with the sandbox's credentials (or those of `clientId`)
 * and the `client` options; all three are closed after the test.
 */
export async function startSyncFixture(options: { sandbox: SandboxOptions; client?: Partial<ApiClientOptions>; clientId?: string }): Promise<SyncFixture> {
  const sandbox = await startSandbox(options.sandbox)
  const dbFile = join(mkdtempSync(join(tmpdir(), 'kanslia-sync-')), 'k.db')
  const db = openDatabase(dbFile)
  const credentials = options.clientId ? sandbox.clientCredentials(options.clientId) : sandbox.credentials()
  const client = new ApiClient({ ...credentials, ...options.client })
  closeAfterTest(
    () => sandbox.close(),
    () => {
      db.close()
    },
    () => client.close()
  )
  return { sandbox, db, client, dbFile }
}
