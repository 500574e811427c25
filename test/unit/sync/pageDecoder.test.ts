import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/main/api/errors'
import { decodePage, type PageJob } from '../../../src/main/sync/elements'
import { PageDecoder } from '../../../src/main/workers/runPageDecoder'

const bootstrap = { file: fileURLToPath(new URL('../../../bin/page-decoder-worker.mjs', import.meta.url)) }
const exiting = { file: fileURLToPath(new URL('../../support/exiting-worker.mjs', import.meta.url)) }
const job: PageJob = { where: '/api/public/v2/user-licence/100', resource: 'user-licences', scope: 'federation 100', timed: true, timesOptional: false }

/** A page of `count` user licences (spec v2 §4.4) as the API lists them: ~1 KB each, Finnish names, one with an unreadable time. */
function pageText(count: number): string {
  const content = Array.from({ length: count }, (_, i) => ({
    id: 5_000_000 + i,
    modificationTime: i === 7 ? 'yesterday' : `2026-11-01T00:${String(i % 60).padStart(2, '0')}:41.830121+02:00`,
    federationId: 100,
    licencePeriodId: 11,
    licenceId: 507,
    name: 'Kuntolisenssi',
    user: {
      id: 1_000_000 + (i % 300),
      sportId: 49_139_270 + i,
      modificationTime: '2025-12-06T12:59:41.336534+02:00',
      firstName: 'Äijä Sari',
      lastName: 'Koivisto',
      address: { streetAddress: 'Kalliotie 1 B 24', postCode: '45419', postOffice: 'LAITILA', countryCode: 'FI' },
      email: `anneli.koivisto${i}@example.fi`,
      birthDate: '1990-08-23',
      sportParameters: [{ id: 3, value: 'M21' }],
      nationality: 'FI'
    },
    usagePeriodStart: '2026-10-30',
    usagePeriodEnd: '2026-12-31',
    salesPriceInCents: 2500,
    licenceOrganizationId: 134,
    licenceOrganizationName: 'Laitila SK'
  }))
  return JSON.stringify({ content, pageable: { page: 0, size: count, total: count + 10 } })
}

const decoders: PageDecoder[] = []
afterEach(async () => {
  await Promise.all(decoders.splice(0).map((decoder) => decoder.close()))
})

describe('PageDecoder: list pages read in a worker thread', () => {
  it("answers a large page in the worker exactly as decoding it on the caller's thread, taking its bytes", async () => {
    const text = pageText(600)
    const decoder = new PageDecoder(bootstrap)
    decoders.push(decoder)
    const body = Buffer.from(text)
    expect(body.length).toBeGreaterThan(256 * 1024)
    const page = await decoder.decode(body, job)
    expect(body.length).toBe(0)
    expect(page).toEqual(decodePage(text, job))
    expect(page).toMatchObject({ count: 600, total: 610, size: 600, skipped: 1, unreadableIds: [5_000_007] })
    expect(page.elements).toHaveLength(599)
    expect(page.elements[0].person).toMatchObject({ id: 1_000_000, deleted: false })
  })

  it("rejects a body cut short as a SyntaxError (the client retries it) and one that is no envelope as the API's invalid-response, and goes on", async () => {
    const text = pageText(600)
    const decoder = new PageDecoder(bootstrap)
    decoders.push(decoder)
    await expect(decoder.decode(Buffer.from(text.slice(0, text.length / 2)), job)).rejects.toBeInstanceOf(SyntaxError)
    const notEnvelope = (await decoder.decode(Buffer.from(JSON.stringify({ items: JSON.parse(text).content })), job).catch((e) => e)) as ApiError
    expect(notEnvelope).toBeInstanceOf(ApiError)
    expect(notEnvelope.kind).toBe('invalid-response')
    expect(notEnvelope.message).toMatch(/^GET \/api\/public\/v2\/user-licence\/100: the answer is not a list envelope/)
    expect((await decoder.decode(Buffer.from(text), job)).count).toBe(600)
  })

  it('fails the pages a worker that stopped had, and decodes the later ones on the caller\'s thread', async () => {
    const text = pageText(600)
    const decoder = new PageDecoder(exiting)
    decoders.push(decoder)
    await expect(decoder.decode(Buffer.from(text), job)).rejects.toThrow(/^the page decoder stopped unexpectedly \(exit code 3\)$/)
    const body = Buffer.from(text)
    expect((await decoder.decode(body, job)).count).toBe(600)
    expect(body.length).toBeGreaterThan(0)
  })

  it("decodes small pages on the caller's thread, and every page there without a worker entry", async () => {
    const small = Buffer.from(pageText(10))
    expect((await new PageDecoder(exiting).decode(small, job)).count).toBe(10)
    expect(small.length).toBeGreaterThan(0)
    const large = Buffer.from(pageText(600))
    expect((await new PageDecoder().decode(large, job)).count).toBe(600)
    expect(large.length).toBeGreaterThan(0)
  })
})
