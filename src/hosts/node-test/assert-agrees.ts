// `toAgreeWithLabels` for node:test, which has no `expect`: the same matcher, called with a plain
// matcher state, a failure thrown as node:assert's `AssertionError` with the matcher's message.
import { AssertionError } from 'node:assert'
import type { MatcherState } from '../../../matchers/matcher-types.js'
import { createToAgreeWithLabels } from '../../../matchers/to-agree-with-labels.js'
import type { AgreeWithLabelsOptions } from '../../calibration/agreement-gates.js'
import { calibrateUnder } from '../../calibration/calibrate-judge.js'
import type { Calibration } from '../../calibration/calibration.js'
import type { LabelsInput } from '../../calibration/read-labels-input.js'
import { hostBound } from '../core/host-bound.js'
import { TestRecordings } from '../core/test-recordings.js'

const plain = (text: string): string => text

// A `judge`'s calls record in the running scenario's recording (the entry's bound calibrateJudge).
const bound = hostBound(TestRecordings.current, { check: () => {} })
const matcher = createToAgreeWithLabels({
  calibrate: calibrateUnder(() => undefined, bound.calibrateJudge),
})

function state(): MatcherState {
  const matcherHint = (_name: string, received: string, args: string) =>
    `assertAgreesWithLabels(${received}${args === '' ? '' : `, ${args}`})`
  // Messages are printed as they are: no colours. The matcher reads nothing else of the state.
  const utils = { DIM_COLOR: plain, EXPECTED_COLOR: plain, RECEIVED_COLOR: plain, matcherHint }
  return { isNot: false, promise: '', utils } as unknown as MatcherState
}

/**
 * `toAgreeWithLabels` for node:test: resolves when the judge agrees with the labels (some label
 * counted, every gate reached on the overall statistics), rejects with an `AssertionError` that
 * shows the statistics per criterion otherwise. `labels` is what `calibrateJudge` takes, or a
 * `Calibration` it returned; paths are relative to the working directory.
 *
 * @example
 * await assertAgreesWithLabels('test/__labels__/refunds.test.ts.labels.json', { minKappa: 0.6 })
 */
export async function assertAgreesWithLabels(
  labels: LabelsInput | Calibration,
  options?: AgreeWithLabelsOptions,
): Promise<void> {
  const outcome = await matcher.call(state(), labels, options)
  if (outcome.pass) return
  throw new AssertionError({ message: outcome.message(), operator: 'toAgreeWithLabels' })
}
