import { InvalidArgumentError, RecordingError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeNonJson } from '../internal/describe-non-json.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { MAX_JSON_DEPTH } from '../internal/json-depth.js'
import { checkRecordingFields } from './check-recording-fields.js'
import { tooDeepAt } from './json-scan.js'
import { type McpInteraction, storedMcpInteraction } from './mcp-interaction.js'
import type { RecordedRequest } from './normalize-request.js'
import type { RecordedResponse } from './recorded-response.js'
import {
  applyDelta,
  DELTA_WINDOW,
  type RequestDelta,
  requestDelta,
  shareLists,
} from './request-delta.js'
import { canonicalize, type Json, prettyJson } from './stable-json.js'

/** The `kind` every recording file carries. */
export const RECORDING_KIND = 'vitest-scenario.recording'
/**
 * The file format this version writes when it records: 2, where a request that extends an
 * earlier one is stored as what it adds. Format 1 files (every request in full) are read too.
 */
export const RECORDING_FORMAT_VERSION = 2
/** The formats this version reads, and writes when asked (`serializeRecording`). */
const FORMAT_VERSIONS: readonly number[] = [1, 2]
/** The version of the request normalization (keys are recomputed from the stored requests). */
export const RECORDING_KEY_VERSION = 1

/** One model call: the normalized request, the response, and how long it took when recorded. */
export interface RecordedInteraction {
  request: RecordedRequest
  response: RecordedResponse
  durationMs: number
}

/**
 * One test's recording file: a versioned header and its interactions, in call order. Every
 * request is whole, whatever the format of the file it was read from.
 */
export interface RecordingFile {
  /** Always `'vitest-scenario.recording'` (`RECORDING_KIND`): what marks the file as a recording. */
  kind: 'vitest-scenario.recording'
  /**
   * The format the file was read in, or is to be written in: 1 (every request in full) or 2
   * (`RECORDING_FORMAT_VERSION`: a request that extends an earlier one stored as a delta).
   */
  formatVersion: number
  keyVersion: number
  /** The test's full name: describe chain and name joined with ` > `. */
  test: string
  /** `partial` when the test failed before its conversation was complete; `new` runs continue it. */
  status: 'complete' | 'partial'
  interactions: RecordedInteraction[]
  /**
   * The MCP requests of the test (`tools/list`, `tools/call`), in request order; left out of the
   * file when there are none, so a file without MCP reads and writes as before.
   */
  mcp?: McpInteraction[]
}

/**
 * The bytes of a recording in the format its `formatVersion` names: fixed key order, requests
 * canonical, two-space indent. In format 2 a request that extends the request of one of the 32
 * interactions before it — the nearest one whose list (`messages`, `input` or `contents`) it
 * starts with, at the same method, path and query — is written as
 * `{ "extends": <index>, "append": [new items], "body": {changed keys}, "remove": [removed keys] }`
 * (`body` and `remove` only when there are some); any other request is written in full.
 */
export function serializeRecording(file: RecordingFile): string {
  assertReadable(file, 'serializeRecording(file)')
  const why = recordingProblem(file)
  if (why !== undefined) {
    throw new InvalidArgumentError(
      `serializeRecording(file) needs a recording: ${why}`,
      'Pass a recording as parseRecording() returns it.',
    )
  }
  return prettyJson({
    kind: file.kind,
    formatVersion: file.formatVersion,
    keyVersion: file.keyVersion,
    test: file.test,
    status: file.status,
    interactions: file.interactions.map(({ request, response, durationMs }, i) => ({
      request:
        file.formatVersion === 1
          ? canonicalize(request as unknown as Json)
          : storedRequest(file.interactions, i),
      response: {
        status: response.status,
        headers: canonicalize(response.headers),
        ...(response.body === undefined ? {} : { body: response.body }),
        ...(response.text === undefined ? {} : { text: response.text }),
        ...(response.stream === undefined ? {} : { stream: response.stream }),
      },
      durationMs,
    })),
    ...(file.mcp === undefined || file.mcp.length === 0
      ? {}
      : { mcp: file.mcp.map(storedMcpInteraction) }),
  })
}

/**
 * Reads a recording file's text, format 1 or 2; anything that is not a recording this version
 * reads throws a `RecordingError` naming the file and the field (`interactions.3.response.status`,
 * `interactions.7.request.extends`) and what the field may hold. A UTF-8 byte order mark, which
 * some editors add, is ignored. Every request comes back whole: a format 2 delta is rebuilt on
 * the request it extends, sharing that request's items and unchanged values (treat the result as
 * read-only; copy a request before changing it).
 */
export function parseRecording(text: string, file: string): RecordingFile {
  if (typeof text !== 'string' || typeof file !== 'string') {
    throw new InvalidArgumentError(
      `parseRecording(text, file) needs the file's text and its path (strings), got ${describeValue(text)} and ${describeValue(file)}`,
    )
  }
  let value: unknown
  const json = text.charCodeAt(0) === BOM ? text.slice(1) : text
  try {
    value = JSON.parse(json)
  } catch (error) {
    throw broken(file, `it is not valid JSON (${(error as Error).message})`)
  }
  // Every walk after this one (keys, deltas, replay) is recursive: a hand-made file nested past
  // the limit (counted from the file's own object, as `serializeRecording` counts) is refused
  // here, with where it goes too deep.
  const deep = tooDeepAt(json, MAX_JSON_DEPTH)
  if (deep !== undefined) {
    throw broken(
      file,
      `it nests JSON more than ${MAX_JSON_DEPTH} levels deep (line ${lineOf(json, deep)})`,
    )
  }
  if (!isPlainObject(value) || value.kind !== RECORDING_KIND) {
    throw broken(file, `it is not a recording (no "kind": "${RECORDING_KIND}")`)
  }
  if (!FORMAT_VERSIONS.includes(value.formatVersion as number)) {
    throw broken(
      file,
      `its formatVersion is ${JSON.stringify(value.formatVersion)}; this version of vitest-scenario reads ${FORMAT_VERSIONS.join(' and ')}`,
    )
  }
  if (value.status !== 'complete' && value.status !== 'partial') {
    throw broken(
      file,
      `its "status" is ${JSON.stringify(value.status)}, not "complete" or "partial"`,
    )
  }
  const interactions = value.interactions
  if (!Array.isArray(interactions)) throw broken(file, '"interactions" is not an array')
  const why = checkRecordingFields(value)
  if (why !== undefined) throw broken(file, why)
  const recording = value as unknown as RecordingFile
  if (recording.formatVersion === 1) {
    shareLists(recording.interactions.map((interaction) => interaction.request))
    return recording
  }
  const rebuilt = rebuildRequests(recording.interactions)
  if (typeof rebuilt === 'string') throw broken(file, rebuilt)
  return { ...recording, interactions: rebuilt }
}

/** Interaction `index`'s request as format 2 stores it: a delta when it extends an earlier one. */
function storedRequest(interactions: readonly RecordedInteraction[], index: number): Json {
  const request = (interactions[index] as RecordedInteraction).request
  for (let base = index - 1; base >= 0 && base >= index - DELTA_WINDOW; base--) {
    const delta = requestDelta((interactions[base] as RecordedInteraction).request, request, base)
    if (delta !== undefined) return delta as unknown as Json
  }
  return canonicalize(request as unknown as Json)
}

/**
 * The interactions of a format 2 file with every delta rebuilt on the request it extends (always
 * an earlier one, already rebuilt), or what is wrong with a delta.
 */
function rebuildRequests(
  interactions: readonly RecordedInteraction[],
): RecordedInteraction[] | string {
  const out: RecordedInteraction[] = []
  for (const [i, interaction] of interactions.entries()) {
    const stored = interaction.request as RecordedRequest | RequestDelta
    if (!('extends' in stored)) {
      out.push(interaction)
      continue
    }
    const base = out[stored.extends] as RecordedInteraction
    const request = applyDelta(base.request, stored, `interactions.${i}.request`)
    if (typeof request === 'string') return request
    out.push({ request, response: interaction.response, durationMs: interaction.durationMs })
  }
  return out
}

const BOM = 0xfeff

/** The 1-based line of `offset` in `text`. */
function lineOf(text: string, offset: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return line
}

function broken(file: string, why: string): RecordingError {
  return new RecordingError(
    {
      what: `Recording file cannot be read: ${why}`,
      subjects: [`file: ${file}`],
      fix: 'Restore it from version control, or record it again with VITEST_SCENARIO_RECORD=rerecord (the file is left as it is until then).',
    },
    file,
  )
}

/** What keeps `file` from being written as a recording, or `undefined` when nothing does. */
function recordingProblem(file: unknown): string | undefined {
  if (!isPlainObject(file)) return `it is ${describeValue(file)}`
  if (file.kind !== RECORDING_KIND) {
    return `its "kind" is ${describeValue(file.kind)}, not '${RECORDING_KIND}'`
  }
  if (!FORMAT_VERSIONS.includes(file.formatVersion as number)) {
    return `its "formatVersion" is ${describeValue(file.formatVersion)}, not ${FORMAT_VERSIONS.join(' or ')} (the formats this version writes)`
  }
  if (file.status !== 'complete' && file.status !== 'partial') {
    return `its "status" is ${describeValue(file.status)}, not 'complete' or 'partial'`
  }
  if (!Array.isArray(file.interactions)) return '"interactions" is not an array'
  const delta = file.interactions.findIndex(
    (interaction: unknown) =>
      isPlainObject(interaction) &&
      isPlainObject(interaction.request) &&
      Object.hasOwn(interaction.request, 'extends'),
  )
  if (delta >= 0) {
    return `interactions.${delta}.request has "extends": a recording holds whole requests (deltas are how format 2 writes them)`
  }
  const nonJson = describeNonJson(file)
  if (nonJson !== undefined) return `it holds ${nonJson}, which JSON cannot hold`
  return checkRecordingFields(file)
}
