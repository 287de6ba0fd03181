import { OPTIONS_FIX, parseOptionKeys } from '../src/internal/option-keys.js'
import { patternList } from '../src/outcomes/describe-tool-calls.js'
import { turnAt } from '../src/outcomes/scopes.js'
import { type ExpectedToolStep, toolTrajectory } from '../src/outcomes/tool-checks.js'
import type { ParallelCalls, TrajectoryMode } from '../src/outcomes/types.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { formatValue } from './text.js'
import { toolVerdict } from './tool-calls-report.js'

/** The options of `toHaveToolTrajectory`. */
export interface ToolTrajectoryMatcherOptions {
  /** What the calls made are relative to `expected`; default `'strict'`. */
  mode?: TrajectoryMode | undefined
  /**
   * How `strict` compares the calls of one step (made by one assistant message): as a multiset
   * (`'unordered'`, the default) or in the order they were made (`'ordered'`).
   */
  parallel?: ParallelCalls | undefined
  /** Only the calls of the turn at this index (0-based; negative counts from the end). */
  turn?: number | undefined
}

const MODE_TEXT: Record<TrajectoryMode, string> = {
  strict: 'exactly these calls, in this order',
  unordered: 'exactly these calls, in any order',
  subset: 'no call beyond these',
  superset: 'at least these calls',
}

/**
 * Passes when the run's tool calls follow `expected` as `mode` says (`strict` by default:
 * steps in order, the parallel calls of one step in any order unless `parallel: 'ordered'`;
 * `unordered`, `subset`, `superset`), in every turn pooled or in the turn `turn`; on a result set,
 * when every sample's do. A failure lists the calls made, per turn, parallel calls grouped.
 *
 * @example
 * expect(result).toHaveToolTrajectory(['search', { name: 'book', args: { city: 'Paris' } }])
 * expect(result).toHaveToolTrajectory([['get_weather', 'get_weather']], { turn: 2 })
 */
export function toHaveToolTrajectory(
  this: MatcherState,
  received: unknown,
  expected: readonly ExpectedToolStep[],
  options?: ToolTrajectoryMatcherOptions,
): MatcherOutcome {
  const where = 'toHaveToolTrajectory()'
  const { mode, parallel, turn } = parseOptionKeys(options, ['mode', 'parallel', 'turn'], {
    where,
    fix: OPTIONS_FIX,
  })
  const check = toolTrajectory(expected, {
    mode: mode as TrajectoryMode | undefined,
    parallel: parallel as ParallelCalls | undefined,
    scope: turn === undefined ? undefined : turnAt(turn as number),
  })
  const list = patternList(check.expected)
  const args = options === undefined ? list : `${list}, ${formatValue(options)}`
  return judgeReceived(this, { name: 'toHaveToolTrajectory', args }, received, (result) => {
    const scope = turn === undefined ? '' : ` in turn ${turn}`
    const how = check.parallel === 'ordered' ? `${check.mode}, parallel calls in order` : check.mode
    const headline = `Expected ${MODE_TEXT[check.mode]}${scope} (${how}): ${list}.`
    return toolVerdict(check, result, headline, this.utils)
  })
}
