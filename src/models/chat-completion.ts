import { ModelCallError } from '../errors/index.js'
import { quotedMessage } from '../errors/quoted-message.js'
import { withLinkedSignal } from '../internal/linked-signal.js'
import { sleep } from '../internal/sleep.js'
import { ANSWER_SINK, type AnswerSink, type DirectAnswer } from '../recordings/call-answer.js'
import { recordingErrorOf } from '../recordings/recording-error-of.js'
import type { ChatToolCall, ErrorCategory, ErrorStage, ReplayTally, Usage } from '../state/types.js'
import type { ChatRequest } from './chat-request.js'
import { type CallFailure, classifyCallError } from './classify-error.js'
import { type CreateMethod, clientFor, libraryEndpoint } from './client.js'
import {
  type CheckedCompletion,
  type CompletionCheck,
  checkDriverAnswer,
} from './completion-shape.js'
import type {
  ChatResponseFormat,
  ChatToolDefinition,
  DriverAnswer,
  DriverRequest,
  ModelDriver,
} from './driver.js'
import { baseURLOf, endpointOf } from './endpoint.js'
import { httpAttempt } from './http-call.js'
import type { ModelCalls } from './model-calls.js'
import { readBody } from './read-body.js'
import { defaultRetryPolicy, type RetryPolicy, retryDelayMs } from './retry-policy.js'
import type { ModelConfig } from './types.js'
import { type WireApi, wireApiOf } from './wire-api.js'

export type { ReplayTally } from '../state/types.js'
export type { ChatRequest } from './chat-request.js'

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

/**
 * Makes one model call with the library's retry loop, inside the run's limiter, to Chat
 * Completions or, with `api: 'responses'`, to the Responses API: through the config's driver,
 * else through the user's `client` (`client.chat.completions.create` / `client.responses.create`),
 * else over HTTP by the library itself, without the `openai` SDK (`httpAttempt`: the same request
 * the SDK would send, to the same URL). A call that still fails throws a `ModelCallError` with its
 * category (`rate_limit`, `timeout`, `recording`, …), naming the endpoint; a 2xx answer that is
 * not a usable completion is a `bad_response`. With a recording session, a call the library makes
 * itself asks the session first: a recorded success replays without any request, a miss fails
 * here, and anything else goes to the session's `fetch` (see docs/design.md, Recordings).
 */
export async function chatCompletion(
  config: ModelConfig,
  request: ChatRequest,
  context: {
    signal: AbortSignal
    stage: ErrorStage
    /** What the run's calls share (the limiter, the recording session). */
    calls: ModelCalls
    policy?: RetryPolicy | undefined
    replay?: ReplayTally | undefined
  },
): Promise<ChatResult> {
  const { signal, stage } = context
  const policy = context.policy ?? defaultRetryPolicy
  const api = wireApiOf(config)
  const body = api.body(config, request)
  const { limiter, recording } = context.calls
  // A call the library makes itself (no client, no driver) goes over HTTP without the SDK, to an
  // endpoint built once per base URL and key; its body is serialized once, for the recording and
  // for every attempt.
  const direct = config.client === undefined && config.driver === undefined
  const target = direct ? libraryEndpoint(config, recording) : undefined
  const text = direct ? JSON.stringify(body) : ''
  // A driver names itself: it has no base URL of the library's to show or key the limiter on.
  const endpoint = config.driver?.name ?? target?.endpoint ?? endpointOf(baseURLOf(config))
  const failed = (
    category: ErrorCategory,
    message: string,
    attempts: number,
    cause: unknown,
    status?: number,
  ) =>
    new ModelCallError(
      { category, stage, status, attempts, model: config.model, endpoint, message },
      cause,
    )
  /** A call that cannot be made at all (before any attempt): what is missing and how to fix it. */
  const notCallable = (message: string, fix: string) =>
    new ModelCallError(
      { category: 'unexpected', stage, attempts: 0, model: config.model, endpoint, message, fix },
      undefined,
    )
  if (target !== undefined && recording !== undefined) {
    const replayed: DirectAnswer | undefined = recording.replayDirect({
      url: `${target.base}${api.path}`,
      body: text,
      baseURL: target.baseURL,
    })
    if (replayed?.failure !== undefined) {
      // A miss or a call the session refuses: final, and the session keeps it for the test. Its
      // text is quoted without its docs line: the call's error names its own.
      const { failure } = replayed
      throw failed('recording', quotedMessage(failure) ?? '', 1, failure)
    }
    if (replayed?.body !== undefined) {
      // A recording made before responses were checked (or edited by hand) is checked on replay.
      const checked = api.check(replayed.body, undefined)
      if (!checked.ok) {
        throw failed('bad_response', `${checked.problem} (replayed)`, 1, replayed.body)
      }
      const replayedMs = replayed.replayedMs ?? 0
      if (context.replay !== undefined) {
        context.replay.calls += 1
        context.replay.recordedDurationMs += replayedMs
      }
      return toResult(checked.completion, 0, replayedMs)
    }
  }
  // Each attempt hands the recording `fetch` a sink of its own: the session's answer to this
  // attempt's call (its recorded latency, its error, a way to discard it) comes back there as data.
  let callOnce: (signal: AbortSignal, sink: AnswerSink) => Promise<Answer>
  if (config.driver !== undefined) {
    const driver = config.driver
    const driverRequest = toDriverRequest(config, request)
    callOnce = (callSignal) =>
      withLinkedSignal(callSignal, (linked) => driverAttempt(driver, driverRequest, linked))
  } else if (direct) {
    if (target === undefined) {
      throw notCallable(
        'there is no API key: the model config has no `apiKey` and OPENAI_API_KEY is not set',
        'Set OPENAI_API_KEY, or give the model config an `apiKey`.',
      )
    }
    const url = `${target.base}${api.path}`
    callOnce = async (callSignal, sink) => {
      const { data, response } = await httpAttempt(target, url, text, callSignal, sink)
      return answerOf(api, data, response, sink)
    }
  } else {
    const client = clientFor(config, recording)
    const method = api.method(client)
    if (method === undefined) {
      throw notCallable(
        `the model's client has no ${api.methodName}${api.name === 'responses' ? ", which api: 'responses' calls" : ''}`,
        api.name === 'responses'
          ? 'Pass an openai client (new OpenAI(...)) as `client`, or leave `api` out to call Chat Completions.'
          : 'Pass an openai client (new OpenAI(...)) as `client`.',
      )
    }
    // Only a recorded client's fetch reads the sink; any other call goes as it always did.
    callOnce = (callSignal, sink) =>
      withLinkedSignal(callSignal, (linked) =>
        create(method, api, body, linked, recording === undefined ? undefined : sink),
      )
  }

  return limiter.run(
    async () => {
      for (let attempt = 0; ; attempt++) {
        let answer: Answer
        const sink: AnswerSink = { answer: undefined }
        try {
          answer = await callOnce(signal, sink)
        } catch (error) {
          // The session's error for this call: in the error's cause chain, or — when the SDK
          // lost it on the way out — in the answer the session left for this attempt.
          const recordingFailure = recordingErrorOf(error) ?? sink.answer?.failure
          const failure: CallFailure =
            recordingFailure === undefined
              ? classifyCallError(error, signal.aborted)
              : {
                  ...classifyCallError(error, signal.aborted),
                  category: 'recording',
                  retryable: false,
                }
          if (!failure.retryable || attempt >= policy.maxRetries) {
            throw failed(
              failure.category,
              recordingFailure === undefined
                ? describeFailure(failure.category, failure.message, error)
                : (quotedMessage(recordingFailure) ?? ''),
              attempt + 1,
              recordingFailure ?? error,
              failure.status,
            )
          }
          const delay = retryDelayMs(policy, attempt, failure.retryAfterMs)
          // A rate limit applies to the endpoint, not to this call: calls to it not started yet
          // wait too. Calls to other endpoints go on.
          if (failure.category === 'rate_limit') limiter.pauseFor(delay, endpoint)
          try {
            await sleep(delay, signal)
            // Other calls' rate limits may have paused the endpoint longer than this one's wait.
            await limiter.waitOutPause(endpoint, signal)
          } catch (reason) {
            throw failed(
              'aborted',
              'aborted while waiting to retry',
              attempt + 1,
              reason,
              failure.status,
            )
          }
          continue
        }
        const checked = answer.checked
        if (!checked.ok) {
          // Never retried (the same server answers the same way) and never recorded: the
          // recorder drops the exchange it kept for this response.
          answer.sink?.answer?.discard()
          throw failed('bad_response', checked.problem, attempt + 1, answer.data, answer.status)
        }
        if (answer.replayedMs !== undefined && context.replay !== undefined) {
          context.replay.calls += 1
          context.replay.recordedDurationMs += answer.replayedMs
        }
        return toResult(checked.completion, attempt, answer.replayedMs)
      }
    },
    signal,
    endpoint,
  )
}

/**
 * What a failure says. The SDK says only "Connection error." for a call that reached nothing:
 * the reason (refused, unknown host, reset) is added from the error's causes.
 */
function describeFailure(category: ErrorCategory, message: string, error: unknown): string {
  if (category !== 'connection') return message
  const reason = rootReason(error)
  const text = message.trim().replace(/\.$/, '')
  return reason === undefined || text.includes(reason) ? text : `${text} (${reason})`
}

/** The innermost cause's code or message: `ECONNREFUSED`, `ENOTFOUND`, `other side closed`. */
function rootReason(error: unknown): string | undefined {
  let reason: string | undefined
  let current: unknown = (error as { cause?: unknown } | null)?.cause
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string') reason = code
    else if (typeof message === 'string' && message !== '') reason = message
    current = (current as { cause?: unknown }).cause
  }
  return reason
}

/** A 2xx answer to one attempt, checked, with what the response said about itself. */
interface Answer {
  checked: CompletionCheck
  data: unknown
  /** Where the recording `fetch` left the session's answer to this call, when it went through one. */
  sink: AnswerSink | undefined
  status: number | undefined
  replayedMs: number | undefined
}

/** The request in a driver's terms: the Chat Completions request and the config's sampling. */
function toDriverRequest(config: ModelConfig, request: ChatRequest): DriverRequest {
  return {
    messages: request.messages,
    // The library's own definitions: tools from the SDK's zod helper, formats from `zodResponseFormat`.
    tools: (request.tools ?? []) as ChatToolDefinition[],
    responseFormat: request.responseFormat as ChatResponseFormat | undefined,
    temperature: config.temperature,
    maxTokens: config.maxTokens,
  }
}

/** One attempt through a driver; what it returns is checked as a completion's parts are. */
async function driverAttempt(
  driver: ModelDriver,
  request: DriverRequest,
  signal: AbortSignal,
): Promise<Answer> {
  const answer: unknown = await driver.complete(request, { signal })
  return {
    checked: checkDriverAnswer(answer, driver.name),
    data: answer,
    sink: undefined,
    status: undefined,
    replayedMs: (answer as DriverAnswer | null)?.recordedDurationMs,
  }
}

/**
 * Makes the SDK call, with `sink` in the request's `fetchOptions` (the SDK spreads them into the
 * init its `fetch` gets), so the recording `fetch` leaves the session's answer to this call there.
 * The status and content type are read through the SDK's `withResponse()`. For an API whose
 * answers the SDK post-processes (`rawBody`), the body is read from `asResponse()` instead, so a
 * body that is no answer is named by the check, not lost in a TypeError.
 */
async function create(
  method: CreateMethod,
  api: WireApi,
  body: object,
  signal: AbortSignal,
  sink: AnswerSink | undefined,
): Promise<Answer> {
  const options =
    sink === undefined ? { signal } : { signal, fetchOptions: { [ANSWER_SINK]: sink } }
  const pending = method.create(body, options) as Promise<unknown> & {
    withResponse?: () => Promise<{ data: unknown; response: Response }>
    asResponse?: () => Promise<Response>
  }
  if (api.rawBody && typeof pending.asResponse === 'function') {
    const response = await pending.asResponse()
    return answerOf(api, await readBody(response), response, sink)
  }
  if (typeof pending.withResponse !== 'function') {
    const data = await pending
    return {
      checked: api.check(data, undefined),
      data,
      sink,
      status: undefined,
      replayedMs: sink?.answer?.replayedMs,
    }
  }
  const { data, response } = await pending.withResponse()
  return answerOf(api, data, response, sink)
}

/** A 2xx body checked, with its status and the recorded latency the session's answer gave. */
function answerOf(
  api: WireApi,
  data: unknown,
  response: Response,
  sink: AnswerSink | undefined,
): Answer {
  const contentType = response.headers.get('content-type') ?? undefined
  return {
    checked: api.check(data, contentType),
    data,
    sink,
    status: response.status,
    replayedMs: sink?.answer?.replayedMs,
  }
}

function toResult(
  completion: CheckedCompletion,
  retries: number,
  replayedMs: number | undefined,
): ChatResult {
  return {
    content: completion.content,
    toolCalls: completion.toolCalls,
    usage: completion.usage,
    retries,
    ...(replayedMs === undefined ? {} : { recordedDurationMs: replayedMs }),
  }
}
