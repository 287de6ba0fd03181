import type { z } from 'zod'
import type { ChatMessage, ScenarioStateView, ToolCallRecord, Usage } from '../state/types.js'
import type { modelConfigSchema } from './model-config-schema.js'

/** What the agent under test is told about the turn it answers. */
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

/**
 * An OpenAI-compatible model, reached through the `openai` SDK: `{ model, client?, baseURL?,
 * apiKey?, temperature?, maxTokens?, systemPrompt? }`. The type is the schema's
 * (`modelConfigSchema`), so the rules and the type cannot drift apart.
 */
export type ModelConfig = z.output<typeof modelConfigSchema>

/** The answering side of a run: a model, or an agent under test. */
export type AnsweringSide = ModelConfig | AgentFunction

/**
 * A per-node override of the answering side: a full side, or fields merged over the run's (an
 * object without `model`, `client` or `baseURL` is merged; over an agent only `systemPrompt` applies).
 */
export type AnsweringOverride = AgentFunction | Partial<ModelConfig>

/** Per-node model overrides; a missing side falls back to the run's. */
export interface ModelOverride {
  answering?: AnsweringOverride | undefined
  parsing?: Partial<ModelConfig> | undefined
}
