import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { RecordingError, RecordingMissingError } from '../errors/index.js'
import { liveKeys, rememberLiveKey } from '../secrets/live-keys.js'
import { recordingFileError } from './file-system-error.js'
import { missReport } from './miss-report.js'
import type { RecordingMode } from './mode.js'
import {
  normalizeRequest,
  type RecordedRequest,
  type RedactHook,
  requestKey,
} from './normalize-request.js'
import {
  isEventStream,
  type RecordedResponse,
  recordBody,
  replayResponse,
} from './recorded-response.js'
import {
  parseRecording,
  RECORDING_FORMAT_VERSION,
  RECORDING_KEY_VERSION,
  RECORDING_KIND,
  type RecordedInteraction,
  type RecordingFile,
  serializeRecording,
} from './recording-file.js'
import { maskSecrets, redactRecording, secretRules } from './secrets.js'
import type { Json } from './stable-json.js'
import { removeFile, writeFileAtomic } from './write-atomic.js'

/** A `fetch` as the SDK calls it. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** The response header that marks a replayed call; its value is the recorded duration in ms. */
export const REPLAYED_HEADER = 'x-vitest-scenario-replayed-ms'
/** The response header of a synthetic failure: a miss, or a call that could not be recorded. */
export const FAILURE_HEADER = 'x-vitest-scenario-recording-failure'
/** The key clients are built with when none is set: enough to replay, refused for recording. */
export const NO_KEY = 'vitest-scenario-no-api-key'

/** One test's recorder: where its file is and how it is used. */
export interface RecorderOptions {
  /** The recording file's absolute path. */
  file: string
  /** The file as messages show it (relative to the Vitest root). */
  displayFile: string
  /** The test's full name: describe chain and name joined with ` > `. */
  test: string
  mode: RecordingMode
  /** The command that re-records this test, for miss reports. */
  command: string
  redact?: RedactHook | undefined
  allowSecrets?: readonly string[] | undefined
  /**
   * When set, every call fails with this error and nothing is replayed or written: the test may
   * not use its recording (another test of its file has the same full name).
   */
  refuse?: Error | undefined
}

/** One model call the recorder sees, with the client's base URL and its live `fetch`. */
export interface RecorderCall {
  url: string
  init: RequestInit
  baseURL: string
  live: Fetch
}

/** What a test's recording did, for the reporter and for task meta. */
export interface RecordingSummary {
  file: string
  mode: RecordingMode
  replayed: number
  recorded: number
  misses: number
  written: boolean
  deleted: boolean
  /** How many samples the test ran, each with its own recording (`samples: n` scenarios). */
  samples?: number
}

/** A call as this test made it: replayed from the file, or recorded live (possibly still streaming). */
interface Call {
  interaction: RecordedInteraction | undefined
  live: boolean
  pending?: Promise<void>
}

/**
 * Records and replays the model calls of one test (SPEC section 10). Calls are matched on their
 * normalized request and how many times that request came before in the test; a miss is
 * answered with a response no SDK retries, and is kept so the test fails even if the app
 * swallowed the error.
 */
export class Recorder {
  readonly options: RecorderOptions
  /** Misses and calls that could not be recorded, in order; the test fails with them. */
  readonly failures: Error[] = []
  #loaded = false
  #existing: RecordingFile | undefined
  #byKey = new Map<string, RecordedInteraction[]>()
  #seen = new Map<string, number>()
  #used = new Set<RecordedInteraction>()
  #calls: Call[] = []
  #diverged = false
  #liveKeys = new Set<string>()
  #failureIds = new Map<string, Error>()
  #finished = false
  /** The call behind each response this recorder handed out, so the caller can discard it. */
  #byResponse = new WeakMap<Response, { call: Call; key: string; occurrence: number }>()
  /** Exchanges left out of the recording because they were not usable answers. */
  #discarded = 0

  constructor(options: RecorderOptions) {
    this.options = options
  }

  /** The error behind a synthetic failure response, by the id its header carries. */
  failureFor(id: string): Error | undefined {
    return this.#failureIds.get(id)
  }

  /** Answers one model call: replayed, recorded live, or a miss. */
  async handle(call: RecorderCall): Promise<Response> {
    const { mode } = this.options
    if (this.options.refuse !== undefined) return this.#fail(this.options.refuse)
    let request: RecordedRequest
    try {
      request = normalizeRequest(call.url, call.init, call.baseURL, this.options.redact)
    } catch (error) {
      return this.#fail(
        new RecordingError(
          {
            what: `Model call cannot be recorded: ${(error as Error).message}`,
            subjects: [`recording: ${this.options.displayFile}`],
            fix: 'Recordings key on JSON request bodies; make this call outside the recorded test, or set VITEST_SCENARIO_RECORD=off.',
          },
          this.options.file,
          { cause: error },
        ),
      )
    }
    const loadError = this.#load()
    if (loadError !== undefined) return this.#fail(loadError)
    const key = requestKey(request)
    const occurrence = this.#seen.get(key) ?? 0
    this.#seen.set(key, occurrence + 1)
    const recorded = mode === 'rerecord' ? undefined : this.#byKey.get(key)?.[occurrence]
    const existing = this.#existing
    if (recorded !== undefined && !this.#diverged) {
      this.#used.add(recorded)
      const replayedCall: Call = { interaction: recorded, live: false }
      this.#calls.push(replayedCall)
      const replayed = replayResponse(recorded.response, {
        [REPLAYED_HEADER]: String(recorded.durationMs),
      })
      this.#byResponse.set(replayed, { call: replayedCall, key, occurrence })
      return replayed
    }
    const mayRecord =
      mode === 'all' ||
      mode === 'rerecord' ||
      (mode === 'new' && (existing === undefined || existing.status === 'partial'))
    if (!mayRecord) {
      this.#seen.set(key, occurrence)
      return this.#fail(this.#miss(request, missReason(mode, existing)))
    }
    this.#diverged = existing !== undefined
    return this.#record(call, request, key, occurrence)
  }

  /**
   * Replays a call without an HTTP round trip, when a recorded interaction with a JSON success
   * body matches: the library's own calls use it, so replaying loads no SDK and builds no request.
   * Anything else (a miss, an error response, a stream, a call to record) returns `undefined`
   * and changes nothing: the call then goes through the SDK and `handle`, as any other.
   */
  replayDirect(call: {
    url: string
    body: string
    baseURL: string
  }): { body: Json; durationMs: number } | undefined {
    if (
      this.options.mode === 'rerecord' ||
      this.options.refuse !== undefined ||
      this.#diverged ||
      this.#load() !== undefined
    ) {
      return undefined
    }
    let key: string
    try {
      key = requestKey(
        normalizeRequest(
          call.url,
          { method: 'POST', body: call.body },
          call.baseURL,
          this.options.redact,
        ),
      )
    } catch {
      return undefined
    }
    const occurrence = this.#seen.get(key) ?? 0
    const recorded = this.#byKey.get(key)?.[occurrence]
    const { response } = recorded ?? {}
    if (
      recorded === undefined ||
      response === undefined ||
      response.body === undefined ||
      response.status < 200 ||
      response.status > 299
    ) {
      return undefined
    }
    this.#seen.set(key, occurrence + 1)
    this.#used.add(recorded)
    this.#calls.push({ interaction: recorded, live: false })
    return { body: response.body, durationMs: recorded.durationMs }
  }

  /**
   * Leaves the exchange behind `response` (a response this recorder returned) out of the
   * recording: the caller found it was no usable answer (no choices, content that is not text),
   * which only the model layer can tell. It is never written, not even to a partial recording,
   * and the recording is marked `partial` since it lacks a call the test made. Any other
   * response is ignored.
   */
  discard(response: Response): void {
    const entry = this.#byResponse.get(response)
    if (entry === undefined) return
    this.#byResponse.delete(response)
    this.#drop(entry.call, entry.key, entry.occurrence)
  }

  /** Takes a call out of the recording; its request counts as not made, for the occurrence keys. */
  #drop(call: Call, key: string, occurrence: number): void {
    const index = this.#calls.indexOf(call)
    if (index === -1) return
    this.#calls.splice(index, 1)
    if (call.interaction !== undefined && !call.live) this.#used.delete(call.interaction)
    call.interaction = undefined
    if (this.#seen.get(key) === occurrence + 1) this.#seen.set(key, occurrence)
    this.#discarded += 1
  }

  /** Whether `finish` ran: a finished recorder takes no more calls (they are outside its test). */
  get finished(): boolean {
    return this.#finished
  }

  /** Writes (or deletes) the recording after the test; returns what happened. */
  async finish(testFailed: boolean): Promise<RecordingSummary> {
    this.#finished = true
    await Promise.all(this.#calls.map((c) => c.pending))
    const { mode, file } = this.options
    const summary: RecordingSummary = {
      file: this.options.displayFile,
      mode,
      replayed: this.#calls.filter((c) => !c.live).length,
      recorded: this.#calls.filter((c) => c.live && c.interaction !== undefined).length,
      misses: this.failures.filter((f) => f instanceof RecordingMissingError).length,
      written: false,
      deleted: false,
    }
    if (mode === 'replay' || mode === 'off') return summary
    // After a miss nothing is written, unless calls were recorded live before it: those were paid
    // for, and are kept as a partial recording the next run continues.
    if (this.failures.length > 0 && summary.recorded === 0) return summary
    const interactions = this.#calls.flatMap((c) =>
      c.interaction === undefined ? [] : [c.interaction],
    )
    if (interactions.length === 0) {
      // A test that now makes no model call: under -u its old recording goes; otherwise it stays.
      // A test whose only calls were discarded did make calls: its recording stays.
      if (mode === 'all' && !testFailed && this.#discarded === 0 && this.#existing !== undefined) {
        try {
          removeFile(file)
        } catch (error) {
          throw recordingFileError('deleted', file, this.options.displayFile, error)
        }
        summary.deleted = true
      }
      return summary
    }
    const recordedLive = summary.recorded > 0
    if (mode === 'new' && !recordedLive && !(this.#existing?.status === 'partial' && !testFailed)) {
      return summary
    }
    const next: RecordingFile = {
      kind: RECORDING_KIND,
      formatVersion: RECORDING_FORMAT_VERSION,
      keyVersion: RECORDING_KEY_VERSION,
      test: this.options.test,
      status:
        testFailed || this.failures.length > 0 || this.#discarded > 0 ? 'partial' : 'complete',
      interactions:
        mode === 'new' && this.#existing !== undefined && !recordedLive
          ? this.#existing.interactions
          : interactions,
    }
    const redacted = redactRecording(next, {
      file: this.options.displayFile,
      rules: secretRules([...this.#liveKeys, ...liveKeys()]),
      redact: this.options.redact,
      allowSecrets: this.options.allowSecrets,
    })
    try {
      summary.written = writeFileAtomic(file, serializeRecording(redacted))
    } catch (error) {
      // A read-only folder or a full disk: the old file (if any) is intact, the test fails.
      throw recordingFileError('written', file, this.options.displayFile, error)
    }
    return summary
  }

  /** Reads the recording file once; a broken file is an error in the modes that would use it. */
  #load(): RecordingError | undefined {
    if (this.#loaded) return undefined
    let text: string | undefined
    try {
      text = readFileSync(this.options.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        // EACCES, ENOTDIR (a folder of the path is a file), …: in words, with the fix.
        return recordingFileError('read', this.options.file, this.options.displayFile, error)
      }
    }
    if (text !== undefined) {
      try {
        this.#existing = parseRecording(text, this.options.displayFile)
      } catch (error) {
        // Under -u and rerecord the file is replaced anyway; otherwise a broken file stops the test.
        if (this.options.mode !== 'all' && this.options.mode !== 'rerecord') {
          return error as RecordingError
        }
      }
    }
    this.#loaded = true
    for (const interaction of this.#existing?.interactions ?? []) {
      const key = requestKey(interaction.request)
      const list = this.#byKey.get(key) ?? []
      list.push(interaction)
      this.#byKey.set(key, list)
    }
    return undefined
  }

  async #record(
    call: RecorderCall,
    request: RecordedRequest,
    key: string,
    occurrence: number,
  ): Promise<Response> {
    const headers = new Headers(call.init.headers)
    const key_ = bearer(headers)
    if (key_ === undefined || key_ === '' || key_ === NO_KEY) {
      this.#seen.set(key, occurrence)
      return this.#fail(
        new RecordingError(
          {
            what: `Recording needs an API key, and this call has none (mode: ${this.options.mode})`,
            subjects: [
              `recording: ${this.options.displayFile}`,
              `request: ${request.method} ${request.path}`,
            ],
            fix: 'Set the key (OPENAI_API_KEY, or apiKey in the model config) to record; replaying never needs one. In CI, commit the recording.',
          },
          this.options.file,
        ),
      )
    }
    this.#liveKeys.add(key_)
    rememberLiveKey(key_)
    const slot: Call = { interaction: undefined, live: true }
    this.#calls.push(slot)
    const started = performance.now()
    let response: Response
    try {
      response = await call.live(call.url, call.init)
    } catch (error) {
      // A connection failure: the retry is the same call again, not its next occurrence.
      this.#seen.set(key, occurrence)
      this.#calls.splice(this.#calls.indexOf(slot), 1)
      throw error
    }
    if (transient(response)) {
      // The library (or the SDK) retries it; only the final answer belongs in the recording.
      this.#seen.set(key, occurrence)
      this.#calls.splice(this.#calls.indexOf(slot), 1)
      return response
    }
    const previous = this.#byKey.get(key)?.[occurrence]
    const keep = (response_: RecordedResponse) => {
      // Re-recording an unchanged exchange keeps its old duration: an unchanged conversation
      // rewrites no byte.
      const same =
        previous !== undefined && JSON.stringify(previous.response) === JSON.stringify(response_)
      const durationMs = Math.round(performance.now() - started)
      slot.interaction = {
        request,
        response: response_,
        durationMs: same ? previous.durationMs : durationMs,
      }
    }
    if (isEventStream(response.headers) && response.body !== null) {
      const [forCaller, forRecording] = response.body.tee()
      slot.pending = new Response(forRecording)
        .text()
        .then((text) => keep(recordBody(response.status, response.headers, text)))
        .catch(() => {
          // A stream cut midway is no answer: the caller gets the error, the recording nothing.
          this.#drop(slot, key, occurrence)
        })
      const streamed = new Response(forCaller, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
      this.#byResponse.set(streamed, { call: slot, key, occurrence })
      return streamed
    }
    const text = await response.text()
    if (unusableSuccess(response, text)) {
      // A 2xx that is no API answer (a proxy's HTML page, JSON sent as text, an error body) is
      // never recorded: replayed, it would stand in for the model forever.
      this.#drop(slot, key, occurrence)
    } else {
      keep(recordBody(response.status, response.headers, text))
    }
    const answered = new Response(text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
    this.#byResponse.set(answered, { call: slot, key, occurrence })
    return answered
  }

  #miss(request: RecordedRequest, reason: string): RecordingMissingError {
    const unused = (this.#existing?.interactions ?? [])
      .filter((i) => !this.#used.has(i))
      .map((i) => i.request)
    const report = missReport({
      file: this.options.displayFile,
      mode: this.options.mode,
      test: this.options.test,
      reason,
      callIndex: this.#calls.length + this.failures.length,
      request,
      unused,
      command: this.options.command,
    })
    const mask = (text: string) => maskSecrets(text, this.#liveKeys)
    const masked = {
      what: mask(report.what),
      subjects: report.subjects?.map(mask),
      details: report.details === undefined ? undefined : mask(report.details),
      fix: report.fix === undefined ? undefined : mask(report.fix),
    }
    return new RecordingMissingError(masked, {
      file: this.options.file,
      mode: this.options.mode,
    })
  }

  /** Keeps `error` for the test and answers with a response no SDK retries. */
  #fail(error: Error): Response {
    this.failures.push(error)
    const id = randomUUID()
    this.#failureIds.set(id, error)
    return failureResponse(error.message, id)
  }
}

/**
 * The synthetic answer to a call that has no recording (or cannot be recorded): status 599, a
 * code no API uses, with `x-should-retry: false` so no SDK retries it, and the id of the error
 * behind it in a marker header.
 */
export function failureResponse(message: string, id: string): Response {
  return new Response(JSON.stringify({ error: { type: 'recording_missing', message } }), {
    status: 599,
    headers: {
      'content-type': 'application/json',
      'x-should-retry': 'false',
      [FAILURE_HEADER]: id,
    },
  })
}

function missReason(mode: RecordingMode, existing: RecordingFile | undefined): string {
  if (existing === undefined) return 'no recording file exists'
  if (mode === 'new') {
    return 'the recording is complete and no recorded request matches this one (did the prompt, model or options change?)'
  }
  return 'no recorded request matches this one'
}

/** The credential a request carries: the bearer token, or Azure's `api-key`. */
function bearer(headers: Headers): string | undefined {
  const authorization = headers.get('authorization')
  if (authorization !== null) return authorization.replace(/^Bearer\s+/i, '').trim()
  return headers.get('api-key') ?? undefined
}

/**
 * A 2xx response that cannot be an API answer: a body that is neither JSON nor an event stream
 * (HTML from a proxy, JSON sent as `text/plain`), JSON that does not parse, or a JSON body with a
 * top-level `error`.
 */
function unusableSuccess(response: Response, text: string): boolean {
  if (response.status < 200 || response.status > 299) return false
  // No content is a complete answer where an API sends it (never for a completion).
  if ((response.status === 204 || response.status === 205) && text === '') return false
  const type = (response.headers.get('content-type') ?? '').toLowerCase()
  if (!type.includes('json')) return true
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return true
  }
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { error?: unknown }).error !== undefined &&
    (body as { error?: unknown }).error !== null
  )
}

/** Responses the SDK or the library retries: never recorded (design/recordings.md 5.7). */
function transient(response: Response): boolean {
  const shouldRetry = response.headers.get('x-should-retry')
  if (shouldRetry === 'true') return true
  if (shouldRetry === 'false') return false
  const { status } = response
  return status === 408 || status === 409 || status === 429 || status >= 500
}
