// The judge matcher as the Vitest host registers it, loaded at its first use (see
// register-matchers.ts): the judge's model call needs the model client and the recordings, which
// a test file that never judges does not load.
import { createToSatisfyJudge } from '../../../../matchers/to-satisfy-judge.js'
import { providedOptions } from './provided-options.js'
import { currentRecordingSession } from './test-sessions.js'

/**
 * `toSatisfyJudge`: the judge's default model is the plugin's parsing model; its call records in
 * the test's recording, as a run's calls do.
 */
export const toSatisfyJudge = createToSatisfyJudge({
  model: () => providedOptions()?.parsingModel,
  recording: currentRecordingSession,
})
