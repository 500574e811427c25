import { describe, expect, it } from 'vitest'
import { Gate, eachConcurrently } from '../../../src/main/sync/concurrency'

/** A task that stays open until `release` is called, recording how many run at once. */
function tracker() {
  let running = 0
  let peak = 0
  const releases: Array<() => void> = []
  const task = () =>
    new Promise<void>((resolve) => {
      running++
      peak = Math.max(peak, running)
      releases.push(() => {
        running--
        resolve()
      })
    })
  return { task, releases, peak: () => peak, running: () => running }
}

describe('Gate and eachConcurrently (issue 4: bounded fan-out)', () => {
  it('a gate lets `limit` tasks run and starts the waiting ones in arrival order as places free', async () => {
    const gate = new Gate(2)
    const t = tracker()
    const order: number[] = []
    const all = [1, 2, 3, 4].map((n) =>
      gate.run(async () => {
        order.push(n)
        await t.task()
      })
    )
    await Promise.resolve()
    expect(order).toEqual([1, 2])
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
    t.releases.shift()!()
    await tick()
    expect(order).toEqual([1, 2, 3])
    expect(t.running()).toBe(2)
    for (let i = 0; i < 3; i++) {
      t.releases.shift()!()
      await tick()
    }
    await Promise.all(all)
    expect(t.peak()).toBe(2)
    expect(order).toEqual([1, 2, 3, 4])
  })

  it('a failing task frees its place', async () => {
    const gate = new Gate(1)
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(async () => 'next')).toBe('next')
  })

  it('eachConcurrently visits every item once with at most `workers` at a time', async () => {
    const seen: number[] = []
    let running = 0
    let peak = 0
    await eachConcurrently([...Array(20).keys()], 3, async (item) => {
      running++
      peak = Math.max(peak, running)
      await new Promise((resolve) => setTimeout(resolve, item % 4))
      seen.push(item)
      running--
    })
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()])
    expect(peak).toBe(3)
  })
})
