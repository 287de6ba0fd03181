import { InvalidArgumentError, RecordingError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { describeNonJson } from '../internal/describe-non-json.js'
import { describeValue } from '../internal/describe-value.js'
import { isPlainObject } from '../internal/is-plain-object.js'
import { checkRecordingFields } from './check-recording-fields.js'
import type { RecordedRequest } from './normalize-request.js'
import type { RecordedResponse } from './recorded-response.js'
import { canonicalize, type Json, prettyJson } from './stable-json.js'

/** The `kind` every recording file carries. */
export const RECORDING_KIND = 'vitest-scenario.recording'
/** The file format this version writes and reads. */
export const RECORDING_FORMAT_VERSION = 1
/** The version of the request normalization (keys are recomputed from the stored requests). */
export const RECORDING_KEY_VERSION = 1

/** One model call: the normalized request, the response, and how long it took when recorded. */
export interface RecordedInteraction {
  request: RecordedRequest
  response: RecordedResponse
  durationMs: number
}

/** One test's recording file: a versioned header and its interactions, in call order. */
export interface RecordingFile {
  /** Always `'vitest-scenario.recording'` (`RECORDING_KIND`): what marks the file as a recording. */
  kind: 'vitest-scenario.recording'
  formatVersion: number
  keyVersion: number
  /** The test's full name: describe chain and name joined with ` > `. */
  test: string
  /** `partial` when the test failed before its conversation was complete; `new` runs continue it. */
  status: 'complete' | 'partial'
  interactions: RecordedInteraction[]
}

/** The bytes of a recording: fixed key order, requests canonical, two-space indent. */
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
    interactions: file.interactions.map(({ request, response, durationMs }) => ({
      request: canonicalize(request as unknown as Json),
      response: {
        status: response.status,
        headers: canonicalize(response.headers),
        ...(response.body === undefined ? {} : { body: response.body }),
        ...(response.text === undefined ? {} : { text: response.text }),
        ...(response.stream === undefined ? {} : { stream: response.stream }),
      },
      durationMs,
    })),
  })
}

/**
 * Reads a recording file's text; anything that is not a recording this version reads throws a
 * `RecordingError` naming the file and the field (`interactions.3.response.status`) and what the
 * field may hold. A UTF-8 byte order mark, which some editors add, is ignored.
 */
export function parseRecording(text: string, file: string): RecordingFile {
  if (typeof text !== 'string' || typeof file !== 'string') {
    throw new InvalidArgumentError(
      `parseRecording(text, file) needs the file's text and its path (strings), got ${describeValue(text)} and ${describeValue(file)}`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text.charCodeAt(0) === BOM ? text.slice(1) : text)
  } catch (error) {
    throw broken(file, `it is not valid JSON (${(error as Error).message})`)
  }
  if (!isPlainObject(value) || value.kind !== RECORDING_KIND) {
    throw broken(file, `it is not a recording (no "kind": "${RECORDING_KIND}")`)
  }
  if (value.formatVersion !== RECORDING_FORMAT_VERSION) {
    throw broken(
      file,
      `its formatVersion is ${JSON.stringify(value.formatVersion)}; this version of vitest-scenario reads ${RECORDING_FORMAT_VERSION}`,
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
  return value as unknown as RecordingFile
}

const BOM = 0xfeff

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
  if (!Number.isInteger(file.formatVersion)) {
    return `its "formatVersion" is ${describeValue(file.formatVersion)}, not an integer`
  }
  if (file.status !== 'complete' && file.status !== 'partial') {
    return `its "status" is ${describeValue(file.status)}, not 'complete' or 'partial'`
  }
  if (!Array.isArray(file.interactions)) return '"interactions" is not an array'
  const nonJson = describeNonJson(file)
  if (nonJson !== undefined) return `it holds ${nonJson}, which JSON cannot hold`
  return checkRecordingFields(file)
}
