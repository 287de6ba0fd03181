import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/option-keys.js'
import { answerSinkOf, type Fetch } from './call-answer.js'
import { currentCallObserver } from './call-observer.js'
import { fetchInit } from './fetch-init.js'
import { isRecordingSession, type RecordingSession } from './session.js'
import { guardStreams } from './stream-cut.js'

/**
 * The session a recording `fetch` answers through: one session, or a function that finds the
 * current one (a host's, e.g. the test running in this async context) and returns `undefined`
 * when calls go live unrecorded.
 */
export type RecordingSource = RecordingSession | (() => RecordingSession | undefined)

/**
 * A `fetch` for an SDK's `fetch` option that sends each call to a recording session (replay,
 * record or miss), and straight to `live` when the source gives none. Nothing global is patched:
 * only clients built or wrapped with it are recorded. A miss or a refusal is thrown as the
 * session's `RecordingError` family error (an SDK wraps it, e.g. openai's `APIConnectionError`
 * with it as `cause`).
 *
 * A call made while an agent under test answers a turn is counted in that turn's
 * `usage.answering` (unless the agent reports its own `usage`): live, recorded or replayed (a
 * replayed call marks the turn `replayed`). The tokens are read from the response as the agent
 * reads it (Chat Completions, the Responses API, Anthropic Messages; JSON or an event stream).
 *
 * The session's answer to each call is data (`SessionAnswer`): the fetch hands the SDK the
 * response, or throws the session's error when there is none, and leaves the whole answer in the
 * call's `AnswerSink` when the call carries one (the library's own calls through an SDK read the
 * recorded latency and the session's error of their call there).
 */
export function recordingFetch(options: {
  recording: RecordingSource
  /**
   * The client's base URL (given the request's URL): requests are recorded by their path below
   * it, so a recording replays against another host or port.
   */
  baseURL: (url: string) => string
  live: Fetch
}): Fetch {
  return sessionFetch(options, 'recordingFetch(options)', true)
}

/**
 * The same `fetch` for the clients the library builds itself: their calls are the run's own
 * (answering model, parsing model, judges), whose usage the run reads from each completion, so
 * they are never counted as an agent's.
 */
export function libraryFetch(options: RecordingFetchOptions): Fetch {
  return sessionFetch(options, 'libraryFetch(options)', false)
}

/** What `recordingFetch` takes. */
type RecordingFetchOptions = Parameters<typeof recordingFetch>[0]

function sessionFetch(options: RecordingFetchOptions, call: string, counts: boolean): Fetch {
  const read = parseOptionKeys(options, ['recording', 'baseURL', 'live'], {
    where: call,
    fix: OPTIONS_FIX,
  })
  const { recording, baseURL } = read
  if (!isRecordingSession(recording) && typeof recording !== 'function') {
    throw new InvalidArgumentError(
      `\`recording\` in ${call} must be a RecordingSession or a function returning the current one, got ${describeValue(recording)}`,
    )
  }
  if (typeof baseURL !== 'function' || typeof read.live !== 'function') {
    throw new InvalidArgumentError(
      `${call} needs \`baseURL\` (a function returning the client's base URL) and \`live\` (the fetch that reaches the network), got ${describeValue(baseURL)} and ${describeValue(read.live)}`,
    )
  }
  // A stream cut midway names the endpoint instead of surfacing as a bare `TypeError: terminated`.
  const live = guardStreams(options.live, options.baseURL)
  const answer = async (input: string | URL | Request, init: RequestInit) => {
    const session = typeof recording === 'function' ? recording() : recording
    if (session === undefined) return { response: await live(input, init), replayedMs: undefined }
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    // The SDK probes its fetch with `fetch('data:,')` before uploads: not a model call.
    if (!/^https?:/i.test(url)) return { response: await live(input, init), replayedMs: undefined }
    const sink = answerSinkOf(init)
    // A `Request`'s headers and body, and a form body, as the session reads and sends them.
    const call = fetchInit(input, init)
    const callInit = call instanceof Promise ? await call : call
    const answered = await session.answer({
      url,
      init: callInit,
      baseURL: options.baseURL(url),
      live,
    })
    if (sink !== undefined) sink.answer = answered
    if (answered.response === undefined) throw answered.failure
    return { response: answered.response, replayedMs: answered.replayedMs }
  }
  if (!counts) return async (input, init = {}) => (await answer(input, init)).response
  return async (input, init = {}) => {
    // Read before the call: the observer of the context that made it.
    const observer = currentCallObserver()
    const { response, replayedMs } = await answer(input, init)
    return observer === undefined ? response : observer.observe(response, replayedMs)
  }
}
