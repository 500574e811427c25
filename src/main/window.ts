import type { BrowserWindowConstructorOptions } from 'electron'

/**
 * The renderer's Content-Security-Policy, sent as a header on every `app://` response and repeated
 * in `src/renderer/index.html`'s meta tag (a test keeps both equal): scripts only from the app
 * itself, no plugins, no framing, no remote connections.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/**
 * Options of the one window (Electron security checklist): isolated, sandboxed renderer without
 * Node, web security on, no webview tags, the preload at `preloadPath`.
 */
export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
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
      spellcheck: false
    }
  }
}
