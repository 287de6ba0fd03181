import { onAbort } from '../internal/on-abort.js'
import type { AgentContext } from '../models/types.js'
import type { ScenarioStateView } from '../state/types.js'

/**
 * The answering side's signal for one run: it aborts when the run's signal does, or when a turn
 * outlasts `turnTimeoutMs` (which ends the run, so one signal serves every turn). The
 * `AbortController` behind it is made on first read: making one per run cost more than a whole
 * fast turn, and most agents never read it.
 */
export class AnswerSignal {
  readonly #run: AbortSignal
  readonly #linkToRun: boolean
  #controller: AbortController | undefined
  #unlink: (() => void) | undefined
  #aborted = false
  #reason: unknown

  /** `linkToRun`: whether the run's signal can abort at all (a user's signal). */
  constructor(run: AbortSignal, linkToRun: boolean) {
    this.#run = run
    this.#linkToRun = linkToRun
  }

  /** The signal, made on first read. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController()
      this.#controller = controller
      if (this.#aborted) controller.abort(this.#reason)
      else if (this.#run.aborted) controller.abort(this.#run.reason)
      else if (this.#linkToRun) {
        this.#unlink = onAbort(this.#run, () => controller.abort(this.#run.reason))
      }
    }
    return this.#controller.signal
  }

  /** Aborts the answering side (a turn timed out), also a signal read later. */
  abort(reason: unknown): void {
    this.#aborted = true
    this.#reason = reason
    this.#controller?.abort(reason)
  }

  /** Stops following the run's signal; the run has ended. */
  dispose(): void {
    this.#unlink?.()
  }
}

/**
 * The context an agent gets for one turn. `signal` is a getter on the prototype, so the signal is
 * only made for an agent that reads it: making an `AbortController`'s signal costs about 2 µs, as
 * much as a whole fast turn, and an object literal with an own getter costs ~0.4 µs per turn. A
 * spread copy (`{ ...context }`) therefore leaves `signal` out; pass `context` or `context.signal`.
 */
export class TurnContext implements AgentContext {
  readonly nodeId: string
  readonly turn: number
  readonly state: ScenarioStateView
  readonly #source: AnswerSignal

  constructor(nodeId: string, turn: number, state: ScenarioStateView, source: AnswerSignal) {
    this.nodeId = nodeId
    this.turn = turn
    this.state = state
    this.#source = source
  }

  /** Aborted when the run is, or when this turn outlasts `turnTimeoutMs`. */
  get signal(): AbortSignal {
    return this.#source.signal
  }
}
