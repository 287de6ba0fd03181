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
 * turn's start. Between `start` and `dispose` the run is watched; a turn waiting for its answer
 * past its deadline is expired: the watchdog calls the `expire` it was watched with.
 *
 * The run loop awaits the answering side's own promise, not a promise made to race it: two more
 * promises per turn (and their promise hooks, once any library in the process keeps an async
 * context) were a visible share of a turn whose agent answers at once. So the deadline does not
 * settle the wait; `expire` ends the turn (and the run) itself, and the loop, resumed by a late
 * answer, finds from `settled()` that the turn is no longer its own.
 */
export class TurnDeadline {
  readonly #ms: number
  /** `performance.now()` when the waiting turn started. */
  #since = 0
  #expire: (() => void) | undefined

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
   * Watches the turn that started at `since` (from `performance.now()`) while it waits for its
   * answer: when `since + turnTimeoutMs` passes before `settled()`, the watchdog calls `expire`
   * once (the run goes on without waiting for an agent that ignores its signal).
   */
  watch(since: number, expire: () => void): void {
    this.#since = since
    this.#expire = expire
  }

  /**
   * The turn's answer came (or failed): its deadline no longer applies. Returns `false` when the
   * deadline had expired the turn first (or the run had ended): the answer is nobody's.
   */
  settled(): boolean {
    const waiting = this.#expire !== undefined
    this.#expire = undefined
    return waiting
  }

  /** Stops watching the run; the run has ended. */
  dispose(): void {
    this.#expire = undefined
    runs.delete(this)
    // Nothing to watch: the timer may lapse, and must not keep the process open until it does.
    if (runs.size === 0) timer?.unref()
  }

  /**
   * Called by the watchdog: expires the waiting turn when its deadline has passed. Returns when
   * the run needs its next look (a turn that starts now cannot expire sooner than a timeout from
   * now).
   */
  check(now: number): number {
    const expire = this.#expire
    if (expire === undefined) return now + this.#ms
    const due = this.#since + this.#ms
    if (now < due) return due
    this.#expire = undefined
    expire()
    return now + this.#ms
  }
}
