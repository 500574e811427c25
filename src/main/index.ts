import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, BrowserWindow, net, protocol, session, shell } from 'electron'

/**
 * Electron entry: one window with the safe defaults of the Electron security checklist. Kept thin
 * on purpose (DESIGN §1): everything else runs in plain Node and is tested there.
 */

const APP_SCHEME = 'app'
const RENDERER_DIR = join(__dirname, '../renderer')

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }])

/** Serves the built renderer from `app://kanslia/…`, refusing paths that leave its folder. */
function serveRenderer(): void {
  protocol.handle(APP_SCHEME, (request) => {
    const { pathname } = new URL(request.url)
    const file = join(RENDERER_DIR, decodeURIComponent(pathname === '/' ? '/index.html' : pathname))
    if (!file.startsWith(RENDERER_DIR)) return new Response('not found', { status: 404 })
    return net.fetch(pathToFileURL(file).href)
  })
}

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Kanslia',
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true
    }
  })
  window.once('ready-to-show', () => window.show())
  window.webContents.on('will-navigate', (event) => event.preventDefault())
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//i.test(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  const devServer = process.env.ELECTRON_RENDERER_URL
  void (devServer ? window.loadURL(devServer) : window.loadURL(`${APP_SCHEME}://kanslia/index.html`))
}

app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  serveRenderer()
  createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
