import { notifications } from '@mantine/notifications'
import { errorText } from './api'

/** How long an unexpected error's notification stays unless closed, ms: long enough to read two lines. */
const SHOWN_MS = 12_000

/**
 * Says an error no page caught (a failed read behind a list, a button's call) in a notification in
 * the corner, in the app's language as `errorText` words it, instead of leaving it to the console:
 * the person learns that what they asked for did not happen, and why.
 */
export function reportUnexpectedError(reason: unknown): void {
  notifications.show({ color: 'red', message: errorText(reason), autoClose: SHOWN_MS, withBorder: true })
}

/** Reports every promise rejection no code handled in `target` (the window) with `reportUnexpectedError`. */
export function reportUnhandledRejections(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('unhandledrejection', (event) => {
    event.preventDefault()
    reportUnexpectedError(event.reason)
  })
}
