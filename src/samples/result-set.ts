import type { ScenarioExecutionResult } from '../state/types.js'
import { type PassRateInterval, wilsonInterval } from './wilson-interval.js'

/** The results of a scenario run `samples` times (SPEC section 9.3). */
export interface ScenarioResultSet {
  /** One result per sample, in sample order (sample `i` is `results[i]`). */
  results: ScenarioExecutionResult[]
  /** The share of samples that passed (see `samplePassed`). */
  passRate: number
  /** The Wilson score interval of the pass rate. */
  interval: PassRateInterval
}

/** A sample passes when it completed and every boolean outcome criterion holds. */
export function samplePassed(result: ScenarioExecutionResult): boolean {
  return (
    result.status === 'completed' &&
    Object.values(result.outcomeResults).every((value) => typeof value !== 'boolean' || value)
  )
}

/**
 * Builds the result set of repeated runs of one scenario.
 *
 * @example
 * const set = resultSet(await Promise.all([1, 2, 3].map(() => runScenario(definition, options))))
 * set.passRate // 0.67
 */
export function resultSet(
  results: readonly ScenarioExecutionResult[],
  confidence = 0.95,
): ScenarioResultSet {
  const passes = results.filter(samplePassed).length
  return {
    results: [...results],
    passRate: results.length === 0 ? 0 : passes / results.length,
    interval: wilsonInterval(passes, results.length, confidence),
  }
}

/** Whether a value is a `ScenarioResultSet` (a matcher receives either kind). */
export function isScenarioResultSet(value: unknown): value is ScenarioResultSet {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { results?: unknown }).results) &&
    typeof (value as { passRate?: unknown }).passRate === 'number' &&
    typeof (value as { interval?: unknown }).interval === 'object'
  )
}
