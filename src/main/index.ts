import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell } from 'electron'
import { channelOf, EVENT_CHANNEL, METHODS } from '../shared/ipc/channels'
import { appDataDir } from './config/paths'
import { APP_HOST, APP_SCHEME, devServerUrl, isTrustedSender } from './ipc/sender'
import { CONTENT_SECURITY_POLICY, denyPermissions, guardNavigation, windowOptions } from './window'
import { startBackendWorker } from './workers/runBackendWorker'

/**
 * Electron entry: one window with the safe defaults of the Electron security checklist, the
 * renderer on `app://kanslia`, and the IPC contract registered with a sender check. Kept thin on
 * purpose (DESIGN §1): everything else runs in plain Node and is tested there.
 */

const RENDERER_DIR = join(__dirname, '../renderer')
const devServer = devServerUrl(process.env, app.isPackaged)

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }])

/** Serves the built renderer from `app://kanslia/…` with the CSP header, refusing paths that leave its folder. */
function serveRenderer(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname, host } = new URL(request.url)
    const file = join(RENDERER_DIR, decodeURIComponent(pathname === '/' ? '/index.html' : pathname))
    if (host !== APP_HOST || !file.startsWith(RENDERER_DIR)) return new Response('not found', { status: 404 })
    const response = await net.fetch(pathToFileURL(file).href)
    const headers = new Headers(response.headers)
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    return new Response(response.body, { status: response.status, headers })
  })
}

// Electron's own files (and its single-instance lock) go to Kanslia's data folder (config/paths.ts):
// a packaged app's already, but not `npm start`'s (app name `kanslia`), nor KANSLIA_HOME's.
app.setPath('userData', appDataDir())

// One Kanslia per data folder: a second start shows the first one's window instead of opening the
// same database and running a second background sync and push beside it. (process.exit, not
// app.quit: the rest of this module must not run, and no window exists yet.)
if (!app.requestSingleInstanceLock()) process.exit(0)

// The session, its database and the handlers run in a worker thread (workers/backend.ts): this thread only checks senders and shows dialogs.
const backend = startBackendWorker({ file: join(__dirname, 'backend.js') }, { syncWorker: { file: join(__dirname, 'sync.js') }, exportWorker: { file: join(__dirname, 'export.js') } }, {
  openExternal: (url) => shell.openExternal(url),
  chooseOpenFile: async (extensions) => {
    const window = BrowserWindow.getFocusedWindow()
    const options = { properties: ['openFile' as const], filters: [{ name: extensions.map((e) => e.toUpperCase()).join(', '), extensions }] }
    const answer = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options)
    return answer.canceled ? null : (answer.filePaths[0] ?? null)
  },
  openFile: async (path) => {
    const failure = await shell.openPath(path)
    if (failure) throw new Error(`could not open ${path}: ${failure}`)
  },
  // The person picks where an export goes; the renderer never names a file.
  chooseSaveFile: async (suggestedName, format) => {
    const window = BrowserWindow.getFocusedWindow()
    const options = { defaultPath: join(app.getPath('documents'), suggestedName), filters: [{ name: format.toUpperCase(), extensions: [format] }] }
    const answer = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options)
    return answer.canceled || !answer.filePath ? null : answer.filePath
  }
})

function registerIpc(): void {
  for (const method of METHODS) {
    ipcMain.handle(channelOf(method), (event, input: unknown) =>
      isTrustedSender(event.senderFrame?.url, devServer)
        ? backend.call(method, input)
        : { ok: false, error: { code: 'forbidden', message: 'this window may not call Kanslia' } }
    )
  }
  backend.events.on('event', (payload) => {
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(EVENT_CHANNEL, payload)
  })
}

function createWindow(): void {
  const window = new BrowserWindow(windowOptions(join(__dirname, '../preload/index.cjs'), !app.isPackaged))
  window.once('ready-to-show', () => window.show())
  void window.loadURL(devServer ?? `${APP_SCHEME}://${APP_HOST}/index.html`)
}

app.on('second-instance', () => {
  const window = BrowserWindow.getAllWindows()[0]
  if (!window) return
  if (window.isMinimized()) window.restore()
  window.focus()
})

app.whenReady().then(() => {
  denyPermissions(session.defaultSession)
  serveRenderer()
  registerIpc()
  createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
})

app.on('web-contents-created', (_event, contents) => guardNavigation(contents, (url) => void shell.openExternal(url)))

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

// Quitting waits for the backend to close its session (a push between request and answer, a sync's
// page, SQLite's last checkpoint; bounded by the backend's own wait), then quits for real.
let backendClosed = false
app.on('before-quit', (event) => {
  if (backendClosed) return
  event.preventDefault()
  void backend.close().finally(() => {
    backendClosed = true
    app.quit()
  })
})
