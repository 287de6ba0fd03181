// The gates of `toAgreeWithLabels`, on the overall statistics: a rate gate reads the lower bound
// of its 95 % Wilson interval (a few lucky labels do not pass it), κ and agreement their value.
import { InvalidArgumentError } from '../errors/index.js'
import { describeValue } from '../internal/describe-value.js'
import { parseOptionKeys } from '../internal/option-keys.js'
import type { ModelConfig } from '../models/types.js'
import type { Calibration } from './calibration.js'

/** The gates of `toAgreeWithLabels`, each between 0 and 1 (κ from −1). */
export interface AgreementGates {
  /** The least Cohen's κ. */
  minKappa?: number | undefined
  /** The least lower bound of the true positive rate's 95 % Wilson interval. */
  minTPR?: number | undefined
  /** The least lower bound of the true negative rate's 95 % Wilson interval. */
  minTNR?: number | undefined
  /** The least raw agreement. */
  minAgreement?: number | undefined
}

/**
 * Another judge to calibrate than the run's: its model, instructions added to its prompt, and how
 * many times it is asked (an odd number; see `judge()`'s `votes`).
 */
export interface CalibrationJudge {
  model: ModelConfig
  instructions?: string | undefined
  votes?: number | undefined
}

/**
 * Options of `toAgreeWithLabels`: the gates, and `judge` to calibrate another judge than the
 * run's (the labelled transcripts are judged again, through the running test's recording).
 */
export interface AgreeWithLabelsOptions extends AgreementGates {
  /** Judges the labelled conversations again with this judge, instead of the run's verdicts. */
  judge?: CalibrationJudge | undefined
}

const KEYS = ['minKappa', 'minTPR', 'minTNR', 'minAgreement'] as const

/** Reads the gates, throwing an `InvalidArgumentError` for a key or value they cannot take. */
export function readGates(gates: unknown, where: string): AgreementGates {
  // `judge` is the matcher's one option that is not a gate: allowed here, read by the matcher.
  const read = parseOptionKeys(gates, [...KEYS, 'judge'], {
    where,
    fix: 'Write toAgreeWithLabels({ minKappa?, minTPR?, minTNR?, minAgreement?, judge? }), e.g. { minKappa: 0.6, minTPR: 0.8 }.',
  })
  const checked: AgreementGates = {}
  for (const key of KEYS) {
    const value = read[key]
    if (value === undefined) continue
    const least = key === 'minKappa' ? -1 : 0
    if (typeof value !== 'number' || !(value >= least && value <= 1)) {
      throw new InvalidArgumentError(
        `${where}: \`${key}\` must be a number from ${least} to 1, got ${describeValue(value)}`,
        key === 'minKappa'
          ? 'For example 0.6 (substantial agreement).'
          : 'For example 0.8 for 80 %.',
      )
    }
    checked[key] = value
  }
  return checked
}

/** A gate checked: what it asked, what the statistics show, and whether that reaches it. */
export interface GateCheck {
  gate: keyof AgreementGates
  min: number
  /** The number compared (a lower bound for the rates); `null` when undefined. */
  actual: number | null
  pass: boolean
}

/**
 * The gates against `calibration.overall`. With no gate, the judge passes when any label was
 * counted: a calibration of nothing proves nothing, so `n = 0` fails whatever the gates.
 */
export function checkGates(
  calibration: Calibration,
  gates: AgreementGates,
): {
  pass: boolean
  checks: GateCheck[]
} {
  const { overall } = calibration
  const checks: GateCheck[] = []
  const check = (gate: keyof AgreementGates, actual: number | null) => {
    const min = gates[gate]
    if (min === undefined) return
    checks.push({ gate, min, actual, pass: actual !== null && actual >= min })
  }
  check('minKappa', overall.kappa)
  check('minTPR', overall.tpr.low)
  check('minTNR', overall.tnr.low)
  check('minAgreement', overall.agreement)
  return { pass: overall.n > 0 && checks.every((c) => c.pass), checks }
}
