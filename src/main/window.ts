import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron'
import { safeExternalUrl } from './services/links'

/**
 * The renderer's Content-Security-Policy, sent as a header on every `app://` response and repeated
 * in `src/renderer/index.html`'s meta tag (a test keeps both equal): scripts only from the app
 * itself, no plugins, no framing, no remote connections.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/**
 * Options of the one window (Electron security checklist): isolated, sandboxed renderer without
 * Node, web security on, no webview tags, the preload at `preloadPath`; developer tools only when
 * `devTools` (an app not packaged): in an installed app they would open the member data the page
 * holds, and every backend call, to anyone at the keyboard (View → Toggle Developer Tools).
 */
export function windowOptions(preloadPath: string, devTools: boolean): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    title: 'Kanslia',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
      devTools
    }
  }
}

/**
 * Navigation guards of every web contents (Electron security checklist 13–15): no navigation away
 * from the app, no webview, and no new window; a link asking for one opens in the system browser
 * through `openExternal` when it is an http(s) address (`safeExternalUrl`), else nowhere.
 */
export function guardNavigation(contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>, openExternal: (url: string) => void): void {
  contents.on('will-navigate', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    const safe = safeExternalUrl(url)
    if (safe !== null) openExternal(safe)
    return { action: 'deny' }
  })
}

/** Denies every permission request and check (camera, notifications, geolocation, …): Kanslia needs none (checklist 5). */
export function denyPermissions(target: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  target.setPermissionCheckHandler(() => false)
}
