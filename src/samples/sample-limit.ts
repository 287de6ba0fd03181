import { InvalidArgumentError } from '../errors/index.js'

/**
 * The most samples one scenario may run. All samples start together, each keeps its whole result
 * (history, transcript, state) in memory and in the reporter's task meta, and each has its own
 * recording file: `samples: 1e9` would allocate a billion runs and kill the worker. 1000 is far
 * beyond any useful measurement: at 1000 samples the 95 % Wilson interval of a pass rate is at
 * most ±3.1 percentage points wide, and since the width shrinks with √n, ten times more samples
 * (and ten times the cost) would only narrow it to ±1.
 */
export const MAX_SAMPLES = 1000

/**
 * Throws an `InvalidArgumentError` unless `value` is an integer from 1 to `MAX_SAMPLES`.
 *
 * @example
 * assertSampleCount(5, "scenario('flaky', options)") // passes
 * assertSampleCount(1e9, "scenario('flaky', options)") // throws: at most 1000
 */
export function assertSampleCount(value: unknown, where: string): asserts value is number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SAMPLES) {
    return
  }
  throw new InvalidArgumentError(
    `\`samples\` in ${where} must be an integer from 1 to ${MAX_SAMPLES}, got ${describe(value)}`,
    `Use a count of at most ${MAX_SAMPLES}: each sample is a whole run, kept in memory with its own recording file, and ${MAX_SAMPLES} samples already bound a pass rate within ±3.1 percentage points (95 % interval).`,
  )
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string '${value}'`
  if (typeof value === 'bigint') return `${value}n (a bigint)`
  return typeof value === 'object' && value !== null ? 'an object' : String(value)
}
