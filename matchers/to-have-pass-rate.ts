import { InvalidArgumentError } from '../src/errors/index.js'
import { describeValue } from '../src/internal/describe-value.js'
import { readOptions } from '../src/internal/read-options.js'
import { assertConfidence, samplePassed, wilsonInterval } from '../src/samples/index.js'
import type { ScenarioExecutionResult } from '../src/state/types.js'
import { hint, withDiff } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { readResultSet } from './received.js'
import { runSummary } from './run-summary.js'
import { percent, plural } from './text.js'

/** The options of `toHavePassRate`. */
export interface PassRateOptions {
  /** The confidence level of the Wilson interval, between 0 and 1 (default 0.95). */
  confidence?: number | undefined
}

// The failed samples the message lists; the rest are counted.
const MAX_LISTED = 5

/**
 * Passes when the lower bound of the Wilson interval of the samples' pass rate is at least `min`:
 * with few samples a high observed rate is not enough. A sample passes when it completed and
 * every boolean outcome criterion holds.
 *
 * @example
 * expect(results).toHavePassRate(0.8) // 95 % confidence
 * expect(results).toHavePassRate(0.6, { confidence: 0.9 })
 */
export function toHavePassRate(
  this: MatcherState,
  received: unknown,
  min: number,
  options?: PassRateOptions,
): MatcherOutcome {
  if (typeof min !== 'number' || !(min >= 0 && min <= 1)) {
    throw new InvalidArgumentError(
      `toHavePassRate() takes a minimum rate between 0 and 1, got ${describeValue(min)}`,
      'For example 0.8 for 80 %.',
    )
  }
  const { confidence = 0.95 } = readOptions(options, ['confidence'], 'toHavePassRate()')
  assertConfidence(confidence)
  const set = readResultSet(received, 'toHavePassRate', this.utils)
  const passed = set.results.map(samplePassed)
  const passes = passed.filter(Boolean).length
  const n = set.results.length
  const { low, high } = wilsonInterval(passes, n, confidence)
  const pass = low >= min
  const message = () => {
    const rate =
      n === 0
        ? 'No samples ran'
        : `${passes} of ${plural(n, 'sample')} passed (${percent(passes / n)})`
    const bound = `${pass ? 'at least' : 'below'} ${percent(min)}`
    const lines = [
      hint(this, { name: 'toHavePassRate', args: String(min) }, 'results'),
      '',
      `${rate}; the ${percent(confidence)} Wilson interval is ${percent(low)}–${percent(high)}, and its lower bound is ${bound}.`,
    ]
    const failed = passed.flatMap((ok, i) => (ok ? [] : [i]))
    if (failed.length > 0) lines.push('Failed samples:')
    for (const i of failed.slice(0, MAX_LISTED)) {
      lines.push(`  sample ${i}: ${whyFailed(set.results[i] as ScenarioExecutionResult)}`)
    }
    if (failed.length > MAX_LISTED) lines.push(`  … and ${failed.length - MAX_LISTED} more`)
    return lines.join('\n')
  }
  // The diff compares the minimum with the lower bound, rounded as the message shows it.
  const diff = { expected: min, actual: Math.round(low * 1000) / 1000 }
  return withDiff(this, { pass, message }, diff)
}

/** Why a sample failed: how the run ended, or the boolean outcome criteria that failed. */
function whyFailed(result: ScenarioExecutionResult): string {
  if (result.status !== 'completed') return runSummary(result)
  const failed = Object.entries(result.outcomeResults)
    .filter(([, value]) => value === false)
    .map(([name]) => `✗ ${name}`)
  return `completed, but ${failed.join(', ')}`
}
