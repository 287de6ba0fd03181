import { InvalidArgumentError } from '../src/errors/index.js'
import { describeValue } from '../src/internal/describe-value.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { formatPath, formatValue, plural } from './text.js'

/**
 * Passes when the run visited `node` at least once, or exactly `times` times when given; on a
 * result set, when every sample did.
 *
 * @example
 * expect(result).toHaveVisited('retry', 2)
 */
export function toHaveVisited(
  this: MatcherState,
  received: unknown,
  node: string,
  times?: number,
): MatcherOutcome {
  if (typeof node !== 'string') {
    throw new InvalidArgumentError(`toHaveVisited() takes a node id, got ${describeValue(node)}`)
  }
  if (times !== undefined && (!Number.isInteger(times) || times < 0)) {
    throw new InvalidArgumentError(
      `toHaveVisited() takes a whole number of visits, got ${describeValue(times)}`,
      `Leave it out to check that '${node}' was visited at all.`,
    )
  }
  const args = times === undefined ? formatValue(node) : `${formatValue(node)}, ${times}`
  return judgeReceived(this, { name: 'toHaveVisited', args }, received, (result) => {
    const turns = result.path.flatMap((id, i) => (id === node ? [i] : []))
    const visits =
      turns.length === 0 ? 'was never visited' : `was visited ${plural(turns.length, 'time')}`
    return {
      pass: times === undefined ? turns.length > 0 : turns.length === times,
      summary: [`Node '${node}' ${visits}; path: ${formatPath(result.path)}.`],
      // No visit: the whole transcript shows where the run went instead.
      turns: turns.length === 0 ? undefined : turns,
      diff: times === undefined ? undefined : { expected: times, actual: turns.length },
    }
  })
}
