/**
 * One sync in a child process, for the crash test: argv[2] is JSON {dbFile, connection, pageSize}.
 * The test kills this process with SIGKILL in the middle of the run.
 */
import { ApiClient } from '../../../src/main/api/client'
import { openDatabase } from '../../../src/main/db/open'
import { runSync } from '../../../src/main/sync/engine'

const { dbFile, connection, pageSize } = JSON.parse(process.argv[2]) as {
  dbFile: string
  connection: { baseUrl: string; authUrl: string; clientId: string; clientSecret: string }
  pageSize: number
}
const db = openDatabase(dbFile)
const client = new ApiClient(connection)
await runSync(db, client, { pageSize })
await client.close()
db.close()
