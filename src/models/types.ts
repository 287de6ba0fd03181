import type { z } from 'zod'
import type {
  ChatMessage,
  GuardrailTrip,
  ScenarioStateView,
  ToolCallRecord,
  Usage,
} from '../state/types.js'
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

/**
 * A message of an agent's reply: a chat message in Chat Completions shape, whose tool call ids may
 * be left out (an assistant's `tool_calls[].id`, a `tool` message's `tool_call_id`). The run fills
 * them in: a call without an id gets `call_<turn>_<index>` (its place among the turn's calls), and
 * a `tool` message without one answers the earliest unanswered call of the assistant message
 * before it.
 */
export type AgentMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | {
      role: 'assistant'
      content: string | null
      tool_calls?:
        | {
            id?: string | undefined
            type: 'function'
            function: { name: string; arguments: string }
          }[]
        | undefined
    }
  | { role: 'tool'; tool_call_id?: string | undefined; content: string }

/** A structured answer from an agent: the final content, and what happened on the way. */
export interface AgentReply {
  /** The final answer: the turn's `rawResponse`. */
  content: string
  /**
   * This turn's assistant and `tool` messages (Chat Completions shape), in order: what the next
   * turn's conversation holds between this question and the next. They may end with the final
   * answer (an assistant message without tool calls whose content is `content`), which is then
   * not added again; otherwise the final answer is appended after them. Tool call ids left out
   * are filled in (see `AgentMessage`).
   */
  messages?: AgentMessage[] | undefined
  /**
   * The turn's tool calls. Left out, they are read from `messages`: each assistant `tool_calls`
   * entry, its `arguments` parsed when JSON, with `result` from the `tool` message answering it
   * (parsed when JSON).
   */
  toolCalls?: ToolCallRecord[] | undefined
  /**
   * The tokens the agent spent. Left out, the calls it makes through `wrap()`ped clients or a
   * recording `fetch` while it answers are counted instead; given, only it counts (never both).
   */
  usage?: Partial<Usage> | undefined
  /**
   * The name of the agent that gave the final answer (e.g. after a handoff): the turn record's
   * `agent`.
   */
  agent?: string | undefined
  /**
   * The chain of agents that handled the turn (the entry agent, then each handoff's target): the
   * turn record's `agents`. Its last entry is `agent` when both are given.
   */
  agents?: string[] | undefined
  /**
   * A guardrail that tripped: the turn record's `guardrail`. The turn then has no answer
   * (`rawResponse` is `null`, `content` is not read) and completes; the run goes on.
   */
  guardrail?: GuardrailTrip | undefined
}

/**
 * An agent under test: the user's own app, called once per turn with the conversation so far
 * (Chat Completions shape, the new question last). The conversation is a plain array, new on
 * every turn (`structuredClone`-able, JSON-serializable), of the agent's own copies of the
 * messages: changing it never changes the run's transcript.
 */
export type AgentFunction = (
  conversation: ChatMessage[],
  context: AgentContext,
) => string | AgentReply | Promise<string | AgentReply>

/**
 * An OpenAI-compatible model, called by the library itself over HTTP, or through the `openai`
 * `client` it gives: `{ model, client?, baseURL?, apiKey?, temperature?, maxTokens?,
 * systemPrompt? }`. The type is the schema's (`modelConfigSchema`), so the rules and the type
 * cannot drift apart.
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
