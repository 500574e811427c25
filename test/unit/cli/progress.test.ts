import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { StartListProgressBar, SyncProgressBars } from '../../../src/main/cli/progress'
import type { SyncProgress } from '../../../src/main/sync/engine'
import { FINISHING_STEPS } from '../../../src/shared/ipc/contract'

/** A terminal stand-in: what the bars write, as text without the cursor controls. */
function fakeTerminal(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 120, cursorTo: () => true, clearLine: () => true, moveCursor: () => true })
  let written = ''
  stream.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')))
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => written.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '') }
}

const list = (phase: SyncProgress['phase'], elements: number): SyncProgress => ({
  resource: 'user-licences',
  scope: 'federation 100',
  phase,
  pages: 1,
  elements,
  bytes: 1000,
  total: 10,
  elementsPerSecond: 5
})
const finishing = (done: number): SyncProgress => ({
  resource: '',
  scope: '',
  phase: 'finishing',
  step: FINISHING_STEPS[done],
  pages: 0,
  elements: done,
  total: FINISHING_STEPS.length,
  bytes: 0,
  elementsPerSecond: 0
})

describe('SyncProgressBars (kanslia sync on a terminal)', () => {
  it('shows a bar per list, then the last steps on one bar named after the step running, finished when stopped', async () => {
    const terminal = fakeTerminal(true)
    const bars = new SyncProgressBars(terminal.stream)
    bars.update(list('start', 0))
    bars.update(list('done', 10))
    bars.update(finishing(0))
    bars.update(finishing(3))
    // The bars redraw on a timer (10 per second) that was set before this one.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(terminal.text()).toContain('finishing: member-search')
    expect(terminal.text()).toContain(`3/${FINISHING_STEPS.length}`)
    bars.stop()
    const lastDraw = terminal.text().slice(terminal.text().lastIndexOf('user-licences'))
    expect(lastDraw).toContain('user-licences federation 100')
    expect(lastDraw).toContain('10/10')
    expect(lastDraw).toMatch(new RegExp(`finished .*${FINISHING_STEPS.length}/${FINISHING_STEPS.length}`))
  })

  it('writes nothing when the output is not a terminal', () => {
    const terminal = fakeTerminal(false)
    const bars = new SyncProgressBars(terminal.stream)
    bars.update(list('done', 10))
    bars.update(finishing(0))
    bars.stop()
    expect(terminal.text()).toBe('')
  })
})

describe('StartListProgressBar (kanslia start-list on a terminal)', () => {
  it('shows the lines checked of the total while the list is checked', () => {
    const terminal = fakeTerminal(true)
    const bar = new StartListProgressBar(terminal.stream)
    bar.update(100, 250)
    expect(terminal.text()).toContain('start list')
    expect(terminal.text()).toContain('100/250 lines')
    bar.update(250, 250)
    bar.stop()
    expect(terminal.text()).toContain('250/250 lines')
  })

  it('prints nothing for a list checked in one step, nor on anything but a terminal', () => {
    const oneStep = fakeTerminal(true)
    const short = new StartListProgressBar(oneStep.stream)
    short.update(40, 40)
    short.stop()
    expect(oneStep.text()).toBe('')
    const piped = fakeTerminal(false)
    const long = new StartListProgressBar(piped.stream)
    long.update(100, 250)
    long.update(250, 250)
    long.stop()
    expect(piped.text()).toBe('')
  })
})
