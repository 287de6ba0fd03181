import type { AgentCalls } from '../agent-usage/index.js'
import type { ScenarioNode } from '../scenario/index.js'
import type { ChatMessage, Diagnostic, ScenarioStateView } from '../state/types.js'
import type { AnswerSignal } from './answer-signal.js'
import type { ConversationCopies } from './conversation-copies.js'
import { type NodeSides, resolveNodeSides } from './node-sides.js'
import type { ResolvedRunOptions } from './run-options.js'

/** What a turn needs from the run (one object per run). */
export interface RunContext {
  /** The run's read-only view of its live state. */
  view: ScenarioStateView
  /** The conversation before this turn: the seed, then the earlier turns (no system message). */
  transcript: readonly ChatMessage[]
  /** The agent's copies of the transcript: its conversation on each turn. */
  agentCopies: ConversationCopies
  /** The question functions' copies of the transcript (`context.conversation`). */
  questionCopies: ConversationCopies
  options: ResolvedRunOptions
  /** The run's own signal (the user's). */
  signal: AbortSignal
  /** The answering side's signal: the run's abort, or a turn that outlasts `turnTimeoutMs`. */
  answerSignal: AnswerSignal
  diagnostics: Diagnostic[]
  /** Each node's resolved sides, made on its first visit. */
  sides: Map<string, NodeSides>
  /**
   * The tally of the calls the agent makes in the turn being answered (through `wrap()`ped
   * clients or a recording `fetch`), while calls are counted; taken (and cleared) by the step
   * that reads the agent's reply or failure.
   */
  agentCalls?: AgentCalls | undefined
}

/** The node's resolved sides, from the run's cache. */
export function sidesOf(run: RunContext, node: ScenarioNode): NodeSides {
  let sides = run.sides.get(node.id)
  if (sides === undefined) {
    sides = resolveNodeSides(node, run.options)
    run.sides.set(node.id, sides)
  }
  return sides
}
