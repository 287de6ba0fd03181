import { RecordingBadResponseError, RecordingError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import type { AnswerProblem } from './answer-check.js'
import type { RecordedRequest } from './normalize-request.js'
import type { CheckedSessionOptions } from './session-options.js'

// The errors a session fails a call with, other than a miss (see `missError`): each names the
// recording, the request when there is one, and what to do.

/** A call whose request cannot be keyed (no JSON body, a body that does not parse). */
export function cannotKeyError(options: CheckedSessionOptions, error: unknown): RecordingError {
  return new RecordingError(
    {
      what: `Model call cannot be recorded: ${error instanceof Error ? error.message : describeValue(error)}`,
      subjects: [`recording: ${options.displayFile}`],
      fix: 'Recordings key on JSON request bodies; make this call outside the recorded test, or set VITEST_SCENARIO_RECORD=off.',
    },
    options.file,
    { cause: error },
  )
}

/** A call to record whose credential header is there but empty. */
export function needsKeyError(
  options: CheckedSessionOptions,
  request: RecordedRequest,
  header: string,
): RecordingError {
  return new RecordingError(
    {
      what: `Recording needs an API key, and this call's \`${header}\` header is empty (mode: ${options.mode})`,
      subjects: [`recording: ${options.displayFile}`, `request: ${request.method} ${request.path}`],
      fix: 'Set the key the client reads (e.g. OPENAI_API_KEY, or apiKey in the model config) to record, or send no such header to a server that needs no key; replaying never needs one. In CI, commit the recording.',
    },
    options.file,
  )
}

/** A call made after the session's test finished. */
export function afterFinishError(options: CheckedSessionOptions): RecordingError {
  return new RecordingError(
    {
      what: 'A model call was made after its test finished, so it cannot be recorded or replayed',
      subjects: [`recording: ${options.displayFile}`, `test: ${options.test}`],
      fix: 'Await every run and model call inside the test body (a run left running after the test is not part of it).',
    },
    options.file,
  )
}

/** A live 2xx that is no usable answer for its protocol: left out of the recording. */
export function badResponseError(
  options: CheckedSessionOptions,
  request: RecordedRequest,
  problem: AnswerProblem,
): RecordingBadResponseError {
  return new RecordingBadResponseError(
    {
      what: `Model call not recorded: its 2xx answer is no usable answer (${problem.problem})`,
      subjects: [
        `recording: ${options.displayFile}`,
        `request: ${request.method} ${request.path}`,
        `path: ${problem.path}`,
      ],
      fix: 'The caller got the answer as it came; it is left out of the recording so that it never stands in for the model. Check that the base URL points at the model API (an OpenAI-compatible one usually ends in /v1) and what the server logged, then run the test again.',
    },
    { file: options.file, jsonPath: problem.path },
  )
}
