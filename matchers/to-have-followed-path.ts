import { InvalidArgumentError } from '../src/errors/index.js'
import { assertReadable } from '../src/internal/assert-readable.js'
import { describeValue } from '../src/internal/describe-value.js'
import type { ScenarioExecutionResult } from '../src/state/types.js'
import { andMore, MAX_LISTED } from './first-items.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { runSummary } from './run-summary.js'
import { formatList, formatPath, formatValue } from './text.js'
import type { Verdict } from './verdict.js'

// A long path's diff starts this many nodes before the first difference.
const CONTEXT = 2

/**
 * Passes when the run visited exactly these nodes, in this order (`result.path`); on a result
 * set, when every sample did.
 *
 * @example
 * expect(result).toHaveFollowedPath(['ask', 'challenge', 'confirm'])
 */
export function toHaveFollowedPath(
  this: MatcherState,
  received: unknown,
  path: readonly string[],
): MatcherOutcome {
  assertReadable(path, 'toHaveFollowedPath(path)')
  if (!Array.isArray(path) || !path.every((id) => typeof id === 'string')) {
    throw new InvalidArgumentError(
      `toHaveFollowedPath() takes a list of node ids, got ${describeValue(path)}`,
      "Write e.g. toHaveFollowedPath(['ask', 'challenge']).",
    )
  }
  const expected = [...path]
  const call = { name: 'toHaveFollowedPath', args: formatList(expected) }
  return judgeReceived(this, call, received, (result) => pathVerdict(expected, result.path, result))
}

function pathVerdict(
  expected: readonly string[],
  actual: readonly string[],
  result: ScenarioExecutionResult,
): Verdict {
  const first = firstDifference(expected, actual)
  const summary = [`${runSummary(result)} Path: ${formatPath(actual)}.`]
  if (first === -1) return { pass: true, summary, diff: { expected, actual } }
  if (expected.length <= MAX_LISTED && actual.length <= MAX_LISTED) {
    return { pass: false, summary, diff: { expected, actual } }
  }
  // The path in the message is cut after a few nodes: say where the difference is.
  const at = (nodes: readonly string[]) =>
    first < nodes.length ? formatValue(nodes[first]) : 'the end of the path'
  summary.push(
    `It differs from the expected path first at turn #${first}: expected ${at(expected)}, got ${at(actual)} (${expected.length} nodes expected, ${actual.length} visited).`,
  )
  const start = Math.max(0, first - CONTEXT)
  return {
    pass: false,
    summary,
    diff: { expected: pathWindow(expected, start), actual: pathWindow(actual, start) },
  }
}

/** The index of the first node where the paths differ (or one ends), −1 when they are equal. */
function firstDifference(expected: readonly string[], actual: readonly string[]): number {
  const shared = Math.min(expected.length, actual.length)
  for (let i = 0; i < shared; i++) if (expected[i] !== actual[i]) return i
  return expected.length === actual.length ? -1 : shared
}

/**
 * `MAX_LISTED` nodes of a long path from `start`, for the diff: the nodes before counted in a
 * first entry (the same on both sides), the nodes after in a last one.
 */
function pathWindow(path: readonly string[], start: number): string[] {
  const shown = path.slice(start, start + MAX_LISTED)
  const window = start > 0 ? [`… ${start} nodes as expected`, ...shown] : shown
  const more = path.length - start - shown.length
  return more > 0 ? [...window, andMore(more, 'node')] : window
}
