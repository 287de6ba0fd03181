import type { ChatMessage, ChatToolCall, Usage } from '../state/types.js'

/** A function tool as the library offers it to a model (Chat Completions shape). */
export interface ChatToolDefinition {
  type: 'function'
  function: {
    name: string
    description?: string | undefined
    /** The arguments' JSON Schema. */
    parameters: Record<string, unknown>
    strict?: boolean | undefined
  }
}

/** A structured-output request (Chat Completions `response_format` shape). */
export interface ChatResponseFormat {
  type: 'json_schema'
  json_schema: {
    name: string
    /** The JSON Schema the answer must follow. */
    schema: Record<string, unknown>
    strict?: boolean | undefined
  }
}

/**
 * One call the library asks a driver to make: the conversation, the tools the model may call
 * (it must not run them: the library runs them and calls again), and the structured output wanted.
 */
export interface DriverRequest {
  messages: readonly ChatMessage[]
  tools: readonly ChatToolDefinition[]
  responseFormat?: ChatResponseFormat | undefined
  temperature?: number | undefined
  maxTokens?: number | undefined
}

/** A driver's answer: the text (the JSON text for structured output), the tool calls, the tokens. */
export interface DriverAnswer {
  content: string | null
  toolCalls: ChatToolCall[]
  usage: Usage
  /** Set when the call was answered from a recording: the latency it had when recorded. */
  recordedDurationMs?: number | undefined
}

/**
 * How a model config reaches a model other than through an `openai` client: an adapter's
 * (`aiSdkModel(…)` from `vitest-scenario/ai-sdk`). The library still owns the retries, the
 * limiter and the tool loop; a driver makes one attempt of one call. A failed attempt throws an
 * error carrying the HTTP `status` and `headers` when there was a response, so it is classified
 * (and retried) like an `openai` client's.
 */
export interface ModelDriver {
  /** Names the driver in messages and keys the limiter, e.g. `ai-sdk:openai.chat`. */
  readonly name: string
  complete(request: DriverRequest, options: { signal: AbortSignal }): Promise<DriverAnswer>
}
