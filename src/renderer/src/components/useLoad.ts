import { useEffect, useRef, useState, type DependencyList } from 'react'
import { latestOnly, type LatestOnly } from './latestOnly'

/**
 * A sequencer (`latestOnly`) for the component's life: stable across renders, and cancelled when
 * the component unmounts, so no answer sets the state of a page that is gone. For loads started
 * by hand (a reload after an action); loads that follow dependencies take `useLoad`.
 */
export function useLatestOnly(): LatestOnly {
  const [latest] = useState(latestOnly)
  useEffect(() => latest.cancel, [latest])
  return latest
}

/**
 * Runs `load` after the first render and again whenever `deps` change (as `useEffect` does), and
 * hands the answer to `deliver` or the failure to `failed` (a page's `loadFailed`) only for the
 * latest load still wanted: an answer to a load whose dependencies have changed since, or of a
 * component unmounted since, is dropped, however late or out of order it comes. `load` returns
 * null when there is nothing to ask (e.g. no group chosen yet); a load in flight is dropped then
 * too. `deliver` and `failed` may be new functions every render: the latest are called.
 */
export function useLoad<T>(load: () => Promise<T> | null, deps: DependencyList, deliver: (value: T) => void, failed: (error: unknown) => void): void {
  const latest = useLatestOnly()
  const handlers = useRef({ deliver, failed })
  handlers.current = { deliver, failed }
  useEffect(() => {
    const answer = load()
    if (answer === null) return
    void latest.run(
      answer,
      (value) => handlers.current.deliver(value),
      (error) => handlers.current.failed(error)
    )
    return latest.cancel
    // `deps` are the caller's, as with useEffect: `load` is a new closure every render.
  }, [latest, ...deps])
}
