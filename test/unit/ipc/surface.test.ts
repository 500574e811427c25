import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { METHODS } from '../../../src/shared/ipc/channels'
import { CONTENT_SECURITY_POLICY, denyPermissions, guardNavigation, windowOptions } from '../../../src/main/window'

const exposed = vi.hoisted(() => new Map<string, unknown>())
const invoked = vi.hoisted(() => [] as Array<[string, unknown]>)

// Electron's modules do not exist outside Electron; the preload only needs these two.
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => {
      invoked.push([channel, input])
      return { ok: true, value: null }
    },
    on: () => undefined,
    removeListener: () => undefined
  }
}))

/** Regression guard for the security surface of issues 3 and 6: webPreferences, CSP, navigation guards, permissions, preload exposure. */
describe('security surface', () => {
  it('keeps the window isolated, sandboxed and without Node; developer tools only in an app not packaged', () => {
    expect(windowOptions('/p/index.cjs', true).webPreferences).toMatchObject({ devTools: true })
    expect(windowOptions('/p/index.cjs', false).webPreferences).toEqual({
      preload: '/p/index.cjs',
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
      devTools: false
    })
  })

  it('serves a strict CSP, the same in the header and the page', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v.join(' ')]))
    expect(directives.get('script-src')).toBe("'self'")
    expect(directives.get('default-src')).toBe("'self'")
    expect(directives.get('object-src')).toBe("'none'")
    expect(directives.get('frame-ancestors')).toBe("'none'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/)
    const html = readFileSync(new URL('../../../src/renderer/index.html', import.meta.url), 'utf8')
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY)
  })

  it('guards navigation: no leaving the app, no webview, no new window; only http(s) links reach the system browser', () => {
    const listeners = new Map<string, (event: { preventDefault(): void }) => void>()
    let openHandler: ((details: { url: string }) => { action: string }) | null = null
    const contents = {
      on: (name: string, listener: (event: { preventDefault(): void }) => void) => listeners.set(name, listener),
      setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => (openHandler = handler)
    }
    const opened: string[] = []
    guardNavigation(contents as unknown as Parameters<typeof guardNavigation>[0], (url) => opened.push(url))
    for (const name of ['will-navigate', 'will-attach-webview']) {
      const event = { prevented: false, preventDefault() { this.prevented = true } }
      listeners.get(name)!(event)
      expect(event.prevented, name).toBe(true)
    }
    for (const url of ['https://www.olympiakomitea.fi/', 'javascript:alert(1)', 'file:///etc/passwd']) expect(openHandler!({ url })).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://www.olympiakomitea.fi/'])
  })

  it('denies every permission request and check', () => {
    const answers: boolean[] = []
    let check: (() => boolean) | null = null
    denyPermissions({
      setPermissionRequestHandler: (handler: (c: unknown, p: string, callback: (granted: boolean) => void) => void) => {
        for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read']) handler(null, permission, (granted) => answers.push(granted))
      },
      setPermissionCheckHandler: (handler: () => boolean) => (check = handler)
    } as unknown as Parameters<typeof denyPermissions>[0])
    expect(answers).toEqual([false, false, false, false])
    expect(check!()).toBe(false)
  })

  it('exposes exactly the contract from the preload, and never ipcRenderer', async () => {
    await import('../../../src/preload/index')
    expect([...exposed.keys()]).toEqual(['kanslia'])
    const api = exposed.get('kanslia') as Record<string, unknown>
    expect(Object.keys(api).sort()).toEqual([...METHODS, 'onEvent'].sort())
    for (const value of Object.values(api)) expect(typeof value).toBe('function')
    await (api.listMembers as (input: unknown) => Promise<unknown>)({ text: 'a' })
    expect(invoked).toEqual([['kanslia:listMembers', { text: 'a' }]])
    const source = readFileSync(new URL('../../../src/preload/index.ts', import.meta.url), 'utf8')
    expect(source.match(/exposeInMainWorld/g)).toHaveLength(1)
  })
})
