import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAYMENT_FORM_LIFETIME_MS, removeWrittenPaymentForms, writePaymentForm } from '../../../src/main/services/paymentForm'

/** A payment initiation of `amount` (spec v2 §2.17) at a gateway of https. */
const initiation = (amount: string) => ({ paymentGatewayUrl: 'https://pay.example/start', requestData: [{ key: 'AMOUNT', value: amount }] })

afterEach(() => {
  vi.useRealTimers()
  removeWrittenPaymentForms()
})

describe('the payment start page (spec v2 §2.17)', () => {
  it('posts every request field to the gateway, with the API’s values escaped as text', () => {
    const page = readFileSync(
      writePaymentForm(
        {
          paymentGatewayUrl: 'https://pay.example/start?a=1&b=2',
          requestData: [
            { key: 'AMOUNT', value: '2500' },
            { key: 'RETURN"><script>alert(1)</script>', value: "it's <b>bold</b> & more" }
          ]
        },
        { parent: mkdtempSync(join(tmpdir(), 'kanslia-paytest-')) }
      ),
      'utf8'
    )
    expect(page).toContain('<form method="post" action="https://pay.example/start?a=1&amp;b=2">')
    expect(page).toContain('<input type="hidden" name="AMOUNT" value="2500">')
    expect(page).toContain('name="RETURN&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" value="it&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; more"')
    expect(page).not.toContain('<script>')
  })

  it('is readable by its owner only and removed after its lifetime, with pages an earlier run left', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const parent = mkdtempSync(join(tmpdir(), 'kanslia-paytest-'))
    // Left by a Kanslia that quit before removing it; a fresh one of another window; a folder not a payment page's.
    const left = join(parent, 'kanslia-payment-left')
    const fresh = join(parent, 'kanslia-payment-fresh')
    const other = join(parent, 'kanslia-other')
    for (const folder of [left, fresh, other]) mkdirSync(folder)
    const old = (Date.now() - PAYMENT_FORM_LIFETIME_MS - 60_000) / 1000
    utimesSync(left, old, old)
    utimesSync(other, old, old)

    const file = writePaymentForm(initiation('2500'), { parent })
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    expect([left, fresh, other].map(existsSync)).toEqual([false, true, true])

    vi.advanceTimersByTime(PAYMENT_FORM_LIFETIME_MS - 1000)
    expect(existsSync(file)).toBe(true)
    vi.advanceTimersByTime(1000)
    expect(existsSync(dirname(file))).toBe(false)
  })

  it('goes with the app before its lifetime: the pages this thread wrote, not another Kanslia\'s', () => {
    const parent = mkdtempSync(join(tmpdir(), 'kanslia-paytest-'))
    const another = join(parent, 'kanslia-payment-another')
    mkdirSync(another)
    const files = [1, 2].map((n) => writePaymentForm(initiation(String(n)), { parent }))
    expect(removeWrittenPaymentForms().sort()).toEqual(files.map((file) => dirname(file)).sort())
    expect([...files, another].map(existsSync)).toEqual([false, false, true])
    expect(removeWrittenPaymentForms()).toEqual([])
  })

  it('goes to the file asked for, for its owner only, and is kept there', () => {
    const parent = mkdtempSync(join(tmpdir(), 'kanslia-paytest-'))
    const file = join(parent, 'pay.html')
    expect(writePaymentForm(initiation('3200'), { file })).toBe(file)
    expect(readFileSync(file, 'utf8')).toContain('<input type="hidden" name="AMOUNT" value="3200">')
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(removeWrittenPaymentForms()).toEqual([])
    expect(existsSync(file)).toBe(true)
  })

  it('refuses a gateway address that is no http(s) address, and writes nothing', () => {
    const parent = mkdtempSync(join(tmpdir(), 'kanslia-paytest-'))
    for (const paymentGatewayUrl of ['javascript:alert(1)', 'file:///etc/passwd', 'https://user:secret@pay.example/']) {
      expect(() => writePaymentForm({ paymentGatewayUrl, requestData: [] }, { parent })).toThrow(expect.objectContaining({ code: 'unsafe-address' }))
      expect(() => writePaymentForm({ paymentGatewayUrl, requestData: [] }, { file: join(parent, 'pay.html') })).toThrow(expect.objectContaining({ code: 'unsafe-address' }))
    }
    expect(readdirSync(parent)).toEqual([])
  })
})
