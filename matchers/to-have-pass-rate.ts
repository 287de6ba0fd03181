import { InvalidArgumentError } from '../src/errors/index.js'
import { describeValue } from '../src/internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../src/internal/option-keys.js'
import {
  assertConfidence,
  MAX_SAMPLES,
  samplePassed,
  wilsonInterval,
} from '../src/samples/index.js'
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
 * every boolean outcome criterion holds. A failure says how many passes `min` needs out of the
 * samples, and when no number of passes, or only all of them, reach it, the sample count that
 * does (or that lets one sample fail).
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
  const { confidence = 0.95 } = parseOptionKeys(options, ['confidence'], {
    where: 'toHavePassRate()',
    fix: OPTIONS_FIX,
  })
  assertConfidence(confidence)
  const set = readResultSet(received, 'toHavePassRate')
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
    // Under `.not` a failure means the bound reached `min`: how many passes it needs is moot.
    if (!pass) lines.push(reachLine(n, min, confidence))
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

/**
 * How many passes `min` needs out of the `n` samples, as one sentence for a failed assertion. The
 * bound of n of n passes is n / (n + z²) (z ≈ 1.96 at 95 %), so a minimum can be beyond any number
 * of passes (0.8 with 5 samples: 56.6 % at best), or reached by n of n only (0.7 with 10: one
 * failure fails the test). Those cases are what a user cannot see from the rate alone, so the
 * sentence names the sample counts that fix them.
 */
function reachLine(n: number, min: number, confidence: number): string {
  const bound = `a lower bound of ${percent(min)}`
  const needed = passesNeeded(n, min, confidence)
  if (needed !== undefined && needed < n) {
    return `A lower bound of ${percent(min)} needs ${needed} of ${n} samples to pass.`
  }
  const oneFailure = samplesNeeded(min, confidence, 1)
  if (needed === n) {
    const every = n === 1 ? 'the one sample' : `all ${n} samples`
    const allowed =
      oneFailure === undefined
        ? `, as it does with any count up to ${MAX_SAMPLES}`
        : `: with ${oneFailure} samples one may fail`
    return `A lower bound of ${percent(min)} needs ${every} to pass, so one failed sample fails the assertion${allowed}.`
  }
  const allPassing = samplesNeeded(min, confidence, 0)
  if (allPassing === undefined) {
    // More samples cannot help (min = 1 never passes): the fix is a lower minimum or confidence.
    const best = `(with ${MAX_SAMPLES} samples all passing it is ${percent(allPassLow(MAX_SAMPLES, confidence))})`
    const fix = 'lower the minimum or the confidence.'
    return n === 0
      ? `No sample count up to ${MAX_SAMPLES} reaches ${bound} ${best}: ${fix}`
      : `No number of passes out of ${n} reaches ${bound}, and no sample count up to ${MAX_SAMPLES} does ${best}: ${fix}`
  }
  const why =
    n === 0
      ? 'Without samples the lower bound is 0%'
      : `No number of passes out of ${n} reaches ${bound} (with every sample passing it is ${percent(allPassLow(n, confidence))})`
  // A minimum every sample must reach is brittle with a model that fails now and then: the count
  // that lets one sample fail is the one to aim for, when the sample limit allows it.
  const more =
    oneFailure === undefined
      ? ` (up to ${MAX_SAMPLES}, every one must pass)`
      : `, or ${oneFailure} to let one fail`
  return `${why}: use at least ${allPassing} samples${more}.`
}

/**
 * The fewest passes out of `n` whose lower bound reaches `min` (the matcher's own `>=` on the
 * same interval, so the count agrees with pass and fail), or undefined when not even n of n do.
 * The bound grows with the passes, so a binary search finds it: a set made with `resultSet()` is
 * not held to the sample limit.
 */
function passesNeeded(n: number, min: number, confidence: number): number | undefined {
  if (wilsonInterval(n, n, confidence).low < min) return undefined
  let low = 0
  let high = n
  while (low < high) {
    const mid = Math.floor((low + high) / 2)
    if (wilsonInterval(mid, n, confidence).low >= min) high = mid
    else low = mid + 1
  }
  return low
}

/**
 * The fewest samples, up to the sample limit, whose lower bound reaches `min` with `failures` of
 * them failed, or undefined when none do. A scan, not a formula: it uses the matcher's interval
 * and comparison, rounding included, and runs only when a failure message is read.
 */
function samplesNeeded(min: number, confidence: number, failures: number): number | undefined {
  for (let n = failures + 1; n <= MAX_SAMPLES; n++) {
    if (wilsonInterval(n - failures, n, confidence).low >= min) return n
  }
  return undefined
}

/** The lower bound of n of n passes: the most `n` samples can show. */
function allPassLow(n: number, confidence: number): number {
  return wilsonInterval(n, n, confidence).low
}
