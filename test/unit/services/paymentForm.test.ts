import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { writePaymentForm } from '../../../src/main/services/paymentForm'

describe('the payment start page (spec v2 §2.17)', () => {
  it('posts every request field to the gateway, with the API’s values escaped as text', () => {
    const page = readFileSync(
      writePaymentForm('https://pay.example/start?a=1&b=2', [
        { key: 'AMOUNT', value: '2500' },
        { key: 'RETURN"><script>alert(1)</script>', value: "it's <b>bold</b> & more" }
      ]),
      'utf8'
    )
    expect(page).toContain('<form method="post" action="https://pay.example/start?a=1&amp;b=2">')
    expect(page).toContain('<input type="hidden" name="AMOUNT" value="2500">')
    expect(page).toContain('name="RETURN&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" value="it&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; more"')
    expect(page).not.toContain('<script>')
  })
})
