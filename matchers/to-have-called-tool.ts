import { InvalidArgumentError } from '../src/errors/index.js'
import { describeValue } from '../src/internal/describe-value.js'
import { OPTIONS_FIX, parseOptionKeys } from '../src/internal/option-keys.js'
import {
  describeArgs,
  describePattern,
  describeTimes,
} from '../src/outcomes/describe-tool-calls.js'
import { turnAt } from '../src/outcomes/scopes.js'
import { calledTool, type ToolArgs } from '../src/outcomes/tool-checks.js'
import { compileCallPattern } from '../src/outcomes/tool-match.js'
import type { CalledTool, CountRange } from '../src/outcomes/types.js'
import type { ScenarioExecutionResult } from '../src/state/types.js'
import { toolTurns } from './check-report.js'
import { judgeReceived } from './judge.js'
import type { MatcherOutcome, MatcherState } from './matcher-types.js'
import { formatValue, plural } from './text.js'
import { toolVerdict } from './tool-calls-report.js'

/** The options of `toHaveCalledTool`. */
export interface CalledToolMatcherOptions {
  /** How many matching calls: an exact count or `{ min?, max? }`; default at least one. */
  times?: number | CountRange | undefined
  /** Only the calls of the turn at this index (0-based; negative counts from the end). */
  turn?: number | undefined
}

/**
 * Passes when the run called tool `name` (with arguments matching `args`: every key given
 * deep-equals, a `RegExp` is searched for), at least once or `times` times, in every turn or in
 * the turn `turn`; on a result set, when every sample did. A failure lists the calls made.
 *
 * @example
 * expect(result).toHaveCalledTool('book', { city: 'Paris' }, { times: 1 })
 */
export function toHaveCalledTool(
  this: MatcherState,
  received: unknown,
  name: string,
  args?: ToolArgs,
  options?: CalledToolMatcherOptions,
): MatcherOutcome {
  const where = 'toHaveCalledTool()'
  const { times, turn } = parseOptionKeys(options, ['times', 'turn'], {
    where,
    fix: OPTIONS_FIX,
  })
  if (turn !== undefined && !Number.isInteger(turn)) {
    throw new InvalidArgumentError(
      `'turn' in ${where} must be a turn index (an integer), got ${describeValue(turn)}`,
      'Use 0 for the first turn, -1 for the last; leave it out to read every turn.',
    )
  }
  const check = calledTool(name, {
    args,
    times: times as CalledTool['times'],
    scope: turn === undefined ? undefined : turnAt(turn as number),
  })
  const shown = [formatValue(name)]
  if (check.args !== undefined || options !== undefined) {
    shown.push(check.args === undefined ? 'undefined' : describeArgs(check.args))
  }
  if (options !== undefined) shown.push(formatValue(options))
  return judgeReceived(
    this,
    { name: 'toHaveCalledTool', args: shown.join(', ') },
    received,
    (result) => {
      const count = matchingCalls(check, result)
      const where = turn === undefined ? '' : ` in turn ${turn}`
      const headline = `${describePattern(check)} was called ${plural(count, 'time')}${where}; expected ${describeTimes(check.times)}.`
      const verdict = toolVerdict(check, result, headline, this.utils)
      if (typeof check.times === 'number') verdict.diff = { expected: check.times, actual: count }
      return verdict
    },
  )
}

function matchingCalls(check: CalledTool, result: ScenarioExecutionResult): number {
  const matches = compileCallPattern(check)
  let count = 0
  for (const index of toolTurns(check, result.history)) {
    for (const call of result.history[index]?.toolCalls ?? []) if (matches(call)) count++
  }
  return count
}
