import type { QuestionContext } from '../scenario/types.js'
import type { ChatMessage } from '../state/types.js'
import type { AnswerSignal } from './answer-signal.js'
import type { ConversationCopies } from './conversation-copies.js'

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
  readonly #copies: ConversationCopies
  #conversation: ChatMessage[] | undefined

  constructor(nodeId: string, turn: number, signal: AnswerSignal, copies: ConversationCopies) {
    this.nodeId = nodeId
    this.turn = turn
    this.#signal = signal
    this.#copies = copies
  }

  /** The answering side's signal: aborted when the run is, or when a turn outlasts `turnTimeoutMs`. */
  get signal(): AbortSignal {
    return this.#signal.signal
  }

  /**
   * The messages so far (seed included, no system message): a plain array of the question
   * functions' own copies, made on the first read of this turn (the same array on later reads).
   */
  get conversation(): ChatMessage[] {
    this.#conversation ??= this.#copies.conversation(undefined, null)
    return this.#conversation
  }
}
