import { execFileSync } from 'node:child_process'
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { defaultDatabaseFile, demoDatabaseFile } from '../../src/main/config/paths'
import { CONTENT_SECURITY_POLICY } from '../../src/main/window'
import { startBackendWorker } from '../../src/main/workers/runBackendWorker'
import { METHODS } from '../../src/shared/ipc/channels'
import type { AppState, IpcResult, KansliaEvent } from '../../src/shared/ipc/contract'

/** The repository root and the built renderer electron-vite writes. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const RENDERER_DIR = join(ROOT, 'out/renderer')

/** Debian's Chromium and the flags of DESIGN §6. */
export const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking']

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' }

/** Builds main, preload and renderer exactly as `npm run build` does. */
export function buildApp(): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: ROOT, stdio: 'pipe' })
}

/** Serves the built renderer on loopback with the app's CSP header, as the `app://` protocol does. */
function serveRenderer(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = join(RENDERER_DIR, path === '/' ? 'index.html' : path)
    if (!file.startsWith(RENDERER_DIR) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': CONTENT_SECURITY_POLICY })
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** A running app under test: the page, the backend worker behind it, the events it sent. */
export interface Harness {
  page: Page
  url: string
  /** The database the app shows now (the demo's in demo mode). */
  dbFile(): Promise<string>
  /** The app's environment (its data folder): open its databases with it, so the demo's is opened with the demo key. */
  env: NodeJS.ProcessEnv
  events: KansliaEvent[]
  /** Files the app exported to, in order (the save dialog answers with a temporary folder). */
  saved: string[]
  /** Keeps the next save dialogs open (their answer waits) until the returned function is called. */
  holdSaveDialog(): () => void
  /** Files the open dialog answers with, first first; push one before the app asks (none: cancelled). */
  toOpen: string[]
  /** Files the app asked the system to open (e.g. the payment gateway's form page), in order. */
  opened: string[]
  /** Lets the answers of the methods in `holdAnswers` reach the page (they were called, and wait). */
  releaseAnswers(): void
  /**
   * While set, a call of the page it returns true for is answered with a failing disk
   * (`storage-io-error`) instead of reaching the backend, as a database failing its reads would.
   */
  failing: ((method: string, input: unknown) => boolean) | null
  call(method: string, input?: unknown): Promise<unknown>
  close(): Promise<void>
}

/**
 * Starts the built renderer in headless Chromium with `window.kanslia` provided by
 * `page.exposeBinding`, wired to the app's built backend worker (out/main/backend.js of
 * src/main/workers/backend.ts: the real IPC dispatcher and handlers over a real session, its demo
 * sandbox on loopback, its built sync worker) in a
 * temporary data folder or the prepared folder `home` (removed on close either way), as Electron's
 * main thread drives it: the same boundary the preload crosses, with the same refusal of calls
 * from other frames or origins.
 */
export async function startHarness(options: {
  locale: string
  demoAthletes?: number
  home?: string
  /** Variables added to the app's environment (e.g. another `KANSLIA_DATABASE_KEY`). */
  env?: NodeJS.ProcessEnv
  /** Methods whose answers wait until `releaseAnswers()`, so a test sees the page while they run. */
  holdAnswers?: string[]
  /** The backend's background sync interval (`DesktopSessionOptions.autoSyncIntervalMs`); default 0, syncs only when a test asks. */
  autoSyncIntervalMs?: number
  /** The day the app's session judges licence verdicts on (`DesktopSessionOptions.today`); default the local date. */
  today?: string
}): Promise<Harness> {
  if (!existsSync(CHROMIUM)) throw new Error(`Debian's Chromium is missing at ${CHROMIUM}: apt-get install -y chromium (.ci/run installs it)`)
  const server = await serveRenderer()
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'kanslia-desktop-'))
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, KANSLIA_HOME: home }
  let releaseAnswers!: () => void
  const answersHeld = new Promise<void>((resolve) => (releaseAnswers = resolve))
  // The save dialog's stand-in: every export goes to a temporary folder, listed in `saved`.
  const exportsDir = mkdtempSync(join(tmpdir(), 'kanslia-exports-'))
  const saved: string[] = []
  let saveDialogOpen: Promise<void> = Promise.resolve()
  const toOpen: string[] = []
  const opened: string[] = []
  // The built workers (`buildApp`), as the packaged app starts them (src/main/index.ts): the tests so
  // run the bundles Electron runs, not their TypeScript sources.
  const backend = startBackendWorker(
    { file: join(ROOT, 'out/main/backend.js') },
    { syncWorker: { file: join(ROOT, 'out/main/sync.js') }, exportWorker: { file: join(ROOT, 'out/main/export.js') }, demoAthletes: options.demoAthletes, autoPushIntervalMs: 0, autoSyncIntervalMs: options.autoSyncIntervalMs ?? 0, today: options.today },
    {
      openExternal: async () => undefined,
      chooseSaveFile: async (name) => {
        await saveDialogOpen
        saved.push(join(exportsDir, name))
        return saved.at(-1)!
      },
      openFile: async (file) => {
        opened.push(file)
      },
      chooseOpenFile: async () => toOpen.shift() ?? null
    },
    env
  )
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  // Reduced motion: Mantine then skips transitions, so screenshots never catch a drawer half-open.
  const context = await browser.newContext({ locale: options.locale, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })
  const page = await context.newPage()
  // Input and answer cross as JSON text: Playwright's own value serializer took 15 ms for a page of
  // 50 members, where Electron's structured clone takes a fraction of one, and the bench's renderer
  // figures would measure the harness. IPC values are JSON data (the contract's zod schemas).
  await page.exposeBinding('__kansliaInvoke', async (source, method: unknown, input: unknown) => {
    const trusted = source.frame === source.page.mainFrame() && source.frame.url().startsWith(url)
    const answerOf = async (parsed: unknown) =>
      harness.failing?.(String(method), parsed) ? { ok: false, error: { code: 'storage-io-error', message: 'disk I/O error' } } : await backend.call(method, parsed)
    const answer = trusted ? await answerOf(typeof input === 'string' ? JSON.parse(input) : undefined) : { ok: false, error: { code: 'forbidden', message: 'untrusted frame' } }
    if (options.holdAnswers?.includes(String(method))) await answersHeld
    return JSON.stringify(answer)
  })
  await page.addInitScript((methods: string[]) => {
    const listeners = new Set<(event: unknown) => void>()
    const target = globalThis as unknown as Record<string, unknown>
    const invoke = target.__kansliaInvoke as (method: string, input: string | undefined) => Promise<string>
    const api: Record<string, unknown> = {}
    for (const method of methods) api[method] = async (input?: unknown) => JSON.parse(await invoke(method, input === undefined ? undefined : JSON.stringify(input)))
    api.onEvent = (listener: (event: unknown) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
    target.kanslia = Object.freeze(api)
    target.__kansliaEmit = (event: unknown) => listeners.forEach((listener) => listener(event))
  }, [...METHODS])
  const events: KansliaEvent[] = []
  backend.events.on('event', (event: KansliaEvent) => {
    events.push(event)
    page.evaluate((e) => (globalThis as unknown as { __kansliaEmit(e: unknown): void }).__kansliaEmit(e), event).catch(() => undefined)
  })
  const harness: Harness = {
    page,
    url,
    dbFile: async () => {
      const state = (await backend.call('getAppState')) as IpcResult<AppState>
      if (!state.ok) throw new Error(state.error.message)
      return state.value.mode === 'demo' ? demoDatabaseFile(env) : defaultDatabaseFile(env)
    },
    env,
    events,
    saved,
    holdSaveDialog: () => {
      let close!: () => void
      saveDialogOpen = new Promise<void>((resolve) => (close = resolve))
      return close
    },
    toOpen,
    opened,
    releaseAnswers,
    failing: null,
    call: (method, input) => backend.call(method, input),
    close: async () => {
      await browser.close()
      await new Promise((resolve) => server.close(resolve))
      await backend.close()
      rmSync(home, { recursive: true, force: true })
      rmSync(exportsDir, { recursive: true, force: true })
    }
  }
  await page.goto(url)
  return harness
}
