// What this adapter uses of the user's `ai` package, typed by shape: `ai` 6 and 7 both have it,
// and the adapter never names a type only one of them exports.

/** The functions of `ai` the adapter calls. */
export interface AiModule {
  /** Runs a model call with its tool loop (the options as `ai` takes them). */
  generateText(options: Record<string, unknown>): Promise<GenerateTextResultLike>
  /** The stop condition "at most `count` steps". */
  stepCountIs(count: number): unknown
  /** A JSON Schema as the AI SDK takes a schema (no validation of its own). */
  jsonSchema(schema: Record<string, unknown>): unknown
  /** Output specifications for structured output. */
  Output: {
    object(options: { schema: unknown; name?: string; description?: string }): unknown
  }
  /** The error `generateText` throws for a prompt it cannot take (`ai` 6 and 7 export it). */
  InvalidPromptError?: { isInstance(error: unknown): error is Error }
}

/**
 * `LanguageModelUsage`: the same fields in `ai` 6 and 7 (`ai` 6 also has the deprecated
 * `cachedInputTokens` and `reasoningTokens`, which `ai` 7 dropped).
 */
export interface UsageLike {
  inputTokens?: number | undefined
  outputTokens?: number | undefined
  inputTokenDetails?:
    | { cacheReadTokens?: number | undefined; cacheWriteTokens?: number | undefined }
    | undefined
  outputTokenDetails?: { reasoningTokens?: number | undefined } | undefined
  cachedInputTokens?: number | undefined
  reasoningTokens?: number | undefined
}

/** `LanguageModelResponseMetadata`, as far as the adapter reads it: the model that answered. */
export interface ResponseMetaLike {
  modelId?: string | undefined
}

/** A part of a step's `content`: the tool parts are read, the others (text, reasoning…) not. */
export interface ContentPartLike {
  type: string
  toolCallId?: string
  toolName?: string
  input?: unknown
  output?: unknown
  error?: unknown
}

/** One step of a `generateText` call: one model call, its usage and its response's model. */
export interface StepLike {
  content: readonly ContentPartLike[]
  /** This step's usage (the same in `ai` 6 and 7). */
  usage?: UsageLike | undefined
  response?: ResponseMetaLike | undefined
}

/** What a `generateText` call returns, as far as the adapter reads it. */
export interface GenerateTextResultLike {
  text: string
  steps: readonly StepLike[]
  /**
   * The sum over the steps in `ai` 6; a deprecated alias of `usage` in `ai` 7. The adapter sums
   * the steps' own usage instead (see `resultUsage`).
   */
  totalUsage?: UsageLike | undefined
  /** The last step's usage in `ai` 6, the sum over the steps in `ai` 7. */
  usage?: UsageLike | undefined
  /** The last step's tool calls. */
  toolCalls: readonly ContentPartLike[]
  /** The structured output, when asked for (a getter: read only then). */
  output?: unknown
  /**
   * `ai` 7: the assistant and tool messages of every step (its `response.messages` holds only the
   * last step's). `ai` 6 has no such field.
   */
  responseMessages?: readonly unknown[] | undefined
  response: ResponseMetaLike & {
    /** The assistant and tool messages: of every step in `ai` 6, of the last step in `ai` 7. */
    messages: readonly unknown[]
    headers?: Record<string, string> | undefined
  }
}
