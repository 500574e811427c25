/**
 * Hands on the outcome of the latest of a series of loads only. Loads run concurrently and their
 * answers come back in any order (the main process's worker answers as it goes), so without this
 * an older, slower answer could land after a newer one and leave the screen showing a choice the
 * person has left.
 */
export interface LatestOnly {
  /**
   * Waits for `answer` and hands its value to `deliver`, or its failure to `failed`, unless a later
   * `run` started or `cancel` was called meanwhile: then the outcome is dropped, whichever it is.
   * Settles (never rejects) once the outcome was handed on or dropped.
   */
  run<T>(answer: Promise<T>, deliver: (value: T) => void, failed: (error: unknown) => void): Promise<void>
  /** Drops the outcome of every load started so far (their page moved on, or is gone); later runs are handed on. */
  cancel(): void
}

/** A fresh sequencer: no React, no timers, so it is tested in plain Node. */
export function latestOnly(): LatestOnly {
  // Each run and each cancel takes the next number; an outcome counts only while its run's is the last taken.
  let latest = 0
  return {
    run(answer, deliver, failed) {
      const ticket = ++latest
      return answer.then(
        (value) => {
          if (ticket === latest) deliver(value)
        },
        (error: unknown) => {
          if (ticket === latest) failed(error)
        }
      )
    },
    cancel() {
      latest++
    }
  }
}
