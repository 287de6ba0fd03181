import {
  type CalibrateJudgeOptions,
  calibrateJudge as calibrateWith,
} from '../../calibration/calibrate-judge.js'
import type { Calibration } from '../../calibration/calibration.js'
import type { LabelsInput } from '../../calibration/read-labels-input.js'
import { isPlainObject } from '../../internal/is-plain-object.js'
import {
  type ConversationJudgement,
  type JudgeConversationOptions,
  judgeConversation as judgeWith,
} from '../../models/judge-conversation.js'
import { recordingFetch } from '../../recordings/recording-fetch.js'
import type { RecordingSession } from '../../recordings/session.js'
import { wrap as wrapWith } from '../../recordings/wrap.js'
import { runScenario as runWith } from '../../runner/index.js'
import type { RunOptions } from '../../runner/run-options.js'
import type { ScenarioDefinition } from '../../scenario/index.js'
import type { ScenarioExecutionResult } from '../../state/types.js'
import { callsAModel } from './calls-a-model.js'
import type { HostGate } from './host-gate.js'
import { withRecording } from './with-recording.js'

/**
 * `runScenario`, `judgeConversation`, `calibrateJudge`, `wrap` and `recordedFetch` bound to a
 * host's running test.
 */
export interface HostBound {
  runScenario(definition: ScenarioDefinition, options: RunOptions): Promise<ScenarioExecutionResult>
  judgeConversation(
    result: ScenarioExecutionResult,
    criteria: readonly string[],
    options: JudgeConversationOptions,
  ): Promise<ConversationJudgement>
  calibrateJudge(labels: LabelsInput, options?: CalibrateJudgeOptions): Promise<Calibration>
  wrap<T extends object>(client: T): T
  recordedFetch: typeof fetch
}

/**
 * The test author's `runScenario`, `wrap` and `recordedFetch` for a host (Vitest's setup, the
 * Jest host): the core ones, answering their calls through `current()`, the session of the test
 * running in this async context (`undefined`: the call goes live unrecorded). Each checks `gate`
 * before anything can reach a model: a run that names a model, a judge, and each call of a
 * `wrap()`ped client or of `recordedFetch`.
 */
export function hostBound(current: () => RecordingSession | undefined, gate: HostGate): HostBound {
  let boundFetch: typeof fetch | undefined
  return {
    runScenario: (definition, options) => {
      try {
        if (callsAModel(definition, options)) gate.check('runScenario()')
      } catch (error) {
        return Promise.reject(error)
      }
      return runWith(definition, withRecording(options, current()))
    },
    // A judge called in a test body is a model call of that test like any other: recorded and
    // replayed through its recording, unless the options give a session of their own.
    judgeConversation: (result, criteria, options) => {
      try {
        gate.check('judgeConversation()')
      } catch (error) {
        return Promise.reject(error)
      }
      const recording = current()
      const own = !isPlainObject(options) || Object.hasOwn(options, 'recording')
      return judgeWith(
        result,
        criteria,
        recording === undefined || own ? options : { ...options, recording },
      )
    },
    // A re-judge for calibration is a test's model call like a judge's: recorded and replayed
    // through its recording, unless the options give a session of their own. Without `judge` it
    // only reads files, and needs no host layer.
    calibrateJudge: (labels, options) => {
      const own = !isPlainObject(options) || Object.hasOwn(options, 'recording')
      try {
        if (isPlainObject(options) && options.judge !== undefined) gate.check('calibrateJudge()')
      } catch (error) {
        return Promise.reject(error)
      }
      const recording = current()
      return calibrateWith(
        labels,
        recording === undefined || own ? options : { ...options, recording },
      )
    },
    // Checked per call, not when the copy is made: a setup file wraps the SDK's default client
    // (`setDefaultOpenAIClient(wrap(new OpenAI()))`) before the host's own setup entry runs.
    wrap: (client) =>
      wrapWith(client, () => {
        // Per call, inside the fetch's promise: a refusal rejects this call, before it is sent.
        gate.check('wrap(client)')
        return current()
      }),
    recordedFetch: (input, init) => {
      // Made on first use: the network `fetch` is read per call, so a test's own mock of
      // `globalThis.fetch` (msw, a spy) is the one reached when a call goes live.
      boundFetch ??= recordingFetch({
        recording: () => {
          // Per call, inside the fetch's promise: a refusal rejects this call, before it is sent.
          gate.check('recordedFetch')
          return current()
        },
        baseURL: (url) => new URL(url).origin,
        live: (request, options) => globalThis.fetch(request, options),
      })
      return boundFetch(input, init)
    },
  }
}
