import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A payment initiation's answer (spec v2 §2.17): the gateway's address and the form fields to POST to it. */
export interface PaymentInitiation {
  paymentGatewayUrl: string
  requestData: Array<{ key: string; value: string }>
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c])

/**
 * Writes the page that starts a payment in the system browser (issue 5 "initiate payment"): the
 * gateway wants a POST of `requestData` (spec v2 §2.17), which a plain link cannot make, so the page
 * holds that form and submits it at once (a button, for a browser without scripts). Every value is
 * HTML-escaped: the API's data is data, never markup (issue 6). Pass a URL already checked to be
 * http(s).
 * @returns the page's path, in a new folder of its own under the OS temporary folder.
 */
export function writePaymentForm(gatewayUrl: string, requestData: PaymentInitiation['requestData']): string {
  const fields = requestData.map((field) => `<input type="hidden" name="${escape(String(field.key))}" value="${escape(String(field.value))}">`).join('\n    ')
  const page = `<!doctype html>
<html><head><meta charset="utf-8"><title>Kanslia → payment</title></head>
<body onload="document.forms[0].submit()">
  <form method="post" action="${escape(gatewayUrl)}">
    ${fields}
    <button type="submit">Continue to payment</button>
  </form>
</body></html>
`
  const file = join(mkdtempSync(join(tmpdir(), 'kanslia-payment-')), 'payment.html')
  writeFileSync(file, page)
  return file
}
