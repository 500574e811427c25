// Worker-thread bootstrap of the page decoder for the CLI and the tests, which run the TypeScript
// sources: registers tsx, then runs src/main/workers/pageDecoder.ts in this same thread.
import { register } from 'tsx/esm/api'

register()
await import('../src/main/workers/pageDecoder.ts')
