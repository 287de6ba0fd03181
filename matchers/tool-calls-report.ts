import { evaluateCheck } from '../src/outcomes/evaluate-outcome.js'
import { describeStep, stepsOf } from '../src/outcomes/tool-steps.js'
import type { CalledTool, ToolTrajectory } from '../src/outcomes/types.js'
import type { Diagnostic, ScenarioExecutionResult, TurnRecord } from '../src/state/types.js'
import { toolTurns } from './check-report.js'
import type { MatcherUtils } from './matcher-types.js'
import { turnLines } from './turn-lines.js'
import type { Verdict } from './verdict.js'

// A message lists at most this many steps of calls per turn: a long run stays readable.
const MAX_CALLS = 5

/**
 * Evaluates a tool check for a matcher: the verdict, a first line from `headline`, the calls made
 * in the turns the check reads (per turn, name and arguments, bounded) and the engine's
 * explanation as a note.
 */
export function toolVerdict(
  check: CalledTool | ToolTrajectory,
  result: ScenarioExecutionResult,
  headline: string,
  utils: MatcherUtils,
): Verdict {
  const diagnostics: Diagnostic[] = []
  const pass = evaluateCheck(check, result, { diagnostics })
  const turns = toolTurns(check, result.history)
  return {
    pass,
    summary: [headline, 'Calls made, per turn:', ...callLines(result.history, turns, utils)],
    // The calls per turn stand in for the transcript.
    turns: [],
    notes: diagnostics.map((d) => d.message),
  }
}

/**
 * The calls of the selected turns, one line per turn, the parallel calls of one step in brackets:
 * `  #1 book  search({"q":"x"}), [book(), pay()]`.
 */
export function callLines(
  history: readonly TurnRecord[],
  turns: readonly number[],
  utils: MatcherUtils,
): string[] {
  return turnLines(history, turns, utils, (turn) =>
    turn.toolCalls.length === 0 ? utils.DIM_COLOR('(no calls)') : stepsText(turn),
  )
}

/** A turn's calls, at most `MAX_CALLS` steps of them, the rest counted in calls. */
function stepsText(turn: TurnRecord): string {
  const steps = stepsOf(turn.toolCalls)
  const shown = steps.slice(0, MAX_CALLS)
  const parts = shown.map(describeStep)
  let more = turn.toolCalls.length
  for (const step of shown) more -= step.length
  if (more > 0) parts.push(`… and ${more} more`)
  return parts.join(', ')
}
