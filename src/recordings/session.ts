import { basename, dirname, join } from 'node:path'
import {
  InvalidArgumentError,
  RecordingBadResponseError,
  RecordingError,
  RecordingMissingError,
} from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../internal/options-schema.js'
import { sendLive } from '../seal/live-send.js'
import { liveKeys, rememberLiveKey } from '../secrets/live-keys.js'
import { type AnswerProblem, answerProblem } from './answer-check.js'
import { transient } from './exchange.js'
import { recordingFileError } from './file-system-error.js'
import { type Decision, type MatchState, match } from './match.js'
import { missReport, type RenameCandidate } from './miss-report.js'
import { isRecordingMode, type RecordingMode } from './mode.js'
import type { RecordedRequest, RedactHook } from './normalize-request.js'
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
import { requestCredentials } from './request-credentials.js'
import { RequestKeys } from './request-key.js'
import { RequestNormalizer } from './request-normalizer.js'
import { maskSecrets, redactRecording, secretRules } from './secrets.js'
import type { Json } from './stable-json.js'
import { fileSystemStore, type RecordingStore } from './store.js'
import { recordingFileName } from './test-id.js'

/** A `fetch` as the SDK calls it. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** The response header that marks a replayed call; its value is the recorded duration in ms. */
export const REPLAYED_HEADER = 'x-vitest-scenario-replayed-ms'

export { PLACEHOLDER_KEY } from './request-credentials.js'

/** What a host gives a session: one test's recording (or one sample's) and how it is used. */
export interface RecordingSessionOptions {
  /** The recording file's path, as the store knows it (absolute for the file-system store). */
  file: string
  /** The file as messages show it (relative to the test runner's root). */
  displayFile: string
  /** The test's full name: describe chain and name joined with ` > `. */
  test: string
  /** How the recording is used; `off` means no session at all. */
  mode: Exclude<RecordingMode, 'off'>
  /** The command that re-records this test, for miss reports. */
  command: string
  redact?: RedactHook | undefined
  allowSecrets?: readonly string[] | undefined
  /**
   * When set, every call fails with this error and nothing is replayed or written: the test may
   * not use its recording (another test of its file has the same full name), or the call was
   * made outside any test.
   */
  refuse?: Error | undefined
  /** Where recordings are read and written. @default fileSystemStore */
  store?: RecordingStore | undefined
  /**
   * The recording ids (`recordingTestId`) of every test of this test file, run or not, or
   * `undefined` when the host cannot tell. Asked only when a call finds no recording file to
   * replay: the `.json` files of the recording's folder that none of these tests owns are named
   * in the miss report as this test's recording under an old name (a renamed test). Without it
   * the report names none.
   *
   * @example
   * fileTestIds: () => new Set(testsOfFile.map((names) => recordingTestId(names)))
   */
  fileTestIds?: (() => ReadonlySet<string> | undefined) | undefined
}

/** One model call a session answers: the SDK's `fetch` arguments, its base URL and its live `fetch`. */
export interface SessionCall {
  url: string
  init: RequestInit
  baseURL: string
  live: Fetch
}

/** A call the library makes itself, asked without an SDK: the JSON body it would send, and where. */
export interface DirectCall {
  url: string
  body: string
  baseURL: string
}

/** A recording of the folder no test of the file owns: read once, at the first miss that asks. */
interface Unowned {
  /** The file as messages show it. */
  file: string
  /** The test's full name recorded in it; `undefined` when it is no recording this version reads. */
  test: string | undefined
  /** The keys of its requests (empty when it could not be read). */
  keys: ReadonlySet<string>
}

/** A recorded answer handed out without an HTTP round trip. */
export interface DirectReplay {
  body: Json
  durationMs: number
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

/** A call as this test made it: replayed, or recorded live (possibly still streaming). */
interface Call {
  /** The exchange the recording keeps; `undefined` while a live call is out, or when none is kept. */
  interaction: RecordedInteraction | undefined
  live: boolean
  pending?: Promise<void>
  /** Why its live answer was left out of the recording (no usable answer), kept for the test. */
  refused?: { error: Error; id: string } | undefined
}

/** One call, matched: what the session decided, and the request and counter it decided on. */
interface Decided {
  decision: Decision
  request: RecordedRequest | undefined
  key: string
  occurrence: number
}

const MODES = ['replay', 'new', 'all', 'rerecord'] as const

const OPTION_KEYS = [
  'file',
  'displayFile',
  'test',
  'mode',
  'command',
  'redact',
  'allowSecrets',
  'refuse',
  'store',
  'fileTestIds',
] as const

/**
 * The recording of one test (or one sample of it): a host creates it when the test starts, every
 * model call of the test is answered through it, and the host calls `finish` when the test ends
 * (see docs/design.md, Recordings). Each call is matched by `match()` on its normalized request
 * and on how many calls with that request the test was already answered: that one counter
 * advances when an answer is handed out (replayed) or kept (recorded live), and never goes back.
 * A miss or a refusal throws a `RecordingError` family error and is kept in `failures`, so the
 * test fails even if the app swallowed the error.
 */
export class RecordingSession {
  /** What the host gave, with the store resolved. */
  readonly options: Readonly<RecordingSessionOptions & { store: RecordingStore }>
  /** Misses and calls that could not be recorded, in order, each once; the test fails with them. */
  readonly failures: Error[] = []
  #loaded = false
  #existing: RecordingFile | undefined
  #byKey = new Map<string, RecordedInteraction[]>()
  /** The one counter: answers handed out (or kept) per request key. */
  #answered = new Map<string, number>()
  #used = new Set<RecordedInteraction>()
  #calls: Call[] = []
  #diverged = false
  #liveKeys = new Set<string>()
  #finished = false
  /** The call behind each response this session handed out, so the caller can discard it. */
  #byResponse = new WeakMap<Response, Call>()
  /** Exchanges left out of the recording because they were not usable answers. */
  #discarded = 0
  /** The folder's recordings no test of the file owns, once a miss with no file looked. */
  #unowned: Unowned[] | undefined
  /** The error of each call that failed, by key and occurrence: an SDK's retry fails once. */
  #failedCalls = new Map<string, Error>()
  /**
   * Normalizes and keys the calls and the recorded requests: a conversation resends its growing
   * list every call, and only what is new in it is normalized and keyed (see docs/design.md,
   * Recordings, "Long conversations").
   */
  readonly #normalizer: RequestNormalizer
  readonly #keys = new RequestKeys()

  constructor(options: RecordingSessionOptions) {
    this.options = checkOptions(options)
    this.#normalizer = new RequestNormalizer(this.options.redact)
  }

  /** Whether `finish` ran: a finished session answers no more calls. */
  get finished(): boolean {
    return this.#finished
  }

  /**
   * Answers one model call as it reaches a recording `fetch`: a replayed `Response`, the live
   * one (recorded), or a thrown `RecordingMissingError` / `RecordingError`.
   */
  async handle(call: SessionCall): Promise<Response> {
    const decided = this.#decide(call, false)
    const { decision } = decided
    switch (decision.kind) {
      case 'refuse':
        throw this.#fail(decision.error)
      case 'miss':
        throw this.#missed(decided, decision.reason)
      case 'replay': {
        const { interaction } = decision
        const replayed = replayResponse(interaction.response, {
          [REPLAYED_HEADER]: String(interaction.durationMs),
        })
        this.#byResponse.set(replayed, this.#replayed(decided.key, interaction))
        return replayed
      }
      case 'record':
        if (decision.diverges) this.#diverged = true
        return this.#record(call, decided, decision.previous)
    }
  }

  /**
   * Answers a call the library makes itself without an SDK: the recorded JSON body of a replayed
   * success. A miss or a refusal throws its error here. `undefined` means the call needs the SDK
   * (it goes live, or its recorded answer is an error status or a stream) and changes nothing:
   * the SDK's request then comes to `handle` and is decided the same way.
   */
  replayDirect(call: DirectCall): DirectReplay | undefined {
    const decided = this.#decide(call, true)
    const { decision } = decided
    switch (decision.kind) {
      case 'refuse':
        throw this.#fail(decision.error)
      case 'miss':
        throw this.#missed(decided, decision.reason)
      case 'record':
        return undefined
      case 'replay': {
        const { interaction } = decision
        const { response } = interaction
        if (response.body === undefined || response.status < 200 || response.status > 299) {
          return undefined
        }
        this.#replayed(decided.key, interaction)
        return { body: response.body, durationMs: interaction.durationMs }
      }
    }
  }

  /**
   * Leaves the exchange behind `response` (a response this session returned) out of the
   * recording: the caller found it was no usable answer (no choices, content that is not text),
   * which only the model layer can tell. It is never written, not even to a partial recording,
   * and the recording is marked `partial` since it lacks a call the test made. Any other
   * response is ignored.
   */
  discard(response: Response): void {
    const call = this.#byResponse.get(response)
    if (call === undefined) return
    this.#byResponse.delete(response)
    // The caller reports the bad answer itself (the library's own calls end the turn with
    // `bad_response`): the session's refusal of the same answer is not a second failure.
    const { refused } = call
    if (refused !== undefined) {
      call.refused = undefined
      this.#failedCalls.delete(refused.id)
      const at = this.failures.indexOf(refused.error)
      if (at !== -1) this.failures.splice(at, 1)
      return
    }
    this.#leaveOut(call)
  }

  /**
   * Writes (or deletes) the recording after the test; returns what happened. Afterwards the
   * session keeps only its options and failures: a finished session may stay reachable until the
   * test file ends (a runner keeps what a test left behind), and must not keep its parsed
   * recording, calls and request caches alive with it.
   */
  async finish(testFailed: boolean): Promise<RecordingSummary> {
    try {
      return await this.#finish(testFailed)
    } finally {
      this.#normalizer.forget()
      this.#existing = undefined
      this.#byKey = new Map()
      this.#answered = new Map()
      this.#used = new Set()
      this.#calls = []
      this.#liveKeys = new Set()
      this.#failedCalls = new Map()
      this.#unowned = undefined
    }
  }

  async #finish(testFailed: boolean): Promise<RecordingSummary> {
    this.#finished = true
    await Promise.all(this.#calls.map((c) => c.pending))
    const { mode, file, displayFile, store } = this.options
    const interactions = this.#calls.flatMap((c) =>
      c.interaction === undefined ? [] : [c.interaction],
    )
    const summary: RecordingSummary = {
      file: displayFile,
      mode,
      replayed: this.#calls.filter((c) => !c.live && c.interaction !== undefined).length,
      recorded: this.#calls.filter((c) => c.live && c.interaction !== undefined).length,
      misses: this.failures.filter((f) => f instanceof RecordingMissingError).length,
      written: false,
      deleted: false,
    }
    if (mode === 'replay') return summary
    // After a miss nothing is written, unless calls were recorded live before it: those were paid
    // for, and are kept as a partial recording the next run continues.
    if (this.failures.length > 0 && summary.recorded === 0) return summary
    if (interactions.length === 0) {
      // A test that now makes no model call: under -u its old recording goes; otherwise it stays.
      // A test whose only calls were discarded did make calls: its recording stays.
      if (mode === 'all' && !testFailed && this.#discarded === 0 && this.#existing !== undefined) {
        try {
          store.remove(file)
        } catch (error) {
          throw recordingFileError('deleted', file, displayFile, error)
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
      // A file is written in the current format when a call was recorded; an older file that was
      // only replayed (pruned under -u, or a partial one completed) keeps its format and bytes.
      formatVersion:
        recordedLive || this.#existing === undefined
          ? RECORDING_FORMAT_VERSION
          : this.#existing.formatVersion,
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
      file: displayFile,
      rules: secretRules([...this.#liveKeys, ...liveKeys()]),
      redact: this.options.redact,
      allowSecrets: this.options.allowSecrets,
    })
    // Serialized before the write: what it refuses is no file-system error.
    const text = serializeRecording(redacted)
    try {
      summary.written = store.write(file, text)
    } catch (error) {
      // A read-only folder or a full disk: the old file (if any) is intact, the test fails.
      throw recordingFileError('written', file, displayFile, error)
    }
    return summary
  }

  /** Matches one call against the recording; changes nothing. */
  #decide(call: SessionCall | DirectCall, direct: boolean): Decided {
    let refusal: Error | undefined = this.#refusal()
    let request: RecordedRequest | undefined
    if (refusal === undefined) {
      try {
        // A direct call is the request the SDK would send: the same JSON text, POSTed to the URL.
        request = direct
          ? this.#normalizer.normalize(
              call.url,
              { method: 'POST', body: (call as DirectCall).body },
              call.baseURL,
            )
          : this.#normalizer.normalize(call.url, (call as SessionCall).init, call.baseURL)
      } catch (error) {
        refusal = this.#cannotKey(error)
      }
    }
    const key = request === undefined ? '' : this.#keys.of(request)
    const occurrence = this.#answered.get(key) ?? 0
    const state: MatchState = {
      mode: this.options.mode,
      refusal,
      recording: this.#existing,
      byKey: this.#byKey,
      diverged: this.#diverged,
    }
    return { decision: match(state, { key, occurrence }), request, key, occurrence }
  }

  /** Why no call may be answered: the host's refusal, a finished test, or an unreadable file. */
  #refusal(): Error | undefined {
    if (this.options.refuse !== undefined) return this.options.refuse
    if (this.#finished) return this.#afterFinish()
    return this.#load()
  }

  /** Hands out a recorded answer: the counter advances, the interaction counts as used. */
  #replayed(key: string, interaction: RecordedInteraction): Call {
    this.#answered.set(key, (this.#answered.get(key) ?? 0) + 1)
    this.#used.add(interaction)
    const call: Call = { interaction, live: false }
    this.#calls.push(call)
    return call
  }

  /** Keeps a live answer: the counter advances for it now, when it belongs to the conversation. */
  #kept(call: Call, key: string, interaction: RecordedInteraction): void {
    this.#answered.set(key, (this.#answered.get(key) ?? 0) + 1)
    call.interaction = interaction
  }

  /** Takes a call's exchange out of the recording (the call was made, so it is partial). */
  #leaveOut(call: Call): void {
    if (call.interaction !== undefined && !call.live) this.#used.delete(call.interaction)
    call.interaction = undefined
    this.#discarded += 1
  }

  /** Reads the recording file once; a broken file is an error in the modes that would use it. */
  #load(): RecordingError | undefined {
    if (this.#loaded) return undefined
    const { file, displayFile, mode, store } = this.options
    let text: string | undefined
    try {
      text = store.read(file)
    } catch (error) {
      // EACCES, ENOTDIR (a folder of the path is a file), …: in words, with the fix.
      return recordingFileError('read', file, displayFile, error)
    }
    if (text !== undefined) {
      try {
        this.#existing = parseRecording(text, displayFile)
      } catch (error) {
        // Under -u and rerecord the file is replaced anyway; otherwise a broken file stops the test.
        if (mode !== 'all' && mode !== 'rerecord') return error as RecordingError
      }
    }
    this.#loaded = true
    for (const interaction of this.#existing?.interactions ?? []) {
      const key = this.#keys.of(interaction.request)
      const list = this.#byKey.get(key) ?? []
      list.push(interaction)
      this.#byKey.set(key, list)
    }
    return undefined
  }

  async #record(
    call: SessionCall,
    decided: Decided,
    previous: RecordedInteraction | undefined,
  ): Promise<Response> {
    const request = decided.request as RecordedRequest
    // A call repeated after its answer was refused (an agent's loop asking again) fails as that
    // call did: the same server would answer the same way, and nothing is paid for twice.
    const failed = this.#failedCalls.get(callId(decided))
    if (failed !== undefined) throw this.#fail(failed)
    const headers = new Headers(call.init.headers)
    const credentials = requestCredentials(call.url, headers, call.init.body)
    if (credentials.empty !== undefined) {
      const header = credentials.empty
      throw this.#failOnce(decided, () => this.#needsKey(request, header))
    }
    for (const key of credentials.keys) {
      this.#liveKeys.add(key)
      rememberLiveKey(key)
    }
    let { init } = call
    if (credentials.placeholders.length > 0) {
      // The placeholder stands for "no key": the live call goes without one.
      for (const name of credentials.placeholders) headers.delete(name)
      init = { ...init, headers }
    }
    const keyless = credentials.keys.length === 0
    const slot: Call = { interaction: undefined, live: true }
    this.#calls.push(slot)
    const started = performance.now()
    // A connection failure throws here and a transient answer (429, 5xx) is returned unkept: the
    // retry is the same call again, and the counter has not moved for it.
    // Marked as the library's own live send: the network seal lets it out (it is recorded).
    const response = await sendLive(() => call.live(call.url, init))
    if (transient(response)) return response
    // A call without a key that the server refuses for it is no exchange of a keyless endpoint:
    // kept, it would replay the refusal after the key is set.
    if (keyless && (response.status === 401 || response.status === 403)) return response
    const keep = (recorded: RecordedResponse) => {
      const problem = answerProblem(request, recorded)
      if (problem !== undefined) {
        // A 2xx that is no answer (no choices, an empty output, an HTML page) is never recorded:
        // replayed, it would stand in for the model forever. The caller has the response; the
        // test fails with the refusal.
        this.#refuse(slot, decided, problem)
        return
      }
      // Re-recording an unchanged exchange keeps its old duration: an unchanged conversation
      // rewrites no byte.
      const same = previous !== undefined && sameJson(previous.response, recorded)
      const durationMs = Math.round(performance.now() - started)
      this.#kept(slot, decided.key, {
        request,
        response: recorded,
        durationMs: same ? previous.durationMs : durationMs,
      })
    }
    if (isEventStream(response.headers) && response.body !== null) {
      const [forCaller, forRecording] = response.body.tee()
      slot.pending = new Response(forRecording)
        .text()
        .then((text) => keep(recordBody(response.status, response.headers, text)))
        .catch(() => {
          // A stream cut midway is no answer: the caller gets the error, the recording nothing.
          this.#leaveOut(slot)
        })
      const streamed = new Response(forCaller, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
      this.#byResponse.set(streamed, slot)
      return streamed
    }
    const text = await response.text()
    keep(recordBody(response.status, response.headers, text))
    const answered = new Response(text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
    this.#byResponse.set(answered, slot)
    return answered
  }

  /**
   * Leaves a live answer that is no usable answer out of the recording, and keeps the refusal for
   * the test (and for a repeat of the same call).
   */
  #refuse(slot: Call, decided: Decided, problem: AnswerProblem): void {
    this.#leaveOut(slot)
    const request = decided.request as RecordedRequest
    const { displayFile, file } = this.options
    const error = new RecordingBadResponseError(
      {
        what: `Model call not recorded: its 2xx answer is no usable answer (${problem.problem})`,
        subjects: [
          `recording: ${displayFile}`,
          `request: ${request.method} ${request.path}`,
          `path: ${problem.path}`,
        ],
        fix: 'The caller got the answer as it came; it is left out of the recording so that it never stands in for the model. Check that the base URL points at the model API (an OpenAI-compatible one usually ends in /v1) and what the server logged, then run the test again.',
      },
      { file, jsonPath: problem.path },
    )
    const id = callId(decided)
    this.#failedCalls.set(id, error)
    slot.refused = { error, id }
    this.#fail(error)
  }

  #missed(decided: Decided, reason: string): Error {
    const request = decided.request as RecordedRequest
    return this.#failOnce(decided, () => {
      const unused = (this.#existing?.interactions ?? [])
        .filter((i) => !this.#used.has(i))
        .map((i) => i.request)
      const { displayFile, mode, test, command, file } = this.options
      const report = missReport({
        file: displayFile,
        mode,
        test,
        reason,
        callIndex: this.#calls.length + this.failures.length,
        request,
        unused,
        command,
        // Only when the test has no recording file at all: a file that exists but lacks this
        // request is this test's own, and its diff says what changed.
        renameCandidates:
          this.#existing === undefined ? this.#renameCandidates(decided.key) : undefined,
      })
      // The report quotes the request, which may carry the key this session saw: each part is
      // masked with it (the error masks the shapes and the process's known keys itself).
      const mask = (text: string) => maskSecrets(text, this.#liveKeys)
      const masked = {
        what: mask(report.what),
        subjects: report.subjects?.map(mask),
        details: report.details === undefined ? undefined : mask(report.details),
        fix: report.fix === undefined ? undefined : mask(report.fix),
      }
      return new RecordingMissingError(masked, { file, mode })
    })
  }

  /**
   * The recordings of this test's folder that no test of its file owns, with the same sample
   * suffix as this session's file (a renamed test's sample 1 was recorded as the old name's
   * sample 1): candidates for this test's recording under an old name, each with whether it
   * holds the call's request (`key`).
   *
   * This is decided at the miss, not at the end of the file, and is still correct: a file is
   * left out when any test of the file owns it by id, not only when a test has used it so far,
   * and the hosts know every test of the file before the first one runs (Vitest and jest-circus
   * collect the whole file first, skipped and filtered-out tests included). So a test that runs
   * later never sees its own recording offered to another test, and a candidate here is exactly
   * a file the Vitest host reports as obsolete when the file ends. (Of a test that ran with fewer
   * samples than it recorded, the extra sample files are obsolete then but owned here: they are
   * no renamed test's.) A host that cannot list the file's tests gives no ids, and no candidates.
   */
  #renameCandidates(key: string): RenameCandidate[] {
    this.#unowned ??= this.#readUnowned()
    return this.#unowned.map((u) => ({ file: u.file, test: u.test, holdsRequest: u.keys.has(key) }))
  }

  /** Reads the folder's recordings no test of the file owns (see `#renameCandidates`). */
  #readUnowned(): Unowned[] {
    const { file, displayFile, store, fileTestIds } = this.options
    const own = recordingFileName(basename(file))
    let owned: ReadonlySet<string> | undefined
    let names: string[]
    try {
      owned = fileTestIds?.()
      if (owned === undefined || own === undefined) return []
      names = store.list(dirname(file))
    } catch {
      // The hint is a courtesy: a folder that cannot be listed leaves the report as it was.
      return []
    }
    const unowned: Unowned[] = []
    for (const name of [...names].sort()) {
      const parts = recordingFileName(name)
      if (parts === undefined || parts.sample !== own.sample) continue
      if (owned.has(parts.id) || name === basename(file)) continue
      const shown = join(dirname(displayFile), name)
      let recording: RecordingFile | undefined
      try {
        const text = store.read(join(dirname(file), name))
        if (text === undefined) continue
        recording = parseRecording(text, shown)
      } catch {
        // Unreadable, or no recording: still a candidate, with no test name and no requests.
        recording = undefined
      }
      // Only the name and the request keys are kept, not the parsed recording: the session
      // lives until the test ends, and a folder may hold long conversations.
      const keys = new RequestKeys()
      unowned.push({
        file: shown,
        test: recording?.test,
        keys: new Set((recording?.interactions ?? []).map((i) => keys.of(i.request))),
      })
    }
    return unowned
  }

  /**
   * The error of a call that cannot be answered, made and kept once per key and occurrence: an
   * SDK that retries a failed `fetch` asks again for the same call, which is one failure.
   */
  #failOnce(decided: Decided, make: () => Error): Error {
    const id = callId(decided)
    let error = this.#failedCalls.get(id)
    if (error === undefined) {
      error = make()
      this.#failedCalls.set(id, error)
    }
    return this.#fail(error)
  }

  /** Keeps `error` for the test (once) and returns it to be thrown. */
  #fail(error: Error): Error {
    if (!this.failures.includes(error)) this.failures.push(error)
    return error
  }

  #cannotKey(error: unknown): RecordingError {
    return new RecordingError(
      {
        what: `Model call cannot be recorded: ${error instanceof Error ? error.message : describeValue(error)}`,
        subjects: [`recording: ${this.options.displayFile}`],
        fix: 'Recordings key on JSON request bodies; make this call outside the recorded test, or set VITEST_SCENARIO_RECORD=off.',
      },
      this.options.file,
      { cause: error },
    )
  }

  #needsKey(request: RecordedRequest, header: string): RecordingError {
    return new RecordingError(
      {
        what: `Recording needs an API key, and this call's \`${header}\` header is empty (mode: ${this.options.mode})`,
        subjects: [
          `recording: ${this.options.displayFile}`,
          `request: ${request.method} ${request.path}`,
        ],
        fix: 'Set the key the client reads (e.g. OPENAI_API_KEY, or apiKey in the model config) to record, or send no such header to a server that needs no key; replaying never needs one. In CI, commit the recording.',
      },
      this.options.file,
    )
  }

  #afterFinish(): RecordingError {
    return new RecordingError(
      {
        what: 'A model call was made after its test finished, so it cannot be recorded or replayed',
        subjects: [`recording: ${this.options.displayFile}`, `test: ${this.options.test}`],
        fix: 'Await every run and model call inside the test body (a run left running after the test is not part of it).',
      },
      this.options.file,
    )
  }
}

/** A call's identity for its failures: its request key and occurrence. */
function callId(decided: Decided): string {
  return `${decided.occurrence}\u0000${decided.key}`
}

/**
 * Whether two responses are the same JSON. One too deep to print (the write refuses it, naming
 * the path) is not the same as any.
 */
function sameJson(a: RecordedResponse, b: RecordedResponse): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return false
  }
}

/** The session's options, checked: a host passes them once per test. */
function checkOptions(
  options: RecordingSessionOptions,
): RecordingSessionOptions & { store: RecordingStore } {
  const read = parseOptionKeys(options, OPTION_KEYS, {
    where: 'new RecordingSession(options)',
    fix: OPTIONS_FIX,
  })
  const { mode, redact, allowSecrets, refuse, store, fileTestIds } = read
  if (!isRecordingMode(mode) || mode === 'off') {
    throw new InvalidArgumentError(
      `\`mode\` in new RecordingSession(options) must be one of ${MODES.map((m) => `'${m}'`).join(', ')}, got ${describeValue(mode)}`,
      "With mode 'off' nothing is recorded: give the run no session.",
    )
  }
  if (redact !== undefined && typeof redact !== 'function') {
    throw new InvalidArgumentError(
      `\`redact\` in new RecordingSession(options) must be a function (value, jsonPath) => string, got ${describeValue(redact)}`,
    )
  }
  if (
    allowSecrets !== undefined &&
    !(Array.isArray(allowSecrets) && allowSecrets.every((p) => typeof p === 'string'))
  ) {
    throw new InvalidArgumentError(
      `\`allowSecrets\` in new RecordingSession(options) must be an array of JSON paths, got ${describeValue(allowSecrets)}`,
    )
  }
  if (refuse !== undefined && !(refuse instanceof Error)) {
    throw new InvalidArgumentError(
      `\`refuse\` in new RecordingSession(options) must be an Error, got ${describeValue(refuse)}`,
    )
  }
  if (fileTestIds !== undefined && typeof fileTestIds !== 'function') {
    throw new InvalidArgumentError(
      `\`fileTestIds\` in new RecordingSession(options) must be a function () => Set of test ids, got ${describeValue(fileTestIds)}`,
    )
  }
  if (store !== undefined && !isStore(store)) {
    throw new InvalidArgumentError(
      `\`store\` in new RecordingSession(options) must be a RecordingStore { read, write, remove, list }, got ${describeValue(store)}`,
    )
  }
  return {
    file: text(read, 'file'),
    displayFile: text(read, 'displayFile'),
    test: text(read, 'test'),
    mode,
    command: text(read, 'command'),
    redact: redact as RedactHook | undefined,
    allowSecrets: allowSecrets as readonly string[] | undefined,
    refuse,
    store: store ?? fileSystemStore,
    fileTestIds: fileTestIds as (() => ReadonlySet<string> | undefined) | undefined,
  }
}

function text(options: Record<string, unknown>, name: string): string {
  const value = options[name]
  if (typeof value !== 'string') {
    throw new InvalidArgumentError(
      `\`${name}\` in new RecordingSession(options) must be a string, got ${describeValue(value)}`,
    )
  }
  return value
}

function isStore(value: unknown): value is RecordingStore {
  if (typeof value !== 'object' || value === null) return false
  const store = value as Partial<Record<keyof RecordingStore, unknown>>
  return (
    typeof store.read === 'function' &&
    typeof store.write === 'function' &&
    typeof store.remove === 'function' &&
    typeof store.list === 'function'
  )
}

/** Whether `value` is a recording session (a Proxy that throws on inspection is not one). */
export function isRecordingSession(value: unknown): value is RecordingSession {
  try {
    return value instanceof RecordingSession
  } catch {
    return false
  }
}
