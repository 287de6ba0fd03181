import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { readOptions } from '../internal/read-options.js'
import { guardStreams } from '../models/stream-cut.js'
import { type Fetch, isRecordingSession, type RecordingSession } from './session.js'

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
 */
export function recordingFetch(options: {
  recording: RecordingSource
  baseURL: () => string
  live: Fetch
}): Fetch {
  const read = readOptions(options, ['recording', 'baseURL', 'live'], 'recordingFetch(options)')
  const { recording, baseURL } = read
  if (!isRecordingSession(recording) && typeof recording !== 'function') {
    throw new InvalidArgumentError(
      `\`recording\` in recordingFetch(options) must be a RecordingSession or a function returning the current one, got ${describeValue(recording)}`,
    )
  }
  if (typeof baseURL !== 'function' || typeof read.live !== 'function') {
    throw new InvalidArgumentError(
      `recordingFetch(options) needs \`baseURL\` (a function returning the client's base URL) and \`live\` (the fetch that reaches the network), got ${describeValue(baseURL)} and ${describeValue(read.live)}`,
    )
  }
  // A stream cut midway names the endpoint instead of surfacing as a bare `TypeError: terminated`.
  const live = guardStreams(options.live, options.baseURL)
  return async (input, init = {}) => {
    const session = typeof recording === 'function' ? recording() : recording
    if (session === undefined) return live(input, init)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    // The SDK probes its fetch with `fetch('data:,')` before uploads: not a model call.
    if (!/^https?:/i.test(url)) return live(input, init)
    return session.handle({ url, init, baseURL: options.baseURL(), live })
  }
}
