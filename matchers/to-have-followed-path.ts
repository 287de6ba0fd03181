import { InvalidArgumentError } from '../src/errors/index.js'
import { assertReadable } from '../src/internal/assert-readable.js'
import { describeValue } from '../src/internal/describe-value.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { runSummary } from './run-summary.js'
import { formatList, formatPath } from './text.js'

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
  return judgeReceived(this, call, received, (result) => ({
    pass:
      result.path.length === expected.length && result.path.every((id, i) => id === expected[i]),
    summary: [`${runSummary(result)} Path: ${formatPath(result.path)}.`],
    diff: { expected, actual: result.path },
  }))
}
