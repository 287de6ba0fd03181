import { z } from 'zod'
import { parseOptions } from '../internal/options-schema.js'
import { sleep } from '../internal/sleep.js'

/**
 * A counting semaphore: at most `capacity` holders at once, the others wait in arrival order.
 * The host decides it, never a run: by default all model calls of one worker process share one
 * (`maxConcurrentCalls` of the plugin), and a run may be given its own (`limiter` run option,
 * made with `createLimiter`). Rate-limit pauses are per endpoint: a 429 from one server never
 * holds back calls to another.
 */
export class Limiter {
  #capacity: number
  #active = 0
  /** When each paused endpoint may be called again (epoch ms), by endpoint key. */
  readonly #resumeAt = new Map<string, number>()
  /**
   * The calls waiting for a slot, in arrival order, from `#head` on. Taken by moving `#head`, not
   * by `shift()`: V8 copies a long array on every `shift()` once it holds more than about 16,000
   * items, which made each release cost tens of µs with many runs queued at once.
   */
  #waiting: ((() => void) | undefined)[] = []
  #head = 0

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /** The number of concurrent holders allowed. */
  get capacity(): number {
    return this.#capacity
  }

  /**
   * Changes the capacity; waiting calls start as room appears. Only the host sets it (the Vitest
   * setup applies the plugin's `maxConcurrentCalls` once per worker); a run never does.
   */
  set capacity(value: number) {
    this.#capacity = value
    this.#drain()
  }

  /**
   * Holds back calls to `endpoint` that have not started yet for `ms`: after a rate limit, new
   * calls to that endpoint wait out the server's `retry-after` instead of taking the capacity the
   * retried calls need. Calls to other endpoints are not held back.
   */
  pauseFor(ms: number, endpoint = ''): void {
    this.#resumeAt.set(endpoint, Math.max(this.#resumeAt.get(endpoint) ?? 0, Date.now() + ms))
  }

  /**
   * Runs `task` once no pause of `endpoint` is in effect and a slot is free; the slot is released
   * when it settles. A call waits out its endpoint's pause before it takes a slot, so paused calls
   * never fill the capacity that calls to other endpoints need. An abort of `signal` while waiting
   * for a pause to end rejects with its reason.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal, endpoint = ''): Promise<T> {
    for (;;) {
      // Inline, not `waitOutPause`: no promise for the common call that finds no pause.
      for (let wait = this.#pauseLeft(endpoint); wait > 0; wait = this.#pauseLeft(endpoint)) {
        await sleep(wait, signal)
      }
      if (this.#active < this.#capacity) this.#active++
      else await new Promise<void>((resolve) => this.#waiting.push(resolve))
      if (this.#pauseLeft(endpoint) <= 0) break
      // The endpoint was paused while this call waited for a slot: give the slot back and wait.
      this.#release()
    }
    try {
      return await task()
    } finally {
      this.#release()
    }
  }

  /**
   * Resolves once no pause of `endpoint` is in effect: a call about to retry after a rate limit
   * waits out the pauses other calls' 429s set meanwhile, or it would hit a server that is still
   * refusing (and, after its last retry, fail the run). Rejects with `signal`'s reason on abort.
   */
  async waitOutPause(endpoint = '', signal?: AbortSignal): Promise<void> {
    for (let wait = this.#pauseLeft(endpoint); wait > 0; wait = this.#pauseLeft(endpoint)) {
      await sleep(wait, signal)
    }
  }

  /** Milliseconds until `endpoint` may be called again (≤ 0: now); ended pauses are forgotten. */
  #pauseLeft(endpoint: string): number {
    const resumeAt = this.#resumeAt.get(endpoint)
    if (resumeAt === undefined) return 0
    const left = resumeAt - Date.now()
    if (left <= 0) this.#resumeAt.delete(endpoint)
    return left
  }

  #release(): void {
    const next = this.#next()
    if (next === undefined) this.#active--
    else next()
  }

  #drain(): void {
    while (this.#active < this.#capacity && this.#head < this.#waiting.length) {
      this.#active++
      this.#next()?.()
    }
  }

  /** The longest-waiting call, taken off the queue; the taken part is dropped now and then. */
  #next(): (() => void) | undefined {
    if (this.#head === this.#waiting.length) return undefined
    const next = this.#waiting[this.#head]
    // Taken calls are not kept alive by the queue until it is compacted.
    this.#waiting[this.#head] = undefined
    this.#head++
    if (this.#head === this.#waiting.length) {
      this.#waiting.length = 0
      this.#head = 0
    } else if (this.#head >= 1024 && this.#head * 2 >= this.#waiting.length) {
      // Half of the array is taken calls: drop them (one copy per 1,024 taken or more).
      this.#waiting = this.#waiting.slice(this.#head)
      this.#head = 0
    }
    return next
  }
}

/** The default number of concurrent model calls per worker process. */
export const DEFAULT_MAX_CONCURRENT_CALLS = 8

/**
 * The limiter of the model calls of every run not given one of its own: one per process, sized by
 * the host (the plugin's `maxConcurrentCalls`), 8 by default.
 */
export const processLimiter = new Limiter(DEFAULT_MAX_CONCURRENT_CALLS)

/** The rules of `createLimiter`'s options. */
export const limiterOptionsSchema = z.strictObject(
  {
    /** Model calls in flight at once through this limiter. */
    maxConcurrentCalls: z
      .int('an integer ≥ 1')
      .min(1, { error: 'an integer ≥ 1' })
      .default(DEFAULT_MAX_CONCURRENT_CALLS),
  },
  { error: 'an options object { maxConcurrentCalls }' },
)

/** Options of `createLimiter`. */
export type LimiterOptions = z.input<typeof limiterOptionsSchema>

/**
 * A limiter for the model calls of the runs it is given to (`runScenario(definition, { limiter
 * })`): at most `maxConcurrentCalls` in flight at once (default 8), a 429's pause held per
 * endpoint. Runs given none share the process's limiter, which the plugin sizes.
 *
 * @example
 * const limiter = createLimiter({ maxConcurrentCalls: 2 })
 * await Promise.all(cases.map((c) => runScenario(c, { model, limiter })))
 */
export function createLimiter(options: LimiterOptions = {}): Limiter {
  const { maxConcurrentCalls } = parseOptions(limiterOptionsSchema, options, {
    where: 'createLimiter(options)',
    fix: 'Write createLimiter({ maxConcurrentCalls: 4 }).',
  })
  return new Limiter(maxConcurrentCalls)
}

/** Whether `value` is a limiter (from `createLimiter`), for the `limiter` run option. */
export function isLimiter(value: unknown): value is Limiter {
  return value instanceof Limiter
}
