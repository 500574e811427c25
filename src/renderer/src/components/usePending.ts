import { useCallback, useRef, useState } from 'react'

/** The actions running now, by the row (item) they act on. */
export interface Pending<K, A extends string> {
  /** The action running on `key`, or null. Its button shows `loading`; the row's other actions are disabled. */
  of(key: K): A | null
  /** The props of `action`'s button on row `key`: loading while it runs, disabled while another of the row's does. */
  button(key: K, action: A): { loading: boolean; disabled: boolean }
  /**
   * Runs `action` on `key` unless one already runs on it (a second click, before React has drawn
   * the first, is ignored); it counts as running until `work` settles, whether it succeeds or fails
   * (`work` shows its own failure).
   */
  run(key: K, action: A, work: () => Promise<unknown>): Promise<void>
}

/** Tracks the (row, action) calls in progress so each row's buttons say so and none is clicked twice. */
export function usePending<K, A extends string>(): Pending<K, A> {
  const [running, setRunning] = useState<ReadonlyMap<K, A>>(() => new Map())
  const started = useRef(new Set<K>())
  const run = useCallback(async (key: K, action: A, work: () => Promise<unknown>) => {
    if (started.current.has(key)) return
    started.current.add(key)
    setRunning((now) => new Map(now).set(key, action))
    try {
      await work()
    } finally {
      started.current.delete(key)
      setRunning((now) => {
        const next = new Map(now)
        next.delete(key)
        return next
      })
    }
  }, [])
  const of = useCallback((key: K) => running.get(key) ?? null, [running])
  const button = useCallback(
    (key: K, action: A) => {
      const now = running.get(key)
      return { loading: now === action, disabled: now !== undefined && now !== action }
    },
    [running]
  )
  return { of, button, run }
}
