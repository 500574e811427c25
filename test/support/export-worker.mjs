// Worker-thread bootstrap for tests: registers tsx, then runs the TypeScript export worker
// entry (src/main/workers/export.ts) in this same thread, so it sees this thread's workerData.
import { register } from 'tsx/esm/api'

register()
await import('../../src/main/workers/export.ts')
