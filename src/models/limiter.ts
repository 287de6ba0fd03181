import { sleep } from '../internal/sleep.js'

/**
 * A counting semaphore: at most `capacity` holders at once, the others wait in arrival order.
 * All model calls of one worker process share one (SPEC section 6: `maxConcurrentCalls`).
 */
export class Limiter {
  #capacity: number
  #active = 0
  #resumeAt = 0
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
   * Holds back calls that have not started yet for `ms`: after a rate limit, new calls wait
   * out the server's `retry-after` instead of taking the capacity the retried calls need.
   */
  pauseFor(ms: number): void {
    this.#resumeAt = Math.max(this.#resumeAt, Date.now() + ms)
  }

  /**
   * Runs `task` once a slot is free and no pause is in effect; the slot is released when it
   * settles. An abort of `signal` while waiting for a pause to end rejects with its reason.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#active >= this.#capacity) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    } else {
      this.#active++
    }
    try {
      for (let wait = this.#resumeAt - Date.now(); wait > 0; wait = this.#resumeAt - Date.now()) {
        await sleep(wait, signal)
      }
      return await task()
    } finally {
      this.#release()
    }
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
