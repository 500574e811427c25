import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PaymentInitiation } from '../../shared/api/v2Activity'
import { createPrivateFile } from '../config/fileModes'
import { registryAddress } from './links'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c])

/** How long a payment start page stays on disk: the browser reads it at once; this leaves room for a slow start. */
export const PAYMENT_FORM_LIFETIME_MS = 10 * 60_000

const FOLDER_PREFIX = 'kanslia-payment-'

/** The pages' folders this thread wrote and has not removed yet (`removeWrittenPaymentForms`). */
const written = new Set<string>()

/**
 * Writes the page that starts a payment in the system browser (issue 5 "initiate payment"): the
 * gateway wants a POST of `requestData` (spec v2 §2.17), which a plain link cannot make, so the page
 * holds that form and submits it at once (a button, for a browser without scripts). Every value is
 * HTML-escaped: the API's data is data, never markup (issue 6). With `target.file`, the page is
 * that file, created for its owner only and kept (the CLI's `--out`). Otherwise it goes to a new
 * folder of its own under `target.parent` (default the OS temporary folder), readable by its
 * owner only, and is removed PAYMENT_FORM_LIFETIME_MS later, or when the app quits or its data is
 * removed first (`removeWrittenPaymentForms`); older pages left by a Kanslia that exited first go
 * now (`removeOldPaymentForms`).
 * @param initiation the answer a sent payment received (`readPaymentInitiation`).
 * @throws UserFacingError `unsafe-address` when the gateway's address is no http(s) address
 *   (`registryAddress`: nothing is written); `export-over-database` when `target.file` is the
 *   database; Error from the file system.
 * @returns the page's path.
 */
export function writePaymentForm(initiation: PaymentInitiation, target: { file?: string; parent?: string } = {}): string {
  const gatewayUrl = registryAddress(initiation.paymentGatewayUrl, 'payment page')
  const fields = initiation.requestData.map((field) => `<input type="hidden" name="${escape(String(field.key))}" value="${escape(String(field.value))}">`).join('\n    ')
  const page = `<!doctype html>
<html><head><meta charset="utf-8"><title>Kanslia → payment</title></head>
<body onload="document.forms[0].submit()">
  <form method="post" action="${escape(gatewayUrl)}">
    ${fields}
    <button type="submit">Continue to payment</button>
  </form>
</body></html>
`
  if (target.file !== undefined) {
    createPrivateFile(target.file)
    writeFileSync(target.file, page)
    return target.file
  }
  const parent = target.parent ?? tmpdir()
  removeOldPaymentForms(parent)
  const folder = mkdtempSync(join(parent, FOLDER_PREFIX))
  const file = join(folder, 'payment.html')
  written.add(folder)
  writeFileSync(file, page, { mode: 0o600 })
  // unref: a pending removal never keeps the app or the CLI from exiting.
  setTimeout(() => removeFolder(folder), PAYMENT_FORM_LIFETIME_MS).unref()
  return file
}

/**
 * Removes the payment pages this thread wrote that are still on disk, however fresh: the app quits
 * (its timers would not run) or its data is removed. The gateway's fields may name the payer.
 * @returns the folders removed.
 */
export function removeWrittenPaymentForms(): string[] {
  const folders = [...written]
  folders.forEach(removeFolder)
  return folders
}

function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true })
  written.delete(folder)
}

/**
 * Removes the payment pages' folders under `parent` last changed more than
 * PAYMENT_FORM_LIFETIME_MS before `now` (ms since the epoch); one that cannot be removed (another
 * user's) is left. @returns the folders removed.
 */
export function removeOldPaymentForms(parent: string, now = Date.now()): string[] {
  const removed: string[] = []
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(FOLDER_PREFIX)) continue
    const folder = join(parent, name)
    try {
      if (now - statSync(folder).mtimeMs <= PAYMENT_FORM_LIFETIME_MS) continue
      rmSync(folder, { recursive: true })
      removed.push(folder)
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed
}
