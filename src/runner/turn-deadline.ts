/** What `TurnDeadline.wait` gives when the deadline passed before the answer came. */
export const TIMED_OUT: unique symbol = Symbol('vitest-scenario.turn-timed-out')

// One watchdog timer serves every run of the process. A timer made (or even refreshed) per run or
// per turn was a visible share of a turn whose agent answers at once; this one is re-armed only
// when it fires or when a run needs it sooner, and holds the process open only while runs are
// in progress.
const runs = new Set<TurnDeadline>()
let timer: ReturnType<typeof setTimeout> | undefined
/** When the timer fires (`performance.now()` clock); `Infinity` when it is not armed. */
let armedAt = Number.POSITIVE_INFINITY

function arm(at: number): void {
  if (timer !== undefined && armedAt <= at) return
  if (timer !== undefined) clearTimeout(timer)
  armedAt = at
  timer = setTimeout(check, Math.max(0, at - performance.now()))
}

function check(): void {
  timer = undefined
  armedAt = Number.POSITIVE_INFINITY
  const now = performance.now()
  let next = Number.POSITIVE_INFINITY
  for (const run of runs) next = Math.min(next, run.check(now))
  if (next !== Number.POSITIVE_INFINITY) arm(next)
}

/**
 * The deadline of the answering side of each turn of one run (`turnTimeoutMs`), measured from the
 * turn's start. Between `start` and `dispose` the run is watched; a turn waiting in `wait` past
 * its deadline settles with `TIMED_OUT`.
 */
export class TurnDeadline {
  readonly #ms: number
  /** `performance.now()` when the waiting turn started. */
  #since = 0
  #expire: ((value: typeof TIMED_OUT) => void) | undefined

  constructor(ms: number) {
    this.#ms = ms
  }

  /** Starts watching the run (`now` from `performance.now()`). */
  start(now: number): void {
    runs.add(this)
    if (runs.size === 1) timer?.ref()
    arm(now + this.#ms)
  }

  /**
   * Waits for `pending`, at most until `since + turnTimeoutMs` (`since` from `performance.now()`).
   * When the deadline passes first, this settles with `TIMED_OUT`: the run goes on without waiting
   * for an agent that ignores its signal (the caller aborts it).
   */
  wait<T>(pending: PromiseLike<T>, since: number): Promise<T | typeof TIMED_OUT> {
    this.#since = since
    return new Promise<T | typeof TIMED_OUT>((resolve, reject) => {
      this.#expire = resolve
      pending.then(resolve, reject)
    })
  }

  /** The turn's answer came (or failed): its deadline no longer applies. */
  settled(): void {
    this.#expire = undefined
  }

  /** Stops watching the run; the run has ended. */
  dispose(): void {
    this.#expire = undefined
    runs.delete(this)
    // Nothing to watch: the timer may lapse, and must not keep the process open until it does.
    if (runs.size === 0) timer?.unref()
  }

  /**
   * Called by the watchdog: ends the waiting turn when its deadline has passed. Returns when the
   * run needs its next look (a turn that starts now cannot expire sooner than a timeout from now).
   */
  check(now: number): number {
    const expire = this.#expire
    if (expire === undefined) return now + this.#ms
    const due = this.#since + this.#ms
    if (now < due) return due
    this.#expire = undefined
    expire(TIMED_OUT)
    return now + this.#ms
  }
}
