import {
  type AgreementGates,
  type AgreeWithLabelsOptions,
  type CalibrationJudge,
  checkGates,
  readGates,
} from '../src/calibration/agreement-gates.js'
import type { Calibration } from '../src/calibration/calibration.js'
import { calibrationTable, share } from '../src/calibration/calibration-table.js'
import { InvalidArgumentError } from '../src/errors/index.js'
import { assertReadable } from '../src/internal/assert-readable.js'
import { describeValue } from '../src/internal/describe-value.js'
import { isPlainObject } from '../src/internal/is-plain-object.js'
import { hint } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { plural } from './text.js'

/**
 * What the host gives `toAgreeWithLabels`: how it calibrates what the assertion received (labels
 * paths, folders or content) — `calibrateJudge` with the host's root, so the matcher itself reads
 * no file — and, with `judge`, with that judge through the running test's recording.
 */
export interface AgreeMatcherHost {
  calibrate: (labels: unknown, judge?: CalibrationJudge) => Promise<Calibration>
}

/** The async matcher `createToAgreeWithLabels` builds. */
export type AgreeWithLabelsMatcher = (
  this: MatcherState,
  received: unknown,
  options?: AgreeWithLabelsOptions,
) => Promise<MatcherOutcome>

const NAMES: Record<keyof AgreementGates, string> = {
  minKappa: 'κ',
  minTPR: 'TPR lower bound',
  minTNR: 'TNR lower bound',
  minAgreement: 'agreement',
}

/**
 * Builds `toAgreeWithLabels` for a host: `received` is what `calibrateJudge` takes (labels files,
 * a folder, parsed labels) or a `Calibration` it returned. Passes when some label was counted and
 * the overall statistics reach every gate (`minTPR`/`minTNR` on the 95 % Wilson interval's lower
 * bound, `minKappa`/`minAgreement` on the value). The message shows each criterion's statistics.
 *
 * @example
 * expect.extend({ toAgreeWithLabels: createToAgreeWithLabels({ calibrate: (labels) => calibrateJudge(labels as LabelsInput) }) })
 * await expect('test').toAgreeWithLabels({ minKappa: 0.6, minTPR: 0.8 })
 */
export function createToAgreeWithLabels(host: AgreeMatcherHost): AgreeWithLabelsMatcher {
  assertReadable(host, 'createToAgreeWithLabels(host)')
  if (!isPlainObject(host) || typeof host.calibrate !== 'function') {
    throw new InvalidArgumentError(
      `createToAgreeWithLabels(host) needs { calibrate }, a function from what the assertion received to a Calibration, got ${describeValue(host)}`,
      'Pass e.g. { calibrate: (labels) => calibrateJudge(labels) }.',
    )
  }
  const { calibrate } = host
  return async function toAgreeWithLabels(
    this: MatcherState,
    received: unknown,
    options?: AgreeWithLabelsOptions,
  ): Promise<MatcherOutcome> {
    const checked = readGates(options, 'toAgreeWithLabels(options)')
    const judge = options?.judge
    let calibration: Calibration
    if (isCalibration(received)) {
      if (judge !== undefined) {
        throw new InvalidArgumentError(
          'toAgreeWithLabels({ judge }) received a calibration, whose verdicts are already decided',
          'Give the labels instead (a labels file, a folder of them, or their content), or drop `judge`.',
        )
      }
      calibration = received
    } else {
      calibration = await (judge === undefined ? calibrate(received) : calibrate(received, judge))
    }
    const verdict = checkGates(calibration, checked)
    const args = Object.entries(checked)
      .map(([key, value]) => `${key}: ${value}`)
      .join(', ')
    const message = () => {
      const lines = [
        hint(this, { name: 'toAgreeWithLabels', args: args === '' ? '' : `{ ${args} }` }, 'labels'),
        '',
        summaryLine(calibration),
        '',
        ...calibrationTable(calibration),
      ]
      if (verdict.checks.length > 0) lines.push('', 'Gates (on the overall row):')
      for (const check of verdict.checks) {
        const actual =
          check.actual === null
            ? 'undefined'
            : check.gate === 'minKappa'
              ? check.actual.toFixed(2)
              : share(check.actual)
        const min = check.gate === 'minKappa' ? String(check.min) : share(check.min)
        lines.push(
          `  ${check.pass ? '✓' : '✗'} ${NAMES[check.gate]} ${actual} ${check.pass ? '≥' : check.actual === null ? 'cannot reach' : '<'} ${min}`,
        )
      }
      return lines.join('\n')
    }
    return { pass: verdict.pass, message }
  }
}

/** The first sentence: how many labels agree, or why none was counted. */
function summaryLine(calibration: Calibration): string {
  const { overall, stale, missing } = calibration
  if (overall.n > 0) {
    const agreed = overall.confusion.tp + overall.confusion.tn
    return `The judge agrees with ${agreed} of ${plural(overall.n, 'label')} (verdicts from ${calibration.results}).`
  }
  const total = stale.length + missing.length
  if (total === 0)
    return 'No label was counted: there are no labels. Label the last run with `npx vitest-scenario label`.'
  if (missing.length === 0) {
    return `No label was counted: ${total === 1 ? 'the one label is' : `all ${total} labels are`} stale (the conversations changed since). Relabel them with \`npx vitest-scenario label\`.`
  }
  return `No label was counted: ${stale.length} stale, ${missing.length} missing from the last run (${calibration.results}). Run the labelled tests, then relabel the stale ones with \`npx vitest-scenario label\`.`
}

/** A `Calibration` as `calibrateJudge` returns it (read, not re-checked field by field). */
function isCalibration(value: unknown): value is Calibration {
  assertReadable(value, 'toAgreeWithLabels: the received value')
  if (!isPlainObject(value)) return false
  return (
    isPlainObject(value.overall) &&
    Array.isArray(value.criteria) &&
    Array.isArray(value.stale) &&
    Array.isArray(value.missing)
  )
}
