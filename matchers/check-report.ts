import { evaluateCheck as evaluateOutcome } from '../src/outcomes/evaluate-outcome.js'
import { handoffTurns } from '../src/outcomes/handed-off-to.js'
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
import { andMore, firstItems, MORE_KEY } from './first-items.js'
import type { MatcherUtils } from './matcher-types.js'
import { plural } from './text.js'
import { MAX_TRANSCRIPT_TURNS, turnLabel } from './transcript.js'
import type { Verdict } from './verdict.js'

// A composition deeper or wider than this is cut in the message.
const MAX_TREE_LINES = 12

/**
 * One comparison that failed: the subject (a turn label or `result`), the turn's index (none for
 * `result`), the field and both values.
 */
interface Mismatch {
  subject: string
  turn?: number
  field: string
  expected: unknown
  actual: unknown
}

/**
 * Evaluates a boolean check against a result and explains it: the check as a tree with a ✓ or ✗
 * per node, the turns it looked at, the engine's diagnostics, and, for the diff, the comparisons
 * that failed keyed by turn (`{ '#1 challenge': { verifyResult: false } }`). When the check read
 * more turns than a transcript shows whole, the message lists the first failing turns instead and
 * counts the rest; the diff holds the same turns.
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
  const failing = failingTurns(mismatches)
  const { shown, more } = firstItems(failing)
  const verdict: Verdict = {
    pass,
    summary,
    turns: turns === undefined || turns.length === 0 ? undefined : turns,
    notes: diagnostics.map((d) => d.message),
  }
  if (mismatches.length > 0) {
    // Only the comparisons of the turns the message lists: a runner diffs every entry it gets.
    const listed = new Set(shown)
    const kept = mismatches.filter((m) => m.turn === undefined || listed.has(m.turn))
    verdict.diff = toDiff(kept, more)
  }
  // A long transcript is cut to its first and last turns, which may all have passed: the failing
  // turns are what the reader needs.
  // A check that reads the whole result shows every turn.
  const shownTurns = turns === undefined ? result.history.length : turns.length
  if (shownTurns > MAX_TRANSCRIPT_TURNS && failing.length > 0) {
    const read = `${failing.length} of ${plural(shownTurns, 'turn')} the check read fail`
    summary.push(more > 0 ? `${read}; the first ${shown.length}:` : `${read}:`)
    verdict.turns = shown
    verdict.wholeTurns = true
    if (more > 0) verdict.moreTurns = andMore(more, 'failing turn')
  }
  return verdict
}

/** The indexes of the turns with a failed comparison, in order, each once. */
function failingTurns(mismatches: readonly Mismatch[]): number[] {
  const turns: number[] = []
  // One check's mismatches come in turn order; only a composition's need sorting.
  let ordered = true
  for (const m of mismatches) {
    if (m.turn === undefined) continue
    const last = turns.at(-1)
    if (m.turn === last) continue
    if (last !== undefined && m.turn < last) ordered = false
    turns.push(m.turn)
  }
  return ordered ? turns : [...new Set(turns)].sort((a, b) => a - b)
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
    case 'HandedOffTo':
      return handoffTurns(check.scope ?? { type: 'AnyTurn' }, history)
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
  const selected: number[] = []
  for (let i = 0; i < history.length; i++) {
    if (matchesNodeFilter(scope.nodeId, (history[i] as TurnRecord).nodeId)) selected.push(i)
  }
  return selected
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
          turn: target,
          field: check.targetField,
          expected: readTurnField(sourceTurn, check.sourceField),
          actual: readTurnField(targetTurn, check.targetField),
        },
      ]
    }
    case 'Judge':
    case 'CalledTool':
    case 'ToolTrajectory':
    case 'HandedOffTo':
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
  const mismatches: Mismatch[] = []
  // Every turn of the scope, each field once: linear in the history.
  for (const index of selectedTurns(scope, history)) {
    const turn = history[index] as TurnRecord
    const onTurn = { type: 'TurnAt' as const, index }
    for (const { field, expected, verifyWith } of fields) {
      const fieldCheck = { type: 'TurnCheck' as const, scope: onTurn, field, expected, verifyWith }
      if (evaluateOutcome(fieldCheck, result)) continue
      const actual = readTurnField(turn, field)
      mismatches.push({ subject: turnLabel(turn, index), turn: index, field, expected, actual })
    }
  }
  return mismatches
}

/** The failed comparisons keyed by subject; `more` failing turns left out are counted under `…`. */
function toDiff(
  mismatches: readonly Mismatch[],
  more: number,
): { expected: unknown; actual: unknown } {
  const expected: Record<string, unknown> = {}
  const actual: Record<string, unknown> = {}
  const add = (side: Record<string, unknown>, m: Mismatch, value: unknown) => {
    side[m.subject] = { ...(side[m.subject] as object | undefined), [m.field]: value }
  }
  for (const m of mismatches) {
    add(expected, m, m.expected)
    add(actual, m, m.actual)
  }
  if (more > 0) {
    // The same text on both sides: the runner shows it as unchanged.
    expected[MORE_KEY] = plural(more, 'more failing turn')
    actual[MORE_KEY] = plural(more, 'more failing turn')
  }
  return { expected, actual }
}
