// `toAgreeWithLabels` for node:test, which has no `expect`: the same matcher, called with a plain
// matcher state, a failure thrown as node:assert's `AssertionError` with the matcher's message.
import { AssertionError } from 'node:assert'
import type { MatcherState } from '../../../matchers/matcher-types.js'
import { createToAgreeWithLabels } from '../../../matchers/to-agree-with-labels.js'
import type { AgreementGates } from '../../calibration/agreement-gates.js'
import { calibrateUnder } from '../../calibration/calibrate-judge.js'
import type { Calibration } from '../../calibration/calibration.js'
import type { LabelsInput } from '../../calibration/read-labels-input.js'

const plain = (text: string): string => text

const matcher = createToAgreeWithLabels({ calibrate: calibrateUnder(() => undefined) })

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
  gates?: AgreementGates,
): Promise<void> {
  const outcome = await matcher.call(state(), labels, gates)
  if (outcome.pass) return
  throw new AssertionError({ message: outcome.message(), operator: 'toAgreeWithLabels' })
}
