/** The outcome of `TokenBucket.take`. */
export type TakeResult =
  | { readonly ok: true }
  | { readonly ok: false /** Milliseconds until a token is available. */; readonly waitMs: number }

/**
 * A token bucket: holds at most `burst` tokens, refills `perSecond` tokens a second, and each
 * request takes one. Starts full.
 */
export class TokenBucket {
  readonly #perSecond: number
  readonly #burst: number
  readonly #now: () => number
  #tokens: number
  #updatedAt: number

  /** `now` returns milliseconds on a monotonic clock (injectable for tests). */
  constructor(perSecond: number, burst: number, now: () => number = () => performance.now()) {
    if (!(perSecond > 0) || !(burst >= 1)) {
      throw new RangeError(
        `[openai-server] rateLimit needs perSecond > 0 and burst >= 1, got ${perSecond} and ${burst}`,
      )
    }
    this.#perSecond = perSecond
    this.#burst = burst
    this.#now = now
    this.#tokens = burst
    this.#updatedAt = now()
  }

  /** Takes a token if one is there; otherwise says how long until one will be. */
  take(): TakeResult {
    this.#refill()
    if (this.#tokens >= 1) {
      this.#tokens -= 1
      return { ok: true }
    }
    return { ok: false, waitMs: ((1 - this.#tokens) / this.#perSecond) * 1000 }
  }

  /** Fills the bucket again. */
  reset(): void {
    this.#tokens = this.#burst
    this.#updatedAt = this.#now()
  }

  #refill(): void {
    const now = this.#now()
    const elapsedSeconds = Math.max(0, now - this.#updatedAt) / 1000
    this.#tokens = Math.min(this.#burst, this.#tokens + elapsedSeconds * this.#perSecond)
    this.#updatedAt = now
  }
}
