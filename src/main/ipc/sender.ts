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
