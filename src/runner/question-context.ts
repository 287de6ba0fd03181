import type { QuestionContext } from '../scenario/types.js'
import { readOnlyView } from '../state/read-only-view.js'
import type { ChatMessage, DeepReadonly } from '../state/types.js'
import type { AnswerSignal } from './answer-signal.js'

/**
 * The run's conversation as question functions read it: the transcript (the seed, then each
 * turn's question and answer messages, no system message) behind one read-only view, made the
 * first time a question reads it. The transcript only grows, and the view reads it live, so one
 * view serves every turn of the run.
 */
export class ConversationView {
  readonly #transcript: readonly ChatMessage[]
  #view: DeepReadonly<ChatMessage[]> | undefined

  constructor(transcript: readonly ChatMessage[]) {
    this.#transcript = transcript
  }

  /** The read-only view, made on first read. */
  get view(): DeepReadonly<ChatMessage[]> {
    if (this.#view === undefined) this.#view = readOnlyView(this.#transcript)
    return this.#view
  }
}

/**
 * The context a question function gets for one turn. `signal` and `conversation` are getters on
 * the prototype, so neither is made unless the function reads it (as `TurnContext` does for
 * agents): a question function that only reads the state costs one small object per turn. A
 * spread copy (`{ ...context }`) therefore leaves them out; pass `context` on.
 */
export class QuestionTurnContext implements QuestionContext {
  readonly nodeId: string
  readonly turn: number
  readonly #signal: AnswerSignal
  readonly #conversation: ConversationView

  constructor(nodeId: string, turn: number, signal: AnswerSignal, conversation: ConversationView) {
    this.nodeId = nodeId
    this.turn = turn
    this.#signal = signal
    this.#conversation = conversation
  }

  /** The answering side's signal: aborted when the run is, or when a turn outlasts `turnTimeoutMs`. */
  get signal(): AbortSignal {
    return this.#signal.signal
  }

  /** The messages so far (seed included, no system message), read-only. */
  get conversation(): DeepReadonly<ChatMessage[]> {
    return this.#conversation.view
  }
}
