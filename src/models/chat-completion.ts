import { ModelCallError } from '../errors/index.js'
import { sleep } from '../internal/sleep.js'
import { REPLAYED_HEADER } from '../recordings/recorder.js'
import { recordingFailureOf } from '../recordings/recording-failure.js'
import { recordingRouter } from '../recordings/router.js'
import type { ChatMessage, ChatToolCall, ErrorStage, Usage } from '../state/types.js'
import { classifyCallError } from './classify-error.js'
import { type ChatClient, clientFor } from './client.js'
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

/** The replayed calls of one turn: how many, and their recorded latency summed. */
export interface ReplayTally {
  calls: number
  recordedDurationMs: number
}

/** What a completed call gives back. */
export interface ChatResult {
  content: string | null
  toolCalls: ChatToolCall[]
  usage: Usage
  /** Retries that were needed (0 when the first attempt succeeded). */
  retries: number
  /** Set when the call was replayed from a recording: the latency it had when recorded. */
  recordedDurationMs?: number
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
  context: {
    signal: AbortSignal
    stage: ErrorStage
    policy?: RetryPolicy | undefined
    replay?: ReplayTally | undefined
  },
): Promise<ChatResult> {
  const { signal, stage } = context
  const policy = context.policy ?? defaultRetryPolicy
  const body: Record<string, unknown> = { model: config.model, messages: request.messages }
  if (config.temperature !== undefined) body.temperature = config.temperature
  if (config.maxTokens !== undefined) body.max_tokens = config.maxTokens
  if (request.tools !== undefined && request.tools.length > 0) body.tools = request.tools
  if (request.responseFormat !== undefined) body.response_format = request.responseFormat
  const replayed = config.client === undefined ? replayDirect(config, body) : undefined
  if (replayed !== undefined) {
    if (context.replay !== undefined) {
      context.replay.calls += 1
      context.replay.recordedDurationMs += replayed.durationMs
    }
    return toResult(replayed.body as RawCompletion, 0, replayed.durationMs)
  }
  const client = await clientFor(config)

  return processLimiter.run(async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const { data, replayedMs } = await withLinkedSignal(signal, (callSignal) =>
          create(client, body, callSignal),
        )
        if (replayedMs !== undefined && context.replay !== undefined) {
          context.replay.calls += 1
          context.replay.recordedDurationMs += replayedMs
        }
        return toResult(data as RawCompletion, attempt, replayedMs)
      } catch (error) {
        const failure = classifyCallError(error, signal.aborted)
        const recordingFailure =
          failure.category === 'recording' ? recordingFailureOf(error) : undefined
        if (!failure.retryable || attempt >= policy.maxRetries) {
          throw new ModelCallError(
            {
              category: failure.category,
              stage,
              status: failure.status,
              attempts: attempt + 1,
              model: config.model,
              message: recordingFailure?.message ?? failure.message,
            },
            recordingFailure ?? error,
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

/** The default base URL of the `openai` SDK, when neither the config nor the environment sets one. */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1'

/**
 * A recorded answer to this call from the current test's recording, taken without the SDK (the
 * request is the one the SDK would send: the same JSON text to the same path).
 */
function replayDirect(
  config: ModelConfig,
  body: object,
): { body: unknown; durationMs: number } | undefined {
  const recorder = recordingRouter()?.current()
  if (recorder === undefined) return undefined
  const baseURL = config.baseURL ?? process.env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL
  return recorder.replayDirect({
    url: `${baseURL.replace(/\/+$/, '')}/chat/completions`,
    body: JSON.stringify(body),
    baseURL,
  })
}

/**
 * Makes the SDK call and reads the replay marker off the response headers, through the SDK's
 * `withResponse()` (a user's stand-in client without it is simply never marked as replayed).
 */
async function create(
  client: ChatClient,
  body: object,
  signal: AbortSignal,
): Promise<{ data: unknown; replayedMs: number | undefined }> {
  const pending = client.chat.completions.create(body, { signal }) as Promise<unknown> & {
    withResponse?: () => Promise<{ data: unknown; response: Response }>
  }
  if (typeof pending.withResponse !== 'function')
    return { data: await pending, replayedMs: undefined }
  const { data, response } = await pending.withResponse()
  const replayed = response.headers.get(REPLAYED_HEADER)
  return { data, replayedMs: replayed === null ? undefined : Number(replayed) }
}

function toResult(
  completion: RawCompletion,
  retries: number,
  replayedMs: number | undefined,
): ChatResult {
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
    ...(replayedMs === undefined ? {} : { recordedDurationMs: replayedMs }),
  }
}
