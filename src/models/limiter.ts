import { sleep } from '../internal/sleep.js'

/**
 * A counting semaphore: at most `capacity` holders at once, the others wait in arrival order.
 * All model calls of one worker process share one (SPEC section 6: `maxConcurrentCalls`). Rate-limit
 * pauses are per endpoint: a 429 from one server never holds back calls to another.
 */
export class Limiter {
  #capacity: number
  #active = 0
  /** When each paused endpoint may be called again (epoch ms), by endpoint key. */
  readonly #resumeAt = new Map<string, number>()
  readonly #waiting: (() => void)[] = []

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /** The number of concurrent holders allowed. */
  get capacity(): number {
    return this.#capacity
  }

  /** Changes the capacity; waiting calls start as room appears. */
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

  /** Milliseconds until `endpoint` may be called again (≤ 0: now); ended pauses are forgotten. */
  #pauseLeft(endpoint: string): number {
    const resumeAt = this.#resumeAt.get(endpoint)
    if (resumeAt === undefined) return 0
    const left = resumeAt - Date.now()
    if (left <= 0) this.#resumeAt.delete(endpoint)
    return left
  }

  #release(): void {
    const next = this.#waiting.shift()
    if (next === undefined) this.#active--
    else next()
  }

  #drain(): void {
    while (this.#active < this.#capacity && this.#waiting.length > 0) {
      this.#active++
      this.#waiting.shift()?.()
    }
  }
}

/** The default number of concurrent model calls per worker process. */
export const DEFAULT_MAX_CONCURRENT_CALLS = 8

/** The limiter every model call of this process goes through. */
export const processLimiter = new Limiter(DEFAULT_MAX_CONCURRENT_CALLS)
