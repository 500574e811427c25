/**
 * Where a worker thread's code is: a bundle next to the main bundle (the app: `sync.js`,
 * `backend.js`, `export.js`), or a bootstrap that loads the TypeScript entry (tests), with the
 * `execArgv` it needs.
 */
export interface WorkerEntry {
  file: string
  execArgv?: string[]
}
