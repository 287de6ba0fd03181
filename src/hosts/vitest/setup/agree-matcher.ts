// The calibration matcher as the Vitest host registers it, loaded at its first use (see
// register-matchers.ts): it reads results and labels files, which a test file that never
// calibrates a judge does not need to load.
import { createToAgreeWithLabels } from '../../../../matchers/to-agree-with-labels.js'
import { calibrateUnder } from '../../../calibration/calibrate-judge.js'
import { providedOptions } from './provided-options.js'
import { calibrateJudge } from './test-bound.js'

/**
 * `toAgreeWithLabels`: paths are relative to the Vitest root; a `judge`'s calls record in the
 * running test's recording, as a run's calls do.
 */
export const toAgreeWithLabels = createToAgreeWithLabels({
  calibrate: calibrateUnder(() => providedOptions()?.root, calibrateJudge),
})
