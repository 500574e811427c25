import cliProgress from 'cli-progress'
import type { SyncProgress } from '../sync/engine'

/**
 * Progress bars for a sync on a terminal (DESIGN §3 rule 7): one bar per (resource, scope) on
 * stderr, showing elements done of the API's `total`, rate and ETA. On anything but a TTY it
 * prints nothing, so scripts get clean output.
 */
export class SyncProgressBars {
  private readonly multibar: cliProgress.MultiBar | null
  private readonly bars = new Map<string, cliProgress.SingleBar>()
  private finishing: cliProgress.SingleBar | null = null

  constructor(stream: NodeJS.WriteStream = process.stderr) {
    this.multibar = stream.isTTY
      ? new cliProgress.MultiBar(
          {
            stream,
            format: ' {label} |{bar}| {percentage}% {value}/{total} {rate}/s ETA {eta_formatted}',
            hideCursor: true,
            clearOnComplete: false,
            etaBuffer: 20
          },
          cliProgress.Presets.shades_classic
        )
      : null
  }

  /**
   * Feeds one progress event; the bar of its resource is created at its first event. The last
   * steps of the run (phase `finishing`) share one bar, labelled with the step running.
   */
  update = (progress: SyncProgress): void => {
    if (!this.multibar) return
    if (progress.phase === 'finishing') {
      const payload = { label: `finishing: ${progress.step}`.padEnd(28), rate: '-' }
      this.finishing ??= this.multibar.create(progress.total ?? 1, progress.elements, payload)
      this.finishing.update(progress.elements, payload)
      return
    }
    const key = `${progress.resource} ${progress.scope}`
    const total = Math.max(progress.total ?? progress.elements, progress.elements, 1)
    const payload = { label: key.padEnd(28), rate: Math.round(progress.elementsPerSecond).toLocaleString('en') }
    let bar = this.bars.get(key)
    if (!bar) {
      bar = this.multibar.create(total, progress.elements, payload)
      this.bars.set(key, bar)
    }
    bar.setTotal(progress.phase === 'done' ? Math.max(progress.elements, 1) : total)
    bar.update(progress.phase === 'done' ? Math.max(progress.elements, 1) : progress.elements, payload)
  }

  stop(): void {
    this.finishing?.update(this.finishing.getTotal(), { label: 'finished'.padEnd(28), rate: '-' })
    this.multibar?.stop()
  }
}

/**
 * A progress bar on a terminal for `kanslia start-list` (stderr): lines checked of the list's
 * total, with the ETA (10,000 lines by name take ~5 s at 150,000 athletes), cleared when stopped.
 * Nothing on anything but a TTY, nor for a list whose first report is its last (one step).
 */
export class StartListProgressBar {
  private bar: cliProgress.SingleBar | null = null

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  /** A `StartListProgress`: `checked` of `total` lines. */
  update = (checked: number, total: number): void => {
    if (!this.stream.isTTY) return
    if (this.bar === null) {
      if (checked >= total) return
      this.bar = new cliProgress.SingleBar(
        { stream: this.stream, format: ' start list |{bar}| {value}/{total} lines ETA {eta_formatted}', hideCursor: true, clearOnComplete: true },
        cliProgress.Presets.shades_classic
      )
      this.bar.start(total, checked)
    } else {
      this.bar.update(checked)
    }
  }

  stop(): void {
    this.bar?.stop()
  }
}
