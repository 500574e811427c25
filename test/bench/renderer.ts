/**
 * Renderer figures of DESIGN §7 for `npm run bench`: the built renderer in headless Chromium over
 * the real IPC handlers (test/e2e/harness.ts) showing an already synced database, measured in the
 * page from input to rendered rows. Prints nothing itself; run.ts prints the figures.
 */
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { saveConnectionProfile } from '../../src/main/config/connection'
import { connectionProfileFile, defaultDatabaseFile } from '../../src/main/config/paths'
import type { MemberPage } from '../../src/shared/ipc/contract'
import { buildApp, startHarness } from '../e2e/harness'

/** Milliseconds per measurement: opening the members page, and each search keystroke. */
export interface RendererFigures {
  members: number
  /** Round trips of a trivial call over the test bridge (`page.exposeBinding`) to the backend worker, part of every figure below; Electron's IPC is faster than the bridge. */
  bridgeMs: number[]
  firstRowsMs: number[]
  keystrokeMs: number[]
}

/** The few browser globals the in-page measurements use (this project compiles without the DOM library). */
interface PageElement {
  textContent: string | null
  value: string
  click(): void
  dispatchEvent(event: unknown): boolean
}
interface PageGlobals {
  document: { querySelector(selector: string): PageElement | null }
  requestAnimationFrame(callback: () => void): void
  HTMLInputElement: { prototype: object }
  Event: new (type: string, init: { bubbles: boolean }) => unknown
}

/**
 * Last names typed letter by letter; each keystroke that changes the list is measured until its
 * rows are on screen. Ten names give about 40 measured keystrokes, so that p95 is not simply the
 * slowest one (run.ts prints that too).
 */
const SEARCH_TERMS = ['Virtanen', 'Korhonen', 'Nieminen', 'Lindholm', 'Mäkinen', 'Heikkinen', 'Salminen', 'Laine', 'Järvinen', 'Andersson']
const OPENINGS = 10

/**
 * Opens `dbFile` (a synced Kanslia database) as the connected database of a fresh data folder and
 * measures, in Chromium: the members page from a click on its navigation link to its first rows
 * (`OPENINGS` times), and every keystroke of SEARCH_TERMS to the moment the list shows the count
 * and first row of that prefix's answer. Times come from `performance.now()` in the page, checked
 * on every animation frame, so they include React's render and the browser's paint.
 */
export async function measureRenderer(dbFile: string): Promise<RendererFigures> {
  buildApp()
  const home = mkdtempSync(join(tmpdir(), 'kanslia-bench-renderer-'))
  const env = { KANSLIA_HOME: home }
  mkdirSync(home, { recursive: true })
  symlinkSync(dbFile, defaultDatabaseFile(env))
  saveConnectionProfile(connectionProfileFile(env), { baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', clientId: 'bench' })
  const app = await startHarness({ locale: 'en-GB', home })
  try {
    const { page } = app
    // tsx (which runs the bench) wraps named functions in a `__name` helper that the page lacks.
    await page.evaluate('globalThis.__name = (fn) => fn')
    const members = async (text: string) => ((await app.call('listMembers', { text, limit: 1 })) as { ok: true; value: MemberPage }).value
    const total = (await members('')).total
    await page.getByTestId('member-row').first().waitFor()

    const bridgeMs = await page.evaluate(async () => {
      const { kanslia } = globalThis as unknown as { kanslia: { getAppState(): Promise<unknown> } }
      const times: number[] = []
      for (let i = 0; i < 20; i++) {
        const started = performance.now()
        await kanslia.getAppState()
        times.push(performance.now() - started)
      }
      return times
    })

    const firstRowsMs: number[] = []
    for (let i = 0; i < OPENINGS; i++) {
      await page.getByTestId('nav-settings').click()
      await page.getByTestId('member-list').waitFor({ state: 'detached' })
      firstRowsMs.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals
              const started = performance.now()
              document.querySelector('[data-testid="nav-members"]')!.click()
              const check = () => (document.querySelector('[data-testid="member-row"]') ? resolve(performance.now() - started) : requestAnimationFrame(check))
              requestAnimationFrame(check)
            })
        )
      )
    }

    const keystrokeMs: number[] = []
    const search = page.getByTestId('member-search')
    const count = new Intl.NumberFormat('en-GB')
    for (const term of SEARCH_TERMS) {
      await search.fill('')
      await page.getByTestId('member-count').getByText(`${count.format(total)} members`).waitFor()
      await search.focus()
      let shown = { count: `${count.format(total)} members`, first: '' }
      for (let length = 1; length <= term.length; length++) {
        const prefix = term.slice(0, length)
        const answer = await members(prefix)
        const expected = { count: `${count.format(answer.total)} members`, first: answer.rows[0]?.sportId === undefined ? null : String(answer.rows[0].sportId) }
        // A keystroke whose answer looks like the one on screen cannot be seen arriving: type it unmeasured.
        if (expected.count === shown.count && expected.first === shown.first) {
          await search.press(prefix.at(-1)!)
          await page.waitForTimeout(200)
          continue
        }
        shown = { count: expected.count, first: expected.first ?? '' }
        keystrokeMs.push(
          await page.evaluate(
            ({ key, expected }) =>
              new Promise<number>((resolve) => {
                const { document, requestAnimationFrame, HTMLInputElement, Event } = globalThis as unknown as PageGlobals
                const input = document.querySelector('[data-testid="member-search"]')!
                const started = performance.now()
                // React listens to the native value setter and the input event, as for a typed key.
                Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, input.value + key)
                input.dispatchEvent(new Event('input', { bubbles: true }))
                const check = () => {
                  const shown = document.querySelector('[data-testid="member-count"]')?.textContent
                  const first = document.querySelector('[data-testid="member-row"]')?.textContent ?? null
                  const ready = shown === expected.count && (expected.first === null ? first === null : first?.includes(expected.first) === true)
                  if (ready) resolve(performance.now() - started)
                  else requestAnimationFrame(check)
                }
                requestAnimationFrame(check)
              }),
            { key: prefix.at(-1)!, expected }
          )
        )
      }
    }
    return { members: total, bridgeMs, firstRowsMs, keystrokeMs }
  } finally {
    await app.close()
  }
}
