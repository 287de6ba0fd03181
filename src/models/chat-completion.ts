import { ModelCallError } from '../errors/index.js'
import { sleep } from '../internal/sleep.js'
import type { ChatMessage, ChatToolCall, ErrorStage, Usage } from '../state/types.js'
import { classifyCallError } from './classify-error.js'
import { clientFor } from './client.js'
import { processLimiter } from './limiter.js'
import { withLinkedSignal } from './linked-signal.js'
import { defaultRetryPolicy, type RetryPolicy, retryDelayMs } from './retry-policy.js'
import type { ModelConfig } from './types.js'

/** One Chat Completions request as the library makes it. */
export interface ChatRequest {
  messages: readonly ChatMessage[]
  tools?: object[] | undefined
  responseFormat?: object | undefined
}

/** What a completed call gives back. */
export interface ChatResult {
  content: string | null
  toolCalls: ChatToolCall[]
  usage: Usage
  /** Retries that were needed (0 when the first attempt succeeded). */
  retries: number
}

interface RawCompletion {
  choices?: { message?: { content?: string | null; tool_calls?: ChatToolCall[] } }[]
  usage?: {
    prompt_tokens?: number
    completion_tokens?: number
    prompt_tokens_details?: { cached_tokens?: number } | null
  } | null
}

/**
 * Makes one Chat Completions call with the library's retry loop, inside the process-wide limiter
 * (SPEC section 6). A call that still fails throws a `ModelCallError` with the SPEC category.
 */
export async function chatCompletion(
  config: ModelConfig,
  request: ChatRequest,
  context: { signal: AbortSignal; stage: ErrorStage; policy?: RetryPolicy | undefined },
): Promise<ChatResult> {
  const { signal, stage } = context
  const policy = context.policy ?? defaultRetryPolicy
  const client = await clientFor(config)
  const body: Record<string, unknown> = { model: config.model, messages: request.messages }
  if (config.temperature !== undefined) body.temperature = config.temperature
  if (config.maxTokens !== undefined) body.max_tokens = config.maxTokens
  if (request.tools !== undefined && request.tools.length > 0) body.tools = request.tools
  if (request.responseFormat !== undefined) body.response_format = request.responseFormat

  return processLimiter.run(async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const completion = (await withLinkedSignal(signal, (callSignal) =>
          client.chat.completions.create(body, { signal: callSignal }),
        )) as RawCompletion
        return toResult(completion, attempt)
      } catch (error) {
        const failure = classifyCallError(error, signal.aborted)
        if (!failure.retryable || attempt >= policy.maxRetries) {
          throw new ModelCallError(
            {
              category: failure.category,
              stage,
              status: failure.status,
              attempts: attempt + 1,
              model: config.model,
              message: failure.message,
            },
            error,
          )
        }
        const delay = retryDelayMs(policy, attempt, failure.retryAfterMs)
        // A rate limit applies to the endpoint, not to this call: calls not started yet wait too.
        if (failure.category === 'rate_limit') processLimiter.pauseFor(delay)
        try {
          await sleep(delay, signal)
        } catch (reason) {
          throw new ModelCallError(
            {
              category: 'aborted',
              stage,
              status: failure.status,
              attempts: attempt + 1,
              model: config.model,
              message: 'aborted while waiting to retry',
            },
            reason,
          )
        }
      }
    }
  }, signal)
}

function toResult(completion: RawCompletion, retries: number): ChatResult {
  const message = completion.choices?.[0]?.message
  const usage = completion.usage
  return {
    content: message?.content ?? null,
    toolCalls: message?.tool_calls ?? [],
    usage: {
      input: usage?.prompt_tokens ?? 0,
      output: usage?.completion_tokens ?? 0,
      cached: usage?.prompt_tokens_details?.cached_tokens ?? 0,
    },
    retries,
  }
}
