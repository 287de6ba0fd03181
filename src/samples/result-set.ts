import { InvalidArgumentError } from '../errors/index.js'
import { assertReadable } from '../internal/assert-readable.js'
import { assertResult } from '../internal/assert-result.js'
import { describeValue } from '../internal/describe-value.js'
import type { ScenarioExecutionResult } from '../state/types.js'
import { type PassRateInterval, wilsonInterval } from './wilson-interval.js'

/** The results of a scenario run `samples` times. */
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
  assertResult(result, 'samplePassed(result)')
  return passed(result)
}

/**
 * `samplePassed` for results already checked, or made by the engine itself (the meta a test
 * publishes after each run): checking reads the whole result, which cost more than the rest of
 * the meta.
 */
export function passed(result: ScenarioExecutionResult): boolean {
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
  assertReadable(results, 'resultSet(results)')
  if (!Array.isArray(results)) {
    throw new InvalidArgumentError(
      `resultSet(results) needs an array of results, got ${describeValue(results)}`,
      'Pass the results of the runs, e.g. resultSet(await Promise.all(runs)).',
    )
  }
  results.forEach((result, i) => {
    assertResult(result, `resultSet(results): results[${i}]`)
  })
  const passes = results.filter(passed).length
  return {
    results: [...results],
    passRate: results.length === 0 ? 0 : passes / results.length,
    interval: wilsonInterval(passes, results.length, confidence),
  }
}

/** Whether a value is a `ScenarioResultSet` (a matcher receives either kind). */
export function isScenarioResultSet(value: unknown): value is ScenarioResultSet {
  if (typeof value !== 'object' || value === null) return false
  try {
    return (
      Array.isArray((value as { results?: unknown }).results) &&
      typeof (value as { passRate?: unknown }).passRate === 'number' &&
      typeof (value as { interval?: unknown }).interval === 'object'
    )
  } catch {
    // A value that throws when read (a getter, a Proxy) is not a result set.
    return false
  }
}
