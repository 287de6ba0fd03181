import { evaluateCheck } from '../src/outcomes/evaluate-outcome.js'
import { describeStep, stepsOf } from '../src/outcomes/tool-steps.js'
import type { CalledTool, ToolTrajectory } from '../src/outcomes/types.js'
import type { Diagnostic, ScenarioExecutionResult, TurnRecord } from '../src/state/types.js'
import { toolTurns } from './check-report.js'
import type { MatcherUtils } from './matcher-types.js'
import { truncate } from './text.js'
import type { Verdict } from './verdict.js'

// A message lists the calls of at most this many turns (the first and the last ones), and at most
// this many calls per turn: a long run stays readable.
const MAX_TURNS = 8
const HEAD = 3
const TAIL = 4
const MAX_CALLS = 5
const LINE_WIDTH = 100
const NODE_WIDTH = 16

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
  if (turns.length === 0) return ['  (no turns)']
  const shown: (number | undefined)[] =
    turns.length <= MAX_TURNS
      ? [...turns]
      : [...turns.slice(0, HEAD), undefined, ...turns.slice(-TAIL)]
  // A loop, not a spread: a long run's turns would not fit in a call's arguments.
  let widest = 0
  for (const i of turns) widest = Math.max(widest, (history[i] as TurnRecord).nodeId.length)
  const nodeWidth = Math.min(NODE_WIDTH, widest)
  const indexWidth = String(Math.max(...shown.map((i) => i ?? 0))).length
  return shown.map((index) => {
    if (index === undefined) return utils.DIM_COLOR(`  … ${turns.length - HEAD - TAIL} more turns`)
    const turn = history[index] as TurnRecord
    const head = `  #${String(index).padEnd(indexWidth)} ${turn.nodeId.padEnd(nodeWidth)}  `
    if (turn.toolCalls.length === 0) return head + utils.DIM_COLOR('(no calls)')
    return head + truncate(stepsText(turn), LINE_WIDTH)
  })
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
