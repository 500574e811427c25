/** Scheme and host the built renderer is served from: `app://kanslia/…`. */
export const APP_SCHEME = 'app'
export const APP_HOST = 'kanslia'

/**
 * Whether an IPC message comes from our renderer: the sender frame's URL must be on
 * `app://kanslia`, or, in development, on the electron-vite dev server's origin. Anything else
 * (another origin, a navigated or embedded frame, a missing frame) is refused.
 * @param frameUrl `event.senderFrame.url`, undefined when the frame is gone.
 * @param devServerUrl `ELECTRON_RENDERER_URL` when running `electron-vite dev`.
 */
export function isTrustedSender(frameUrl: string | undefined | null, devServerUrl?: string): boolean {
  if (!frameUrl) return false
  let url: URL
  try {
    url = new URL(frameUrl)
  } catch {
    return false
  }
  if (url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST) return true
  if (!devServerUrl) return false
  try {
    return url.origin === new URL(devServerUrl).origin && url.origin !== 'null'
  } catch {
    return false
  }
}

/** Host names of this machine's loopback interface, as `URL.hostname` gives them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * The electron-vite dev server the window loads instead of the built renderer, and whose origin
 * `isTrustedSender` then trusts: `ELECTRON_RENDERER_URL` (set by `electron-vite dev`), only in an
 * unpackaged app and only on loopback over http(s). A packaged app ignores it, so nothing in a
 * user's environment (a launcher, a login script) can point Kanslia at another page and let it
 * read members through IPC (issue 6).
 * @returns the URL, or undefined: load `app://kanslia`.
 */
export function devServerUrl(env: NodeJS.ProcessEnv, packaged: boolean): string | undefined {
  const value = env.ELECTRON_RENDERER_URL
  if (packaged || !value) return undefined
  try {
    const { protocol, hostname } = new URL(value)
    return (protocol === 'http:' || protocol === 'https:') && LOOPBACK_HOSTS.includes(hostname) ? value : undefined
  } catch {
    return undefined
  }
}
