import type { ChatMessage, ScenarioStateView, ToolCallRecord, Usage } from '../state/types.js'

/** What the agent under test is told about the turn it answers (SPEC section 6). */
export interface AgentContext {
  nodeId: string
  /** 0-based index of this turn. */
  turn: number
  /** A read-only view of the run's state, as conditions see it. */
  state: ScenarioStateView
  /** Aborted when the run is. */
  signal: AbortSignal
}

/** A structured answer from an agent: the final content, and what happened on the way. */
export interface AgentReply {
  content: string
  /** This turn's assistant and tool messages before the final content. */
  messages?: ChatMessage[] | undefined
  toolCalls?: ToolCallRecord[] | undefined
  usage?: Partial<Usage> | undefined
}

/**
 * An agent under test: the user's own app, called once per turn with the conversation so far
 * (Chat Completions shape, the new question last).
 */
export type AgentFunction = (
  conversation: ChatMessage[],
  context: AgentContext,
) => string | AgentReply | Promise<string | AgentReply>

/** An OpenAI-compatible model, reached through the `openai` SDK (SPEC section 6). */
export interface ModelConfig {
  model: string
  /** An `openai` client to use instead of building one. */
  client?: unknown
  baseURL?: string | undefined
  apiKey?: string | undefined
  temperature?: number | undefined
  maxTokens?: number | undefined
  systemPrompt?: string | undefined
}

/** The answering side of a run: a model, or an agent under test. */
export type AnsweringSide = ModelConfig | AgentFunction

/** A per-node override of the answering side: a full side, or fields merged over the run's (SPEC 13.33). */
export type AnsweringOverride = AgentFunction | Partial<ModelConfig>

/** Per-node model overrides; a missing side falls back to the run's. */
export interface ModelOverride {
  answering?: AnsweringOverride | undefined
  parsing?: Partial<ModelConfig> | undefined
}
