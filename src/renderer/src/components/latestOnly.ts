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
   * Settles (never rejects) once this outcome or a later run's was handed on, or `cancel` dropped
   * them: whoever waits for a load sees its effect on screen, even when a newer load replaced it.
   */
  run<T>(answer: Promise<T>, deliver: (value: T) => void, failed: (error: unknown) => void): Promise<void>
  /** Drops the outcome of every load started so far (their page moved on, or is gone); later runs are handed on. */
  cancel(): void
}

/** A fresh sequencer: no React, no timers, so it is tested in plain Node. */
export function latestOnly(): LatestOnly {
  // Each run and each cancel takes the next number; an outcome counts only while its run's is the last taken.
  let latest = 0
  // What a dropped run waits for instead: the newest run's settling, or nothing once cancelled.
  let newest: Promise<void> = Promise.resolve()
  return {
    run(answer, deliver, failed) {
      const ticket = ++latest
      const settled = answer
        .then(
          (value) => {
            if (ticket === latest) deliver(value)
          },
          (error: unknown) => {
            if (ticket === latest) failed(error)
          }
        )
        .then(() => (ticket === latest ? undefined : newest))
      newest = settled
      return settled
    },
    cancel() {
      latest++
      newest = Promise.resolve()
    }
  }
}
