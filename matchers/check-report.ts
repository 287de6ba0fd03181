import { evaluateCheck as evaluateOutcome } from '../src/outcomes/evaluate-outcome.js'
import { readResultField, readTurnField } from '../src/outcomes/read-field.js'
import { isSingleTurnScope, singleTurnIndex } from '../src/outcomes/scope-turns.js'
import { matchesNodeFilter } from '../src/outcomes/scopes.js'
import type {
  BooleanCheck,
  CalledTool,
  FieldCheck,
  ToolTrajectory,
  TurnScope,
} from '../src/outcomes/types.js'
import type { Diagnostic, ScenarioExecutionResult, TurnRecord } from '../src/state/types.js'
import { checkLabel } from './describe-check.js'
import type { MatcherUtils } from './matcher-types.js'
import { turnLabel } from './transcript.js'
import type { Verdict } from './verdict.js'

// A composition deeper or wider than this is cut in the message.
const MAX_TREE_LINES = 12

/** One comparison that failed: the subject (a turn label or `result`), the field and both values. */
interface Mismatch {
  subject: string
  field: string
  expected: unknown
  actual: unknown
}

/**
 * Evaluates a boolean check against a result and explains it: the check as a tree with a ✓ or ✗
 * per node, the turns it looked at, the engine's diagnostics, and, for the diff, the comparisons
 * that failed keyed by turn (`{ '#1 challenge': { verifyResult: false } }`).
 */
export function checkVerdict(
  check: BooleanCheck,
  result: ScenarioExecutionResult,
  utils: MatcherUtils,
): Verdict {
  const diagnostics: Diagnostic[] = []
  const pass = evaluateOutcome(check, result, { diagnostics })
  const lines = treeLines(check, result, utils, '')
  const summary =
    lines.length <= MAX_TREE_LINES
      ? lines
      : [...lines.slice(0, MAX_TREE_LINES - 1), utils.DIM_COLOR('  …')]
  const turns = involvedTurns(check, result.history)
  const mismatches = pass ? [] : failedComparisons(check, result)
  return {
    pass,
    summary,
    turns: turns === undefined || turns.length === 0 ? undefined : turns,
    notes: diagnostics.map((d) => d.message),
    diff: mismatches.length === 0 ? undefined : toDiff(mismatches),
  }
}

function treeLines(
  check: BooleanCheck,
  result: ScenarioExecutionResult,
  utils: MatcherUtils,
  indent: string,
): string[] {
  const mark = evaluateOutcome(check, result)
    ? utils.EXPECTED_COLOR('✓')
    : utils.RECEIVED_COLOR('✗')
  const line = `${indent}${mark} ${checkLabel(check)}`
  if (check.type !== 'AllOf' && check.type !== 'AnyOf' && check.type !== 'AtLeastN') return [line]
  return [line, ...check.conditions.flatMap((c) => treeLines(c, result, utils, `${indent}  `))]
}

/** The indexes of the turns a check reads, in order; `undefined` when it reads the whole result. */
export function involvedTurns(
  check: BooleanCheck,
  history: readonly TurnRecord[],
): number[] | undefined {
  switch (check.type) {
    case 'TurnCheck':
    case 'TurnFieldsCheck':
      return selectedTurns(check.scope, history)
    case 'CrossTurnCheck':
      return [
        ...new Set([
          ...selectedTurns(check.sourceTurn, history),
          ...selectedTurns(check.targetTurn, history),
        ]),
      ].sort((a, b) => a - b)
    case 'ResultCheck':
    case 'Judge':
      return undefined
    case 'CalledTool':
    case 'ToolTrajectory':
      return toolTurns(check, history)
    default: {
      const all = new Set<number>()
      for (const condition of check.conditions) {
        const turns = involvedTurns(condition, history)
        if (turns === undefined) return undefined
        for (const turn of turns) all.add(turn)
      }
      return [...all].sort((a, b) => a - b)
    }
  }
}

/** The turns whose calls a tool check reads: its scope's, or every turn of its nodes. */
export function toolTurns(
  check: CalledTool | ToolTrajectory,
  history: readonly TurnRecord[],
): number[] {
  if (check.scope !== undefined) return selectedTurns(check.scope, history)
  return selectedTurns({ type: 'AnyTurn', nodeId: check.nodeId }, history)
}

/** The indexes of the turns a scope selects (a single-turn scope out of range selects none). */
export function selectedTurns(scope: TurnScope, history: readonly TurnRecord[]): number[] {
  if (isSingleTurnScope(scope)) {
    const index = singleTurnIndex(scope, history.length)
    return index < 0 ? [] : [index]
  }
  return history.flatMap((turn, i) => (matchesNodeFilter(scope.nodeId, turn.nodeId) ? [i] : []))
}

function failedComparisons(check: BooleanCheck, result: ScenarioExecutionResult): Mismatch[] {
  if (evaluateOutcome(check, result)) return []
  const { history } = result
  switch (check.type) {
    case 'TurnCheck':
      return turnMismatches(check.scope, [check], result)
    case 'TurnFieldsCheck':
      return turnMismatches(check.scope, check.checks, result)
    case 'ResultCheck':
      return [
        {
          subject: 'result',
          field: check.field,
          expected: check.expected,
          actual: readResultField(result, check.field),
        },
      ]
    case 'CrossTurnCheck': {
      // Only an equality has an expected value worth a diff: the source side.
      if (check.comparison !== 'eq') return []
      const [source] = selectedTurns(check.sourceTurn, history)
      const [target] = selectedTurns(check.targetTurn, history)
      if (source === undefined || target === undefined) return []
      const sourceTurn = history[source] as TurnRecord
      const targetTurn = history[target] as TurnRecord
      return [
        {
          subject: turnLabel(targetTurn, target),
          field: check.targetField,
          expected: readTurnField(sourceTurn, check.sourceField),
          actual: readTurnField(targetTurn, check.targetField),
        },
      ]
    }
    case 'Judge':
    case 'CalledTool':
    case 'ToolTrajectory':
      // No field compares with an expected value: the diagnostics list the calls made.
      return []
    default:
      return check.conditions.flatMap((condition) => failedComparisons(condition, result))
  }
}

function turnMismatches(
  scope: TurnScope,
  fields: readonly FieldCheck[],
  result: ScenarioExecutionResult,
): Mismatch[] {
  const { history } = result
  return selectedTurns(scope, history).flatMap((index) => {
    const turn = history[index] as TurnRecord
    return fields.flatMap((field) => {
      const { expected, verifyWith } = field
      const onTurn = { type: 'TurnAt' as const, index }
      const holds = evaluateOutcome(
        { type: 'TurnCheck', scope: onTurn, field: field.field, expected, verifyWith },
        result,
      )
      if (holds) return []
      const actual = readTurnField(turn, field.field)
      return [{ subject: turnLabel(turn, index), field: field.field, expected, actual }]
    })
  })
}

function toDiff(mismatches: readonly Mismatch[]): { expected: unknown; actual: unknown } {
  const expected: Record<string, Record<string, unknown>> = {}
  const actual: Record<string, Record<string, unknown>> = {}
  for (const m of mismatches) {
    expected[m.subject] = { ...expected[m.subject], [m.field]: m.expected }
    actual[m.subject] = { ...actual[m.subject], [m.field]: m.actual }
  }
  return { expected, actual }
}
