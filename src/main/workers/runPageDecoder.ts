import { Worker } from 'node:worker_threads'
import { ApiError } from '../api/errors'
import { decodePage, type PageJob, type PreparedPage } from '../sync/elements'
import type { WorkerEntry } from './entry'
import type { DecodeAnswer, DecodeRequest } from './pageDecoderProtocol'

/**
 * Bodies from this size on go to the worker by default; smaller ones (the quiet checks, most
 * per-parent lists) are decoded here, where they cost less than the round trip.
 */
const WORKER_MIN_BYTES = 256 * 1024
/**
 * Bodies above this size are decoded here too: a page parsed takes about six times its size of
 * heap, and the worker's heap is limited to WORKER_HEAP_MB (pages of the default size are ~3.5 MB;
 * a much larger `pageSize` reads as before).
 */
const WORKER_MAX_BYTES = 12 * 1024 * 1024
/** The worker's old-generation heap limit, MB: its share of the sync's memory stays bounded (DESIGN §7: peak RSS < 400 MB). */
const WORKER_HEAP_MB = 96

/**
 * Decodes list pages (`decodePage`) for a sync run: large ones in one worker thread started from
 * `entry` (src/main/workers/pageDecoder.ts) on the first of them (from `fromBytes`, default
 * WORKER_MIN_BYTES, up to WORKER_MAX_BYTES), the others, and every page when there is no `entry`,
 * on the caller's thread. The worker is referenced only while it has pages,
 * so it never keeps a process alive; a worker that stops fails the pages it had, and the pages
 * after them are decoded here. Call `close` when the run ends.
 */
export class PageDecoder {
  private worker: Worker | undefined
  private stopped = false
  private nextId = 0
  private readonly pending = new Map<number, { resolve(page: PreparedPage): void; reject(error: Error): void }>()

  constructor(
    private readonly entry?: WorkerEntry,
    private readonly fromBytes = WORKER_MIN_BYTES
  ) {}

  /**
   * The page `body` holds. A body given to the worker is transferred: `body` is empty afterwards.
   * @throws (rejects) SyntaxError when the body is not JSON; ApiError 'invalid-response' when it is
   *   no list envelope; Error when the worker stopped before answering.
   */
  decode(body: Buffer, job: PageJob): Promise<PreparedPage> {
    if (this.entry === undefined || this.stopped || body.length < this.fromBytes || body.length > WORKER_MAX_BYTES) {
      return new Promise((resolve) => resolve(decodePage(body.toString('utf8'), job)))
    }
    const worker = this.started(this.entry)
    const id = this.nextId++
    // Transfer only a buffer the body has to itself; a slice of a shared pool is copied first.
    const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength
    const bytes = (whole ? body.buffer : body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength)) as ArrayBuffer
    const request: DecodeRequest = { id, body: bytes, job }
    return new Promise<PreparedPage>((resolve, reject) => {
      if (this.pending.size === 0) worker.ref()
      this.pending.set(id, { resolve, reject })
      worker.postMessage(request, [bytes])
    })
  }

  /** Stops the worker; pages it still had are failed. */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    this.stopped = true
    if (worker) {
      this.failPending(new Error('the sync ended before the page was read'))
      await worker.terminate()
    }
  }

  private started(entry: WorkerEntry): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(entry.file, { execArgv: entry.execArgv, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    worker.unref()
    worker.on('message', (answer: DecodeAnswer) => this.settle(answer))
    worker.on('error', (error) => this.stop(`the page decoder failed: ${error.message}`))
    worker.on('exit', (code) => this.stop(`the page decoder stopped unexpectedly (exit code ${code})`))
    this.worker = worker
    return worker
  }

  private settle(answer: DecodeAnswer): void {
    const waiting = this.pending.get(answer.id)
    if (!waiting) return
    this.pending.delete(answer.id)
    if (this.pending.size === 0) this.worker?.unref()
    if ('page' in answer) waiting.resolve(answer.page)
    else if (answer.failure === 'syntax') waiting.reject(new SyntaxError(answer.message))
    else if (answer.failure === 'api') waiting.reject(new ApiError(answer.kind, answer.message))
    else waiting.reject(new Error(answer.message))
  }

  private stop(why: string): void {
    if (this.stopped) return
    this.stopped = true
    this.worker = undefined
    this.failPending(new Error(why))
  }

  private failPending(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error)
    this.pending.clear()
  }
}
