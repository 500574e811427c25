import { describe, expect, it } from 'vitest'
import { latestOnly } from '../../../src/renderer/src/components/latestOnly'

/** A promise settled from outside, so a test decides in which order answers come back. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** What reached the page: each delivered answer and each failure, in order. */
function recorder() {
  const seen: string[] = []
  return { seen, deliver: (value: string) => seen.push(`answer ${value}`), failed: (error: unknown) => seen.push(`failed ${String(error)}`) }
}

describe('latestOnly: only the latest load’s outcome reaches the page', () => {
  it('drops an older answer that comes back after a newer one (typing 3, 30, 300 into the days)', async () => {
    const latest = latestOnly()
    const page = recorder()
    const three = deferred<string>()
    const thirty = deferred<string>()
    const threeHundred = deferred<string>()
    const runs = [three, thirty, threeHundred].map((load) => latest.run(load.promise, page.deliver, page.failed))
    threeHundred.resolve('300')
    await runs[2]
    thirty.resolve('30')
    three.resolve('3')
    await Promise.all(runs)
    expect(page.seen).toEqual(['answer 300'])
  })

  it('drops an older answer that comes back first, and delivers the newer one when it comes', async () => {
    const latest = latestOnly()
    const page = recorder()
    const older = deferred<string>()
    const newer = deferred<string>()
    latest.run(older.promise, page.deliver, page.failed)
    const second = latest.run(newer.promise, page.deliver, page.failed)
    older.resolve('older')
    await older.promise
    expect(page.seen).toEqual([])
    newer.resolve('newer')
    await second
    expect(page.seen).toEqual(['answer newer'])
  })

  it('settles a dropped run only once a newer run’s outcome was handed on (an outbox action waits for the list showing it)', async () => {
    const latest = latestOnly()
    const page = recorder()
    const own = deferred<string>()
    const newer = deferred<string>()
    let settled = false
    const action = latest.run(own.promise, page.deliver, page.failed).then(() => (settled = true))
    const reload = latest.run(newer.promise, page.deliver, page.failed)
    own.resolve('own')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(settled).toBe(false)
    newer.reject('newer broke')
    await action
    expect(page.seen).toEqual(['failed newer broke'])
    await expect(reload).resolves.toBeUndefined()
  })

  it('drops the failure of a superseded load, and hands on the latest load’s failure', async () => {
    const latest = latestOnly()
    const page = recorder()
    const older = deferred<string>()
    const newer = deferred<string>()
    const runs = [latest.run(older.promise, page.deliver, page.failed), latest.run(newer.promise, page.deliver, page.failed)]
    older.reject('older broke')
    newer.reject('newer broke')
    await Promise.all(runs)
    expect(page.seen).toEqual(['failed newer broke'])
  })

  it('hands on nothing after cancel (the page unmounted), and hands on a run started after it', async () => {
    const latest = latestOnly()
    const page = recorder()
    const answer = deferred<string>()
    const failure = deferred<string>()
    const runs = [latest.run(answer.promise, page.deliver, page.failed)]
    latest.cancel()
    answer.resolve('late')
    await runs[0]
    runs.push(latest.run(failure.promise, page.deliver, page.failed))
    latest.cancel()
    failure.reject('late failure')
    await runs[1]
    expect(page.seen).toEqual([])
    const remounted = latest.run(Promise.resolve('again'), page.deliver, page.failed)
    await remounted
    expect(page.seen).toEqual(['answer again'])
  })

  it('settles without rejecting when the load fails, delivered or dropped', async () => {
    const latest = latestOnly()
    const page = recorder()
    const dropped = latest.run(Promise.reject(new Error('dropped')), page.deliver, page.failed)
    const handed = latest.run(Promise.reject(new Error('handed')), page.deliver, page.failed)
    await expect(Promise.all([dropped, handed])).resolves.toEqual([undefined, undefined])
    expect(page.seen).toEqual(['failed Error: handed'])
  })
})
