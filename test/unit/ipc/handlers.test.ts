import Database from 'better-sqlite3-multiple-ciphers'
import { afterAll, describe, expect, it } from 'vitest'
import { METHODS } from '../../../src/shared/ipc/channels'
import { CONTRACT } from '../../../src/shared/ipc/contract'
import { createHandlers, dispatch, toIpcError } from '../../../src/main/ipc/handlers'
import { registryAddress, safeExternalUrl } from '../../../src/main/services/links'
import { devServerUrl, isTrustedSender } from '../../../src/main/ipc/sender'
import { createTestSession } from '../../support/desktop'

describe('IPC input validation', () => {
  const test = createTestSession()
  const handlers = createHandlers({ session: test.session, openExternal: async () => undefined, chooseSaveFile: async () => null, openFile: async () => undefined, chooseOpenFile: async () => null })
  afterAll(() => test.dispose())

  it('has one schema per method name and nothing else', () => {
    expect(Object.keys(CONTRACT).sort()).toEqual([...METHODS].sort())
  })

  it.each([
    ['listMembers', { limit: 100_000 }],
    ['listMembers', { limit: 0 }],
    ['listMembers', { offset: -1 }],
    ['listMembers', { sort: 'raw; DROP TABLE person' }],
    ['listMembers', { status: 'everything' }],
    ['listMembers', { text: 42 }],
    ['listMembers', { extra: true }],
    ['getMemberDetail', { id: 'x' }],
    ['getMemberDetail', {}],
    ['getMemberDetail', { id: -3 }],
    ['connect', { baseUrl: 'https://api.example.fi' }],
    ['startDemo', { athletes: 10_000_000 }],
    ['openPaymentTerms', null],
    ['openPaymentTerms', { url: 'https://example.fi/' }]
  ])('rejects bad input to %s: %j', async (method, input) => {
    const answer = await dispatch(handlers, method, input)
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('rejects unknown methods', async () => {
    expect(await dispatch(handlers, 'exec', {})).toMatchObject({ ok: false, error: { code: 'unknown-method' } })
    expect(await dispatch(handlers, 'constructor', {})).toMatchObject({ ok: false, error: { code: 'unknown-method' } })
  })

  it('answers a readable error before the first sync instead of throwing', async () => {
    expect(await dispatch(handlers, 'listMembers', {})).toMatchObject({ ok: false, error: { code: 'no-database' } })
    expect(await dispatch(handlers, 'syncNow', {})).toMatchObject({ ok: false, error: { code: 'not-connected' } })
  })

  it('names a disk that fails the database by its kind, in words that say what to do, not SQLite’s', () => {
    const db = new Database(':memory:')
    db.exec('CREATE TABLE t (x TEXT)')
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`)
    let full: unknown
    try {
      db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000))
    } catch (error) {
      full = error
    }
    expect((full as Error).message).toBe('database or disk is full')
    expect(toIpcError(full)).toEqual({ code: 'storage-full', message: 'the disk is full: free some space and try again (what was stored before is intact)' })
    db.close()
  })

  it('refuses bad connection settings with the field named', async () => {
    const answer = await dispatch(handlers, 'connect', { baseUrl: 'ftp://x', authUrl: 'https://a.example', clientId: 'c', clientSecret: 's' })
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-connection' } })
    expect((answer as { error: { message: string } }).error.message).toMatch(/base-url/)
  })
})

describe('safeExternalUrl', () => {
  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'app://kanslia/index.html', 'https://user:pw@example.fi/', 'not a url', 'http://'])(
    'refuses %s',
    (url) => expect(safeExternalUrl(url)).toBeNull()
  )
  it('normalises http(s) links', () => {
    expect(safeExternalUrl('HTTPS://Example.fi/a b')).toBe('https://example.fi/a%20b')
  })
  it('refuses an address from the registry with an error that says nothing was opened, instead of doing nothing', () => {
    expect(registryAddress('https://maksu.example.fi/pay', 'payment page')).toBe('https://maksu.example.fi/pay')
    expect(() => registryAddress('javascript:alert(1)', 'terms of sale')).toThrow(
      expect.objectContaining({ code: 'unsafe-address', message: `the registry's terms of sale address "javascript:alert(1)" is not a web address Kanslia opens (http or https, without a user name); nothing was opened` })
    )
  })
})

describe('isTrustedSender', () => {
  it('accepts the app origin and, in development, the dev server', () => {
    expect(isTrustedSender('app://kanslia/index.html')).toBe(true)
    expect(isTrustedSender('http://localhost:5173/', 'http://localhost:5173')).toBe(true)
  })
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['app://evil/index.html', undefined],
    ['file:///work/main/out/renderer/index.html', undefined],
    ['https://kanslia/index.html', undefined],
    ['http://localhost:5173/', undefined],
    ['http://localhost:5174/', 'http://localhost:5173'],
    ['http://127.0.0.1:5173/', 'http://localhost:5173'],
    ['about:blank', 'http://localhost:5173'],
    ['data:text/html,hi', 'http://localhost:5173']
  ])('refuses frame %s (dev server %s)', (url, dev) => {
    expect(isTrustedSender(url, dev)).toBe(false)
  })
})

describe('devServerUrl', () => {
  it('takes ELECTRON_RENDERER_URL on loopback in an unpackaged app (electron-vite dev)', () => {
    expect(devServerUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, false)).toBe('http://localhost:5173')
    expect(devServerUrl({ ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' }, false)).toBe('http://127.0.0.1:5173/')
    expect(devServerUrl({}, false)).toBeUndefined()
  })
  it.each([
    ['http://localhost:5173', true],
    ['https://attacker.example/', false],
    ['http://192.168.1.20:5173', false],
    ['file:///tmp/page.html', false],
    ['javascript:alert(1)', false],
    ['not a url', false]
  ])('ignores %s (packaged: %s): the window loads app://kanslia and trusts only it', (url, packaged) => {
    expect(devServerUrl({ ELECTRON_RENDERER_URL: url }, packaged)).toBeUndefined()
  })
})
